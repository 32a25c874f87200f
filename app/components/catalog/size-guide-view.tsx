import type { SubmissionResult } from "@conform-to/react";
import { useRef } from "react";
import { type FetcherWithComponents, type Form, Link } from "react-router";
import { Field, FormErrors, SubmitButton, TextField, controlProps, useFormKit } from "~/components/ui/form-kit";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import type { ModelMeasurements } from "~/modules/size-guide/size-guide.service.server";
import { FIND_SIZE_FIELDS } from "~/modules/size-guide/size-guide.schema";
import { type Fit, type GuideKind, type GuideRow, SIZE_SYSTEMS, type SizeSuggestion, formatCentimetres, shownColumns } from "~/modules/size-guide/size-guide-rules";

/** What the guide page's loader gives the view (the page and the dialog alike). */
export interface SizeGuideViewData {
  product: { name: string; url: string; guideUrl: string };
  guide: { name: string; kind: GuideKind };
  rows: GuideRow[];
  columns: ReturnType<typeof shownColumns>;
  fit: Fit | null;
  model: ModelMeasurements | null;
  find: { result: SubmissionResult<string[]> | null; values: Record<string, string>; suggestion: (SizeSuggestion & { offered: boolean }) | null };
}

/** The router's form (the page) or a fetcher's (the dialog). */
type FormLike = typeof Form | FetcherWithComponents<unknown>["Form"];

/**
 * The size guide: the fit and the model, the table of sizes in every system with the body's and
 * the garment's measurements, how to measure (a drawing), and "Trova la tua taglia". The page
 * renders it with the router's GET form; the dialog with its fetcher's, so the answer comes in place.
 */
export function SizeGuideView({ data, FindForm, headingLevel = 1, titleId }: { data: SizeGuideViewData; FindForm: FormLike; headingLevel?: 1 | 2; titleId: string }) {
  const { t } = useTranslation("size-guide");
  const { t: tc } = useTranslation("catalog");
  const { locale } = useLocale();
  const { rows, columns, fit, model, guide } = data;
  const Heading = headingLevel === 1 ? "h1" : "h2";
  const Sub = headingLevel === 1 ? "h2" : "h3";
  const cm = (mm: number | null) => (mm === null ? "—" : formatCentimetres(mm, locale));
  const range = (r: { from: number | null; to: number | null }) => (r.from === null || r.to === null ? "—" : t("table.range", { from: r.from, to: r.to }));
  const modelMeasures = model ? (["chest", "waist", "hips"] as const).flatMap((m) => (model[`${m}Cm`] === null ? [] : [tc(`product.model.${m}`, { value: model[`${m}Cm`] })])) : [];
  return (
    <div className="space-y-8">
      <header>
        <Heading id={titleId} className={headingLevel === 1 ? "text-4xl desk:text-5xl" : "text-3xl"}>
          {t("heading")}
        </Heading>
        <p className="mt-2 text-stone">
          <Link to={data.product.url} className="link underline underline-offset-4">
            {data.product.name}
          </Link>
        </p>
      </header>
      {fit || model ? (
        <div className="space-y-1 border-l-2 border-terracotta pl-4 text-[0.9375rem]" data-testid="size-guide-fit">
          {fit ? <p>{tc(`product.fit.${fit}`)}</p> : null}
          {model?.heightCm && model.size ? <p>{tc("product.model.line", { height: model.heightCm, size: model.size })}</p> : null}
          {modelMeasures.length ? <p>{tc("product.model.measures", { list: modelMeasures.join(", ") })}</p> : null}
        </div>
      ) : null}

      <section aria-labelledby={`${titleId}-table`}>
        <Sub id={`${titleId}-table`} className="mb-1 text-2xl">
          {guide.name}
        </Sub>
        <p className="mb-4 text-sm text-stone">{t("table.caption")}</p>
        {/* The table scrolls by itself on a phone; a keyboard reaches it (tabIndex) to scroll it too. */}
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a named region a keyboard can scroll */}
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-labelledby={`${titleId}-table`}>
          <table className="w-full text-left text-sm tabular-nums [&_td]:py-2 [&_td]:pr-4 [&_th]:py-2 [&_th]:pr-4" data-testid="size-table">
            <thead>
              {columns.body.length || columns.garment.length ? (
                <tr>
                  <td colSpan={1 + columns.systems.length} />
                  {columns.body.length ? (
                    <th scope="colgroup" colSpan={columns.body.length} className="pb-1 text-xs font-semibold uppercase tracking-widest text-stone">
                      {t("table.body")}
                    </th>
                  ) : null}
                  {columns.garment.length ? (
                    <th scope="colgroup" colSpan={columns.garment.length} className="pb-1 text-xs font-semibold uppercase tracking-widest text-stone">
                      {t("table.garment")}
                    </th>
                  ) : null}
                  {columns.fits ? <td colSpan={2} /> : null}
                </tr>
              ) : null}
              <tr className="border-b border-ink">
                <th scope="col">{t("table.size")}</th>
                {columns.systems.map((system) => (
                  <th key={system} scope="col">
                    {t(`table.systems.${system}`)}
                  </th>
                ))}
                {[...columns.body, ...columns.garment].map((measure) => (
                  <th key={measure} scope="col">
                    {t(`table.measures.${measure}`)}
                  </th>
                ))}
                {columns.fits ? (
                  <>
                    <th scope="col">{t("table.fitsHeight")}</th>
                    <th scope="col">{t("table.fitsWeight")}</th>
                  </>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.size} className="border-b border-line">
                  <th scope="row" className="font-semibold">
                    {row.size}
                  </th>
                  {columns.systems.map((system) => (
                    <td key={system}>{row.names[system] || "—"}</td>
                  ))}
                  {[...columns.body, ...columns.garment].map((measure) => (
                    <td key={measure}>{cm(row.measures[measure])}</td>
                  ))}
                  {columns.fits ? (
                    <>
                      <td>{range(row.heightCm)}</td>
                      <td>{range(row.weightKg)}</td>
                    </>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <FindYourSize data={data} FindForm={FindForm} Sub={Sub} titleId={titleId} />

      <section aria-labelledby={`${titleId}-how`} className="grid items-start gap-6 sm:grid-cols-[10rem_1fr]">
        <MeasureDrawing kind={guide.kind} label={t("howTo.drawing")} />
        <div>
          <Sub id={`${titleId}-how`} className="mb-2 text-2xl">
            {t("howTo.title")}
          </Sub>
          <p className="mb-3 text-[0.9375rem]">{t("howTo.intro")}</p>
          <ol className="list-decimal space-y-1.5 pl-5 text-[0.9375rem]">
            {HOW_TO[guide.kind].map((step) => (
              <li key={step}>{t(`howTo.${guide.kind}.${step}` as never)}</li>
            ))}
          </ol>
        </div>
      </section>
    </div>
  );
}

const HOW_TO: Record<GuideKind, readonly string[]> = {
  clothing: ["chest", "waist", "hips"],
  trousers: ["waist", "hips", "inseam"],
  shoes: ["foot"],
};

function FindYourSize({ data, FindForm, Sub, titleId }: { data: SizeGuideViewData; FindForm: FormLike; Sub: "h2" | "h3"; titleId: string }) {
  const { t } = useTranslation("size-guide");
  const formRef = useRef<HTMLFormElement>(null);
  const { result, values, suggestion } = data.find;
  const base = useFormKit("find-size", result ?? undefined, FIND_SIZE_FIELDS, formRef);
  // A GET form: what was asked stays in its fields with the answer, as after an error.
  const kit = { ...base, value: (name: string) => base.value(name) || values[name] || "" };
  const shoes = data.guide.kind === "shoes";
  const systems = SIZE_SYSTEMS.filter((system) => system !== "shop" || !shoes);
  const productUrl = (size: string) => `${data.product.url}?size=${encodeURIComponent(size)}`;
  return (
    <section aria-labelledby={`${titleId}-find`} className="bg-sand/60 p-5 desk:p-6">
      <Sub id={`${titleId}-find`} className="mb-2 text-2xl">
        {t("find.title")}
      </Sub>
      <p className="mb-4 text-[0.9375rem]">{shoes ? t("find.introShoes") : t("find.intro")}</p>
      <FindForm method="get" action={data.product.guideUrl} ref={formRef} noValidate={kit.hydrated} className="space-y-4" aria-labelledby={`${titleId}-find`}>
        <FormErrors kit={kit} />
        {shoes ? null : (
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField kit={kit} name="height" label={t("find.height")} inputMode="numeric" autoComplete="off" maxLength={3} />
            <TextField kit={kit} name="weight" label={t("find.weight")} inputMode="numeric" autoComplete="off" maxLength={3} />
          </div>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field kit={kit} name="system" label={t("find.system")}>
            <select {...controlProps(kit, "system")} key={`${kit.resetKey}${kit.value("system")}`} defaultValue={kit.value("system")} className="field-input">
              <option value="">{t("find.chooseSystem")}</option>
              {systems.map((system) => (
                <option key={system} value={system}>
                  {t(`find.systems.${system}`)}
                </option>
              ))}
            </select>
          </Field>
          <TextField kit={kit} name="usual" label={t("find.usual")} hint={t("find.usualHint")} autoComplete="off" maxLength={8} />
        </div>
        <SubmitButton pending={false} pendingLabel={t("find.submit")} className="btn btn-secondary">
          {t("find.submit")}
        </SubmitButton>
      </FindForm>
      {/* The answer is announced where it appears (the form's answer with JavaScript, the new page's without). */}
      <div role="status" className="mt-4" data-testid="size-suggestion">
        {suggestion ? (
          suggestion.found ? (
            <div className="space-y-1">
              <p className="font-display text-2xl">{t("find.result", { size: suggestion.size })}</p>
              <p className="text-[0.9375rem]">{t(`find.because.${suggestion.basis}`)}</p>
              {suggestion.between ? <p className="text-[0.9375rem]">{t("find.between", { smaller: suggestion.between[0], larger: suggestion.between[1] })}</p> : null}
              {suggestion.offered ? (
                <p>
                  <Link to={productUrl(suggestion.size)} className="link underline underline-offset-4">
                    {t("find.choose", { size: suggestion.size })}
                  </Link>
                </p>
              ) : (
                <p className="text-[0.9375rem]">{t("find.notOffered", { size: suggestion.size })}</p>
              )}
            </div>
          ) : (
            <p className="text-[0.9375rem]">{t(`find.none.${suggestion.reason}`)}</p>
          )
        ) : null}
      </div>
    </section>
  );
}

/** Where to measure: a figure with the tape's lines, numbered as the steps beside it. */
function MeasureDrawing({ kind, label }: { kind: GuideKind; label: string }) {
  const line = { stroke: "var(--color-terracotta)", strokeWidth: 1.5, strokeDasharray: "4 3" };
  const number = (x: number, y: number, n: number) => (
    <g key={n}>
      <circle cx={x} cy={y} r={7} fill="var(--color-terracotta)" />
      <text x={x} y={y + 3.5} textAnchor="middle" fontSize="10" fill="#fff" fontFamily="sans-serif">
        {n}
      </text>
    </g>
  );
  return (
    <svg role="img" aria-label={label} viewBox="0 0 120 200" className="mx-auto h-48 w-auto text-ink sm:mx-0" fill="none" stroke="currentColor" strokeWidth="1.2">
      {kind === "shoes" ? (
        <>
          <path d="M60 20c14 0 22 12 22 30 0 20-6 34-6 56 0 26 10 40 6 62-3 14-12 20-22 20s-19-6-22-20c-4-22 6-36 6-62 0-22-6-36-6-56 0-18 8-30 22-30Z" />
          <line x1="98" y1="20" x2="98" y2="188" {...line} />
          <line x1="92" y1="20" x2="104" y2="20" stroke="currentColor" />
          <line x1="92" y1="188" x2="104" y2="188" stroke="currentColor" />
          {number(98, 104, 1)}
        </>
      ) : kind === "trousers" ? (
        <>
          <path d="M36 30h48l6 40-6 120H66l-6-100-6 100H36l-6-120z" />
          <line x1="26" y1="36" x2="94" y2="36" {...line} />
          <line x1="24" y1="66" x2="96" y2="66" {...line} />
          <line x1="60" y1="92" x2="60" y2="186" {...line} />
          {number(16, 36, 1)}
          {number(16, 66, 2)}
          {number(60, 140, 3)}
        </>
      ) : (
        <>
          <circle cx="60" cy="22" r="12" />
          <path d="M54 34v8c-14 2-24 8-26 20l-8 50h10l8-40v40c-4 14-6 26-6 40h56c0-14-2-26-6-40V72l8 40h10l-8-50c-2-12-12-18-26-20v-8" />
          <line x1="30" y1="70" x2="90" y2="70" {...line} />
          <line x1="36" y1="104" x2="84" y2="104" {...line} />
          <line x1="32" y1="136" x2="88" y2="136" {...line} />
          {number(14, 70, 1)}
          {number(14, 104, 2)}
          {number(14, 136, 3)}
        </>
      )}
    </svg>
  );
}

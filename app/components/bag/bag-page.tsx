import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "react-router";
import { Price } from "~/components/catalog/price";
import { useTranslateErrors } from "~/components/ui/form-kit";
import { useHydrated } from "~/hooks/use-hydrated";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import type { BagLine, BagView } from "~/modules/bag/bag.service.server";
import { formatMoney } from "~/utils/money";
import { lineProblemText } from "./line-problem";

export interface BagActionData {
  result: SubmissionResult<string[]>;
  intent: string;
  lineId: number | null;
  done?: boolean;
}

/** Without JavaScript a bag form says where to come back to: the bag. */
function ReturnHere() {
  const hydrated = useHydrated();
  const { href } = useLocale();
  return hydrated ? null : <input type="hidden" name="redirectTo" value={href("/cart")} />;
}

/** Whether this form's submission is on its way (pending state, spec §4). */
function useBusy(intent: string, lineId?: number) {
  const navigation = useNavigation();
  const form = navigation.formData;
  return Boolean(form && form.get("intent") === intent && (lineId === undefined || Number(form.get("lineId")) === lineId));
}

function errorsOf(actionData: BagActionData | undefined, intent: string | string[], lineId: number | null = null) {
  if (!actionData || actionData.result.status !== "error") return undefined;
  const intents = Array.isArray(intent) ? intent : [intent];
  if (!intents.includes(actionData.intent) || actionData.lineId !== lineId) return undefined;
  return Object.values(actionData.result.error ?? {})
    .flat()
    .filter((key): key is string => typeof key === "string");
}

export function BagPage({ bag, actionData }: { bag: BagView; actionData?: BagActionData }) {
  const { t } = useTranslation("bag");
  const { href } = useLocale();
  return (
    <div className="container-page pb-20 pt-6 desk:pt-10">
      <h1 className="mb-8 text-5xl desk:text-6xl">{t("title")}</h1>
      {bag.lines.length === 0 ? (
        <section className="max-w-xl border-t border-line py-12" aria-labelledby="bag-empty">
          <h2 id="bag-empty" className="mb-3 text-3xl">
            {t("empty.title")}
          </h2>
          <p className="mb-8 text-stone">{t("empty.text")}</p>
          <Link to={href("/")} className="btn btn-primary">
            {t("empty.cta")}
          </Link>
        </section>
      ) : (
        <div className="grid gap-10 desk:grid-cols-12">
          <section className="desk:col-span-8" aria-label={t("title")}>
            <ul className="divide-y divide-line border-y border-line" data-testid="bag-lines">
              {bag.lines.map((line) => (
                <BagLineItem key={line.id} line={line} errors={errorsOf(actionData, ["edit", "remove"], line.id)} />
              ))}
            </ul>
            <CouponForm bag={bag} actionData={actionData} />
          </section>
          <BagSummary bag={bag} />
        </div>
      )}
    </div>
  );
}

function BagLineItem({ line, errors }: { line: BagLine; errors?: string[] }) {
  const { t } = useTranslation("bag");
  const { locale, href } = useLocale();
  const translate = useTranslateErrors();
  const editing = useBusy("edit", line.id);
  const removing = useBusy("remove", line.id);
  const problemId = `line-${line.id}-problem`;
  const problem = lineProblemText(line, t);
  const messages = translate(errors);
  return (
    <li className="grid grid-cols-[96px_1fr] gap-4 py-5 sm:gap-6" data-testid="bag-line" aria-busy={editing || removing || undefined}>
      <img
        src={line.image.src}
        srcSet={line.image.srcSet}
        sizes="96px"
        width={line.image.width}
        height={line.image.height}
        alt=""
        className="aspect-[4/5] h-auto w-24 bg-sand object-cover"
        loading="lazy"
        decoding="async"
      />
      <div className="grid gap-3 sm:grid-cols-[1fr_auto] sm:gap-x-6">
        <div>
          <h2 className="font-sans text-base font-normal leading-snug tracking-normal">
            <Link to={line.url} className="hover:text-terracotta">
              {line.name}
            </Link>
          </h2>
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-2 text-sm text-stone">
            <dt>{t("line.size")}</dt>
            <dd>{line.size}</dd>
            <dt>{t("line.color")}</dt>
            <dd>{line.color.name}</dd>
          </dl>
          <div className="mt-2">
            <span className="sr-only">{t("line.unitPrice")}: </span>
            <Price cents={line.unitCents} compareAtCents={line.compareAtCents} lowestCents={line.lowestPriceCents} className="text-sm" />
          </div>
          {problem ? (
            <p id={problemId} className="mt-2 text-sm font-medium text-sale" data-testid="line-problem">
              {problem}
            </p>
          ) : null}
          {messages ? (
            <p role="alert" className="mt-2 text-sm text-sale">
              {messages.join(" ")}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center justify-between gap-4 sm:flex-col sm:items-end">
          <QuantityStepper line={line} busy={editing} describedBy={problem ? problemId : undefined} />
          <p className="font-display text-lg">
            <span className="sr-only">{t("line.total")}: </span>
            {formatMoney(line.totalCents, locale)}
          </p>
          <Form method="post" action={href("/cart")}>
            <ReturnHere />
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="lineId" value={line.id} />
            <button type="submit" className="link min-h-11 text-sm underline" aria-label={t("line.removeLabel", { name: line.name })} disabled={removing} aria-busy={removing || undefined}>
              {t("line.remove")}
            </button>
          </Form>
        </div>
      </div>
    </li>
  );
}

/** − quantity +: each button posts the new quantity; 0 is the remove button's job. */
function QuantityStepper({ line, busy, describedBy }: { line: BagLine; busy: boolean; describedBy?: string }) {
  const { t } = useTranslation("bag");
  const { href } = useLocale();
  const step = "inline-flex size-11 items-center justify-center border border-line bg-paper text-lg hover:border-ink disabled:cursor-not-allowed disabled:text-stone disabled:hover:border-line";
  const canIncrease = line.quantity < line.maxQuantity;
  return (
    <Form method="post" action={href("/cart")} className="flex items-center" aria-label={t("line.quantityOf", { name: line.name })}>
      <ReturnHere />
      <input type="hidden" name="intent" value="edit" />
      <input type="hidden" name="lineId" value={line.id} />
      <button
        type="submit"
        name="quantity"
        value={Math.min(line.quantity - 1, Math.max(line.maxQuantity, 1))}
        className={step}
        disabled={busy || line.quantity <= 1}
        aria-label={t("line.decrease", { name: line.name })}
        aria-describedby={describedBy}
      >
        −
      </button>
      <output className="inline-flex h-11 min-w-11 items-center justify-center border-y border-line px-2 text-sm" aria-live="polite" data-testid="line-quantity">
        <span className="sr-only">{t("line.quantity")}: </span>
        {line.quantity}
      </output>
      <button
        type="submit"
        name="quantity"
        value={line.quantity + 1}
        className={step}
        disabled={busy || !canIncrease}
        aria-label={t("line.increase", { name: line.name })}
      >
        +
      </button>
    </Form>
  );
}

function CouponForm({ bag, actionData }: { bag: BagView; actionData?: BagActionData }) {
  const { t } = useTranslation("bag");
  const { href, locale } = useLocale();
  const translate = useTranslateErrors();
  const adding = useBusy("addDiscount");
  const removing = useBusy("removeDiscount");
  const busy = adding || removing;
  const errors = translate(errorsOf(actionData, "addDiscount"));
  const typed = actionData?.intent === "addDiscount" && actionData.result.status === "error" ? String(actionData.result.initialValue?.code ?? "") : "";
  const discount = bag.discount;
  return (
    <section className="mt-8 max-w-md" aria-labelledby="coupon-title">
      <h2 id="coupon-title" className="mb-3 text-2xl">
        {t("coupon.label")}
      </h2>
      {discount ? (
        <div className="space-y-2" data-testid="coupon-applied">
          {/* A div, not a p: a form inside a p is cut out of it by the HTML parser, and the page
              the browser builds then differs from React's (hydration error #418). */}
          <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
            <p className="font-semibold">{t("coupon.applied", { code: discount.code })}</p>
            <Form method="post" action={href("/cart")}>
              <ReturnHere />
              <input type="hidden" name="intent" value="removeDiscount" />
              <button type="submit" className="link min-h-11 underline" disabled={busy}>
                {t("coupon.remove")}
              </button>
            </Form>
          </div>
          {discount.problem === "minimum" ? (
            <p className="text-sm text-sale">{t("coupon.minimum", { code: discount.code, amount: formatMoney(bag.totals.subtotalCents, locale) })}</p>
          ) : discount.problem === "notEligible" ? (
            <p className="text-sm text-sale">{t("coupon.notEligible", { code: discount.code })}</p>
          ) : discount.partlyEligible ? (
            <p className="text-sm text-stone" data-testid="coupon-partly">
              {t("coupon.partlyEligible")}
            </p>
          ) : null}
        </div>
      ) : (
        <Form method="post" action={href("/cart")} className="flex items-start gap-3" key={actionData?.done ? "done" : "open"}>
          <ReturnHere />
          <input type="hidden" name="intent" value="addDiscount" />
          <div className="flex-1">
            <label htmlFor="coupon-code" className="sr-only">
              {t("coupon.label")}
            </label>
            <input
              id="coupon-code"
              name="code"
              type="text"
              autoComplete="off"
              maxLength={64}
              defaultValue={typed}
              className="field-input w-full uppercase"
              aria-invalid={errors ? true : undefined}
              aria-describedby="coupon-code-error"
              // The answer to a failed code is a new page (or new data): the field to fix takes the focus.
              ref={(input) => {
                if (errors && input && document.activeElement !== input) input.focus();
              }}
            />
            <p id="coupon-code-error" className="mt-1 text-sm text-sale" role={errors ? "alert" : undefined}>
              {errors?.join(" ")}
            </p>
          </div>
          <button type="submit" className="btn btn-secondary" disabled={busy} aria-busy={busy || undefined}>
            {adding ? <span className="spinner" aria-hidden="true" /> : null}
            {t("coupon.apply")}
          </button>
        </Form>
      )}
    </section>
  );
}

function BagSummary({ bag }: { bag: BagView }) {
  const { t } = useTranslation("bag");
  const { href, locale } = useLocale();
  const money = (cents: number) => formatMoney(cents, locale);
  const { totals } = bag;
  const progress = Math.min(100, Math.round(((totals.freeShippingFromCents - totals.missingForFreeShippingCents) / Math.max(1, totals.freeShippingFromCents)) * 100));
  return (
    <aside className="desk:col-span-4" aria-labelledby="summary-title">
      <div className="space-y-5 border border-line bg-paper p-6 desk:sticky desk:top-24" data-testid="bag-summary">
        <h2 id="summary-title" className="text-3xl">
          {t("summary.title")}
        </h2>
        <dl className="grid grid-cols-[1fr_auto] gap-y-2 text-sm">
          <dt>{t("summary.subtotal")}</dt>
          <dd data-testid="subtotal">{money(totals.subtotalCents)}</dd>
          {totals.discountCents > 0 ? (
            <>
              <dt>{t("summary.discount")}</dt>
              <dd data-testid="discount">−{money(totals.discountCents)}</dd>
            </>
          ) : null}
          <dt>{t("summary.shipping")}</dt>
          <dd data-testid="shipping">{totals.shippingCents === 0 ? t("summary.free") : money(totals.shippingCents)}</dd>
          <dt className="border-t border-line pt-3 font-display text-xl">{t("summary.total")}</dt>
          <dd className="border-t border-line pt-3 font-display text-xl" data-testid="total">
            {money(totals.totalCents)}
          </dd>
          <dd className="col-span-2 text-xs text-stone">{t("summary.vat", { amount: money(totals.vatCents) })}</dd>
        </dl>
        <div>
          <p className="mb-2 text-sm" data-testid="free-shipping">
            {totals.missingForFreeShippingCents > 0 ? t("summary.missing", { amount: money(totals.missingForFreeShippingCents) }) : t("summary.reached")}
          </p>
          <div className="h-1.5 w-full bg-sand" aria-hidden="true">
            {/* An SVG's width attribute, not a style attribute: the CSP allows no inline styles. */}
            <svg className="block h-full w-full" viewBox="0 0 100 1" preserveAspectRatio="none" focusable="false">
              <rect width={progress} height="1" className="fill-ink" />
            </svg>
          </div>
        </div>
        {bag.checkoutBlocked ? (
          <>
            <p className="text-sm font-medium text-sale" id="checkout-blocked">
              {t("summary.blocked")}
            </p>
            <span className="btn btn-primary w-full cursor-not-allowed opacity-50" aria-disabled="true" aria-describedby="checkout-blocked" data-testid="checkout">
              {t("summary.checkout")}
            </span>
          </>
        ) : (
          <Link to={href("/checkout")} className="btn btn-primary w-full" data-testid="checkout">
            {t("summary.checkout")}
          </Link>
        )}
      </div>
    </aside>
  );
}

import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, data, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/size-guide";
import { AtelierErrorBoundary } from "~/components/atelier/atelier-error";
import { AuditTrail } from "~/components/atelier/audit-trail";
import { SelectField, withStoredValues } from "~/components/atelier/editor-kit";
import { BoxSection, DeleteRecordCard } from "~/components/atelier/kit";
import { atelierMeta } from "~/components/atelier/meta";
import { PageHeader } from "~/components/atelier/page-header";
import { FieldError, FormErrors, type FormKit, SubmitButton, TextField, controlProps, useFormKit, useFormRef, valueAt } from "~/components/ui/form-kit";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { pickTexts } from "~/i18n/resources";
import { getAtelierContext } from "~/middleware/request-context.server";
import { getCategoryTree, type CategoryTreeItem } from "~/modules/catalog/category-admin.service.server";
import { GUIDE_KINDS, type GuideRow, formatCentimetres } from "~/modules/size-guide/size-guide-rules";
import { MAX_GUIDE_ROWS, SizeGuideActionSchema } from "~/modules/size-guide/size-guide.schema";
import { createSizeGuide, deleteSizeGuide, getSizeGuideForAtelier, updateSizeGuide } from "~/modules/size-guide/size-guide.service.server";
import { formError, invalidForm, parseIntentForm, readFormData } from "~/utils/form.server";
import { notFound, optionalIdParam } from "~/utils/id-param";
import { privatePageHeaders } from "~/utils/private-page-headers";
import { addStaffNotice, atelierHref, staffActor } from "./staff-context.server";

// /atelier/catalog/size-guides/new and /:id: a size guide's names, kind, its sizes as a grid
// (a line per size, three blank lines to add more, a size emptied to remove it) and the
// categories that use it; its deletion behind an "I understand" box. Every write audited.

/** The grid's columns, as the form names them (rows[i].<column>). */
const COLUMNS = ["size", "it", "eu", "us", "uk", "chest", "waist", "hips", "inseam", "foot", "garmentChest", "garmentLength", "heightFrom", "heightTo", "weightFrom", "weightTo"] as const;
type GridColumn = (typeof COLUMNS)[number];
const BLANK_LINES = 3;

function storedLine(row: GuideRow, locale: "it" | "en"): Record<GridColumn, string> {
  const cm = (mm: number | null) => (mm === null ? "" : formatCentimetres(mm, locale));
  const n = (value: number | null) => (value === null ? "" : String(value));
  return {
    size: row.size,
    ...row.names,
    chest: cm(row.measures.chest),
    waist: cm(row.measures.waist),
    hips: cm(row.measures.hips),
    inseam: cm(row.measures.inseam),
    foot: cm(row.measures.foot),
    garmentChest: cm(row.measures.garmentChest),
    garmentLength: cm(row.measures.garmentLength),
    heightFrom: n(row.heightCm.from),
    heightTo: n(row.heightCm.to),
    weightFrom: n(row.weightKg.from),
    weightTo: n(row.weightKg.to),
  };
}

/** The tree as one list, each name with its ancestors' ("Donna › Abiti"). */
function flatten(items: CategoryTreeItem[], trail: string[] = []): { id: number; label: string; depth: number }[] {
  return items.flatMap((item) => [{ id: item.id, label: [...trail, item.name].join(" › "), depth: item.depth }, ...flatten(item.children, [...trail, item.name])]);
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const { db, locale, tns } = getAtelierContext(context);
  const id = optionalIdParam(params.id);
  const guide = id === null ? null : await getSizeGuideForAtelier(db, id);
  if (id !== null && !guide) throw notFound();
  const lines = (guide?.rows ?? []).map((row) => storedLine(row, locale));
  const stored: Record<string, string> = { kind: guide?.kind ?? "clothing", nameIt: guide?.nameIt ?? "", nameEn: guide?.nameEn ?? "" };
  lines.forEach((line, index) => {
    for (const column of COLUMNS) stored[`rows[${index}].${column}`] = line[column];
  });
  return {
    id,
    stored,
    lineCount: lines.length,
    categoryIds: guide?.categoryIds ?? [],
    categories: flatten(await getCategoryTree(db, locale)),
    audit: guide?.audit ?? [],
    title: guide ? (locale === "it" ? guide.nameIt : guide.nameEn) : tns("atelier-catalog")("sizeGuides.newTitle"),
    texts: pickTexts(locale, ["atelier-catalog"]),
  };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const { db, staff: viewer } = getAtelierContext(context);
  const id = optionalIdParam(params.id);
  if (id !== null && !(await getSizeGuideForAtelier(db, id))) throw notFound();
  const submission = parseIntentForm(await readFormData(request), SizeGuideActionSchema, id === null ? ["save"] : ["save", "delete"]);
  if (submission.status !== "success") {
    if (submission.payload.intent === "delete") return data({ result: submission.reply(), form: "delete" as const }, { status: 400 });
    return invalidForm(submission);
  }
  const value = submission.value;
  try {
    if (value.intent === "delete") {
      await deleteSizeGuide(db, id!, staffActor(viewer));
      addStaffNotice(context, { kind: "success", key: "atelier-catalog:sizeGuides.deleted" });
      throw redirect(atelierHref(context, "/atelier/catalog/size-guides"), 303);
    }
    const saved = id === null ? await createSizeGuide(db, value, staffActor(viewer)) : (await updateSizeGuide(db, id, value, staffActor(viewer)), id);
    addStaffNotice(context, { kind: "success", key: id === null ? "atelier-catalog:sizeGuides.created" : "atelier-catalog:sizeGuides.saved" });
    throw redirect(atelierHref(context, `/atelier/catalog/size-guides/${saved}`), 303);
  } catch (error) {
    if (error instanceof Response) throw error;
    return formError(submission, error);
  }
}

export const headers = privatePageHeaders;

/** How many lines the grid shows: the typed ones after a refused save, else the stored ones; three blank ones more. */
function lineCountOf(result: SubmissionResult<string[]> | undefined, stored: number): number {
  const typed = result?.initialValue ? valueAt(result.initialValue as Record<string, unknown>, "rows") : undefined;
  const count = Array.isArray(typed) ? typed.length : stored;
  return Math.min(count + BLANK_LINES, MAX_GUIDE_ROWS + BLANK_LINES);
}

export default function AtelierSizeGuide({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("atelier-catalog");
  const { href } = useLocale();
  const { id, stored, audit, title, categories } = loaderData;
  const pending = useNavigation().state === "submitting";
  const forDelete = actionData && "form" in actionData;
  const result = forDelete ? undefined : actionData?.result;
  const formRef = useFormRef();
  const fields = ["kind", "nameIt", "nameEn", "rows", ...Array.from({ length: MAX_GUIDE_ROWS + BLANK_LINES }, (_, i) => COLUMNS.map((c) => `rows[${i}].${c}`)).flat(), "categoryIds"];
  const kit = withStoredValues(useFormKit("size-guide", result, fields, formRef), result, stored);
  const typedCategories = result?.initialValue ? valueAt(result.initialValue as Record<string, unknown>, "categoryIds") : undefined;
  const chosen = new Set(typedCategories === undefined ? (result ? [] : loaderData.categoryIds.map(String)) : ([] as unknown[]).concat(typedCategories).map(String));
  const lines = lineCountOf(result, loaderData.lineCount);
  return (
    <>
      <p className="mb-3 text-sm">
        <Link to={href("/atelier/catalog/size-guides")} className="link">
          <span aria-hidden="true">← </span>
          {t("sizeGuides.back")}
        </Link>
      </p>
      <PageHeader title={title} description={id === null ? t("sizeGuides.newDescription") : t("sizeGuides.editDescription")} />
      <Form method="post" ref={formRef} noValidate={kit.hydrated} className="space-y-6" aria-labelledby="page-title">
        <FormErrors kit={kit} />
        <BoxSection id="size-guide-identity" title={t("sizeGuides.identity")}>
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField kit={kit} name="nameIt" label={t("sizeGuides.nameIt")} required maxLength={120} />
            <TextField kit={kit} name="nameEn" label={t("sizeGuides.nameEn")} required maxLength={120} />
            <SelectField kit={kit} name="kind" label={t("sizeGuides.kind")}>
              {GUIDE_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`sizeGuides.kinds.${kind}`)}
                </option>
              ))}
            </SelectField>
          </div>
        </BoxSection>
        <BoxSection id="size-guide-rows" title={t("sizeGuides.rowsTitle")} hint={t("sizeGuides.rowsHint")}>
          <FieldError id="size-guide-rows-error" errors={kit.errors("rows")} />
          {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a named region a keyboard can scroll */}
          <div className="overflow-x-auto" tabIndex={0} role="region" aria-labelledby="size-guide-rows">
            <table className="w-full min-w-[64rem] text-left text-xs">
              <thead>
                <tr className="border-b border-line">
                  {COLUMNS.map((column) => (
                    <th key={column} scope="col" className="px-1 py-2 font-semibold">
                      {t(`sizeGuides.columns.${column}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {Array.from({ length: lines }, (_, index) => (
                  <tr key={index} className="align-top">
                    {COLUMNS.map((column) => (
                      <td key={column} className="px-1 py-1">
                        <GridCell kit={kit} name={`rows[${index}].${column}`} label={t("sizeGuides.cell", { column: t(`sizeGuides.columns.${column}`), row: index + 1 })} />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </BoxSection>
        <BoxSection id="size-guide-categories" title={t("sizeGuides.categoriesTitle")} hint={t("sizeGuides.categoriesHint")}>
          <FieldError id="size-guide-categoryIds-error" errors={kit.errors("categoryIds")} />
          <ul className="grid gap-x-6 gap-y-1 sm:grid-cols-2 desk:grid-cols-3">
            {categories.map((category) => (
              <li key={category.id}>
                <label className="inline-flex min-h-9 items-center gap-2 text-sm">
                  <input type="checkbox" name="categoryIds" value={category.id} defaultChecked={chosen.has(String(category.id))} className="size-4" />
                  {category.label}
                </label>
              </li>
            ))}
          </ul>
        </BoxSection>
        <SubmitButton pending={pending} pendingLabel={t("sizeGuides.saving")}>
          {id === null ? t("sizeGuides.create") : t("sizeGuides.save")}
        </SubmitButton>
        <input type="hidden" name="intent" value="save" />
      </Form>
      {id !== null ? (
        <>
          <DeleteRecordCard
            id="size-guide-delete"
            result={forDelete ? actionData.result : undefined}
            texts={{ title: t("sizeGuides.deleteTitle"), intro: t("sizeGuides.deleteIntro"), confirm: t("sizeGuides.deleteConfirm"), submit: t("sizeGuides.delete"), pending: t("sizeGuides.deleting") }}
          />
          <AuditTrail entries={audit} />
        </>
      ) : null}
    </>
  );
}

/** One cell of the grid: its label for screen readers (column and line), its error under it. */
function GridCell({ kit, name, label }: { kit: FormKit; name: string; label: string }) {
  const props = controlProps(kit, name);
  return (
    <>
      <label htmlFor={props.id} className="sr-only">
        {label}
      </label>
      <input type="text" {...props} key={kit.resetKey} defaultValue={kit.value(name)} maxLength={16} autoComplete="off" spellCheck={false} className="field-input min-w-14 px-1.5 py-1 text-xs" />
      <FieldError id={`${props.id}-error`} errors={kit.errors(name)} />
    </>
  );
}

export const meta: Route.MetaFunction = ({ data: loaded }) => atelierMeta(loaded?.title);

export const ErrorBoundary = AtelierErrorBoundary;

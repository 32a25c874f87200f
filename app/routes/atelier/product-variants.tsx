import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, data, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/product-variants";
import { AtelierErrorBoundary } from "~/components/atelier/atelier-error";
import { AuditTrail } from "~/components/atelier/audit-trail";
import { Section } from "~/components/atelier/kit";
import { atelierMeta } from "~/components/atelier/meta";
import { PageHeader } from "~/components/atelier/page-header";
import { StatusBadge } from "~/components/atelier/status-badge";
import { type FormKit, FieldError, FormErrors, SubmitButton, TextField, controlProps, useFormKit, useFormRef } from "~/components/ui/form-kit";
import { ColorSelect, withStoredValues } from "~/components/atelier/editor-kit";
import { ColorDot } from "~/components/catalog/product-card";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { pickTexts } from "~/i18n/resources";
import { getAtelierContext } from "~/middleware/request-context.server";
import { productUrl } from "~/modules/catalog/product.service.server";
import { VARIANT_INTENTS, VariantAdminSchema } from "~/modules/catalog/variant-admin.schema";
import { cellKey } from "~/modules/catalog/variant-pricing";
import type { VariantEditor } from "~/modules/catalog/variant-admin.service.server";
import {
  addColorToProduct,
  addNewColorToProduct,
  addSizeToProduct,
  addVariant,
  getVariantEditor,
  removeVariant,
  setProductPrices,
  upsertVariantMatrix,
} from "~/modules/catalog/variant-admin.service.server";
import { formatRomeDateTime } from "~/utils/dates";
import { isDomainError } from "~/utils/domain-error";
import { formError, parseIntentForm, readFormData } from "~/utils/form.server";
import { formatMoney, toEuroInput } from "~/utils/money";
import { privatePageHeaders } from "~/utils/private-page-headers";
import { utcToRomeLocal } from "~/utils/rome-time";
import { addStaffNotice, atelierHref, staffActor } from "./staff-context.server";
import { notFound, requireIdParam } from "~/utils/id-param";
import { withDateArticlesT } from "~/utils/date-article";

// /atelier/products/:id/variants: the product's price, crossed-out price and scheduled sale; its
// colour × size matrix (SKU, stock and own price of every variant, saved in one form); adding a
// colour (the shop's or a new one) or a size to every colour; removing a variant never ordered.
// Any staff member, like the rest of the catalogue. Every form works without JavaScript; the
// services (app/modules/catalog/variant-admin.service.server.ts) keep the storefront current.

export async function loader({ context, params }: Route.LoaderArgs) {
  const { db, locale, tns } = getAtelierContext(context);
  const id = requireIdParam(params.id);
  const editor = await getVariantEditor(db, id, locale);
  if (!editor) throw notFound();
  return {
    editor,
    storefrontUrl: editor.product.slug ? productUrl(editor.product.slug, locale) : null,
    title: tns("atelier-variants")("meta.title", { name: editor.product.name }),
    texts: pickTexts(locale, ["atelier-variants"]),
  };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const { db, publicUrl, staff: viewer } = getAtelierContext(context);
  const id = requireIdParam(params.id);
  const submission = parseIntentForm(await readFormData(request), VariantAdminSchema, VARIANT_INTENTS);
  if (submission.status !== "success") {
    // Only a removal has nothing a person types: an invalid one is a forged form.
    if (submission.payload.intent === "remove") throw data({ message: "Bad form." }, { status: 400 });
    return data({ result: submission.reply() }, { status: 400 });
  }
  const form = submission.value;
  const actor = staffActor(viewer);
  const options = { origin: publicUrl.origin };
  const fieldError = (field: string, key: string) => data({ result: submission.reply({ fieldErrors: { [field]: [key] } }) }, { status: 400 });
  try {
    switch (form.intent) {
      case "prices": {
        const sale = form.salePrice !== undefined && form.saleStartsAt && form.saleEndsAt ? { priceCents: form.salePrice, startsAt: form.saleStartsAt, endsAt: form.saleEndsAt } : null;
        await setProductPrices(db, id, { priceCents: form.price, compareAtCents: form.compareAt ?? null, sale }, actor);
        addStaffNotice(context, { kind: "success", key: "atelier-variants:prices.saved" });
        break;
      }
      case "matrix": {
        const saved = await upsertVariantMatrix(
          db,
          id,
          form.variants.map((cell) => ({ variantId: cell.id, sku: cell.sku, stock: cell.stock, expectedStock: cell.stockWas, ownPriceCents: cell.price ?? null })),
          actor,
          options,
        );
        addStaffNotice(
          context,
          saved.notified > 0 ? { kind: "success", key: "atelier-variants:matrix.notified", values: { count: String(saved.notified) } } : { kind: "success", key: "atelier-variants:matrix.saved" },
        );
        break;
      }
      case "add-color": {
        if (form.color) await addColorToProduct(db, id, form.color, actor, options);
        else if (form.newColorName || form.newColorNameEn) {
          await addNewColorToProduct(db, id, { name: { it: form.newColorName, en: form.newColorNameEn }, hex: form.newColorHex || undefined }, actor, options);
        } else return fieldError("color", "atelier-variants:errors.colorRequired");
        addStaffNotice(context, { kind: "success", key: "atelier-variants:addColor.added" });
        break;
      }
      case "add-size":
        await addSizeToProduct(db, id, form.size, actor, options);
        addStaffNotice(context, { kind: "success", key: "atelier-variants:addSize.added" });
        break;
      case "add-variant": {
        const [color, size] = form.cell ? form.cell.split("|") : [form.color, form.size];
        if (!color) return fieldError("color", "validation.required");
        if (!size) return fieldError("size", "validation.required");
        try {
          await addVariant(db, id, { colorCode: color, size }, actor, options);
        } catch (error) {
          // A cell's button has no field of its own: the message goes above the matrix.
          if (form.cell && isDomainError(error) && !error.isPageError) {
            return data({ result: submission.reply({ formErrors: [error.messageKey] }) }, { status: error.status });
          }
          throw error;
        }
        addStaffNotice(context, { kind: "success", key: "atelier-variants:addVariant.added" });
        break;
      }
      case "remove":
        await removeVariant(db, id, form.variantId, actor);
        addStaffNotice(context, { kind: "success", key: "atelier-variants:removed" });
        break;
    }
  } catch (error) {
    return formError(submission, error);
  }
  throw redirect(atelierHref(context, `/atelier/products/${id}/variants`));
}

export const headers = privatePageHeaders;

type ActionResult = SubmissionResult<string[]> | undefined;

/** The last answer when it was this form's (the forms share the page's action). */
const resultOf = (result: ActionResult, ...intents: string[]): ActionResult =>
  result && intents.includes(String((result.initialValue as { intent?: unknown } | undefined)?.intent ?? "")) ? result : undefined;

export default function AtelierProductVariants({ loaderData, actionData }: Route.ComponentProps) {
  const t = withDateArticlesT(useTranslation("atelier-variants").t);
  const { href } = useLocale();
  const { editor, storefrontUrl } = loaderData;
  const result = (actionData as { result?: ActionResult } | undefined)?.result;
  return (
    <>
      <p className="mb-3 text-sm">
        <Link to={href(`/atelier/products/${editor.product.id}`)} className="link">
          <span aria-hidden="true">← </span>
          {t("page.back")}
        </Link>
      </p>
      <PageHeader
        title={t("page.title")}
        description={t("page.intro", { name: editor.product.name })}
        actions={
          storefrontUrl && editor.product.status === "published" ? (
            <a href={storefrontUrl} className="link text-sm">
              {t("page.storefront")}
            </a>
          ) : null
        }
      />
      <PricesForm editor={editor} result={resultOf(result, "prices")} />
      <Matrix editor={editor} result={resultOf(result, "matrix")} cellResult={resultOf(result, "remove", "add-variant")} />
      {editor.colors.length ? (
        <div className="mt-8 grid items-start gap-8 desk:grid-cols-2">
          <AddColorForm editor={editor} result={resultOf(result, "add-color")} />
          <AddSizeForm sizes={editor.sizes} result={resultOf(result, "add-size")} />
        </div>
      ) : (
        <AddVariantForm editor={editor} result={resultOf(result, "add-variant")} />
      )}
      <AuditTrail entries={editor.audit} />
    </>
  );
}

function usePending(intent: string) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

function PricesForm({ editor, result }: { editor: VariantEditor; result: ActionResult }) {
  const t = withDateArticlesT(useTranslation("atelier-variants").t);
  const { locale } = useLocale();
  const formRef = useFormRef();
  const fields = ["price", "compareAt", "salePrice", "saleStartsAt", "saleEndsAt"];
  const { pricing } = editor;
  const kit = withStoredValues(useFormKit("prices", result, fields, formRef), result, {
    price: pricing.priceCents !== null ? toEuroInput(pricing.priceCents) : "",
    compareAt: pricing.compareAtCents !== null ? toEuroInput(pricing.compareAtCents) : "",
    salePrice: pricing.sale ? toEuroInput(pricing.sale.priceCents) : "",
    saleStartsAt: pricing.sale ? utcToRomeLocal(pricing.sale.startsAt) : "",
    saleEndsAt: pricing.sale ? utcToRomeLocal(pricing.sale.endsAt) : "",
  });
  const pending = usePending("prices");
  const sale = pricing.sale;
  const saleState = !sale
    ? null
    : editor.saleState === "on"
      ? { tone: "good" as const, text: t("prices.saleOn", { date: formatRomeDateTime(sale.endsAt, locale) }) }
      : editor.saleState === "scheduled"
        ? { tone: "attention" as const, text: t("prices.saleScheduled", { date: formatRomeDateTime(sale.startsAt, locale), end: formatRomeDateTime(sale.endsAt, locale) }) }
        : { tone: "neutral" as const, text: t("prices.saleEnded", { date: formatRomeDateTime(sale.endsAt, locale) }) };
  return (
    <Section id="prices-title" title={t("prices.title")} className="">
      <Form method="post" ref={formRef} noValidate={kit.hydrated} className="max-w-3xl space-y-5 border border-line bg-paper p-4" aria-labelledby="prices-title">
        <input type="hidden" name="intent" value="prices" />
        <FormErrors kit={kit} />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField kit={kit} name="price" label={t("prices.price")} hint={t("prices.priceHint")} inputMode="decimal" required maxLength={20} />
          <TextField kit={kit} name="compareAt" label={t("prices.compareAt")} hint={t("prices.compareAtHint")} inputMode="decimal" maxLength={20} />
        </div>
        <fieldset className="space-y-3 border-t border-line pt-4">
          <legend className="float-left mb-1 w-full font-medium">{t("prices.sale")}</legend>
          <p className="clear-both text-sm text-stone">{t("prices.saleIntro")}</p>
          {saleState ? <StatusBadge tone={saleState.tone}>{saleState.text}</StatusBadge> : null}
          <div className="grid gap-5 sm:grid-cols-3">
            <TextField kit={kit} name="salePrice" label={t("prices.salePrice")} hint={t("prices.salePriceHint")} inputMode="decimal" maxLength={20} />
            <TextField kit={kit} name="saleStartsAt" label={t("prices.saleStartsAt")} type="datetime-local" />
            <TextField kit={kit} name="saleEndsAt" label={t("prices.saleEndsAt")} type="datetime-local" />
          </div>
        </fieldset>
        <SubmitButton pending={pending} pendingLabel={t("prices.saving")}>
          {t("prices.submit")}
        </SubmitButton>
      </Form>
    </Section>
  );
}

/** The matrix's cells in form order: colours by row, sizes by column; an index per existing variant. */
function cellIndexes(editor: VariantEditor) {
  const indexes = new Map<string, number>();
  let next = 0;
  for (const color of editor.colors) {
    for (const size of editor.sizes) {
      if (editor.cells[cellKey(color.code, size)]) indexes.set(cellKey(color.code, size), next++);
    }
  }
  return indexes;
}

function Matrix({ editor, result, cellResult }: { editor: VariantEditor; result: ActionResult; cellResult: ActionResult }) {
  const t = withDateArticlesT(useTranslation("atelier-variants").t);
  const { locale } = useLocale();
  const formRef = useFormRef();
  const indexes = cellIndexes(editor);
  const names = [...indexes.values()].flatMap((i) => [`variants[${i}].sku`, `variants[${i}].stock`, `variants[${i}].price`]);
  const stored: Record<string, string> = {};
  for (const [key, i] of indexes) {
    const cell = editor.cells[key];
    stored[`variants[${i}].sku`] = cell.sku;
    stored[`variants[${i}].stock`] = String(cell.stock);
    stored[`variants[${i}].price`] = cell.ownPriceCents !== null ? toEuroInput(cell.ownPriceCents) : "";
  }
  const kit = withStoredValues(useFormKit("matrix", result, names, formRef), result, stored);
  const cellKit = useFormKit("matrix-cell", cellResult, [], formRef);
  const pending = usePending("matrix");
  const productPrice = editor.pricing.priceCents !== null ? formatMoney(editor.pricing.priceCents, locale) : "—";
  const anyOrdered = Object.values(editor.cells).some((cell) => cell.ordered);
  // Each hidden form is rendered only when a cell's button posts it: a form nothing can submit is invalid.
  const anyRemovable = editor.colors.length > 0 && Object.values(editor.cells).some((cell) => !cell.ordered);
  const anyMissing = editor.colors.some((color) => editor.sizes.some((size) => !editor.cells[cellKey(color.code, size)] || indexes.get(cellKey(color.code, size)) === undefined));
  return (
    <Section id="matrix-title" title={t("matrix.title")} className="mt-10">
      <p className="mb-3 max-w-3xl text-sm text-stone">{t("matrix.intro", { price: productPrice })}</p>
      <FormErrors kit={cellKit} />
      {editor.colors.length === 0 ? (
        <p className="border border-line bg-paper px-3 py-6 text-center text-sm text-stone">{t("matrix.empty")}</p>
      ) : (
        <Form method="post" ref={formRef} noValidate={kit.hydrated} aria-labelledby="matrix-title" className="space-y-3">
          <input type="hidden" name="intent" value="matrix" />
          <FormErrors kit={kit} />
          {/* A region with a name, focusable so a keyboard can scroll a table wider than the screen. */}
          {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
          <div className="overflow-x-auto border border-line bg-paper" role="region" aria-label={t("matrix.caption")} tabIndex={0}>
            <table className="w-full border-collapse text-sm">
              <caption className="sr-only">{t("matrix.caption")}</caption>
              <thead className="bg-sand/60">
                <tr>
                  <th scope="col" className="sticky left-0 z-10 bg-sand px-3 py-2 text-left font-medium">
                    {t("matrix.color")}
                  </th>
                  {editor.sizes.map((size) => (
                    <th key={size} scope="col" className="px-3 py-2 text-left font-medium whitespace-nowrap">
                      {size}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {editor.colors.map((color) => (
                  <tr key={color.code} className="border-t border-line align-top">
                    <th scope="row" className="sticky left-0 z-10 w-28 max-w-28 bg-paper px-3 py-2 text-left font-medium">
                      <span className="flex items-center gap-2">
                        <ColorDot hex={color.hex} className="block size-4 shrink-0 rounded-full border border-black/25" />
                        <span className="break-words">{color.name}</span>
                      </span>
                    </th>
                    {editor.sizes.map((size) => {
                      const key = cellKey(color.code, size);
                      const cell = editor.cells[key];
                      const index = indexes.get(key);
                      return (
                        <td key={size} className="min-w-52 border-l border-line px-2 py-2">
                          {cell && index !== undefined ? (
                            <MatrixCellFields kit={kit} index={index} cell={cell} color={color.name} size={size} />
                          ) : (
                            <div className="flex flex-col items-start gap-1 text-stone">
                              <span>{t("matrix.missing")}</span>
                              <button
                                type="submit"
                                form="matrix-add-cell"
                                name="cell"
                                value={key}
                                className="link text-ink"
                                aria-label={t("matrix.addCellLabel", { color: color.name, size })}
                              >
                                {t("matrix.addCell")}
                              </button>
                            </div>
                          )}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {anyOrdered ? <p className="text-sm text-stone">{t("matrix.orderedHint")}</p> : null}
          <SubmitButton pending={pending} pendingLabel={t("matrix.saving")}>
            {t("matrix.submit")}
          </SubmitButton>
        </Form>
      )}
      {/* The cells' buttons post these (form="…"): a form cannot sit inside the matrix's. */}
      {anyRemovable ? (
        <Form method="post" id="matrix-remove" hidden>
          <input type="hidden" name="intent" value="remove" />
        </Form>
      ) : null}
      {anyMissing ? (
        <Form method="post" id="matrix-add-cell" hidden>
          <input type="hidden" name="intent" value="add-variant" />
        </Form>
      ) : null}
    </Section>
  );
}

/** A matrix cell's own small input, labelled for screen readers by field, colour and size. */
function CellInput({ kit, name, label, className, ...input }: { kit: FormKit; name: string; label: string; className: string } & Omit<React.InputHTMLAttributes<HTMLInputElement>, "name" | "id" | "className">) {
  const props = controlProps(kit, name);
  return (
    <div className="min-w-0">
      <input type="text" {...input} {...props} aria-label={label} key={kit.resetKey} defaultValue={kit.value(name)} className={`field-input min-h-9 px-2 py-1 ${className}`} />
      <FieldError id={`${props.id}-error`} errors={kit.errors(name)} />
    </div>
  );
}

function MatrixCellFields({ kit, index, cell, color, size }: { kit: FormKit; index: number; cell: VariantEditor["cells"][string]; color: string; size: string }) {
  const t = withDateArticlesT(useTranslation("atelier-variants").t);
  const { locale } = useLocale();
  const name = (field: string) => `variants[${index}].${field}`;
  const label = (field: string) => t("matrix.fieldLabel", { field, color, size });
  return (
    <div className="grid gap-1">
      <input type="hidden" name={name("id")} value={cell.id} />
      <input type="hidden" name={name("stockWas")} value={cell.stock} />
      <CellInput kit={kit} name={name("sku")} label={label(t("matrix.sku"))} className="px-1.5! font-mono text-[11px] tracking-tight uppercase" maxLength={80} autoComplete="off" spellCheck={false} />
      <div className="grid grid-cols-2 gap-1">
        <CellInput kit={kit} name={name("stock")} label={label(t("matrix.stock"))} className="tabular-nums" inputMode="numeric" maxLength={7} title={t("matrix.stock")} placeholder="0" />
        <CellInput
          kit={kit}
          name={name("price")}
          label={label(t("matrix.ownPrice"))}
          className="tabular-nums"
          inputMode="decimal"
          maxLength={20}
          title={t("matrix.ownPrice")}
          placeholder="€"
        />
      </div>
      <div className="flex flex-wrap items-baseline justify-between gap-x-2 text-xs text-stone">
        <span className="tabular-nums">
          {t("matrix.shown", { price: formatMoney(cell.priceCents, locale) })}
          {cell.compareAtCents !== null ? (
            <>
              {" "}
              <del>{formatMoney(cell.compareAtCents, locale)}</del>
            </>
          ) : null}
        </span>{" "}
        {cell.ordered ? (
          <span>{t("matrix.ordered")}</span>
        ) : (
          <button type="submit" form="matrix-remove" name="variantId" value={cell.id} className="link text-ink" aria-label={t("matrix.removeLabel", { color, size })}>
            {t("matrix.remove")}
          </button>
        )}
      </div>
    </div>
  );
}

function AddColorForm({ editor, result }: { editor: VariantEditor; result: ActionResult }) {
  const t = withDateArticlesT(useTranslation("atelier-variants").t);
  const formRef = useFormRef();
  const kit = useFormKit("add-color", result, ["color", "newColorName", "newColorNameEn", "newColorHex"], formRef, editor.colors.map((c) => c.code).join("|"));
  const pending = usePending("add-color");
  return (
    <Section id="add-color-title" title={t("addColor.title")} className="">
      <Form method="post" ref={formRef} noValidate={kit.hydrated} className="space-y-4 border border-line bg-paper p-4" aria-labelledby="add-color-title">
        <input type="hidden" name="intent" value="add-color" />
        <p className="text-sm text-stone">{t("addColor.intro")}</p>
        <FormErrors kit={kit} />
        <ColorSelect kit={kit} colors={editor.colorChoices} label={t("addColor.color")} placeholder={t("addColor.choose")} />
        <fieldset className="space-y-4">
          <legend className="mb-2 text-sm font-medium">{t("addColor.new")}</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField kit={kit} name="newColorName" label={t("addColor.newColorName")} maxLength={60} />
            <TextField kit={kit} name="newColorNameEn" label={t("addColor.newColorNameEn")} maxLength={60} />
          </div>
          <TextField kit={kit} name="newColorHex" label={t("addColor.newColorHex")} hint={t("addColor.newColorHexHint")} maxLength={7} placeholder="#A4472F" />
        </fieldset>
        <SubmitButton pending={pending} pendingLabel={t("matrix.saving")} className="btn btn-secondary">
          {t("addColor.submit")}
        </SubmitButton>
      </Form>
    </Section>
  );
}

function AddSizeForm({ sizes, result }: { sizes: string[]; result: ActionResult }) {
  const t = withDateArticlesT(useTranslation("atelier-variants").t);
  const formRef = useFormRef();
  // Keyed by the sizes there are: once one is added (with JavaScript the page stays) the field is empty again.
  const kit = useFormKit("add-size", result, ["size"], formRef, sizes.join("|"));
  const pending = usePending("add-size");
  return (
    <Section id="add-size-title" title={t("addSize.title")} className="">
      <Form method="post" ref={formRef} noValidate={kit.hydrated} className="space-y-4 border border-line bg-paper p-4" aria-labelledby="add-size-title">
        <input type="hidden" name="intent" value="add-size" />
        <FormErrors kit={kit} />
        <TextField kit={kit} name="size" label={t("addSize.size")} hint={t("addSize.sizeHint")} required maxLength={10} autoComplete="off" />
        <SubmitButton pending={pending} pendingLabel={t("matrix.saving")} className="btn btn-secondary">
          {t("addSize.submit")}
        </SubmitButton>
      </Form>
    </Section>
  );
}

function AddVariantForm({ editor, result }: { editor: VariantEditor; result: ActionResult }) {
  const t = withDateArticlesT(useTranslation("atelier-variants").t);
  const formRef = useFormRef();
  const kit = useFormKit("add-variant", result, ["color", "size"], formRef);
  const pending = usePending("add-variant");
  return (
    <Section id="add-variant-title" title={t("addVariant.title")} className="mt-10">
      <Form method="post" ref={formRef} noValidate={kit.hydrated} className="max-w-xl space-y-4 border border-line bg-paper p-4" aria-labelledby="add-variant-title">
        <input type="hidden" name="intent" value="add-variant" />
        <p className="text-sm text-stone">{t("addVariant.intro")}</p>
        <FormErrors kit={kit} />
        <ColorSelect kit={kit} colors={editor.colorChoices} label={t("addColor.color")} placeholder={t("addColor.choose")} />
        <TextField kit={kit} name="size" label={t("addSize.size")} hint={t("addSize.sizeHint")} required maxLength={10} autoComplete="off" />
        <SubmitButton pending={pending} pendingLabel={t("matrix.saving")}>
          {t("addVariant.submit")}
        </SubmitButton>
      </Form>
    </Section>
  );
}

export const meta: Route.MetaFunction = ({ data }) => atelierMeta(data?.title);

export const ErrorBoundary = AtelierErrorBoundary;

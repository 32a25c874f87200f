import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, data, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/product-stores";
import { AtelierErrorBoundary } from "~/components/atelier/atelier-error";
import { AuditTrail } from "~/components/atelier/audit-trail";
import { SelectField } from "~/components/atelier/editor-kit";
import { BoxSection } from "~/components/atelier/kit";
import { atelierMeta } from "~/components/atelier/meta";
import { PageHeader } from "~/components/atelier/page-header";
import { FormErrors, type FormKit, SubmitButton, TextField, useFormKit, useFormRef } from "~/components/ui/form-kit";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { pickTexts } from "~/i18n/resources";
import { getAtelierContext } from "~/middleware/request-context.server";
import { STORE_STOCK_INTENTS, StoreStockFormSchema } from "~/modules/store/store-stock.schema";
import { countStoreStock, getProductStoreStock, moveStock } from "~/modules/store/store-stock.service.server";
import { formError, parseIntentForm, readFormData } from "~/utils/form.server";
import { notFound, requireIdParam } from "~/utils/id-param";
import { privatePageHeaders } from "~/utils/private-page-headers";
import { addStaffNotice, atelierHref, staffActor } from "./staff-context.server";

// /atelier/products/:id/stores: a product's stock in the warehouse and in each store (issue 41
// part 3), a store's count of a size, and a move of pieces between the warehouse and the stores.
// Both forms work without JavaScript; every change is audited and reaches the storefront at once.

export async function loader({ context, params }: Route.LoaderArgs) {
  const { db, locale, tns } = getAtelierContext(context);
  const id = requireIdParam(params.id);
  const stock = await getProductStoreStock(db, id, locale);
  if (!stock) throw notFound();
  return { id, stock, title: tns("atelier-variants")("stores.title", { name: stock.name }), texts: pickTexts(locale, ["atelier-variants"]) };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const { db, publicUrl, staff: viewer } = getAtelierContext(context);
  const id = requireIdParam(params.id);
  const submission = parseIntentForm(await readFormData(request), StoreStockFormSchema, STORE_STOCK_INTENTS);
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const form = submission.value;
  try {
    if (form.intent === "count") await countStoreStock(db, id, form, staffActor(viewer));
    else await moveStock(db, id, form, staffActor(viewer), { origin: publicUrl.origin });
  } catch (error) {
    return formError(submission, error);
  }
  addStaffNotice(context, { kind: "success", key: form.intent === "count" ? "atelier-variants:stores.countedNotice" : "atelier-variants:stores.moved" });
  throw redirect(atelierHref(context, `/atelier/products/${id}/stores`), 303);
}

export const headers = privatePageHeaders;

type ActionResult = SubmissionResult<string[]> | undefined;
const resultOf = (result: ActionResult, intent: string): ActionResult => (result && (result.initialValue as { intent?: unknown } | undefined)?.intent === intent ? result : undefined);

export default function AtelierProductStores({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("atelier-variants");
  const { href } = useLocale();
  const { id, stock, title } = loaderData;
  const variantLabel = (v: (typeof stock.variants)[number]) => `${v.sku} (${v.colorCode}, ${v.size})`;
  return (
    <>
      <p className="mb-3 text-sm">
        <Link to={href(`/atelier/products/${id}`)} className="link">
          <span aria-hidden="true">← </span>
          {t("stores.back")}
        </Link>
      </p>
      <PageHeader
        title={title}
        description={t("stores.description")}
        actions={
          <Link to={href("/atelier/catalog/store-stock")} className="btn btn-secondary">
            {t("csv.link")}
          </Link>
        }
      />
      {/* A region with a name, focusable so a keyboard can scroll a table wider than the screen. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div className="mb-8 overflow-x-auto border border-line bg-paper" role="region" aria-label={t("stores.caption")} tabIndex={0}>
        <table className="w-full text-left text-sm tabular-nums" data-testid="store-stock">
          <caption className="sr-only">{t("stores.caption")}</caption>
          <thead>
            <tr className="border-b border-line">
              <th scope="col" className="px-3 py-2 font-semibold">
                {t("stores.variant")}
              </th>
              <th scope="col" className="px-3 py-2 text-right font-semibold">
                {t("stores.warehouse")}
              </th>
              {stock.stores.map((store) => (
                <th key={store.id} scope="col" className="px-3 py-2 text-right font-semibold">
                  {store.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {stock.variants.map((variant) => (
              <tr key={variant.id} className="border-b border-line last:border-0">
                <th scope="row" className="px-3 py-1.5 font-normal">
                  {variantLabel(variant)}
                </th>
                <td className="px-3 py-1.5 text-right">{variant.warehouse}</td>
                {stock.stores.map((store) => (
                  <td key={store.id} className={`px-3 py-1.5 text-right ${variant.stores[store.id] ? "" : "text-stone"}`}>
                    {variant.stores[store.id] ?? 0}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="grid items-start gap-6 desk:grid-cols-2">
        <MoveForm stock={stock} label={variantLabel} result={resultOf(actionData?.result, "move")} />
        <CountForm stock={stock} label={variantLabel} result={resultOf(actionData?.result, "count")} />
      </div>
      <AuditTrail entries={stock.audit} />
    </>
  );
}

type Stock = Route.ComponentProps["loaderData"]["stock"];

/** The size a form is about: every variant of the product, by SKU, colour and size. */
function VariantSelect({ kit, stock, label }: { kit: FormKit; stock: Stock; label: (v: Stock["variants"][number]) => string }) {
  const { t } = useTranslation("atelier-variants");
  return (
    <SelectField kit={kit} name="variantId" label={t("stores.variant")}>
      {stock.variants.map((variant) => (
        <option key={variant.id} value={variant.id}>
          {label(variant)}
        </option>
      ))}
    </SelectField>
  );
}

function MoveForm({ stock, label, result }: { stock: Stock; label: (v: Stock["variants"][number]) => string; result: ActionResult }) {
  const { t } = useTranslation("atelier-variants");
  const formRef = useFormRef();
  const kit = useFormKit("stock-move", result, ["variantId", "from", "to", "quantity"], formRef);
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "move";
  const places = [{ value: "warehouse", label: t("stores.warehouse") }, ...stock.stores.map((store) => ({ value: String(store.id), label: store.name }))];
  return (
    <BoxSection id="stock-move" title={t("stores.moveTitle")} hint={t("stores.moveHint")}>
      <Form method="post" ref={formRef} noValidate={kit.hydrated} className="space-y-4" aria-labelledby="stock-move">
        <FormErrors kit={kit} />
        <input type="hidden" name="intent" value="move" />
        <VariantSelect kit={kit} stock={stock} label={label} />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField kit={kit} name="from" label={t("stores.from")}>
            {places.map((place) => (
              <option key={place.value} value={place.value}>
                {place.label}
              </option>
            ))}
          </SelectField>
          <SelectField kit={kit} name="to" label={t("stores.to")}>
            {/* The stores first: the usual move is out of the warehouse, and the two selects start apart. */}
            {[...places.slice(1), places[0]].map((place) => (
              <option key={place.value} value={place.value}>
                {place.label}
              </option>
            ))}
          </SelectField>
        </div>
        <TextField kit={kit} name="quantity" label={t("stores.quantity")} inputMode="numeric" maxLength={5} autoComplete="off" required />
        <SubmitButton pending={pending} pendingLabel={t("stores.saving")}>
          {t("stores.move")}
        </SubmitButton>
      </Form>
    </BoxSection>
  );
}

function CountForm({ stock, label, result }: { stock: Stock; label: (v: Stock["variants"][number]) => string; result: ActionResult }) {
  const { t } = useTranslation("atelier-variants");
  const formRef = useFormRef();
  const kit = useFormKit("stock-count", result, ["variantId", "storeId", "quantity"], formRef);
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "count";
  return (
    <BoxSection id="stock-count" title={t("stores.countTitle")} hint={t("stores.countHint")}>
      <Form method="post" ref={formRef} noValidate={kit.hydrated} className="space-y-4" aria-labelledby="stock-count">
        <FormErrors kit={kit} />
        <input type="hidden" name="intent" value="count" />
        <VariantSelect kit={kit} stock={stock} label={label} />
        <SelectField kit={kit} name="storeId" label={t("stores.store")}>
          {stock.stores.map((store) => (
            <option key={store.id} value={store.id}>
              {store.name}
            </option>
          ))}
        </SelectField>
        <TextField kit={kit} name="quantity" label={t("stores.counted")} inputMode="numeric" maxLength={5} autoComplete="off" required />
        <SubmitButton pending={pending} pendingLabel={t("stores.saving")}>
          {t("stores.count")}
        </SubmitButton>
      </Form>
    </BoxSection>
  );
}

export const meta: Route.MetaFunction = ({ data: loaded }) => atelierMeta(loaded?.title);

export const ErrorBoundary = AtelierErrorBoundary;

import { Form, Link, redirect, useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/products";
import { AtelierErrorBoundary } from "~/components/atelier/atelier-error";
import { type Column, DataTable } from "~/components/atelier/data-table";
import { FilterBar, FilterField } from "~/components/atelier/filter-bar";
import { atelierMeta } from "~/components/atelier/meta";
import { PageHeader } from "~/components/atelier/page-header";
import { SavedViews } from "~/components/atelier/saved-views";
import { Pager } from "~/components/atelier/pager";
import { ProductStateBadge } from "~/components/atelier/product-state-badge";
import { FieldError, FormErrors, Hint, controlProps, useFormKit, useFormRef } from "~/components/ui/form-kit";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { pickTexts } from "~/i18n/resources";
import { getAtelierContext } from "~/middleware/request-context.server";
import {
  BULK_ACTIONS,
  BULK_INTENTS,
  PRICE_PERCENT_MAX,
  PRICE_PERCENT_MIN,
  PRODUCT_SORTS,
  PRODUCT_STOCK_FILTERS,
  ProductBulkSchema,
  parseProductListQuery,
} from "~/modules/catalog/product-admin.schema";
import {
  type AdminProductRow,
  categoryOptions,
  changeProductsPrice,
  moveProductsToCategory,
  searchAdminProducts,
  setProductsStatus,
} from "~/modules/catalog/product-admin.service.server";
import { PRODUCT_STATES } from "~/modules/catalog/product-status";
import { formError, invalidForm, parseIntentForm, readFormData } from "~/utils/form.server";
import { formatMoney } from "~/utils/money";
import { isSavedViewPost } from "~/modules/views/saved-view.rules";
import { viewsOf } from "~/modules/views/saved-view.service.server";
import { privatePageHeaders } from "~/utils/private-page-headers";
import { savedViewAction } from "./saved-views.server";
import { addStaffNotice, atelierHref, atelierRedirectTarget, staffActor } from "./staff-context.server";

// /atelier/products: the catalogue, searched by name (either language) or SKU, filtered by
// category (with the categories below it), state and stock, sorted and paged with one GET form
// (?q=&category=&status=&stock=&sort=&page=; anything unusable falls back to the default). Ticked
// rows are published, taken back to draft or archived, moved to a category, or repriced by a
// percentage, by one POST form that works without JavaScript (a button per action, `intent`);
// each product changed gets its audit entry and the storefront follows at once.
const TABLE_LINK = "link decoration-stone underline-offset-2";

export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, locale, tns } = getAtelierContext(context);
  const query = parseProductListQuery(new URL(request.url).searchParams);
  const [result, categories, views] = await Promise.all([searchAdminProducts(db, locale, query), categoryOptions(db, locale), viewsOf(db, "products")]);
  return {
    query,
    ...result,
    categories,
    views,
    title: tns("atelier-catalog")("list.title"),
    // atelier-variants: the price rules' messages (a price out of range, a sale price no longer below).
    texts: pickTexts(locale, ["atelier-catalog", "atelier-variants"]),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { db, staff: viewer } = getAtelierContext(context);
  const formData = await readFormData(request);
  // The list's saved views (issue 42 part 5) post here too.
  if (isSavedViewPost(formData)) return savedViewAction(context, formData, "products", atelierHref(context, "/atelier/products"));
  const submission = parseIntentForm(formData, ProductBulkSchema, BULK_INTENTS);
  if (submission.status !== "success") return invalidForm(submission);
  const form = submission.value;
  const actor = staffActor(viewer);
  let changed: number[];
  try {
    if (form.intent === "category") changed = await moveProductsToCategory(db, { productIds: form.ids, categoryId: form.categoryId }, actor);
    else if (form.intent === "price") changed = await changeProductsPrice(db, { productIds: form.ids, percent: form.percent }, actor);
    else changed = await setProductsStatus(db, { productIds: form.ids, action: form.intent }, actor);
  } catch (error) {
    return formError(submission, error);
  }
  addStaffNotice(context, { kind: "success", key: `atelier-catalog:bulk.done.${form.intent}`, values: { count: String(changed.length) } });
  throw redirect(atelierRedirectTarget(context, form.back ?? atelierHref(context, "/atelier/products")), 303);
}

export const headers = privatePageHeaders;

export default function AtelierProducts({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("atelier-catalog");
  const { href, locale } = useLocale();
  const { pathname, search } = useLocation();
  const { query, products, page, hasNext, categories, lowStockThreshold } = loaderData;
  const categoryName = new Map(categories.map((c) => [c.id, c.label]));
  const formRef = useFormRef();
  const kit = useFormKit("bulk", actionData && "result" in actionData ? actionData.result : undefined, ["ids", "categoryId", "percent"], formRef);
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formAction?.startsWith(pathname);
  const price = (p: AdminProductRow) =>
    p.minCents === null ? <span className="text-stone">{t("list.noVariants")}</span> : p.minCents === p.maxCents ? formatMoney(p.minCents, locale) : `${formatMoney(p.minCents, locale)} – ${formatMoney(p.maxCents!, locale)}`;
  const columns: Column<AdminProductRow>[] = [
    {
      key: "pick",
      header: <span className="sr-only">{t("list.select")}</span>,
      cell: (p) => <input type="checkbox" name="ids" value={p.id} form="products-bulk" aria-label={t("list.selectOne", { name: p.name })} className="size-5 accent-ink" />,
    },
    {
      key: "name",
      header: t("list.name"),
      rowHeader: true,
      cell: (p) => (
        <>
          <Link to={href(`/atelier/products/${p.id}`)} className={TABLE_LINK}>
            {p.name}
          </Link>{" "}
          <span className="block text-xs font-normal text-stone sm:hidden">{categoryName.get(p.categoryId)}</span>
        </>
      ),
    },
    { key: "category", header: t("list.category"), wide: true, cell: (p) => categoryName.get(p.categoryId) ?? "—" },
    { key: "status", header: t("list.status"), cell: (p) => <ProductStateBadge state={p.state} /> },
    { key: "price", header: t("list.price"), numeric: true, wide: true, cell: (p) => <span className="whitespace-nowrap">{price(p)}</span> },
    {
      key: "stock",
      header: t("list.stock"),
      numeric: true,
      cell: (p) => <span className={p.stock <= 0 ? "text-sale" : ""}>{p.stock}</span>,
    },
  ];
  const filtered = Boolean(query.q || query.categoryId || query.state || query.stock);
  return (
    <>
      <PageHeader
        title={t("list.title")}
        description={t("list.description")}
        actions={
          <Link to={href("/atelier/products/new")} className="btn btn-primary">
            {t("list.new")}
          </Link>
        }
      />
      <SavedViews area="products" views={loaderData.views} result={actionData && "viewResult" in actionData ? actionData.viewResult : undefined} />
      <FilterBar resetTo={href("/atelier/products")}>
        <FilterField id="products-q" label={t("list.search")}>
          <input id="products-q" name="q" type="search" defaultValue={query.q} maxLength={100} autoComplete="off" className="field-input" />
        </FilterField>
        <FilterField id="products-category" label={t("list.category")}>
          <select id="products-category" name="category" defaultValue={query.categoryId ?? ""} className="field-input">
            <option value="">{t("list.any")}</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.label}
              </option>
            ))}
          </select>
        </FilterField>
        <FilterField id="products-status" label={t("list.status")}>
          <select id="products-status" name="status" defaultValue={query.state ?? ""} className="field-input">
            <option value="">{t("list.any")}</option>
            {PRODUCT_STATES.map((state) => (
              <option key={state} value={state}>
                {t(`states.${state}`)}
              </option>
            ))}
          </select>
        </FilterField>
        <FilterField id="products-stock" label={t("list.stockFilter", { count: lowStockThreshold })}>
          <select id="products-stock" name="stock" defaultValue={query.stock ?? ""} className="field-input">
            <option value="">{t("list.any")}</option>
            {PRODUCT_STOCK_FILTERS.map((stock) => (
              <option key={stock} value={stock}>
                {t(`stock.${stock}`)}
              </option>
            ))}
          </select>
        </FilterField>
        <FilterField id="products-sort" label={t("list.sort")}>
          <select id="products-sort" name="sort" defaultValue={query.sort} className="field-input">
            {PRODUCT_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {t(`sorts.${sort}`)}
              </option>
            ))}
          </select>
        </FilterField>
      </FilterBar>
      {/* The bulk form: its checkboxes sit in the table's rows (form="products-bulk"). */}
      <Form id="products-bulk" method="post" ref={formRef} className="mb-3 flex flex-wrap items-start gap-x-6 gap-y-3" aria-label={t("bulk.label")}>
        <input type="hidden" name="back" value={pathname + search} />
        {/* Enter in a field presses the form's first button: this one (the percentage's), never "Publish". */}
        <button type="submit" name="intent" value="price" hidden tabIndex={-1} aria-label={t("bulk.price")} />
        <div className="flex flex-wrap items-center gap-2 self-end">
          <span className="text-sm text-stone">{t("bulk.intro")}</span>
          {BULK_ACTIONS.map((intent) => (
            // formNoValidate: a percentage typed but not sent does not hold up a status change.
            <button key={intent} type="submit" name="intent" value={intent} formNoValidate className="btn btn-secondary px-3 text-xs" disabled={pending} aria-busy={pending || undefined}>
              {t(`bulk.${intent}`)}
            </button>
          ))}
        </div>
        <div>
          <label htmlFor="bulk-categoryId" className="mb-1 block text-sm font-medium">
            {t("bulk.categoryLabel")}
          </label>
          <div className="flex flex-wrap items-center gap-2">
            <select {...controlProps(kit, "categoryId")} defaultValue={kit.value("categoryId")} className="field-input w-auto">
              <option value="">{t("bulk.categoryChoose")}</option>
              {categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.label}
                </option>
              ))}
            </select>
            <button type="submit" name="intent" value="category" formNoValidate className="btn btn-secondary px-3 text-xs" disabled={pending} aria-busy={pending || undefined}>
              {t("bulk.category")}
            </button>
          </div>
          <FieldError id="bulk-categoryId-error" errors={kit.errors("categoryId")} />
        </div>
        <div>
          <label htmlFor="bulk-percent" className="mb-1 block text-sm font-medium">
            {t("bulk.percentLabel")}
          </label>
          <div className="flex flex-wrap items-center gap-2">
            <input
              {...controlProps(kit, "percent", { hint: true })}
              type="number"
              min={PRICE_PERCENT_MIN}
              max={PRICE_PERCENT_MAX}
              step={1}
              defaultValue={kit.value("percent")}
              autoComplete="off"
              className="field-input w-28"
            />
            <button type="submit" name="intent" value="price" className="btn btn-secondary px-3 text-xs" disabled={pending} aria-busy={pending || undefined}>
              {t("bulk.price")}
            </button>
          </div>
          <Hint id="bulk-percent-hint">{t("bulk.percentHint")}</Hint>
          <FieldError id="bulk-percent-error" errors={kit.errors("percent")} />
        </div>
        <div className="basis-full">
          <FormErrors kit={{ ...kit, formErrors: [...(kit.formErrors ?? []), ...(kit.errors("ids") ?? []), ...(kit.errors("status") ?? [])] }} />
        </div>
      </Form>
      <DataTable
        caption={filtered ? t("list.captionFiltered") : t("list.caption")}
        captionHidden
        columns={columns}
        rows={products}
        rowKey={(p) => p.id}
        empty={filtered ? t("list.emptyFiltered") : t("list.empty")}
      />
      <Pager page={page} hasNext={hasNext} search={search} />
    </>
  );
}

export const meta: Route.MetaFunction = ({ data }) => atelierMeta(data?.title);

export const ErrorBoundary = AtelierErrorBoundary;

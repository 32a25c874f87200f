import { Form, Link, data, redirect, useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/products";
import { AtelierErrorBoundary } from "~/components/atelier/atelier-error";
import { type Column, DataTable } from "~/components/atelier/data-table";
import { FilterBar, FilterField } from "~/components/atelier/filter-bar";
import { atelierMeta } from "~/components/atelier/meta";
import { PageHeader } from "~/components/atelier/page-header";
import { Pager } from "~/components/atelier/pager";
import { ProductStateBadge } from "~/components/atelier/product-state-badge";
import { FormErrors, useFormKit, useFormRef } from "~/components/ui/form-kit";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { pickTexts } from "~/i18n/resources";
import { getAtelierContext } from "~/middleware/request-context.server";
import { BULK_ACTIONS, PRODUCT_SORTS, PRODUCT_STOCK_FILTERS, ProductBulkSchema, parseProductListQuery } from "~/modules/catalog/product-admin.schema";
import { type AdminProductRow, categoryOptions, searchAdminProducts, setProductsStatus } from "~/modules/catalog/product-admin.service.server";
import { PRODUCT_STATES } from "~/modules/catalog/product-status";
import { formError, invalidForm, parseForm, readFormData } from "~/utils/form.server";
import { formatMoney } from "~/utils/money";
import { privatePageHeaders } from "~/utils/private-page-headers";
import { addStaffNotice, atelierHref, atelierRedirectTarget, staffActor } from "./staff-context.server";

// /atelier/products: the catalogue, searched by name (either language) or SKU, filtered by
// category (with the categories below it), state and stock, sorted and paged with one GET form
// (?q=&category=&status=&stock=&sort=&page=; anything unusable falls back to the default). Ticked
// rows are published, taken back to draft or archived by one POST form that works without
// JavaScript; each product changed gets its audit entry and the storefront follows at once.
const TABLE_LINK = "link decoration-stone underline-offset-2";

export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, locale, tns } = getAtelierContext(context);
  const query = parseProductListQuery(new URL(request.url).searchParams);
  const [result, categories] = await Promise.all([searchAdminProducts(db, locale, query), categoryOptions(db, locale)]);
  return { query, ...result, categories, title: tns("atelier-catalog")("list.title"), texts: pickTexts(locale, ["atelier-catalog"]) };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { db, staff: viewer } = getAtelierContext(context);
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  if (typeof intent !== "string" || !(BULK_ACTIONS as readonly string[]).includes(intent)) throw data({ message: "Unknown intent." }, { status: 400 });
  const submission = parseForm(formData, ProductBulkSchema);
  if (submission.status !== "success") return invalidForm(submission);
  let changed: number[];
  try {
    changed = await setProductsStatus(db, { productIds: submission.value.ids, action: submission.value.intent }, staffActor(viewer));
  } catch (error) {
    return formError(submission, error);
  }
  addStaffNotice(context, { kind: "success", key: `atelier-catalog:bulk.done.${submission.value.intent}`, values: { count: String(changed.length) } });
  throw redirect(atelierRedirectTarget(context, submission.value.back ?? atelierHref(context, "/atelier/products")), 303);
}

export const headers = privatePageHeaders;

export default function AtelierProducts({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("atelier-catalog");
  const { href, locale } = useLocale();
  const { pathname, search } = useLocation();
  const { query, products, page, hasNext, categories, lowStockThreshold } = loaderData;
  const categoryName = new Map(categories.map((c) => [c.id, c.label]));
  const formRef = useFormRef();
  const kit = useFormKit("bulk", actionData?.result, ["ids"], formRef);
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
      <Form id="products-bulk" method="post" ref={formRef} className="mb-3 flex flex-wrap items-center gap-2" aria-label={t("bulk.label")}>
        <input type="hidden" name="back" value={pathname + search} />
        <span className="text-sm text-stone">{t("bulk.intro")}</span>
        {BULK_ACTIONS.map((intent) => (
          <button key={intent} type="submit" name="intent" value={intent} className="btn btn-secondary px-3 text-xs" disabled={pending} aria-busy={pending || undefined}>
            {t(`bulk.${intent}`)}
          </button>
        ))}
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

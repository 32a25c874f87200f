import { useLocation } from "react-router";
import type { Route } from "./+types/backstock";
import { AtelierErrorBoundary } from "~/components/atelier/atelier-error";
import { DataTable } from "~/components/atelier/data-table";
import { FilterBar, FilterField } from "~/components/atelier/filter-bar";
import { atelierMeta } from "~/components/atelier/meta";
import { PageHeader } from "~/components/atelier/page-header";
import { Pager } from "~/components/atelier/pager";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { pickTexts } from "~/i18n/resources";
import { getAtelierContext } from "~/middleware/request-context.server";
import { DEMAND_SORTS, parseDemandQuery } from "~/modules/backstock/backstock-demand.schema";
import { demandByVariant } from "~/modules/backstock/backstock-demand.service.server";
import { formatLongDate } from "~/utils/dates";
import { privatePageHeaders } from "~/utils/private-page-headers";

// /atelier/backstock: the variants shoppers wait for (back-in-stock requests not yet mailed), with
// the stock now, how many wait and since when; sorted and paged by a GET form (?sort, ?page; bad
// values fall back to the defaults). Read only: the e-mails go out by themselves when the stock
// comes back (app/modules/catalog/stock.service.server.ts).
export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, locale, tns } = getAtelierContext(context);
  const query = parseDemandQuery(new URL(request.url).searchParams);
  const result = await demandByVariant(db, { locale, sort: query.sort, page: query.page });
  return { ...result, sort: query.sort, title: tns("atelier-dashboard")("meta.backstock"), texts: pickTexts(locale, ["atelier-dashboard"]) };
}

export const headers = privatePageHeaders;

const SORT_LABEL = { waiting: "backstock.sortWaiting", oldest: "backstock.sortOldest", stock: "backstock.sortStock" } as const;

export default function AtelierBackstock({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("atelier-dashboard");
  const { href, locale } = useLocale();
  const { search } = useLocation();
  const { variants, total, page, pageCount, sort } = loaderData;
  return (
    <>
      <PageHeader title={t("backstock.title")} description={t("backstock.intro")} />
      <FilterBar resetTo={href("/atelier/backstock")}>
        <FilterField id="backstock-sort" label={t("backstock.sort")}>
          <select id="backstock-sort" name="sort" defaultValue={sort} className="field-input">
            {DEMAND_SORTS.map((value) => (
              <option key={value} value={value}>
                {t(SORT_LABEL[value])}
              </option>
            ))}
          </select>
        </FilterField>
      </FilterBar>
      <p className="mb-3 text-sm text-stone" role="status">
        {total ? t("backstock.count", { count: total }) : t("backstock.empty")}
      </p>
      <DataTable
        caption={t("backstock.title")}
        captionHidden
        rows={variants}
        rowKey={(v) => v.variantId}
        empty={t("backstock.empty")}
        columns={[
          {
            key: "product",
            header: t("backstock.product"),
            rowHeader: true,
            cell: (v) => (
              <>
                {v.url ? (
                  <a href={v.url} className="link font-normal decoration-stone/50">
                    {v.productName}
                  </a>
                ) : (
                  <span className="font-normal">{v.productName}</span>
                )}{" "}
                <span className="block text-xs font-normal text-stone sm:hidden">{v.colorName}</span>
              </>
            ),
          },
          { key: "sku", header: t("backstock.sku"), wide: true, cell: (v) => <span className="font-mono text-xs">{v.sku}</span> },
          { key: "color", header: t("backstock.color"), wide: true, cell: (v) => v.colorName },
          { key: "size", header: t("backstock.size"), cell: (v) => v.size },
          { key: "stock", header: t("backstock.stock"), numeric: true, cell: (v) => (v.stock <= 0 ? <span className="text-sale">{t("backstock.soldOut")}</span> : v.stock) },
          { key: "waiting", header: t("backstock.waiting"), numeric: true, cell: (v) => v.waiting },
          { key: "oldest", header: t("backstock.oldest"), wide: true, cell: (v) => formatLongDate(v.oldestAt, locale) },
        ]}
      />
      <Pager page={page} hasNext={page < pageCount} search={search} />
    </>
  );
}

export const meta: Route.MetaFunction = ({ data }) => atelierMeta(data?.title);

export const ErrorBoundary = AtelierErrorBoundary;

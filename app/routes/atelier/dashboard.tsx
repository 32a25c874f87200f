import { Link } from "react-router";
import type { Route } from "./+types/dashboard";
import { AtelierErrorBoundary } from "~/components/atelier/atelier-error";
import { DashboardSalesChart } from "~/components/atelier/dashboard-sales-chart";
import { DataTable } from "~/components/atelier/data-table";
import { atelierMeta } from "~/components/atelier/meta";
import { PageHeader } from "~/components/atelier/page-header";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { pickTexts } from "~/i18n/resources";
import { getAtelierContext } from "~/middleware/request-context.server";
import { loadDashboard } from "~/modules/dashboard/dashboard.service.server";
import { sellerIdentityMissing } from "~/modules/settings/seller.service.server";
import { formatMoney } from "~/utils/money";
import { privatePageHeaders } from "~/utils/private-page-headers";

// /atelier: the dashboard. Sales on Italy's calendar (today, 7 and 30 days, a chart of the 30
// days), the desk's work linking to the lists it counts, low stock, and the sold-out sizes
// shoppers wait for. Reads only; a fixed number of statements (dashboard.service.server.ts).
export async function loader({ context }: Route.LoaderArgs) {
  const { db, locale, tns, staff: viewer } = getAtelierContext(context);
  const dashboard = await loadDashboard(db, { locale });
  // Until the owner sets the seller's fiscal identity, the shop runs on the demo's and issues no invoice.
  const seller = (await sellerIdentityMissing(db)) ? { canSet: viewer.role === "owner" } : null;
  return { ...dashboard, seller, title: tns("atelier-dashboard")("meta.dashboard"), texts: pickTexts(locale, ["atelier-dashboard"]) };
}

export const headers = privatePageHeaders;

type Figures = Route.ComponentProps["loaderData"]["sales"]["today"];

export default function AtelierDashboard({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("atelier-dashboard");
  const { href, locale } = useLocale();
  const { sales, desk, lowStock, demand, seller } = loaderData;
  const work = [
    { key: "toShip", count: desk.toShip, to: href("/atelier/orders?status=confirmed") },
    { key: "transfersWaiting", count: desk.transfersWaiting, to: href("/atelier/orders?status=pending_payment&payment=awaiting_transfer") },
    { key: "returnsToReceive", count: desk.returnsToReceive, to: href("/atelier/returns") },
  ] as const;
  return (
    <>
      <PageHeader title={t("dashboard.title")} description={t("dashboard.intro")} />

      {seller ? (
        <section aria-labelledby="seller-missing-title" className="mb-8 border border-terracotta bg-paper p-4" data-testid="seller-missing">
          <h2 id="seller-missing-title" className="text-2xl">
            {t("dashboard.sellerMissing")}
          </h2>
          <p className="mt-1 text-sm">{t("dashboard.sellerMissingBody")}</p>
          <p className="mt-3 text-sm">
            {seller.canSet ? (
              <Link to={href("/atelier/settings/fiscal")} className="btn btn-secondary">
                {t("dashboard.sellerMissingLink")}
              </Link>
            ) : (
              t("dashboard.sellerMissingOwner")
            )}
          </p>
        </section>
      ) : null}

      <section aria-labelledby="sales-title" className="mb-8">
        <h2 id="sales-title" className="mb-3 text-2xl">
          {t("dashboard.sales")}
        </h2>
        <div className="mb-6 grid gap-3 sm:grid-cols-3">
          <SalesCard title={t("dashboard.today")} figures={sales.today} testId="sales-today" />
          <SalesCard title={t("dashboard.last7")} figures={sales.last7} testId="sales-7" />
          <SalesCard title={t("dashboard.last30")} figures={sales.last30} testId="sales-30" />
        </div>
        <DashboardSalesChart days={sales.days} locale={locale} />
      </section>

      <section aria-labelledby="work-title" className="mb-8">
        <h2 id="work-title" className="mb-3 text-2xl">
          {t("dashboard.work")}
        </h2>
        <ul className="grid gap-3 sm:grid-cols-3">
          {work.map((item) => (
            <li key={item.key}>
              <Link to={item.to} className="group flex items-baseline justify-between gap-3 border border-line bg-paper px-4 py-3 hover:border-ink" data-testid={`work-${item.key}`}>
                <span className="text-sm group-hover:underline">{t(`dashboard.${item.key}`)}</span>{" "}
                <span className="text-2xl font-medium tabular-nums">{item.count}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <div className="grid gap-8 desk:grid-cols-2">
        <section aria-labelledby="low-title">
          <h2 id="low-title" className="mb-1 text-2xl">
            {t("dashboard.lowStock")}
          </h2>
          <p className="mb-3 text-sm text-stone">
            {lowStock.threshold <= 0
              ? t("dashboard.lowStockOff")
              : lowStock.total === 0
                ? t("dashboard.lowStockNone", { threshold: lowStock.threshold })
                : `${t("dashboard.lowStockIntro", { count: lowStock.total, threshold: lowStock.threshold })}${lowStock.soldOut ? `, ${t("dashboard.lowStockSoldOut", { count: lowStock.soldOut })}` : ""}.` +
                  (lowStock.variants.length ? ` ${t("dashboard.lowStockMore")}` : "")}
          </p>
          {lowStock.variants.length ? (
            <DataTable
              caption={t("dashboard.lowStock")}
              captionHidden
              rows={lowStock.variants}
              rowKey={(v) => v.id}
              columns={[
                { key: "product", header: t("dashboard.product"), rowHeader: true, cell: (v) => <ProductCell name={v.productName} color={v.colorName} url={v.url} /> },
                { key: "color", header: t("dashboard.color"), wide: true, cell: (v) => v.colorName },
                { key: "size", header: t("dashboard.size"), cell: (v) => v.size },
                { key: "stock", header: t("dashboard.stock"), numeric: true, cell: (v) => (v.stock <= 0 ? <span className="text-sale">{t("dashboard.soldOut")}</span> : v.stock) },
              ]}
            />
          ) : null}
        </section>

        <section aria-labelledby="demand-title">
          <h2 id="demand-title" className="mb-3 text-2xl">
            {t("dashboard.demand")}
          </h2>
          <DataTable
            caption={t("dashboard.demand")}
            captionHidden
            rows={demand}
            rowKey={(d) => d.variantId}
            empty={t("dashboard.demandNone")}
            columns={[
              { key: "product", header: t("dashboard.product"), rowHeader: true, cell: (d) => <ProductCell name={d.productName} color={d.colorName} url={d.url} /> },
              { key: "color", header: t("dashboard.color"), wide: true, cell: (d) => d.colorName },
              { key: "size", header: t("dashboard.size"), cell: (d) => d.size },
              { key: "waiting", header: t("dashboard.waiting"), numeric: true, cell: (d) => d.waiting },
            ]}
          />
          <p className="mt-3 text-sm">
            <Link to={href("/atelier/backstock")} className="link decoration-stone/50">
              {t("dashboard.allRequests")}
            </Link>
          </p>
        </section>
      </div>
    </>
  );
}

/** A product's name (a link to its page in the shop), with its colour below on a phone, where the colour column is hidden. */
function ProductCell({ name, color, url }: { name: string; color: string; url: string | null }) {
  return (
    <>
      {url ? (
        <a href={url} className="link font-normal decoration-stone/50">
          {name}
        </a>
      ) : (
        <span className="font-normal">{name}</span>
      )}{" "}
      <span className="block text-xs font-normal text-stone sm:hidden">{color}</span>
    </>
  );
}

function SalesCard({ title, figures, testId }: { title: string; figures: Figures; testId: string }) {
  const { t } = useTranslation("atelier-dashboard");
  const { locale } = useLocale();
  return (
    <section className="border border-line bg-paper p-4" aria-label={title} data-testid={testId}>
      <h3 className="mb-2 font-sans text-xs font-semibold tracking-[0.12em] text-stone uppercase">{title}</h3>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2">
        <div>
          <dt className="text-xs text-stone">{t("dashboard.revenue")}</dt>
          <dd className="text-xl font-medium tabular-nums">{formatMoney(figures.revenueCents, locale)}</dd>
        </div>
        <div>
          <dt className="text-xs text-stone">{t("dashboard.orders")}</dt>
          <dd className="text-xl font-medium tabular-nums">{figures.orders}</dd>
        </div>
        <div>
          <dt className="text-xs text-stone">{t("dashboard.average")}</dt>
          <dd className="tabular-nums">{formatMoney(figures.averageCents, locale)}</dd>
        </div>
        <div>
          <dt className="text-xs text-stone">{t("dashboard.refunds")}</dt>
          <dd className="tabular-nums">{figures.refundsCents ? `−${formatMoney(figures.refundsCents, locale)}` : formatMoney(0, locale)}</dd>
        </div>
      </dl>
    </section>
  );
}

export const meta: Route.MetaFunction = ({ data }) => atelierMeta(data?.title);

export const ErrorBoundary = AtelierErrorBoundary;

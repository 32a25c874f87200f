import { Link } from "react-router";
import type { Route } from "./+types/account-orders";
import { OrderPictures } from "~/components/order/order-pictures";
import { OrderStatusBadges } from "~/components/order/order-status";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { pickTexts } from "~/i18n/resources";
import { getRequestContext } from "~/middleware/request-context.server";
import { requireAccountHolder } from "./login-redirect.server";
import { listAccountOrders, orderPictures } from "~/modules/order/order.service.server";
import { formatLongDate } from "~/utils/dates";
import { formatMoney } from "~/utils/money";
import { seoMeta } from "~/utils/seo";
import { withDateArticlesT } from "~/utils/date-article";

// /account/orders: the account's orders, newest first, ten to a page (?page=N; a page past the
// last shows the last, anything else the first).
export async function loader({ context, request }: Route.LoaderArgs) {
  const userId = await requireAccountHolder(context, request);
  const { db, env, locale, tns, href } = getRequestContext(context);
  const requested = Number(new URL(request.url).searchParams.get("page"));
  const history = await listAccountOrders(db, userId, Number.isSafeInteger(requested) && requested > 0 ? requested : 1);
  const pictures = await orderPictures(db, history.orders.map((order) => order.id), locale);
  return {
    ...history,
    orders: history.orders.map((order) => ({ ...order, pictures: pictures.get(order.id) ?? [] })),
    title: tns("orders")("meta.orders"),
    path: href("/account/orders"),
    origin: env.PUBLIC_URL,
    texts: pickTexts(locale, ["orders"]),
  };
}

export default function AccountOrders({ loaderData }: Route.ComponentProps) {
  const t = withDateArticlesT(useTranslation("orders").t);
  const { href, locale } = useLocale();
  const { orders, page, pageCount } = loaderData;
  const pageHref = (n: number) => (n === 1 ? href("/account/orders") : `${href("/account/orders")}?page=${n}`);
  return (
    <section aria-labelledby="orders-title" className="bg-paper p-6 shadow-sm desk:p-8">
      <h1 id="orders-title" className="mb-6 text-3xl">
        {t("list.title")}
      </h1>
      {orders.length === 0 ? (
        <>
          <p className="mb-6 text-stone">{t("list.empty")}</p>
          <Link to={href("/categories/donna")} className="btn btn-primary">
            {t("list.emptyCta")}
          </Link>
        </>
      ) : (
        <>
          <ul className="divide-y divide-line border-y border-line" data-testid="order-list">
            {orders.map((order) => (
              <li key={order.id} className="grid grid-cols-[1fr_auto] items-center gap-x-5 gap-y-3 py-5 sm:grid-cols-[13.25rem_1fr_auto]" data-testid="order-row">
                {/* Up to four pictures (4 × 48 px and the gaps): the columns line up from row to row. */}
                <div>
                  <OrderPictures pictures={order.pictures} to={href(`/account/orders/${order.id}`)} />
                </div>
                {/* Phones: the pictures and the total on one line, the rest under them. */}
                <div className="min-w-0 space-y-2 max-sm:col-span-2 max-sm:row-start-2">
                  <p className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
                    <Link to={href(`/account/orders/${order.id}`)} className="link font-medium" aria-label={t("list.view", { number: order.number })}>
                      {order.number}
                    </Link>
                    <span className="text-sm text-stone">{formatLongDate(order.placedAt, locale)}</span>
                    <span className="text-sm text-stone">{t("list.items", { count: order.itemCount })}</span>
                  </p>
                  <OrderStatusBadges status={order.status} paymentStatus={order.paymentStatus} shippingStatus={order.shippingStatus} />
                </div>
                <p className="amount text-right max-sm:col-start-2 max-sm:row-start-1">{formatMoney(order.totalCents, locale)}</p>
              </li>
            ))}
          </ul>
          {pageCount > 1 ? (
            <nav aria-label={t("list.pages")} className="mt-6 flex items-center justify-between gap-4 text-sm">
              {page > 1 ? (
                <Link to={pageHref(page - 1)} className="btn btn-secondary" rel="prev">
                  {t("list.previous")}
                </Link>
              ) : (
                <span />
              )}
              <span aria-current="page">{t("list.page", { page, count: pageCount })}</span>
              {page < pageCount ? (
                <Link to={pageHref(page + 1)} className="btn btn-secondary" rel="next">
                  {t("list.next")}
                </Link>
              ) : (
                <span />
              )}
            </nav>
          ) : null}
        </>
      )}
    </section>
  );
}

export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData ? seoMeta({ title: `${loaderData.title} | Bottega`, path: loaderData.path, origin: loaderData.origin, noindex: true }) : [];

export const ErrorBoundary = RouteErrorBoundary;

export { privatePageHeaders as headers } from "~/utils/private-page-headers";

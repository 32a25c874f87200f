import { Form, Link, redirect } from "react-router";
import type { Route } from "./+types/search";
import { AtelierErrorBoundary } from "~/components/atelier/atelier-error";
import { atelierMeta } from "~/components/atelier/meta";
import { OrderDeskBadges } from "~/components/atelier/order-desk-badges";
import { PageHeader } from "~/components/atelier/page-header";
import { ShortcutList, ShortcutToggle } from "~/components/atelier/shortcuts";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { pickTexts } from "~/i18n/resources";
import { getAtelierContext } from "~/middleware/request-context.server";
import { atelierSearchText, searchAtelier } from "~/modules/dashboard/atelier-search.service.server";
import { ATELIER_SEARCH_MAX_LENGTH } from "~/modules/dashboard/atelier-search";
import { formatRomeShortDateTime } from "~/utils/dates";
import { formatMoney } from "~/utils/money";
import { privatePageHeaders } from "~/utils/private-page-headers";

// /atelier/search?q=…: the header's search (issue 42 part 7), a GET form that works without
// JavaScript. A few orders, customers and products matching the words, each kind only for a
// member who may open its list, each with a link to that list searched with the same words; an
// order's complete number goes straight to the order. The keyboard shortcuts are listed here.

export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, locale, tns, href, staff } = getAtelierContext(context);
  const q = atelierSearchText(new URL(request.url).searchParams.get("q"));
  const result = await searchAtelier(db, locale, q, staff.capabilities);
  if (result.exactOrderId !== null) throw redirect(href(`/atelier/orders/${result.exactOrderId}`));
  const t = tns("atelier");
  return {
    ...result,
    title: q ? t("search.titleFor", { q }) : t("search.title"),
    texts: pickTexts(locale, ["atelier", "atelier-orders"]),
  };
}

export const headers = privatePageHeaders;

function Section({ id, title, count, all, allLabel, children }: { id: string; title: string; count: number; all: string; allLabel: string; children: React.ReactNode }) {
  const { t } = useTranslation("atelier");
  return (
    <section aria-labelledby={id} className="border border-line bg-paper p-4">
      <h2 id={id} className="mb-3 text-xl">
        {title}
      </h2>
      {count ? children : <p className="text-sm text-stone">{t("search.none")}</p>}
      {count ? (
        <p className="mt-3 text-sm">
          <Link to={all} className="link">
            {allLabel}
          </Link>
        </p>
      ) : null}
    </section>
  );
}

export default function AtelierSearch({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("atelier");
  const { href, locale } = useLocale();
  const { q, orders, customers, products } = loaderData;
  const withQ = (path: string) => `${href(path)}?${new URLSearchParams({ q })}`;
  return (
    <>
      <PageHeader title={loaderData.title} description={t("search.intro")} />
      <Form method="get" action={href("/atelier/search")} role="search" aria-label={t("search.refine")} className="mb-6 flex max-w-xl gap-2">
        <label htmlFor="search-q" className="sr-only">
          {t("search.refine")}
        </label>
        <input id="search-q" name="q" type="search" defaultValue={q} maxLength={ATELIER_SEARCH_MAX_LENGTH} placeholder={t("shell.searchPlaceholder")} className="field-input" />
        <button type="submit" className="btn btn-primary">
          {t("shell.searchSubmit")}
        </button>
      </Form>
      {q ? (
        <div className="grid gap-6 xl:grid-cols-3">
          {orders ? (
            <Section id="search-orders" title={t("search.orders")} count={orders.length} all={withQ("/atelier/orders")} allLabel={t("search.allOrders", { q })}>
              <ul className="divide-y divide-line text-sm">
                {orders.map((order) => (
                  <li key={order.id} className="py-2">
                    <Link to={href(`/atelier/orders/${order.id}`)} className="link font-mono">
                      {order.number}
                    </Link>{" "}
                    <span className="text-stone">
                      {order.firstName} {order.lastName} · {formatRomeShortDateTime(order.placedAt, locale)} · {formatMoney(order.totalCents, locale)}
                    </span>
                    <span className="mt-1 block">
                      <OrderDeskBadges status={order.status} paymentStatus={order.paymentStatus} shippingStatus={order.shippingStatus} />
                    </span>
                  </li>
                ))}
              </ul>
            </Section>
          ) : null}
          {customers ? (
            <Section
              id="search-customers"
              title={t("search.customers")}
              count={customers.customers.length + customers.withoutAccount.length}
              all={withQ("/atelier/customers")}
              allLabel={t("search.allCustomers", { q })}
            >
              <ul className="divide-y divide-line text-sm">
                {customers.customers.map((customer) => (
                  <li key={customer.id} className="py-2">
                    <Link to={href(`/atelier/customers/${customer.id}`)} className="link">
                      {customer.lastName} {customer.firstName}
                    </Link>{" "}
                    <span className="break-all text-stone">{customer.email}</span>
                  </li>
                ))}
              </ul>
              {customers.withoutAccount.length ? (
                <>
                  <h3 className="mt-3 text-sm font-medium">{t("search.guests")}</h3>
                  <ul className="divide-y divide-line text-sm">
                    {customers.withoutAccount.slice(0, 8).map((guest) => (
                      <li key={guest.email} className="py-2">
                        <Link to={`${href("/atelier/customers/guest")}?${new URLSearchParams({ email: guest.email })}`} className="link break-all">
                          {guest.email}
                        </Link>{" "}
                        <span className="text-stone">
                          {guest.lastName} {guest.firstName}
                        </span>
                      </li>
                    ))}
                  </ul>
                </>
              ) : null}
            </Section>
          ) : null}
          {products ? (
            <Section id="search-products" title={t("search.products")} count={products.length} all={withQ("/atelier/products")} allLabel={t("search.allProducts", { q })}>
              <ul className="divide-y divide-line text-sm">
                {products.map((product) => (
                  <li key={product.id} className="py-2">
                    <Link to={href(`/atelier/products/${product.id}`)} className="link">
                      {product.name}
                    </Link>{" "}
                    <span className="text-stone">{product.minCents === null ? "" : formatMoney(product.minCents, locale)}</span>
                  </li>
                ))}
              </ul>
            </Section>
          ) : null}
        </div>
      ) : null}
      <section aria-labelledby="shortcuts-title" className="mt-8 max-w-xl text-sm">
        <h2 id="shortcuts-title" className="mb-2 text-xl">
          {t("search.shortcuts")}
        </h2>
        <p className="mb-2 text-stone">{t("search.shortcutsIntro")}</p>
        <ShortcutList />
        <ShortcutToggle />
      </section>
    </>
  );
}

export const meta: Route.MetaFunction = ({ data }) => atelierMeta(data?.title);

export const ErrorBoundary = AtelierErrorBoundary;

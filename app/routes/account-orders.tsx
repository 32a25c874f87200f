import { data, Link } from "react-router";
import type { Route } from "./+types/account-orders";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { getRequestContext } from "~/middleware/request-context.server";
import { seoMeta } from "~/utils/seo";

// The account's orders. Orders come with the Checkout issue; until then every account has none,
// and an order page for any number is the designed 404.
export async function loader({ context, params }: Route.LoaderArgs) {
  const { env, tns, href } = getRequestContext(context);
  const t = tns("account");
  if (params.id !== undefined) throw data({ message: t("account.orderNotFound") }, { status: 404 });
  return { title: t("account.ordersTitle"), path: href("/account/orders"), origin: env.PUBLIC_URL, orders: [] as never[] };
}

export default function AccountOrders() {
  const { t } = useTranslation("account");
  const { href } = useLocale();
  return (
    <section aria-labelledby="orders-title" className="bg-paper p-6 shadow-sm desk:p-8">
      <h1 id="orders-title" className="mb-6 text-3xl">
        {t("account.ordersTitle")}
      </h1>
      <p className="mb-6 text-stone">{t("account.ordersEmpty")}</p>
      <Link to={href("/categories/donna")} className="btn btn-primary">
        {t("account.ordersEmptyCta")}
      </Link>
    </section>
  );
}

export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData ? seoMeta({ title: `${loaderData.title} | Bottega`, path: loaderData.path, origin: loaderData.origin, noindex: true }) : [];

export const ErrorBoundary = RouteErrorBoundary;

export { privatePageHeaders as headers } from "~/utils/private-page-headers";

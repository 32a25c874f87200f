import { data } from "react-router";
import type { Route } from "./+types/product";
import { ComingSoon } from "~/components/layout/coming-soon";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { getLocale } from "~/middleware/i18next.server";
import { getProductAlternates } from "~/modules/catalog/product.service.server";
import { appContext } from "~/server/context.server";
import { isLocale } from "~/utils/locale";
import { seoMeta } from "~/utils/seo";

// The product page comes with the Catalogue release; the product already resolves from the
// database, so unknown slugs are 404s and the language switch follows the localized slugs.
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { db, env } = context.get(appContext);
  const locale = getLocale(context);
  const product = await getProductAlternates(db, isLocale(locale) ? locale : "it", (params["*"] ?? "").replace(/\/+$/, ""));
  if (!product) throw data(null, { status: 404 });
  return { product, path: new URL(request.url).pathname, origin: env.PUBLIC_URL, page: { alternates: product.alternates } };
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  return <ComingSoon title={loaderData.product.name} />;
}

export const meta: Route.MetaFunction = ({ data }) =>
  data ? seoMeta({ title: `${data.product.name} | Bottega`, path: data.path, alternates: data.product.alternates, origin: data.origin }) : [];

export const ErrorBoundary = RouteErrorBoundary;

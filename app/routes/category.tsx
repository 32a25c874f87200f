import { data } from "react-router";
import type { Route } from "./+types/category";
import { ComingSoon } from "~/components/layout/coming-soon";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { getLocale } from "~/middleware/i18next.server";
import { getCategoryPage } from "~/modules/catalog/category.service.server";
import { appContext } from "~/server/context.server";
import { isLocale } from "~/utils/locale";
import { seoMeta } from "~/utils/seo";

// The listing itself comes with the Catalogue release; the category already resolves from the
// database, so unknown paths are 404s and the language switch follows the localized slugs.
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { db, env } = context.get(appContext);
  const locale = getLocale(context);
  const category = await getCategoryPage(db, isLocale(locale) ? locale : "it", params["*"] ?? "");
  if (!category) throw data(null, { status: 404 });
  return {
    category,
    path: new URL(request.url).pathname,
    origin: env.PUBLIC_URL,
    page: { alternates: category.alternates },
  };
}

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  return <ComingSoon title={loaderData.category.name} />;
}

export const meta: Route.MetaFunction = ({ data }) =>
  data
    ? seoMeta({
        title: data.category.metaTitle,
        description: data.category.metaDescription,
        keywords: data.category.keywords,
        path: data.path,
        alternates: data.category.alternates,
        origin: data.origin,
      })
    : [];

export const ErrorBoundary = RouteErrorBoundary;

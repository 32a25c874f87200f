import { data } from "react-router";
import type { Route } from "./+types/static-page";
import { ComingSoon } from "~/components/layout/coming-soon";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { getInstance, getLocale } from "~/middleware/i18next.server";
import { findStaticPage } from "~/modules/content/static-pages";
import { appContext } from "~/server/context.server";
import { isLocale, localizePath } from "~/utils/locale";
import { seoMeta } from "~/utils/seo";

export async function loader({ params, context }: Route.LoaderArgs) {
  const detected = getLocale(context);
  const locale = isLocale(detected) ? detected : "it";
  const page = findStaticPage(params["*"] ?? "", locale);
  if (!page) throw data(null, { status: 404 });
  const only = page.id === "Whistleblowing";
  return {
    title: getInstance(context).t("comingSoon.features.pages"),
    path: localizePath(`/pages/${page.canonicalId}`, locale),
    origin: context.get(appContext).env.PUBLIC_URL,
    page: only ? { alternates: { it: "/pages/Whistleblowing", en: "/en" } } : { alternates: { it: `/pages/${page.canonicalId}`, en: `/en/pages/${page.canonicalId}` } },
  };
}

export default function StaticPage({ loaderData }: Route.ComponentProps) {
  return <ComingSoon title={loaderData.title} />;
}

export const meta: Route.MetaFunction = ({ data }) =>
  data ? seoMeta({ title: `${data.title} | Bottega`, path: data.path, origin: data.origin, noindex: true }) : [];

export const ErrorBoundary = RouteErrorBoundary;

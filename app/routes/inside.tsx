import { data } from "react-router";
import type { Route } from "./+types/inside";
import { ComingSoon } from "~/components/layout/coming-soon";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { getInstance } from "~/middleware/i18next.server";
import { appContext } from "~/server/context.server";
import { seoMeta } from "~/utils/seo";

// The brand's story pages live at /inside-{name}; any other single segment is not a page.
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const name = params.insideName ?? "";
  if (!/^inside-[a-z0-9-]+$/.test(name)) throw data(null, { status: 404 });
  return {
    title: getInstance(context).t("comingSoon.features.inside"),
    path: new URL(request.url).pathname,
    origin: context.get(appContext).env.PUBLIC_URL,
  };
}

export default function InsidePage({ loaderData }: Route.ComponentProps) {
  return <ComingSoon title={loaderData.title} />;
}

export const meta: Route.MetaFunction = ({ data }) =>
  data ? seoMeta({ title: `${data.title} | Bottega`, path: data.path, origin: data.origin, noindex: true }) : [];

export const ErrorBoundary = RouteErrorBoundary;

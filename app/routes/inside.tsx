import { data } from "react-router";
import type { Route } from "./+types/inside";
import { ContentArticle } from "~/components/content/content-article";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { getRequestContext } from "~/middleware/request-context.server";
import { getContentPage } from "~/modules/content/content.service.server";
import { contentEntryMeta } from "~/utils/content-meta";

// The brand's story pages live at /inside-{name}; any other single segment is not a page.
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, env, locale, i18n } = getRequestContext(context);
  const name = /^inside-([a-z0-9-]+)$/.exec(params.insideName ?? "")?.[1];
  if (!name) throw data(null, { status: 404 });
  const entry = await getContentPage(db, "inside", locale, name, i18n.getFixedT(locale, "content"));
  if (!entry) throw data(null, { status: 404 });
  return { entry, origin: env.PUBLIC_URL, page: { alternates: entry.alternates } };
}

export default function InsidePage({ loaderData }: Route.ComponentProps) {
  const { entry } = loaderData;
  return <ContentArticle title={entry.title} excerpt={entry.excerpt} html={entry.html} cover={entry.cover} />;
}

export const meta: Route.MetaFunction = ({ data }) => (data ? contentEntryMeta(data.entry, data.origin) : []);

export const ErrorBoundary = RouteErrorBoundary;

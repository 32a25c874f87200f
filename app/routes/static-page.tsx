import type { Route } from "./+types/static-page";
import { allowPageCache } from "~/middleware/page-cache.server";
import { ContentArticle } from "~/components/content/content-article";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { getRequestContext } from "~/middleware/request-context.server";
import { getStaticPage } from "~/modules/content/content.service.server";
import { findStaticPage } from "~/modules/base/static-pages";
import { contentEntryMeta } from "~/utils/content-meta";
import { notFound } from "~/utils/id-param";

// Kept by the anonymous page cache (docs/decisions/028): every shopper without a session sees it alike.
export const middleware: Route.MiddlewareFunction[] = [allowPageCache("always")];

// The static pages under /pages/{id}: FAQ, shipping, returns, legal texts… from the content
// table, with the shop's constants filled in from the settings.
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, env, locale, tns } = getRequestContext(context);
  const found = findStaticPage(params["*"] ?? "", locale);
  if (!found) throw notFound();
  const entry = await getStaticPage(db, locale, found.canonicalId, tns("content"));
  if (!entry) throw notFound();
  return { entry, origin: env.PUBLIC_URL, page: { alternates: entry.alternates } };
}

export default function StaticPage({ loaderData }: Route.ComponentProps) {
  const { entry } = loaderData;
  return <ContentArticle title={entry.title} excerpt={entry.excerpt} html={entry.html} cover={entry.cover} coverAlt={entry.coverAlt} />;
}

// Both spellings of the terms path are served; the canonical URL is the entry's own.
export const meta: Route.MetaFunction = ({ data }) => (data ? contentEntryMeta(data.entry, data.origin, "website") : []);

export const ErrorBoundary = RouteErrorBoundary;

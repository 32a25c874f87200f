import { redirect } from "react-router";
import type { Route } from "./+types/inside";
import { allowPageCache } from "~/middleware/page-cache.server";
import { ContentArticle } from "~/components/content/content-article";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { getRequestContext } from "~/middleware/request-context.server";
import { contentUrl, getContentPage } from "~/modules/content/content.service.server";
import { resolveMovedPath } from "~/modules/seo/slug-redirect.service.server";
import { contentEntryMeta } from "~/utils/content-meta";
import { notFound } from "~/utils/id-param";

// Kept by the anonymous page cache (docs/decisions/028): every shopper without a session sees it alike.
export const middleware: Route.MiddlewareFunction[] = [allowPageCache("always")];

// The brand's story pages live at /inside-{name}; any other single segment is not a page.
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { db, env, locale, tns } = getRequestContext(context);
  const name = /^inside-([a-z0-9-]+)$/.exec(params.insideName ?? "")?.[1];
  if (!name) throw notFound();
  const entry = await getContentPage(db, "inside", locale, name, tns("content"));
  if (!entry) {
    // A published story whose slug Atelier changed: a 301 to its address now.
    const moved = await resolveMovedPath(db, "inside", locale, name);
    if (moved) throw redirect(contentUrl("inside", moved, locale) + new URL(request.url).search, 301);
    throw notFound();
  }
  return { entry, origin: env.PUBLIC_URL, page: { alternates: entry.alternates } };
}

export default function InsidePage({ loaderData }: Route.ComponentProps) {
  const { entry } = loaderData;
  return <ContentArticle title={entry.title} excerpt={entry.excerpt} html={entry.html} cover={entry.cover} coverAlt={entry.coverAlt} />;
}

export const meta: Route.MetaFunction = ({ data }) => (data ? contentEntryMeta(data.entry, data.origin) : []);

export const ErrorBoundary = RouteErrorBoundary;

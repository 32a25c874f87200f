import { redirect } from "react-router";
import type { Route } from "./+types/content-entry";
import { allowPageCache } from "~/middleware/page-cache.server";
import { ContentArticle } from "~/components/content/content-article";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { getRequestContext } from "~/middleware/request-context.server";
import { ProductRow } from "~/components/catalog/product-row";
import { getProductCardsBySlugs } from "~/modules/catalog/product.service.server";
import { contentUrl, getContentPage } from "~/modules/content/content.service.server";
import { resolveMovedPath } from "~/modules/seo/slug-redirect.service.server";
import { formatLongDate } from "~/utils/dates";
import { blogPostingJsonLd } from "~/utils/json-ld";
import { contentEntryMeta } from "~/utils/content-meta";
import { notFound } from "~/utils/id-param";

// Kept by the anonymous page cache (docs/decisions/028): every shopper without a session sees it alike.
export const middleware: Route.MiddlewareFunction[] = [allowPageCache("always")];

// A journal post (/blog/{slug}) or a care-guide article (/curadelcapo/{slug},
// /en/careguide/{slug}). Slugs are localized: the language switch follows the entry's own.
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { db, env, locale, tns } = getRequestContext(context);
  const url = new URL(request.url);
  const kind = /\/(curadelcapo|careguide)\//.test(url.pathname) ? "care" : "blog";
  const t = tns("content");
  const entry = await getContentPage(db, kind, locale, params.slug ?? "", t);
  if (!entry) {
    // A published slug that Atelier changed: its old address moves for good to the new one.
    const moved = await resolveMovedPath(db, kind, locale, params.slug ?? "");
    if (moved) throw redirect(contentUrl(kind, moved, locale) + url.search, 301);
    throw notFound();
  }
  // "Shop the story": the pieces its text links to, those still on sale.
  const products = entry.productSlugs.length ? await getProductCardsBySlugs(db, locale, entry.productSlugs) : [];
  const home = locale === "it" ? "/" : "/en";
  const section = kind === "care" ? (locale === "it" ? "/curadelcapo" : "/en/careguide") : `${locale === "it" ? "" : "/en"}/blog`;
  return {
    kind,
    entry,
    products,
    productRow: { title: t("story.products"), previous: t("story.productsPrevious"), next: t("story.productsNext") },
    date: kind === "blog" ? { iso: entry.publishedAt, label: formatLongDate(entry.publishedAt, locale) } : undefined,
    crumbs: [
      { name: t("breadcrumbs.home"), url: home },
      { name: t(`${kind}.title`), url: section },
      { name: entry.title, url: entry.url },
    ],
    origin: env.PUBLIC_URL,
    page: { alternates: entry.alternates },
    // Built here, not in `meta`: the builder stays out of the browser's JavaScript.
    structuredData:
      kind === "blog"
        ? blogPostingJsonLd(
            {
              headline: entry.title,
              description: entry.metaDescription || entry.excerpt,
              url: entry.url,
              image: entry.cover.src,
              datePublished: new Date(entry.publishedAt).toISOString(),
              dateModified: new Date(entry.updatedAt).toISOString(),
              inLanguage: locale === "it" ? "it-IT" : "en",
            },
            env.PUBLIC_URL,
          )
        : null,
  };
}

export default function ContentEntryPage({ loaderData }: Route.ComponentProps) {
  const { entry, date, crumbs, products, productRow } = loaderData;
  return (
    <>
      <ContentArticle title={entry.title} excerpt={entry.excerpt} html={entry.html} date={date} cover={entry.cover} coverAlt={entry.coverAlt} breadcrumbs={crumbs} />
      {products.length ? <ProductRow id="story-products" title={productRow.title} previousLabel={productRow.previous} nextLabel={productRow.next} products={products} className="border-t border-line pt-16" /> : null}
    </>
  );
}

export const meta: Route.MetaFunction = ({ data }) =>
  data ? [...contentEntryMeta(data.entry, data.origin), ...(data.structuredData ? [{ "script:ld+json": data.structuredData }] : [])] : [];

export const ErrorBoundary = RouteErrorBoundary;

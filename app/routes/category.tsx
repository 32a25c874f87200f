import { useTranslation } from "~/hooks/use-translation";
import { Link, redirect } from "react-router";
import type { Route } from "./+types/category";
import { allowPageCache } from "~/middleware/page-cache.server";
import { Breadcrumbs } from "~/components/catalog/breadcrumbs";
import { ListingView } from "~/components/catalog/listing-view";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { getRequestContext } from "~/middleware/request-context.server";
import { readCatalogRevision } from "~/modules/base/revision-cache.server";
import { categoryUrl, getCachedCategoryPage } from "~/modules/catalog/category.service.server";
import { parseListingQuery } from "~/modules/catalog/listing.schema";
import { getCachedListing, PageOutOfRangeError } from "~/modules/catalog/listing.service.server";
import { resolveMovedPath } from "~/modules/seo/slug-redirect.service.server";
import { breadcrumbJsonLd } from "~/utils/json-ld";
import { seoMeta } from "~/utils/seo";
import { notFound } from "~/utils/id-param";

// Kept by the anonymous page cache (docs/decisions/028): every shopper without a session sees it alike.
export const middleware: Route.MiddlewareFunction[] = [allowPageCache("always")];

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { db, env, locale, tns } = getRequestContext(context);
  // One revision for both reads: the category and its listing come from the same catalogue.
  const revision = await readCatalogRevision(db);
  const category = await getCachedCategoryPage(db, locale, params["*"] ?? "", revision);
  const url = new URL(request.url);
  if (!category) {
    // A category whose path Atelier changed (its own slug or an ancestor's): a 301 to where it is now.
    const moved = await resolveMovedPath(db, "category", locale, params["*"] ?? "");
    if (moved) throw redirect(categoryUrl(moved, locale) + url.search, 301);
    throw notFound();
  }
  try {
    const listing = await getCachedListing(db, locale, { categoryId: category.id }, parseListingQuery(url.searchParams), revision);
    const t = tns("catalog");
    // The subtree's ids scope other reads (a discount's categories): the page does not need them.
    const { subtreeIds: _scope, ...shown } = category;
    const home = { name: t("listing.home"), url: locale === "it" ? "/" : "/en" };
    return {
      category: shown,
      listing,
      path: url.pathname,
      origin: env.PUBLIC_URL,
      home,
      page: { alternates: category.alternates },
      // Built here, not in `meta`: the builder then stays out of the browser's JavaScript.
      structuredData: breadcrumbJsonLd([home, ...category.breadcrumbs], env.PUBLIC_URL),
    };
  } catch (error) {
    // A page past the last one does not exist.
    if (error instanceof PageOutOfRangeError) throw notFound();
    throw error;
  }
}

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { category, listing, path, home } = loaderData;
  const { t } = useTranslation("catalog");
  const parent = category.breadcrumbs.at(-2);
  return (
    <div className="container-page pb-20 pt-4 desk:pt-10">
      <Breadcrumbs items={[home, ...category.breadcrumbs]} />
      {/* Tighter on phones: the first products show in the screen's upper half. */}
      <header className="mb-5 desk:mb-8">
        <h1 className="text-[2.625rem] desk:text-6xl">{category.name}</h1>
        {category.children.length || parent ? (
          <nav aria-label={t("listing.subcategories")} className="mt-4 -mx-1 flex gap-2 overflow-x-auto pb-1 desk:mt-5">
            <ul className="flex gap-2 px-1">
              {(category.children.length ? category.children : []).map((child) => (
                <li key={child.url}>
                  <Link to={child.url} className="inline-flex min-h-11 items-center whitespace-nowrap border border-line bg-paper px-4 text-sm hover:border-ink">
                    {child.name}
                  </Link>
                </li>
              ))}
              {!category.children.length && parent ? (
                <li>
                  <Link to={parent.url} className="inline-flex min-h-11 items-center whitespace-nowrap border border-line bg-paper px-4 text-sm hover:border-ink">
                    ← {t("listing.all")}: {parent.name}
                  </Link>
                </li>
              ) : null}
            </ul>
          </nav>
        ) : null}
      </header>
      <ListingView listing={listing} path={path} />
    </div>
  );
}

export const meta: Route.MetaFunction = ({ data, location }) => {
  if (!data) return [];
  const { category, listing, origin } = data;
  // Filters and sort make variants of one page: the canonical keeps only the page number.
  const pageSuffix = listing.page > 1 ? `?page=${listing.page}` : "";
  const title = listing.page > 1 ? `${category.metaTitle} (${listing.page})` : category.metaTitle;
  return [
    ...seoMeta({
      title,
      description: category.metaDescription,
      keywords: category.keywords,
      image: category.shareImage ?? undefined,
      path: location.pathname + pageSuffix,
      alternates: Object.fromEntries(Object.entries(category.alternates).map(([l, p]) => [l, p + pageSuffix])),
      origin,
    }),
    // React Router escapes the JSON it writes into the script element.
    { "script:ld+json": data.structuredData },
  ];
};

export const ErrorBoundary = RouteErrorBoundary;

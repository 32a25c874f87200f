import { useTranslation } from "~/hooks/use-translation";
import { Link } from "react-router";
import type { Route } from "./+types/search";
import { allowPageCache } from "~/middleware/page-cache.server";
import { ListingView } from "~/components/catalog/listing-view";
import { SearchForm } from "~/components/layout/header";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { useRootData } from "~/hooks/use-locale";
import { getRequestContext } from "~/middleware/request-context.server";
import { hasFilters, parseListingQuery } from "~/modules/catalog/listing.schema";
import { PageOutOfRangeError } from "~/modules/catalog/listing.service.server";
import { type SearchCategory, parseSearchCategory, recordSearch, searchCachedCatalogue } from "~/modules/catalog/search.service.server";
import { seoMeta } from "~/utils/seo";
import { notFound } from "~/utils/id-param";

// The search page: /search?q= (and /en/search). The hits are a listing, so they take its
// filters, sort and pages; the q rides along in every listing link and form (and `exact=1`, the
// "search for exactly what I typed" link, which turns the typo pass off). Each rendered search is
// counted for the owner's report (docs/decisions/049): one upsert.
const ALTERNATES = { it: "/search", en: "/en/search" };

// Kept by the anonymous page cache (docs/decisions/028), the first page of results only: the rest
// are rarely asked for. A page the cache answers is not counted again (decision 049: the report
// counts a query's repeats within the cache's 30 seconds once).
export const middleware: Route.MiddlewareFunction[] = [allowPageCache("first-page")];

export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, env, locale, tns } = getRequestContext(context);
  const url = new URL(request.url);
  try {
    const exact = url.searchParams.get("exact") === "1";
    const categoryId = parseSearchCategory(url.searchParams.get("category"));
    const result = await searchCachedCatalogue(db, locale, url.searchParams.get("q") ?? "", parseListingQuery(url.searchParams), { exact, categoryId });
    await recordSearch(db, locale, result);
    const { q, listing, correction, alternatives, categories } = result;
    const t = tns("catalog");
    return {
      q,
      listing,
      correction,
      exact,
      alternatives,
      categories,
      categoryId: result.categoryId,
      title: correction ? t("search.resultsFor", { query: correction.to }) : q ? t("search.resultsFor", { query: q }) : t("search.title"),
      path: url.pathname,
      origin: env.PUBLIC_URL,
      page: { alternates: ALTERNATES },
    };
  } catch (error) {
    // A page past the last one does not exist.
    if (error instanceof PageOutOfRangeError) throw notFound();
    throw error;
  }
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { q, listing, path, correction, exact, alternatives, categories, categoryId } = loaderData;
  const { t } = useTranslation("catalog");
  // Filters can empty a listing that has hits: then the listing itself offers to clear them.
  const noResults = listing !== null && listing.total === 0 && !hasFilters(listing.query);
  // What rides along in the listing's links and forms besides its own filters.
  const extra: Record<string, string> = { q, ...(exact ? { exact: "1" } : {}), ...(categoryId !== null ? { category: String(categoryId) } : {}) };
  return (
    <div className="container-page pb-20 pt-4 desk:pt-10">
      {/* Tighter on phones: the first results show in the screen's upper half. */}
      <header className="mb-5 desk:mb-8">
        <h1 className="mb-4 text-[2.375rem] break-words desk:mb-6 desk:text-6xl" data-testid="search-title">
          {!q ? t("search.title") : noResults ? t("search.noResults", { query: q }) : t("search.resultsFor", { query: correction ? correction.to : q })}
          {correction ? (
            <span className="mt-2 block text-xl text-stone desk:text-2xl" data-testid="search-correction">
              {t("search.didYouMeanBefore")}
              <Link to={`${path}?q=${encodeURIComponent(correction.from)}&exact=1`} className="link text-ink" aria-label={t("search.exactLink", { query: correction.from })}>
                {t("search.quoted", { query: correction.from })}
              </Link>
              {t("search.didYouMeanAfter")}
            </span>
          ) : null}
        </h1>
        <SearchForm variant="page" defaultValue={q} />
      </header>
      {listing === null ? (
        <p className="max-w-xl text-stone" data-testid="search-empty">
          {t("search.empty")}
        </p>
      ) : noResults ? (
        <NoResults path={path} alternatives={alternatives} />
      ) : (
        <>
          {categories.length > 1 || categoryId !== null ? <CategoryFilter path={path} q={q} exact={exact} categories={categories} categoryId={categoryId} /> : null}
          <ListingView listing={listing} path={path} extra={extra} />
        </>
      )}
    </div>
  );
}

/** The hits' categories with their counts: links (GET), the chosen one marked, one to show them all. */
function CategoryFilter({ path, q, exact, categories, categoryId }: { path: string; q: string; exact: boolean; categories: SearchCategory[]; categoryId: number | null }) {
  const { t } = useTranslation("catalog");
  const href = (id: number | null) => {
    const params = new URLSearchParams({ q });
    if (exact) params.set("exact", "1");
    if (id !== null) params.set("category", String(id));
    return `${path}?${params.toString()}`;
  };
  const chip = "inline-flex min-h-11 items-center gap-1.5 border px-3 text-sm";
  return (
    <nav aria-labelledby="search-categories" className="mb-6" data-testid="search-categories">
      <p id="search-categories" className="eyebrow mb-3">
        {t("search.categories")}
      </p>
      <ul className="flex flex-wrap gap-2">
        <li>
          <Link to={href(null)} className={`${chip} ${categoryId === null ? "border-ink bg-ink text-ivory" : "border-line bg-paper"}`} aria-current={categoryId === null ? "true" : undefined}>
            {t("search.allCategories")}
          </Link>
        </li>
        {categories.map((category) => (
          <li key={category.id}>
            <Link
              to={href(category.id)}
              className={`${chip} ${categoryId === category.id ? "border-ink bg-ink text-ivory" : "border-line bg-paper"}`}
              aria-current={categoryId === category.id ? "true" : undefined}
            >
              {category.label}
              <span className={categoryId === category.id ? "" : "text-stone"}>({category.count})</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Nothing found: a hint, the words to try instead, and the top categories to browse. */
function NoResults({ path, alternatives }: { path: string; alternatives: string[] }) {
  const { t } = useTranslation("catalog");
  const { menu } = useRootData();
  return (
    <section className="border border-line bg-paper px-6 py-12 text-center desk:py-16" data-testid="search-no-results">
      <p className="mx-auto mb-8 max-w-xl text-stone">{t("search.noResultsHint")}</p>
      {alternatives.length ? (
        <nav aria-labelledby="search-alternatives" className="mb-10" data-testid="search-alternatives">
          <p id="search-alternatives" className="eyebrow mb-4">
            {t("search.alternatives")}
          </p>
          <ul className="flex flex-wrap justify-center gap-3">
            {alternatives.map((word) => (
              <li key={word}>
                <Link to={`${path}?q=${encodeURIComponent(word)}`} className="btn btn-secondary" aria-label={t("search.alternativeLink", { word })}>
                  {word}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {menu.length ? (
        <nav aria-labelledby="search-suggestions">
          <p id="search-suggestions" className="eyebrow mb-4">
            {t("search.suggestions")}
          </p>
          <ul className="flex flex-wrap justify-center gap-3">
            {menu.map((top) => (
              <li key={top.id}>
                <Link to={top.url} className="btn btn-secondary">
                  {top.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </section>
  );
}

export const meta: Route.MetaFunction = ({ data, location }) =>
  data
    ? seoMeta({
        title: `${data.title} | Bottega`,
        // Result pages are endless variations of one page: kept out of the index, canonical without the query.
        path: location.pathname,
        alternates: ALTERNATES,
        origin: data.origin,
        noindex: true,
      })
    : [];

export const ErrorBoundary = RouteErrorBoundary;

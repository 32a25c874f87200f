import { useCallback, useState } from "react";
import { useTranslation } from "~/hooks/use-translation";
import { Form, Link, useLocation, useNavigation, useSubmit } from "react-router";
import { useHydrated } from "~/hooks/use-hydrated";
import { useLocale } from "~/hooks/use-locale";
import { hasFilters, type ListingQuery, listingSearch, SORTS } from "~/modules/catalog/listing.schema";
import type { Listing } from "~/modules/catalog/listing.service.server";
import { formatMoney } from "~/utils/money";
import { closeClass, FilterFields, FiltersDrawer, SheetHead } from "./listing-filters";
import { Pagination } from "./pagination";
import { ProductCard } from "./product-card";
import { WishlistHeartForm } from "./wishlist-heart";

const CARD_SIZES = "(min-width: 1280px) 20vw, (min-width: 984px) 25vw, (min-width: 640px) 33vw, 50vw";

/**
 * A product listing (category or search): one GET form holds every filter and the sort, so each
 * state is a shareable URL that works without JavaScript; with it, a change applies at once
 * without a full reload. Pages are real links.
 *
 * The filters are a sidebar on desktop. On phones "Filtri" and "Ordina" share the top row and the
 * filters open as a sheet: without JavaScript "Filtri" is a link to the section, shown over the
 * page while it is the URL's target; with it, a button that opens the same fields in a modal
 * drawer (FiltersDrawer), where choices apply with "Mostra N risultati".
 */
export function ListingView({ listing, path, extra = {} }: { listing: Listing; path: string; extra?: Record<string, string> }) {
  const { t } = useTranslation("catalog");
  const { query } = listing;
  const submit = useSubmit();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const location = useLocation();
  const [drawer, setDrawer] = useState<{ opener: HTMLElement } | null>(null);
  const closeDrawer = useCallback(() => setDrawer(null), []);
  const updating = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  const activeCount = query.sizes.length + query.colors.length + (query.minCents !== null || query.maxCents !== null ? 1 : 0) + Number(query.inStock) + Number(query.onSale);
  const hrefFor = (next: Partial<ListingQuery>) => path + listingSearch({ ...query, page: 1, ...next }, extra);
  const filtersLabel = activeCount ? t("listing.filtersActive", { count: activeCount }) : t("listing.filters");

  return (
    <>
      <Form
        method="get"
        action={path}
        preventScrollReset
        className="desk:grid desk:grid-cols-[15rem_minmax(0,1fr)] desk:gap-10"
        onChange={(event) => submit(event.currentTarget, { replace: true, preventScrollReset: true })}
      >
        {Object.entries(extra).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}

        {/* The fields live here unless the drawer holds them: one set of inputs in the form. */}
        <section id="filters" aria-label={t("listing.filters")} className="filters-sheet" data-testid="filters">
          {drawer ? null : (
            <>
              <SheetHead>
                <a href="#listing-tools" aria-label={t("listing.closeFilters")} title={t("listing.closeFilters")} className={closeClass}>
                  <span aria-hidden="true">×</span>
                </a>
              </SheetHead>
              <div className="filters-sheet-body">
                <FilterFields query={query} facets={listing.facets} />
              </div>
              <div className={`filters-sheet-foot ${hydrated ? "desk:hidden" : ""}`}>
                <button type="submit" className="btn btn-primary w-full">
                  {t("listing.apply")}
                </button>
              </div>
            </>
          )}
        </section>
        {drawer ? <FiltersDrawer listing={listing} path={path} opener={drawer.opener} onClosed={closeDrawer} /> : null}

        <div>
          <div id="listing-tools" className="mb-4 desk:flex desk:flex-wrap desk:items-center desk:justify-between desk:gap-3">
            <div className="grid grid-cols-2 border-y border-line desk:contents">
              {hydrated ? (
                <button type="button" aria-haspopup="dialog" className="listing-tool desk:hidden" onClick={(event) => setDrawer({ opener: event.currentTarget })} data-testid="filters-open">
                  <FiltersIcon />
                  {filtersLabel}
                </button>
              ) : (
                <a href="#filters" className="listing-tool desk:hidden" data-testid="filters-open">
                  <FiltersIcon />
                  {filtersLabel}
                </a>
              )}{" "}
              <label className="relative flex items-center border-l border-line text-sm desk:gap-3 desk:border-0">
                <span aria-hidden="true" className="pointer-events-none absolute left-4 top-2 text-[0.6875rem] font-semibold tracking-widest uppercase desk:hidden">
                  {t("listing.sortShort")}
                </span>{" "}
                <span className="sr-only desk:not-sr-only">{t("listing.sort")}</span>{" "}
                <select name="sort" defaultValue={query.sort} key={query.sort} className="sort-select">
                  {SORTS.map((sort) => (
                    <option key={sort} value={sort} data-current={sort === query.sort ? "" : undefined}>
                      {t(`listing.sorts.${sort}`)}
                    </option>
                  ))}
                </select>
                <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" className="pointer-events-none absolute right-3 size-4 desk:bottom-auto" fill="none" stroke="currentColor" strokeWidth="1.5">
                  <path d="M6 9l6 6 6-6" />
                </svg>
              </label>
            </div>
            <p className="mt-3 text-sm text-stone desk:order-first desk:mt-0" role="status" aria-live="polite" data-testid="result-count">
              {updating ? t("listing.loading") : t("listing.results", { count: listing.total })}
            </p>
            {/* Without JavaScript a new sort needs a submit: offered once the sort has changed (app.css). */}
            {hydrated ? null : (
              <button type="submit" className="sort-apply btn btn-secondary mt-3 w-full desk:mt-0 desk:w-auto">
                {t("listing.sortApply")}
              </button>
            )}
          </div>

          <ActiveFilters listing={listing} hrefFor={hrefFor} clearHref={path + listingSearch({ ...query, sizes: [], colors: [], minCents: null, maxCents: null, inStock: false, onSale: false, page: 1 }, extra)} />

          {/* The cards' titles are h3: this h2 keeps the outline from jumping from the page's h1. */}
          <h2 className="sr-only">{t("listing.productsHeading")}</h2>
          {listing.products.length ? (
            <ul className={`grid grid-cols-2 gap-x-4 gap-y-10 sm:grid-cols-3 xl:grid-cols-4 desk:gap-x-6 ${updating ? "opacity-60 transition-opacity" : ""}`} aria-busy={updating || undefined} data-testid="product-grid">
              {listing.products.map((product, index) => (
                <li key={product.id}>
                  <ProductCard product={product} eager={index < 4} sizes={CARD_SIZES} detachedHeart />
                </li>
              ))}
            </ul>
          ) : (
            <div className="border border-line bg-paper px-6 py-16 text-center" data-testid="empty-listing">
              <p className="mb-2 font-display text-3xl">{t("listing.empty")}</p>
              <p className="mb-6 text-stone">{t("listing.emptyHint")}</p>
              {hasFilters(query) ? (
                <Link to={path + listingSearch({ ...query, sizes: [], colors: [], minCents: null, maxCents: null, inStock: false, onSale: false, page: 1 }, extra)} className="btn btn-secondary">
                  {t("listing.clear")}
                </Link>
              ) : null}
            </div>
          )}

          <Pagination page={listing.page} pageCount={listing.pageCount} hrefFor={(page) => path + listingSearch({ ...query, page }, extra)} />
        </div>
      </Form>
      {/* The cards' hearts post these: a form may not sit inside the filters' form. */}
      {listing.products.map((product) => (
        <WishlistHeartForm key={product.id} productId={product.id} />
      ))}
    </>
  );
}

/** Three sliders: the filters. */
function FiltersIcon() {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round">
      <path d="M4 7h10M18 7h2M4 17h4M12 17h8M14 4.5v5M8 14.5v5" />
    </svg>
  );
}

function ActiveFilters({ listing, hrefFor, clearHref }: { listing: Listing; hrefFor: (next: Partial<ListingQuery>) => string; clearHref: string }) {
  const { t } = useTranslation("catalog");
  const { locale } = useLocale();
  const { query, facets } = listing;
  const chips: { label: string; href: string }[] = [
    ...query.sizes.map((size) => ({ label: `${t("listing.size")}: ${size}`, href: hrefFor({ sizes: query.sizes.filter((s) => s !== size) }) })),
    ...query.colors.map((code) => ({
      label: `${t("listing.color")}: ${facets.colors.find((c) => c.value === code)?.name ?? code}`,
      href: hrefFor({ colors: query.colors.filter((c) => c !== code) }),
    })),
  ];
  if (query.minCents !== null || query.maxCents !== null) {
    const parts = [
      query.minCents !== null ? t("listing.priceFrom", { price: formatMoney(query.minCents, locale) }) : null,
      query.maxCents !== null ? t("listing.priceTo", { price: formatMoney(query.maxCents, locale) }) : null,
    ].filter(Boolean);
    chips.push({ label: `${t("listing.price")}: ${parts.join(" ")}`, href: hrefFor({ minCents: null, maxCents: null }) });
  }
  if (query.inStock) chips.push({ label: t("listing.inStock"), href: hrefFor({ inStock: false }) });
  if (query.onSale) chips.push({ label: t("listing.onSale"), href: hrefFor({ onSale: false }) });
  if (!chips.length) return null;
  return (
    <div className="mb-6 flex flex-wrap items-center gap-2" role="group" aria-label={t("listing.active")}>
      {chips.map((chip) => (
        <Link key={chip.href + chip.label} to={chip.href} preventScrollReset aria-label={t("listing.remove", { label: chip.label })} className="inline-flex min-h-11 items-center gap-2 border border-ink px-3 text-sm hover:bg-ink hover:text-ivory">
          {chip.label}
          <span aria-hidden="true">×</span>
        </Link>
      ))}
      <Link to={clearHref} preventScrollReset className="link inline-flex min-h-11 items-center px-2 text-sm underline">
        {t("listing.clear")}
      </Link>
    </div>
  );
}

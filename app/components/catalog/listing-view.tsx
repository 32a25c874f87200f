import { useEffect, useRef } from "react";
import { useTranslation } from "~/hooks/use-translation";
import { Form, Link, useLocation, useNavigation, useSubmit } from "react-router";
import { useHydrated } from "~/hooks/use-hydrated";
import { useLocale } from "~/hooks/use-locale";
import { hasFilters, type ListingQuery, listingSearch, SORTS } from "~/modules/catalog/listing.schema";
import type { Listing } from "~/modules/catalog/listing.service.server";
import { formatMoney, toEuroInput, wholeEuros } from "~/utils/money";
import { Pagination } from "./pagination";
import { ColorDot, ProductCard } from "./product-card";

const CARD_SIZES = "(min-width: 1280px) 20vw, (min-width: 984px) 25vw, (min-width: 640px) 33vw, 50vw";

/**
 * A product listing (category or search): one GET form holds every filter and the sort, so each
 * state is a shareable URL that works without JavaScript; with it, a change applies at once
 * without a full reload. Pages are real links.
 */
export function ListingView({ listing, path, extra = {} }: { listing: Listing; path: string; extra?: Record<string, string> }) {
  const { t } = useTranslation("catalog");
  const { query, facets } = listing;
  const submit = useSubmit();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const location = useLocation();
  const drawer = useRef<HTMLDetailsElement>(null);
  const updating = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  const activeCount = query.sizes.length + query.colors.length + (query.minCents !== null || query.maxCents !== null ? 1 : 0) + Number(query.inStock) + Number(query.onSale);
  const hrefFor = (next: Partial<ListingQuery>) => path + listingSearch({ ...query, page: 1, ...next }, extra);

  // After a client-side update the drawer closes, as a new page would leave it.
  useEffect(() => {
    if (drawer.current && window.matchMedia("(max-width: 983px)").matches) drawer.current.open = false;
  }, [location.search]);

  return (
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

      <details ref={drawer} className="filters-drawer mb-4 border-y border-line desk:mb-0 desk:border-0" data-testid="filters">
        <summary className="flex min-h-11 items-center justify-between text-sm font-semibold tracking-widest uppercase">
          {activeCount ? t("listing.filtersActive", { count: activeCount }) : t("listing.filters")}
          <span aria-hidden="true" className="text-lg">
            +
          </span>
        </summary>
        <div className="space-y-6 pb-6 desk:pb-0">
          <FacetGroup legend={t("listing.size")}>
            <div className="flex flex-wrap gap-2">
              {facets.sizes.map((size) => (
                <Choice key={size.value} name="size" value={size.value} count={size.count} checked={query.sizes.includes(size.value)} variant="chip">
                  {size.value}
                </Choice>
              ))}
            </div>
          </FacetGroup>

          <FacetGroup legend={t("listing.color")}>
            <div className="grid gap-1">
              {facets.colors.map((color) => (
                <Choice key={color.value} name="color" value={color.value} count={color.count} checked={query.colors.includes(color.value)}>
                  <ColorDot hex={color.hex} className="inline-block size-4 rounded-full border border-black/25" />
                  {color.name}
                </Choice>
              ))}
            </div>
          </FacetGroup>

          <FacetGroup legend={t("listing.price")}>
            <div className="grid grid-cols-2 gap-3">
              <PriceInput name="min" label={t("listing.min")} cents={query.minCents} placeholderCents={facets.price.minCents} />
              <PriceInput name="max" label={t("listing.max")} cents={query.maxCents} placeholderCents={facets.price.maxCents} />
            </div>
            {query.priceSwapped ? (
              <p className="mt-2 text-xs text-stone" data-testid="price-swapped">
                {t("listing.priceSwapped")}
              </p>
            ) : null}
          </FacetGroup>

          <FacetGroup legend={t("listing.availability")}>
            <div className="grid gap-1">
              <Choice name="instock" value="1" count={facets.inStock} checked={query.inStock}>
                {t("listing.inStock")}
              </Choice>
              <Choice name="sale" value="1" count={facets.onSale} checked={query.onSale}>
                {t("listing.onSale")}
              </Choice>
            </div>
          </FacetGroup>

          <button type="submit" className={`btn btn-primary w-full ${hydrated ? "desk:hidden" : ""}`}>
            {t("listing.apply")}
          </button>
        </div>
      </details>

      <div>
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-stone" role="status" aria-live="polite" data-testid="result-count">
            {updating ? t("listing.loading") : t("listing.results", { count: listing.total })}
          </p>
          <label className="flex items-center gap-2 text-sm">
            {t("listing.sort")}
            <select name="sort" defaultValue={query.sort} key={query.sort} className="field-input w-auto py-2">
              {SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {t(`listing.sorts.${sort}`)}
                </option>
              ))}
            </select>
          </label>
        </div>

        <ActiveFilters listing={listing} hrefFor={hrefFor} clearHref={path + listingSearch({ ...query, sizes: [], colors: [], minCents: null, maxCents: null, inStock: false, onSale: false, page: 1 }, extra)} />

        {/* The cards' titles are h3: this h2 keeps the outline from jumping from the page's h1. */}
        <h2 className="sr-only">{t("listing.productsHeading")}</h2>
        {listing.products.length ? (
          <ul className={`grid grid-cols-2 gap-x-4 gap-y-10 sm:grid-cols-3 xl:grid-cols-4 desk:gap-x-6 ${updating ? "opacity-60 transition-opacity" : ""}`} aria-busy={updating || undefined} data-testid="product-grid">
            {listing.products.map((product, index) => (
              <li key={product.id}>
                <ProductCard product={product} eager={index < 4} sizes={CARD_SIZES} />
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
  );
}

function FacetGroup({ legend, children }: { legend: string; children: React.ReactNode }) {
  return (
    <fieldset>
      <legend className="mb-2 text-xs font-semibold tracking-widest text-stone uppercase">{legend}</legend>
      {children}
    </fieldset>
  );
}

/** A checkbox that names its count; a value that would give no result is disabled (unless chosen). */
function Choice({
  name,
  value,
  count,
  checked,
  variant = "row",
  children,
}: {
  name: string;
  value: string;
  count: number;
  checked: boolean;
  variant?: "row" | "chip";
  children: React.ReactNode;
}) {
  const { i18n } = useTranslation("catalog");
  // 39.132 in Italian, 39,132 in English: a large catalogue's counts are read at a glance.
  const shown = new Intl.NumberFormat(i18n.language).format(count);
  const disabled = count === 0 && !checked;
  const input = <input type="checkbox" name={name} value={value} defaultChecked={checked} key={String(checked)} disabled={disabled} className={variant === "chip" ? "peer sr-only" : "size-4 accent-ink"} />;
  if (variant === "chip") {
    return (
      <label className={disabled ? "cursor-not-allowed" : "cursor-pointer"}>
        {input}
        <span className="filter-chip">
          {children}
          <span className="text-xs opacity-70">({shown})</span>
        </span>
      </label>
    );
  }
  return (
    <label className={`flex min-h-11 items-center gap-3 text-sm ${disabled ? "cursor-not-allowed text-stone" : "cursor-pointer"}`}>
      {input}
      <span className="flex items-center gap-2">{children}</span>
      <span className="ml-auto text-xs text-stone">({shown})</span>
    </label>
  );
}

function PriceInput({ name, label, cents, placeholderCents }: { name: string; label: string; cents: number | null; placeholderCents: number | null }) {
  return (
    <label className="text-sm">
      <span className="mb-1 block">{label}</span>
      <input
        type="number"
        name={name}
        min={0}
        step="any"
        inputMode="decimal"
        defaultValue={cents === null ? "" : toEuroInput(cents)}
        key={String(cents)}
        placeholder={placeholderCents === null ? undefined : String(wholeEuros(placeholderCents))}
        className="field-input"
      />
    </label>
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

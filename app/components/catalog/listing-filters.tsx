import { memo, useEffect, useRef } from "react";
import { useFetcher, useNavigation } from "react-router";
import { SubmitButton } from "~/components/ui/form-kit";
import { useModalDialog } from "~/components/ui/use-modal-dialog";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import type { ListingQuery } from "~/modules/catalog/listing.schema";
import type { Listing, ListingFacets } from "~/modules/catalog/listing.service.server";
import { toEuroInput, wholeEuros } from "~/utils/money";
import { formatInteger } from "~/utils/number-format";

/**
 * The listing's filter fields: sizes as chips, colours as swatches, the price range and the
 * availability flags. Plain checkboxes and number fields of the listing's one GET form, wherever
 * they are shown: the desktop sidebar, the phone's sheet without JavaScript, the phone's drawer.
 * `query` is the page's (what the fields start from); `facets` may be fresher (the drawer's counts).
 */
function FilterFieldsView({ query, facets }: { query: ListingQuery; facets: ListingFacets }) {
  const { t } = useTranslation("catalog");
  return (
    <div className="space-y-7">
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
        <div className="grid grid-cols-4 gap-x-1 gap-y-2 desk:grid-cols-3">
          {facets.colors.map((color) => (
            <Choice key={color.value} name="color" value={color.value} count={color.count} checked={query.colors.includes(color.value)} variant="swatch" hex={color.hex}>
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
    </div>
  );
}

/** The sheet's title bar (phones): the title and a way out. */
export function SheetHead({ titleId, children }: { titleId?: string; children: React.ReactNode }) {
  const { t } = useTranslation("catalog");
  return (
    <div className="flex items-center justify-between gap-4 border-b border-line px-5 py-2 desk:hidden">
      <h2 id={titleId} className="text-3xl">
        {t("listing.filters")}
      </h2>
      {children}
    </div>
  );
}

export const closeClass = "-mr-3 inline-flex size-11 items-center justify-center text-3xl leading-none hover:text-terracotta";

/**
 * The filters on a phone with JavaScript: a modal <dialog> drawer (focus kept inside, Escape or
 * the close button closes it, the focus goes back to the "Filtri" button). Choices made in it
 * apply only with "Mostra N risultati", the listing's GET form submitted; until then N, and the
 * counts beside each choice, are those of the choices as they stand, read from the page's own
 * loader as the shopper picks. Closed without applying, the choices are forgotten.
 */
export function FiltersDrawer({
  listing,
  path,
  opener,
  onClosed,
}: {
  listing: Listing;
  path: string;
  opener: HTMLElement | null;
  onClosed: () => void;
}) {
  const { t } = useTranslation("catalog");
  const dialog = useRef<HTMLDialogElement>(null);
  const counter = useFetcher<{ listing: Listing | null }>();
  const navigation = useNavigation();
  const timer = useRef<number | undefined>(undefined);
  useModalDialog(dialog, { ready: true, opener, onClosed });
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const fresh = counter.data?.listing ?? null;
  const total = fresh?.total ?? listing.total;
  // A choice changed: count again once the shopper pauses (a price typed digit by digit asks once).
  const recount = (form: HTMLFormElement) => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      // The form as it would be submitted, empty fields left out; the loader reads it as it reads a URL.
      const params = new URLSearchParams();
      for (const [name, value] of new FormData(form)) if (typeof value === "string" && value !== "") params.append(name, value);
      void counter.load(`${path}?${params}`);
    }, 250);
  };

  return (
    <dialog
      ref={dialog}
      aria-labelledby="filters-drawer-title"
      data-testid="filters-drawer"
      className="filters-drawer fixed inset-y-0 left-0 right-auto m-0 flex h-dvh max-h-none w-[min(26rem,100vw)] max-w-none flex-col bg-paper p-0 text-ink shadow-xl backdrop:bg-ink/40 motion-safe:animate-[drawer-in-start_200ms_ease-out] [&:not([open])]:hidden"
      // Inside the drawer a change counts; it does not apply (the listing's form would).
      onChange={(event) => {
        event.stopPropagation();
        const { target } = event.nativeEvent;
        if (target instanceof HTMLInputElement && target.form) recount(target.form);
      }}
    >
      <SheetHead titleId="filters-drawer-title">
        <button type="button" aria-label={t("listing.closeFilters")} title={t("listing.closeFilters")} className={closeClass} onClick={() => dialog.current?.close()}>
          <span aria-hidden="true">×</span>
        </button>
      </SheetHead>
      <div className="flex-1 overflow-y-auto overscroll-contain px-5 py-6">
        <FilterFields query={listing.query} facets={fresh?.facets ?? listing.facets} />
      </div>
      <div className="border-t border-line px-5 py-4">
        <SubmitButton pending={navigation.state !== "idle"} pendingLabel={t("listing.loading")} className={`btn btn-primary w-full ${counter.state === "loading" ? "opacity-80" : ""}`}>
          {t("listing.showResults", { count: total })}
        </SubmitButton>
      </div>
      <p role="status" className="sr-only" data-testid="filters-drawer-count">
        {fresh ? t("listing.results", { count: total }) : ""}
      </p>
    </dialog>
  );
}

function FacetGroup({ legend, children }: { legend: string; children: React.ReactNode }) {
  return (
    <fieldset>
      <legend className="mb-3 text-xs font-semibold tracking-widest text-stone uppercase">{legend}</legend>
      {children}
    </fieldset>
  );
}

/** Ink or white, whichever reads on the colour: the swatch's check mark. */
function markOn(hex: string): string {
  const value = Number.parseInt(hex.replace("#", "").padEnd(6, "0").slice(0, 6), 16);
  const channel = (shift: number) => {
    const c = ((value >> shift) & 255) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0);
  return luminance > 0.3 ? "#1B1B1B" : "#FFFFFF";
}

/**
 * A checkbox that names its count; a value that would give no result is disabled (unless chosen).
 * Three looks: a row (checkbox and text), a chip (sizes) and a swatch (colours: a disc of the
 * colour above its name, ringed when chosen). Chip and swatch hide the box but not the control:
 * the label is what a person taps, the focus ring shows on it.
 */
function Choice({
  name,
  value,
  count,
  checked,
  variant = "row",
  hex,
  children,
}: {
  name: string;
  value: string;
  count: number;
  checked: boolean;
  variant?: "row" | "chip" | "swatch";
  hex?: string;
  children: React.ReactNode;
}) {
  const { locale } = useLocale();
  // 39.132 in Italian, 39,132 in English: a large catalogue's counts are read at a glance.
  const shown = formatInteger(count, locale);
  const disabled = count === 0 && !checked;
  const input = <input type="checkbox" name={name} value={value} defaultChecked={checked} key={String(checked)} disabled={disabled} className={variant === "row" ? "size-4 accent-ink" : "peer sr-only"} />;
  if (variant === "chip") {
    return (
      <label className={`relative ${disabled ? "cursor-not-allowed" : "cursor-pointer"}`}>
        {input}
        <span className="filter-chip">
          {children}
          <span className="text-xs opacity-70">({shown})</span>
        </span>
      </label>
    );
  }
  if (variant === "swatch") {
    return (
      <label className={`filter-swatch ${disabled ? "cursor-not-allowed" : "cursor-pointer"}`}>
        {input}
        <svg aria-hidden="true" focusable="false" viewBox="0 0 36 36" className="filter-swatch-disc">
          <circle cx="18" cy="18" r="14" fill={hex} stroke="#8C857D" strokeWidth="1" />
          <path d="M12.5 18.5l4 4 7-8" fill="none" stroke={markOn(hex ?? "#FFFFFF")} strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" className="filter-swatch-mark" />
        </svg>
        <span className="filter-swatch-name">{children}</span> <span className="text-[0.6875rem] text-stone">({shown})</span>
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

// Memoized: a listing renders once more right after hydration (components that read
// useHydrated switch to their JavaScript form), and that render runs in one long task; the
// filters take no part in it when their data is the same.
export const FilterFields = memo(FilterFieldsView);

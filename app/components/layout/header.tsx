import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/hooks/use-translation";
import { Form, Link, NavLink, useFetcher, useLocation } from "react-router";
import { ADD_TO_BAG_FETCHER } from "~/components/bag/add-to-bag-fetcher";
import { CountryLink } from "~/components/country/country-link";
import { useLocale, useRootData } from "~/hooks/use-locale";
import type { MenuCategory } from "~/modules/catalog/category.service.server";
import type { RootData } from "~/hooks/use-locale";
import { LanguageSwitch } from "./language-switch";
import type { PageData } from "~/hooks/use-page-data";

export function Header({ data, page }: { data: RootData; page: PageData }) {
  const { t } = useTranslation();
  // While an add is on its way the badge already counts it (spec §4: optimistic badge).
  // Counted until the page's data has been read again after a successful add.
  const adding = useFetcher<{ done?: boolean }>({ key: ADD_TO_BAG_FETCHER });
  const inFlight = adding.state === "submitting" || (adding.state === "loading" && adding.data?.done === true);
  const bagCount = data.bagCount + (inFlight ? Number(adding.formData?.get("quantity")) || 0 : 0);
  const { href } = useLocale();
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-ivory/95 backdrop-blur supports-[backdrop-filter]:bg-ivory/85">
      <div className="container-page flex h-16 items-center gap-2">
        <MobileMenu menu={data.menu} />
        {/* On phones the search field sits at the top of the drawer; this opens the search page. */}
        <Link to={href("/search")} aria-label={t("search.label", { ns: "catalog" })} title={t("search.label", { ns: "catalog" })} className="inline-flex size-11 items-center justify-center hover:text-terracotta desk:hidden">
          <Icon name="search" />
        </Link>
        <Link
          to={href("/")}
          aria-label={t("homeLink")}
          className="absolute left-1/2 -translate-x-1/2 font-display text-[1.5rem] leading-none tracking-[0.28em] uppercase desk:static desk:translate-x-0 desk:text-[1.75rem] desk:tracking-[0.32em]"
        >
          {t("brand")}
        </Link>
        <DesktopMenu menu={data.menu} />
        <div className="ml-auto flex items-center">
          <div className="hidden items-center desk:flex">
            <SearchForm variant="header" />
            <CountryButton variant="header" />{" "}
            <LanguageSwitch alternates={page.alternates} />
          </div>{" "}
          {/* On phones help sits in the drawer, leaving room for the centred logo. */}
          <HeaderIcon to={href("/pages/Faq")} label={t("header.help")} icon="help" className="hidden sm:inline-flex" />{" "}
          <HeaderIcon
            to={href(data.isAccountHolder ? "/account" : "/login")}
            label={data.isAccountHolder ? t("header.account") : t("header.login")}
            icon="account"
            initial={data.auth.initial}
          />
          <CountLink to={href("/preferiti")} icon="heart" testId="wishlist" className="hidden sm:inline-flex" count={data.wishlist.length} label={t("wishlist.header", { count: data.wishlist.length })} />
          <CountLink to={href("/cart")} icon="bag" testId="bag" count={bagCount} label={t("header.bagCount", { count: bagCount })} />
        </div>
      </div>
    </header>
  );
}

/**
 * The bag link and the wishlist's: the icon and the count in a badge. Its words ("Carrello, 2
 * articoli") are the link's text, the count among them printed once: hidden around the badge for
 * the eye, read whole by a screen reader and by a text browser (which shows no icon and ignores
 * aria-label). The wishlist's badge shows only once something is saved.
 */
function CountLink({ to, count, label, icon, testId, className = "inline-flex" }: { to: string; count: number; label: string; icon: "bag" | "heart"; testId: string; className?: string }) {
  const number = String(count);
  const at = label.indexOf(number);
  const [before, after] = at < 0 ? [label, ""] : [label.slice(0, at), label.slice(at + number.length)];
  return (
    <Link to={to} className={`relative ${className} size-11 items-center justify-center hover:text-terracotta`} title={label} data-testid={`${testId}-link`}>
      <Icon name={icon} />
      <span className="sr-only">{before}</span>
      <span
        data-testid={`${testId}-count`}
        hidden={icon === "heart" && count === 0}
        className="absolute right-0.5 top-1 min-w-[1.125rem] rounded-full bg-ink px-1 text-center text-[0.6875rem] leading-[1.125rem] font-semibold text-ivory"
      >
        {number}
      </span>
      <span className="sr-only">{after}</span>
    </Link>
  );
}

/** A header link drawn as an icon, or (an account holder's) as the avatar initial (spec §3). */
function HeaderIcon({ to, label, icon, initial, className = "inline-flex" }: { to: string; label: string; icon: "help" | "account"; initial?: string; className?: string }) {
  return (
    <Link to={to} aria-label={label} title={label} className={`${className} size-11 items-center justify-center hover:text-terracotta`}>
      {initial ? (
        <span aria-hidden="true" className="avatar">
          {initial}
        </span>
      ) : (
        <Icon name={icon} />
      )}
    </Link>
  );
}

const ICONS = {
  help: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm-2.5-11.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .8-1 1.5v.7M12 16.5v.5",
  account: "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 9c.6-3.7 3.5-6 7-6s6.4 2.3 7 6",
  bag: "M5 8h14l-1.2 12H6.2L5 8Zm3.5 0V6.5a3.5 3.5 0 1 1 7 0V8",
  heart: "M12 20s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7.1a4.3 4.3 0 0 1 7.5 2.7C19.5 15.4 12 20 12 20Z",
  menu: "M4 7h16M4 12h16M4 17h16",
  close: "M6 6l12 12M18 6 6 18",
  search: "M10.5 17a6.5 6.5 0 1 0 0-13 6.5 6.5 0 0 0 0 13Zm4.75-1.75L20 20",
} as const;

const SEARCH_FORM_STYLES = {
  // Compact, in the desktop header's right area; the placeholder stays short. Its suggestions
  // open wider than the field, aligned on its right edge (the header's right side).
  header: {
    form: "relative mr-2",
    input: "h-11 w-36 border border-line bg-paper pl-3 pr-11 text-sm xl:w-60",
    button: "absolute inset-y-0 right-0 w-11",
    popup: "right-0 w-[24rem]",
  },
  drawer: { form: "relative mt-4", input: "h-12 w-full border border-[#8c857d] bg-paper pl-4 pr-12 text-base", button: "absolute inset-y-0 right-0 w-12", popup: "inset-x-0" },
  page: {
    form: "relative max-w-xl",
    input: "h-13 w-full border border-[#8c857d] bg-paper pl-4 pr-14 text-base desk:text-lg",
    button: "absolute inset-y-0 right-0 w-13",
    popup: "inset-x-0",
  },
} as const;

/** The suggestions' code, asked for once per page load, on the first focus of or keystroke in a search field. */
let comboboxCode: Promise<typeof import("./search-combobox")> | undefined;
const loadCombobox = () => (comboboxCode ??= import("./search-combobox"));

/**
 * The product search: a GET form to the search page, so it works without JavaScript. The header
 * and the drawer each hold one (only one of them is ever displayed); the search page its own.
 * With JavaScript the field suggests products and categories as the shopper types: that code
 * (search-combobox.tsx) loads on the field's first focus or keystroke and takes over the field
 * as it is, with what was typed meanwhile (issue 39).
 */
export function SearchForm({ variant, defaultValue = "" }: { variant: keyof typeof SEARCH_FORM_STYLES; defaultValue?: string }) {
  const { t } = useTranslation("catalog");
  const { href } = useLocale();
  const styles = SEARCH_FORM_STYLES[variant];
  const id = `search-${variant}`;
  // The field itself (a new one after a navigation with another query: see its key).
  const [field, setField] = useState<HTMLInputElement | null>(null);
  const [combobox, setCombobox] = useState<typeof import("./search-combobox") | null>(null);
  const wake = () => {
    if (!combobox) void loadCombobox().then(setCombobox, () => undefined);
  };
  // Focused before this component went live (the header island hands the focus over): wake now.
  useEffect(() => {
    if (field && document.activeElement === field) wake();
  });
  return (
    <Form method="get" action={href("/search")} role={variant === "page" ? undefined : "search"} className={styles.form} data-testid={`search-form-${variant}`}>
      <label htmlFor={id} className="sr-only">
        {t("search.label")}
      </label>
      <input
        ref={setField}
        id={id}
        type="search"
        name="q"
        onFocus={wake}
        onInput={wake}
        // A new query arriving by navigation replaces what the field shows.
        key={defaultValue}
        defaultValue={defaultValue}
        maxLength={100}
        enterKeyHint="search"
        autoComplete="off"
        spellCheck={false}
        placeholder={variant === "header" ? t("search.label") : t("search.placeholder")}
        className={`${styles.input} rounded-none text-ink placeholder:text-stone focus:border-ink`}
      />
      <button type="submit" aria-label={t("search.submit")} title={t("search.submit")} className={`${styles.button} inline-flex items-center justify-center hover:text-terracotta`}>
        <Icon name="search" className={variant === "page" ? "size-6" : "size-5"} />
      </button>
      {combobox && field ? <combobox.SearchCombobox input={field} popupClassName={styles.popup} /> : null}
    </Form>
  );
}

export function Icon({ name, className = "size-5" }: { name: keyof typeof ICONS; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d={ICONS[name]} />
    </svg>
  );
}

/** From 984 px: one panel per top category, opened by hover or keyboard focus (no JavaScript needed). */
function DesktopMenu({ menu }: { menu: MenuCategory[] }) {
  const { t } = useTranslation();
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape from any link inside bubbles here: one listener for the whole menu.
    <nav
      aria-label={t("header.mainNav")}
      className="ml-8 hidden h-full desk:block"
      onKeyDown={(event) => {
        // Escape dismisses an open panel (WCAG 1.4.13).
        if (event.key === "Escape" && document.activeElement instanceof HTMLElement) {
          const top = document.activeElement.closest("li[data-top]")?.querySelector<HTMLElement>("a");
          top?.focus();
          top?.closest("li")?.setAttribute("data-dismissed", "");
        }
      }}
    >
      <ul className="flex h-full items-stretch">
        {menu.map((top) => (
          <li
            key={top.id}
            data-top=""
            className="group flex items-stretch"
            onMouseLeave={(event) => event.currentTarget.removeAttribute("data-dismissed")}
            onBlur={(event) => {
              if (!event.currentTarget.contains(event.relatedTarget as Node)) event.currentTarget.removeAttribute("data-dismissed");
            }}
          >
            <NavLink
              to={top.url}
              className="flex items-center px-3 text-[0.8125rem] font-medium tracking-[0.14em] uppercase hover:text-terracotta aria-[current=page]:text-terracotta"
            >
              {top.name}
            </NavLink>
            {top.children.length > 0 ? (
              <div className="invisible absolute inset-x-0 top-full border-b border-line bg-ivory opacity-0 shadow-[0_12px_24px_-18px_rgba(0,0,0,0.25)] transition-opacity duration-200 group-hover:visible group-hover:opacity-100 group-focus-within:visible group-focus-within:opacity-100 group-data-[dismissed]:invisible group-data-[dismissed]:opacity-0">
                <div className="container-page grid grid-cols-12 gap-6 py-8">
                  <p className="col-span-3 font-display text-3xl">{top.name}</p>
                  <ul className="col-span-9 grid grid-cols-3 gap-x-6 gap-y-1">
                    {top.children.map((child) => (
                      <li key={child.id}>
                        <Link to={child.url} className="link inline-flex min-h-11 items-center">
                          {child.name}
                        </Link>
                      </li>
                    ))}
                    <li>
                      <Link to={top.url} className="link inline-flex min-h-11 items-center font-semibold">
                        {t("header.viewAll", { name: top.name })}
                      </Link>
                    </li>
                  </ul>
                </div>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Below 984 px: a drawer built on <details>, so it opens without JavaScript. */
function MobileMenu({ menu }: { menu: MenuCategory[] }) {
  const { t } = useTranslation();
  const details = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  // Close the drawer after a client-side navigation (a search from the drawer may stay on /search).
  useEffect(() => {
    if (details.current) details.current.open = false;
  }, [location.pathname, location.search]);
  return (
    <details ref={details} className="group/menu desk:hidden" data-testid="mobile-menu">
      <summary className="inline-flex size-11 items-center justify-center" aria-label={t("header.menu")}>
        <Icon name="menu" className="size-6 group-open/menu:hidden" />
        <Icon name="close" className="hidden size-6 group-open/menu:block" />
      </summary>
      {/* Below the header, to the bottom of the screen. Not `fixed`: the header's backdrop-filter
          makes it the containing block of fixed descendants, which squeezed the drawer to nothing. */}
      <div className="absolute inset-x-0 top-full z-50 h-[calc(100dvh-4rem)] overflow-y-auto overscroll-contain border-t border-line bg-ivory px-4 pb-10">
        <SearchForm variant="drawer" />
        <nav aria-label={t("header.mainNav")}>
          <ul>
            {menu.map((top) => (
              <li key={top.id} className="border-b border-line py-3">
                <Link to={top.url} className="flex min-h-11 items-center font-display text-2xl">
                  {top.name}
                </Link>
                <ul className="grid grid-cols-2 gap-x-4">
                  {top.children.map((child) => (
                    <li key={child.id}>
                      <Link to={child.url} className="flex min-h-11 items-center text-[0.9375rem]">
                        {child.name}
                      </Link>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </nav>
        <MobileExtras />
      </div>
    </details>
  );
}

/**
 * The shipping country and currency: a link to the chooser page that opens the chooser dialog
 * once JavaScript runs. The header shows the code, the drawer the name.
 */
function CountryButton({ variant }: { variant: "header" | "drawer" }) {
  const { t } = useTranslation("country");
  const { country } = useRootData();
  const option = country.options.find((o) => o.code === country.current);
  const code = option?.code ?? t("button.internationalCode");
  const name = option?.label ?? t("button.international");
  // The name starts with the words shown (WCAG 2.5.3, label in name): a voice user says what they see.
  const shown = `${variant === "header" ? code : name} · €`;
  return (
    <CountryLink
      className={variant === "header" ? "link inline-flex min-h-11 items-center whitespace-nowrap px-2 text-xs tracking-widest uppercase" : "link inline-flex min-h-11 items-center text-sm"}
      label={t("button.label", { country: name, shown })}
    >
      {shown}
    </CountryLink>
  );
}

function MobileExtras() {
  const { t } = useTranslation();
  const { href } = useLocale();
  const { wishlist } = useRootData();
  return (
    <div className="mt-6 flex flex-wrap items-center justify-between gap-2">
      {/* On phones the header has no room for the wishlist's heart: it is here, with help. */}
      <Link to={href("/preferiti")} className="link inline-flex min-h-11 items-center text-sm">
        {t("wishlist.header", { count: wishlist.length })}
      </Link>{" "}
      <Link to={href("/pages/Faq")} className="link inline-flex min-h-11 items-center text-sm">
        {t("header.help")}
      </Link>{" "}
      <CountryButton variant="drawer" />{" "}
      <LanguageSwitch />
    </div>
  );
}

export default Header;

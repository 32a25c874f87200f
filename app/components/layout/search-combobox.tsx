import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { useTranslation } from "~/hooks/use-translation";
import { useLocale } from "~/hooks/use-locale";
import type { SearchSuggestions } from "~/modules/catalog/search-suggestions.service.server";
import { formatMoney } from "~/utils/money";

// The search box's suggestions as the shopper types (issue 39), the WAI-ARIA 1.2 combobox with a
// list popup (APG "list autocomplete"): the focus stays in the field, the active option is named
// by aria-activedescendant, the options come from GET /api/search/suggestions. Loaded by the
// search form on the field's first focus or keystroke, so no page fetches it until then; it
// takes over the field already on screen (its value and caret are the shopper's, nothing is
// handed over) and adds the popup beside it, absolutely positioned: nothing in the page moves.
// Without JavaScript, or until this arrives, the field is the plain GET form to the search page.

/** Time after the last keystroke before asking: one request per pause, not one per letter. */
const DEBOUNCE_MS = 150;
/** Two letters at least, as the data function wants (it answers nothing for fewer). */
const MIN_LETTERS = 2;

type Option = { kind: "product"; product: SearchSuggestions["products"][number] } | { kind: "category"; category: SearchSuggestions["categories"][number] };

const optionsOf = (s: SearchSuggestions | null): Option[] =>
  s ? [...s.products.map((product) => ({ kind: "product" as const, product })), ...s.categories.map((category) => ({ kind: "category" as const, category }))] : [];

const hrefOf = (option: Option) => (option.kind === "product" ? option.product.href : option.category.href);
const worthAsking = (value: string) => value.replace(/\s/g, "").length >= MIN_LETTERS;

export function SearchCombobox({ input, popupClassName }: { input: HTMLInputElement; popupClassName: string }) {
  const { t } = useTranslation("catalog");
  const { locale } = useLocale();
  const navigate = useNavigate();
  const location = useLocation();
  const [suggestions, setSuggestions] = useState<SearchSuggestions | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [announcement, setAnnouncement] = useState("");
  const listbox = useRef<HTMLDivElement>(null);
  const ids = { listbox: `${input.id}-listbox`, products: `${input.id}-products`, categories: `${input.id}-categories`, option: (i: number) => `${input.id}-option-${i}` };
  const options = optionsOf(suggestions);
  // The key handler reads the latest state without being added again at every render.
  const state = useRef({ options, open, active });
  useLayoutEffect(() => {
    state.current = { options, open, active };
  });

  // The field becomes the combobox once this code runs; before, it is a plain search field.
  useLayoutEffect(() => {
    input.setAttribute("role", "combobox");
    input.setAttribute("aria-autocomplete", "list");
    input.setAttribute("aria-controls", ids.listbox);
    return () => {
      for (const name of ["role", "aria-autocomplete", "aria-controls", "aria-expanded", "aria-activedescendant"]) input.removeAttribute(name);
    };
  }, [input, ids.listbox]);

  const shown = open && options.length > 0;
  useLayoutEffect(() => {
    input.setAttribute("aria-expanded", String(shown));
    if (shown && active >= 0) input.setAttribute("aria-activedescendant", ids.option(active));
    else input.removeAttribute("aria-activedescendant");
    if (shown && active >= 0) document.getElementById(ids.option(active))?.scrollIntoView({ block: "nearest" });
  });

  // A navigation (an option followed, the form submitted) closes the popup.
  const [page, setPage] = useState(location.key);
  if (page !== location.key) {
    setPage(location.key);
    setOpen(false);
  }

  // Asking: debounced, the request before aborted, answers kept for the session's backspaces.
  useEffect(() => {
    const answers = new Map<string, SearchSuggestions>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let request: AbortController | undefined;

    const show = (answer: SearchSuggestions) => {
      setSuggestions(answer);
      setActive(-1);
      setOpen(document.activeElement === input);
      const count = answer.products.length + answer.categories.length;
      setAnnouncement(count ? t("suggestions.count", { count }) : t("suggestions.none"));
    };

    const ask = async (value: string) => {
      request?.abort();
      const known = answers.get(value);
      if (known) return show(known);
      const controller = new AbortController();
      request = controller;
      try {
        const response = await fetch(`/api/search/suggestions?${new URLSearchParams({ q: value, lang: locale })}`, { signal: controller.signal });
        if (!response.ok) throw new Error(`suggestions: ${response.status}`);
        const answer = (await response.json()) as SearchSuggestions;
        answers.set(value, answer);
        // The field may have changed while the answer travelled: only the latest is shown.
        if (request === controller) show(answer);
      } catch {
        // Aborted, offline, refused: the form still searches; the popup just closes.
        if (request === controller) setOpen(false);
      }
    };

    const onInput = () => {
      clearTimeout(timer);
      request?.abort();
      const value = input.value.trim();
      setActive(-1);
      if (!worthAsking(value)) {
        setOpen(false);
        setAnnouncement("");
        return;
      }
      timer = setTimeout(() => void ask(value), DEBOUNCE_MS);
    };

    input.addEventListener("input", onInput);
    // What was typed before this code arrived is asked for at once (not the query a search page
    // shows in its field: that was not typed now).
    if (document.activeElement === input && input.value !== input.defaultValue && worthAsking(input.value.trim())) void ask(input.value.trim());
    return () => {
      input.removeEventListener("input", onInput);
      clearTimeout(timer);
      request?.abort();
    };
  }, [input, locale, t]);

  useEffect(() => {
    const follow = (option: Option) => {
      setOpen(false);
      void navigate(hrefOf(option));
    };
    const onKeyDown = (event: KeyboardEvent) => {
      const { options, open, active } = state.current;
      const count = options.length;
      const visible = open && count > 0;
      const move = (to: number) => {
        event.preventDefault();
        setOpen(true);
        setActive(to);
      };
      if (event.altKey || event.ctrlKey || event.metaKey || event.isComposing) return;
      switch (event.key) {
        case "ArrowDown":
          if (count) move(!visible ? 0 : (active + 1) % count);
          break;
        case "ArrowUp":
          if (count) move(!visible || active <= 0 ? count - 1 : active - 1);
          break;
        // With an option active, Home and End go to the first and last; otherwise they move the caret.
        case "Home":
          if (visible && active >= 0) move(0);
          break;
        case "End":
          if (visible && active >= 0) move(count - 1);
          break;
        case "Enter":
          // No option active: the form is submitted, as without JavaScript.
          if (visible && active >= 0) {
            event.preventDefault();
            follow(options[active]);
          } else setOpen(false);
          break;
        case "Escape":
          // First closes; then the browser's own Escape of a search field clears it.
          if (visible) {
            event.preventDefault();
            setOpen(false);
            setActive(-1);
          } else if (input.value) {
            event.preventDefault();
            input.value = "";
            input.dispatchEvent(new Event("input", { bubbles: true }));
          }
          break;
        case "Tab":
          setOpen(false);
          break;
      }
    };
    // Back in the field: the suggestions of what it holds, if any were shown for it.
    const onFocus = () => {
      if (worthAsking(input.value.trim())) setOpen(true);
    };
    // Leaving the field closes the popup; a press on an option keeps the focus (see onMouseDown).
    const onBlur = () => setOpen(false);
    input.addEventListener("keydown", onKeyDown);
    input.addEventListener("focus", onFocus);
    input.addEventListener("blur", onBlur);
    const list = listbox.current;
    const onClick = (event: MouseEvent) => {
      const row = (event.target as Element).closest<HTMLElement>("[role=option]");
      const index = row ? Number(row.dataset.index) : -1;
      if (index >= 0) follow(state.current.options[index]);
    };
    list?.addEventListener("click", onClick);
    return () => {
      input.removeEventListener("keydown", onKeyDown);
      input.removeEventListener("focus", onFocus);
      input.removeEventListener("blur", onBlur);
      list?.removeEventListener("click", onClick);
    };
  }, [input, navigate]);

  const productCount = suggestions?.products.length ?? 0;
  const row = (option: Option, index: number, children: ReactNode) => (
    // eslint-disable-next-line jsx-a11y/interactive-supports-focus -- the focus stays in the field; aria-activedescendant names the active option (APG combobox).
    <div
      key={hrefOf(option)}
      id={ids.option(index)}
      role="option"
      aria-selected={index === active}
      data-index={index}
      data-testid="search-suggestion"
      className="flex min-h-11 cursor-pointer items-center gap-3 px-4 py-1.5 aria-selected:bg-sand hover:bg-sand/70"
      onMouseMove={() => index !== active && setActive(index)}
    >
      {children}
    </div>
  );

  return (
    <>
      {/* A press on the popup must not take the focus from the field (which would close it). */}
      {/* eslint-disable-next-line jsx-a11y/interactive-supports-focus -- the focus stays in the field; the keyboard works from there (aria-activedescendant). */}
      <div
        ref={listbox}
        id={ids.listbox}
        role="listbox"
        aria-label={t("suggestions.label")}
        hidden={!shown}
        onMouseDown={(event) => event.preventDefault()}
        data-testid="search-suggestions"
        className={`absolute top-full z-50 mt-1 max-h-[min(34rem,calc(100dvh-6rem))] overflow-y-auto border border-line bg-paper py-2 text-left text-sm text-ink shadow-[0_16px_32px_-20px_rgba(0,0,0,0.35)] motion-safe:animate-[slide-in_150ms_ease-out] ${popupClassName}`}
      >
        {productCount ? (
          <div role="group" aria-labelledby={ids.products}>
            <div role="presentation" id={ids.products} className="px-4 pt-1 pb-1.5 text-[0.6875rem] font-semibold tracking-[0.14em] text-stone uppercase">
              {t("suggestions.products")}
            </div>
            {options.slice(0, productCount).map((option, index) =>
              option.kind === "product"
                ? row(
                    option,
                    index,
                    <>
                      {option.product.imageUrl ? (
                        <img src={option.product.imageUrl} alt="" width={32} height={40} loading="lazy" decoding="async" className="h-10 w-8 shrink-0 bg-sand object-cover" />
                      ) : (
                        <span aria-hidden="true" className="h-10 w-8 shrink-0 bg-sand" />
                      )}
                      <span className="line-clamp-2 min-w-0 flex-1 leading-snug">{option.product.name}</span>
                      {/* Read after the name, with a comma's pause. */}
                      <span className="sr-only">, </span>
                      <span className="shrink-0 font-display text-base">{formatMoney(option.product.priceCents, locale)}</span>
                    </>,
                  )
                : null,
            )}
          </div>
        ) : null}
        {options.length > productCount ? (
          <div role="group" aria-labelledby={ids.categories} className={productCount ? "mt-2 border-t border-line pt-2" : ""}>
            <div role="presentation" id={ids.categories} className="px-4 pt-1 pb-1.5 text-[0.6875rem] font-semibold tracking-[0.14em] text-stone uppercase">
              {t("suggestions.categories")}
            </div>
            {options.slice(productCount).map((option, offset) => (option.kind === "category" ? row(option, productCount + offset, <span className="truncate">{option.category.name}</span>) : null))}
          </div>
        ) : null}
      </div>
      <div role="status" aria-live="polite" aria-atomic="true" className="sr-only" data-testid="search-suggestions-status">
        {open ? announcement : ""}
      </div>
    </>
  );
}

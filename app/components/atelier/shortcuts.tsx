import { useEffect, useRef, useSyncExternalStore } from "react";
import { useNavigate } from "react-router";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";

// Atelier's keyboard shortcuts (issue 42 part 7), with JavaScript only: "/" goes to the header's
// search, "g o" to the orders, "g p" to the products (for a member who may open them), "?" opens
// their list. Never while typing in a field, never with a modifier key (the browser's and the
// screen reader's own stay theirs). Single keys can be triggered by speech input: the list and the
// search page switch them off, for this browser (WCAG 2.1.4). Without JavaScript the search page
// lists them, and the header's search is a plain GET form.

/** The id of the header's search field, which "/" focuses. */
export const ATELIER_SEARCH_FIELD = "atelier-search-q";
/** How long after "g" the second key counts. */
const SEQUENCE_MS = 1_500;
/** Where this browser keeps the member's choice to switch them off. */
const OFF_KEY = "atelier-shortcuts-off";

const shortcutsOff = () => {
  try {
    return window.localStorage.getItem(OFF_KEY) === "1";
  } catch {
    return false;
  }
};

/** Said when this page switches them (other tabs hear the storage event). */
const TOGGLED = "atelier-shortcuts-toggled";

function subscribe(changed: () => void) {
  window.addEventListener("storage", changed);
  window.addEventListener(TOGGLED, changed);
  return () => {
    window.removeEventListener("storage", changed);
    window.removeEventListener(TOGGLED, changed);
  };
}

/** A button that switches the shortcuts off or on again in this browser (shown with JavaScript only: without it there are none). */
export function ShortcutToggle({ onChange }: { onChange?: () => void }) {
  const { t } = useTranslation("atelier");
  // The server (and the page before hydration) shows no button: the choice lives in the browser.
  const off = useSyncExternalStore(subscribe, shortcutsOff, () => null);
  if (off === null) return null;
  return (
    <button
      type="button"
      className="btn btn-secondary mt-3"
      aria-pressed={!off}
      onClick={() => {
        try {
          if (off) window.localStorage.removeItem(OFF_KEY);
          else window.localStorage.setItem(OFF_KEY, "1");
        } catch {
          // No storage (a private window that refuses it): nothing to remember.
        }
        window.dispatchEvent(new Event(TOGGLED));
        onChange?.();
      }}
    >
      {off ? t("search.keysOn") : t("search.keysOff")}
    </button>
  );
}

/** The shortcuts, as a definition list: the search page shows it, and so does the "?" dialog. */
export function ShortcutList() {
  const { t } = useTranslation("atelier");
  const rows: [string[], string][] = [
    [["/"], t("search.keySearch")],
    [["g", "o"], t("search.keyOrders")],
    [["g", "p"], t("search.keyProducts")],
    [["?"], t("search.keyHelp")],
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
      {rows.map(([keys, label]) => (
        <div key={label} className="contents">
          <dt>
            {keys.map((key, index) => (
              <span key={index}>
                {index ? " " : null}
                <kbd className="border border-line bg-ivory px-1.5 font-mono text-xs">{key}</kbd>
              </span>
            ))}
          </dt>
          <dd>{label}</dd>
        </div>
      ))}
    </dl>
  );
}

function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}

/** Binds the shortcuts for a signed-in member and holds the "?" dialog (a native modal: Escape closes it, focus comes back). */
export function AtelierShortcuts({ orders, products }: { orders: boolean; products: boolean }) {
  const { t } = useTranslation("atelier");
  const { href } = useLocale();
  const navigate = useNavigate();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    let pendingG = 0;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || typing(event.target) || shortcutsOff()) return;
      if (dialog.current?.open) return;
      const now = Date.now();
      if (pendingG && now - pendingG < SEQUENCE_MS && ((event.key === "o" && orders) || (event.key === "p" && products))) {
        pendingG = 0;
        event.preventDefault();
        navigate(href(event.key === "o" ? "/atelier/orders" : "/atelier/products"));
        return;
      }
      pendingG = event.key === "g" ? now : 0;
      if (event.key === "/") {
        const field = document.getElementById(ATELIER_SEARCH_FIELD);
        if (field instanceof HTMLInputElement) {
          event.preventDefault();
          field.focus();
          field.select();
        }
      } else if (event.key === "?") {
        event.preventDefault();
        dialog.current?.showModal();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [href, navigate, orders, products]);
  return (
    <dialog ref={dialog} aria-labelledby="shortcuts-dialog-title" className="m-auto max-w-md border border-line bg-paper p-6 backdrop:bg-ink/40">
      <h2 id="shortcuts-dialog-title" className="mb-3 text-xl">
        {t("search.shortcuts")}
      </h2>
      <ShortcutList />
      <ShortcutToggle onChange={() => dialog.current?.close()} />
      <form method="dialog" className="mt-4 text-right">
        <button type="submit" className="btn btn-secondary">
          {t("search.keyClose")}
        </button>
      </form>
    </dialog>
  );
}

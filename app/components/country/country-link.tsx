import { type ReactNode, Suspense, lazy, useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import { usePageData } from "~/components/layout/shell";
import { useHydrated } from "~/hooks/use-hydrated";
import { useLocale } from "~/hooks/use-locale";
import { chooserHref } from "~/modules/country/country-rules";
import type { RootData } from "~/root";

// The chooser's JavaScript loads on the first open only: the shell of every page carries just
// the link, which without JavaScript is a plain link to the chooser page.
const CountryDialog = lazy(() => import("./country-dialog"));

const OPEN_EVENT = "bottega:choose-country";

export interface OpenRequest {
  /** What had focus, to get it back when the dialog closes. */
  opener: HTMLElement | null;
  id: number;
}

/**
 * A link to the chooser page (/pages/country, carrying the page it comes from). Once JavaScript
 * runs, a plain click opens the chooser dialog instead; other clicks (new tab) follow the link.
 */
export function CountryLink({ className, label, children }: { className: string; label?: string; children: ReactNode }) {
  const { locale } = useLocale();
  const location = useLocation();
  const page = usePageData();
  const hydrated = useHydrated();
  return (
    <Link
      to={chooserHref(locale, location.pathname + location.search, page.alternates)}
      className={className}
      aria-label={label}
      aria-haspopup={hydrated ? "dialog" : undefined}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        window.dispatchEvent(new CustomEvent(OPEN_EVENT, { detail: event.currentTarget }));
      }}
    >
      {children}
    </Link>
  );
}

/** Mounts the chooser dialog when a CountryLink asks for it. */
export function CountryDialogHost({ country }: { country: RootData["country"] }) {
  const [request, setRequest] = useState<OpenRequest | null>(null);
  useEffect(() => {
    const open = (event: Event) => setRequest((last) => ({ opener: (event as CustomEvent<HTMLElement>).detail, id: (last?.id ?? 0) + 1 }));
    window.addEventListener(OPEN_EVENT, open);
    return () => window.removeEventListener(OPEN_EVENT, open);
  }, []);
  return request ? (
    <Suspense fallback={null}>
      <CountryDialog request={request} country={country} />
    </Suspense>
  ) : null;
}

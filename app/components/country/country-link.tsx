import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { usePageData } from "~/hooks/use-page-data";
import { openDialog } from "~/components/ui/dialog-events";
import { CountryDialog } from "~/components/ui/dialogs.lazy";
import { useHydrated } from "~/hooks/use-hydrated";
import { useLocale } from "~/hooks/use-locale";
import { chooserHref } from "~/modules/country/country-rules";

// The chooser's JavaScript loads on the first open only (dialogs.lazy.ts): the shell of every page
// carries just the link, which without JavaScript is a plain link to the chooser page.

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
        openDialog(CountryDialog, event.currentTarget);
      }}
    >
      {children}
    </Link>
  );
}

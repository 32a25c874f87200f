import { useMatches } from "react-router";

// The page data lives here, below the shell and everything it renders, so that the header,
// the language switch and the country dialogs read it without importing the shell that
// renders them (decision 038: no import circles).

/** Page data a route may return to steer the shell (spec §3, "Page data"). */
export interface PageData {
  isAuth?: boolean;
  /** Where the auth layout's back button goes (the previous step). */
  prevStep?: string;
  /** What the back button says ("Torna al carrello"); "Indietro" when absent. */
  prevStepLabel?: string;
  /** The checkout shows the secure-payment note; other auth pages the account link. */
  securePayment?: boolean;
  /** The header sits transparent over the page's hero until the page scrolls (the home). */
  transparentNavbar?: boolean;
  /** The footer's newsletter sign-up as a band across the page, above the footer's columns (the home). */
  newsletterBand?: boolean;
  /** The same page in each language, when slugs are localized. */
  alternates?: Partial<Record<"it" | "en", string>>;
}

/** The deepest route's page data. */
export function usePageData(): PageData {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const page = (matches[i].loaderData as { page?: PageData } | undefined)?.page;
    if (page) return page;
  }
  return {};
}

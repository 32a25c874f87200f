import { useMatches } from "react-router";
import type { RootData } from "~/root";
import { StandardLayout } from "./standard-layout";

/** Page data a route may return to steer the shell (spec §3, "Page data"). */
export interface PageData {
  isAuth?: boolean;
  /** Where the auth layout's back button goes (the previous step). */
  prevStep?: string;
  /** What the back button says ("Torna al carrello"); "Indietro" when absent. */
  prevStepLabel?: string;
  /** The checkout shows the secure-payment note; other auth pages the account link. */
  securePayment?: boolean;
  transparentNavbar?: boolean;
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

/** The route id of the login and checkout layout (app/routes/auth-layout.tsx), which draws its own chrome. */
export const AUTH_LAYOUT_ID = "auth";
/** The route id of Atelier's layout (app/routes/atelier/layout.tsx): the back office draws its own chrome. */
export const ATELIER_LAYOUT_ID = "atelier";

export function Shell({ data, children }: { data: RootData; children: React.ReactNode }) {
  const page = usePageData();
  const matches = useMatches();
  return matches.some((match) => match.id === AUTH_LAYOUT_ID || match.id === ATELIER_LAYOUT_ID) ? (
    children
  ) : (
    <StandardLayout data={data} page={page}>
      {children}
    </StandardLayout>
  );
}

import { useMatches } from "react-router";
import type { RootData } from "~/hooks/use-locale";
import { usePageData } from "~/hooks/use-page-data";
import { StandardLayout } from "./standard-layout";

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

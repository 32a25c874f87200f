import { Suspense, lazy } from "react";
import { serverModule } from "~/components/ui/lazy-island";

// Every route's ErrorBoundary. Its page's code (route-error-page.tsx) is loaded only where an
// error shows, not with every page's shell (decision 034). The server registers the page at
// start-up, as it does the lazy islands', and renders it at once, inside the same Suspense
// boundary the browser hydrates: there the boundary stays as the server sent it until the code
// has come, then hydrates as usual (its <title> included). After a client-side navigation to an
// error, the page shows once its code is there.
const LazyErrorPage = lazy(() => import("./route-error-page"));

export function RouteErrorBoundary() {
  const Page = serverModule("route-error-page")?.default ?? LazyErrorPage;
  return (
    <Suspense fallback={null}>
      <Page />
    </Suspense>
  );
}

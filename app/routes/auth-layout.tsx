import { Outlet } from "react-router";
import { AuthLayout } from "~/components/layout/auth-layout";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { usePageData } from "~/hooks/use-page-data";

// Login and checkout pages sit under this pathless layout: the minimal header (back to the
// previous step, the logo, the secure-payment note) and footer, no popups over their forms.
// As a route of its own its code loads only on those pages, not with every page's shell.
export default function AuthLayoutRoute() {
  return (
    <AuthLayout page={usePageData()}>
      <Outlet />
    </AuthLayout>
  );
}

export function ErrorBoundary() {
  return (
    <AuthLayout page={{}}>
      <RouteErrorBoundary />
    </AuthLayout>
  );
}

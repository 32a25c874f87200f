import { Outlet } from "react-router";
import type { Route } from "./+types/shop-layout";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { sessionMiddleware } from "~/middleware/session.server";
import { loadShopperState } from "./shopper-state.server";

// Every page and /api route sits under this pathless layout: it loads the session and the
// shopper's own state (bag badge, auth, notices, country and cookie choices).
export const middleware: Route.MiddlewareFunction[] = [sessionMiddleware];

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadShopperState(context, request);
}

// Spec §4: the bag is refetched on each route change and after every bag action; notices
// arrive after posts. So this small loader runs on every navigation and every mutation.
export function shouldRevalidate() {
  return true;
}

export default function ShopLayout() {
  return <Outlet />;
}

export const ErrorBoundary = RouteErrorBoundary;

import { data } from "react-router";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";

// Any path no route claims, in either language (including /it/…): a designed 404.
export function loader() {
  throw data(null, { status: 404 });
}

export function action() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}

export const ErrorBoundary = RouteErrorBoundary;

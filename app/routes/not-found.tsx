import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { notFound } from "~/utils/id-param";

// Any path no route claims, in either language (including /it/…): a designed 404.
export function loader() {
  throw notFound();
}

export function action() {
  throw notFound();
}

export default function NotFound() {
  return null;
}

export const ErrorBoundary = RouteErrorBoundary;

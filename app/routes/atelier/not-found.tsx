import type { Route } from "./+types/not-found";
import { AtelierErrorBoundary } from "~/components/atelier/atelier-error";
import { notFound } from "~/utils/id-param";

// An Atelier path no page answers (a section not built yet, a typo): sign-in first (the layout's
// guard: "*" is for any signed-in member), then a 404 inside Atelier's frame rather than the shop's.
export async function loader(_: Route.LoaderArgs) {
  throw notFound();
}

export async function action(_: Route.ActionArgs) {
  throw notFound();
}

export default function AtelierNotFound() {
  return null;
}

export const ErrorBoundary = AtelierErrorBoundary;

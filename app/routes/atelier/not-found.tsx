import type { Route } from "./+types/not-found";
import { AtelierErrorBoundary } from "~/components/atelier/atelier-error";
import { requireStaff } from "./staff-context.server";
import { notFound } from "~/utils/id-param";

// An Atelier path no page answers (a section not built yet, a typo): sign-in first, then a 404
// inside Atelier's frame rather than the shop's.
export async function loader({ context }: Route.LoaderArgs) {
  requireStaff(context);
  throw notFound();
}

export async function action({ context }: Route.ActionArgs) {
  requireStaff(context);
  throw notFound();
}

export default function AtelierNotFound() {
  return null;
}

export const ErrorBoundary = AtelierErrorBoundary;

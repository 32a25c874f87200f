import { data, redirect } from "react-router";
import type { Route } from "./+types/session";
import { parseForm, readFormData, requireValidForm } from "~/utils/form.server";
import { redirectTargetField, z } from "~/utils/zod";
import { atelierHref, atelierRedirectTarget, currentStaffSession } from "./staff-context.server";

// POST /atelier/session: "stay signed in". The request itself extends the session (the staff
// session middleware moves its idle end on every request); the layout's warning posts it from
// the page being written, and gets the new end with the layout's data. A post without the
// warning's script goes back to its page (PRG).
/** The warning's post (`via=script`, answered with the new end) or the page's own (back to `redirectTo`). */
const StaySignedInSchema = z.object({ via: z.string().max(20).optional(), redirectTo: redirectTargetField() });

export async function loader({ context }: Route.LoaderArgs) {
  throw redirect(atelierHref(context, "/atelier"));
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = requireValidForm(parseForm(await readFormData(request), StaySignedInSchema));
  if (form.via === "script") return data({ endsAt: currentStaffSession(context)?.endsAt ?? null });
  throw redirect(atelierRedirectTarget(context, form.redirectTo));
}

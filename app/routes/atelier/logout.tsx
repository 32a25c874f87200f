import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { addStaffNotice, atelierHref, signOutStaff } from "./staff-context.server";

// Sign-out is a POST (the layout's button); the row is deleted, so a copied cookie opens nothing.
export async function loader({ context }: Route.LoaderArgs) {
  throw redirect(atelierHref(context, "/atelier"));
}

export async function action({ context }: Route.ActionArgs) {
  await signOutStaff(context);
  addStaffNotice(context, { kind: "success", key: "notices.signedOut" });
  throw redirect(atelierHref(context, "/atelier/login"));
}

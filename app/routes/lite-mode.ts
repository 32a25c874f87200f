import { data, redirect } from "react-router";
import type { Route } from "./+types/lite-mode";
import { getRequestContext } from "~/middleware/request-context.server";
import { liteCookie } from "~/middleware/lite-mode.server";
import { parseForm, readFormData, requireValidForm } from "~/utils/form.server";
import { safeRedirect } from "~/utils/safe-redirect";
import { redirectTargetField, z } from "~/utils/zod";
import { cacheControl } from "~/utils/cache-policy";

// The footer's "Versione leggera" and the lite notice's way out (docs/decisions/027): stores the
// choice in its cookie and sends the shopper back to the page the form was on, now as a new
// document (lite or full). No session and no row: the cookie is the whole choice.

/** The footer's and the notice's form (lite-mode-forms.tsx): "1" lite, "0" full, and the page it was on (checked again by safeRedirect). */
const LiteSwitchSchema = z.object({ lite: z.enum(["1", "0"]), redirectTo: redirectTargetField() });

/** Nothing to show: the forms post here. */
export function loader() {
  throw data(null, { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { publicUrl } = getRequestContext(context);
  const { lite, redirectTo } = requireValidForm(parseForm(await readFormData(request), LiteSwitchSchema));
  // 303: the page is fetched anew with GET (the post is not repeated).
  throw redirect(safeRedirect(redirectTo), {
    status: 303,
    headers: { "Set-Cookie": liteCookie(lite === "1", publicUrl.isHttps), ...cacheControl("private") },
  });
}

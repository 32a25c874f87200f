import type { Route } from "./+types/api.newsletter";
import { serverT } from "~/i18n/texts.server";
import { getRequestContext } from "~/middleware/request-context.server";
import { NewsletterSchema } from "~/modules/newsletter/newsletter.schema";
import { subscribeToNewsletter } from "~/modules/newsletter/newsletter.service.server";
import { bodyHoneypot, bodyLocale, isChecked, jsonError, methodNotAllowed, readJsonObject, validationErrorResponse } from "~/utils/json-api.server";

// JSON sign-up (spec §7): { email, privacy, language }. Answers { message } in the requested
// language: the success text, or the error (400 with `fields` for validation). The sign-up is
// pending until the e-mailed link confirms it (double opt-in); the answer is the spec's all the same.
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed({ request });
  const body = await readJsonObject(request);
  if (body instanceof Response) return body;
  const locale = bodyLocale(body);
  const result = NewsletterSchema.safeParse({ ...body, privacy: isChecked(body.privacy) });
  if (!result.success) return validationErrorResponse(result.error, locale);
  const { db, clientIp, publicUrl } = getRequestContext(context);
  try {
    await subscribeToNewsletter(db, { ...result.data, locale, source: "api", clientIp, honeypot: bodyHoneypot(body), absoluteUrl: publicUrl.absolute });
  } catch (error) {
    return jsonError(error, locale);
  }
  return Response.json({ message: serverT(locale)("newsletter.success") });
}

export const loader = methodNotAllowed;

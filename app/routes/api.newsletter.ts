import type { Route } from "./+types/api.newsletter";
import { resources } from "~/i18n/resources";
import { NewsletterSchema } from "~/modules/newsletter/newsletter.schema";
import { subscribeToNewsletter } from "~/modules/newsletter/newsletter.service.server";
import { appContext } from "~/server/context.server";
import { bodyHoneypot, bodyLocale, isChecked, methodNotAllowed, readJsonObject, validationErrorResponse } from "~/utils/json-api.server";

// JSON sign-up (spec §7): { email, privacy, language }. Errors answer 400 with the message of
// each field in the requested language; `error` carries the first one for simple clients.
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const body = await readJsonObject(request);
  if (body instanceof Response) return body;
  const locale = bodyLocale(body);
  const result = NewsletterSchema.safeParse({ ...body, privacy: isChecked(body.privacy) });
  if (!result.success) return validationErrorResponse(result.error, locale);
  const { db, clientIp } = context.get(appContext);
  const outcome = await subscribeToNewsletter(db, { ...result.data, locale, source: "api", clientIp, honeypot: bodyHoneypot(body) });
  const texts = resources[locale].common.newsletter;
  if (outcome.status === "rate-limited") {
    return Response.json({ error: texts.rateLimited }, { status: 429, headers: { "Retry-After": String(outcome.retryAfter) } });
  }
  return Response.json({ message: texts.success });
}

export const loader = methodNotAllowed;

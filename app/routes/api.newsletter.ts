import type { Route } from "./+types/api.newsletter";
import { resources } from "~/i18n/resources";
import { HONEYPOT_FIELD, NewsletterSchema } from "~/modules/newsletter/newsletter.schema";
import { subscribeToNewsletter } from "~/modules/newsletter/newsletter.service.server";
import { appContext } from "~/server/context.server";
import { type Locale, isLocale } from "~/utils/locale";

// JSON sign-up (spec §7): { email, privacy, language }. Errors answer 400 with the message of
// each field in the requested language; `error` carries the first one for simple clients.
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return Response.json({ error: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });
  let body: Record<string, unknown>;
  try {
    const parsed: unknown = await request.json();
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new Error("not an object");
    body = parsed as Record<string, unknown>;
  } catch {
    return Response.json({ error: "The body must be a JSON object" }, { status: 400 });
  }
  const locale: Locale = isLocale(body.language) ? body.language : "it";
  const texts = resources[locale].common;
  const result = NewsletterSchema.safeParse({ ...body, privacy: body.privacy === true || body.privacy === "true" || body.privacy === "on" });
  if (!result.success) {
    const fields: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const key = String(issue.path[0] ?? "form");
      fields[key] ??= translateKey(texts, issue.message);
    }
    return Response.json({ error: Object.values(fields)[0], fields }, { status: 400 });
  }
  const { db, clientIp } = context.get(appContext);
  const outcome = await subscribeToNewsletter(db, {
    ...result.data,
    locale,
    source: "api",
    clientIp,
    honeypot: typeof body[HONEYPOT_FIELD] === "string" ? (body[HONEYPOT_FIELD] as string) : null,
  });
  if (outcome.status === "rate-limited") {
    return Response.json({ error: texts.newsletter.rateLimited }, { status: 429, headers: { "Retry-After": String(outcome.retryAfter) } });
  }
  return Response.json({ message: texts.newsletter.success });
}

export function loader() {
  return Response.json({ error: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });
}

function translateKey(texts: (typeof resources)["it"]["common"], key: string): string {
  const [group, name] = key.split(".") as [keyof typeof texts, string];
  const value = (texts[group] as Record<string, unknown> | undefined)?.[name];
  return typeof value === "string" ? value : key;
}

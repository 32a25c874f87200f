import type { z } from "~/utils/zod";
import { resources } from "~/i18n/resources";
import { HONEYPOT_FIELD } from "./honeypot";
import { type Locale, isLocale } from "./locale";

// Shared by the JSON endpoints of the public forms (/api/newsletter, /api/backstock/create):
// they read a JSON object, validate it with the same zod schema as the page's form, and answer
// errors as { error, fields } in the requested language.

export const methodNotAllowed = () => Response.json({ error: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });

/** The request's JSON object, or a 400 response to return as it is. */
export async function readJsonObject(request: Request): Promise<Record<string, unknown> | Response> {
  try {
    const parsed: unknown = await request.json();
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // Falls through to the same answer as a non-object body.
  }
  return Response.json({ error: "The body must be a JSON object" }, { status: 400 });
}

/** The body's `language`, defaulting to Italian. */
export const bodyLocale = (body: Record<string, unknown>): Locale => (isLocale(body.language) ? body.language : "it");

/** A checkbox sent as JSON may be true, "true" or "on". */
export const isChecked = (value: unknown) => value === true || value === "true" || value === "on";

export const bodyHoneypot = (body: Record<string, unknown>) => (typeof body[HONEYPOT_FIELD] === "string" ? (body[HONEYPOT_FIELD] as string) : null);

/** 400 with the first message of each field, translated (messages are common.json keys). */
export function validationErrorResponse(error: z.ZodError, locale: Locale): Response {
  const texts = resources[locale].common;
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    fields[key] ??= translateKey(texts, issue.message);
  }
  return Response.json({ error: Object.values(fields)[0], fields }, { status: 400 });
}

function translateKey(texts: (typeof resources)["it"]["common"], key: string): string {
  const [group, name] = key.split(".") as [keyof typeof texts, string];
  const value = (texts[group] as Record<string, unknown> | undefined)?.[name];
  return typeof value === "string" ? value : key;
}

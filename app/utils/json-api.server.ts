import type { z } from "~/utils/zod";
import { resources } from "~/i18n/resources";
import { DomainError } from "./domain-error";
import { HONEYPOT_FIELD } from "./honeypot";
import { type Locale, isLocale } from "./locale";

// Shared by the JSON endpoints (/api/newsletter, /api/backstock/create, the bag's calls to come):
// they read a JSON object, validate it with the same zod schema as the page's form, and answer
// errors as { message } (plus { fields } for validation) in the requested language, with the
// status of the error table (app/utils/domain-error.ts).

export const methodNotAllowed = () => Response.json({ message: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });

/** The request's JSON object, or a 400 response to return as it is. */
export async function readJsonObject(request: Request): Promise<Record<string, unknown> | Response> {
  try {
    const parsed: unknown = await request.json();
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // Falls through to the same answer as a non-object body.
  }
  return Response.json({ message: "The body must be a JSON object" }, { status: 400 });
}

/** The body's `language`, defaulting to Italian. */
export const bodyLocale = (body: Record<string, unknown>): Locale => (isLocale(body.language) ? body.language : "it");

/** A checkbox sent as JSON may be true, "true" or "on". */
export const isChecked = (value: unknown) => value === true || value === "true" || value === "on";

export const bodyHoneypot = (body: Record<string, unknown>) => (typeof body[HONEYPOT_FIELD] === "string" ? (body[HONEYPOT_FIELD] as string) : null);

/** 400 with the first message of each field, translated; `message` carries the first one. */
export function validationErrorResponse(error: z.ZodError, locale: Locale): Response {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    fields[key] ??= translateKey(locale, issue.message);
  }
  return Response.json({ message: Object.values(fields)[0], fields }, { status: 400 });
}

/**
 * A service's DomainError as the JSON answer: `{ message }` in the requested language, with
 * the error table's status (and Retry-After for rate limits). Anything else is rethrown.
 */
export function jsonError(error: unknown, locale: Locale): Response {
  if (!(error instanceof DomainError)) throw error;
  return Response.json({ message: translateKey(locale, error.messageKey) }, { status: error.status, headers: error.headers });
}

/** A message key ("validation.required", or "catalog:backstock.x") in one language; an unknown key stays as it is. */
export function translateKey(locale: Locale, key: string, values: Record<string, string> = {}): string {
  const [ns, path] = key.includes(":") ? (key.split(":", 2) as [string, string]) : ["common", key];
  let value: unknown = (resources[locale] as Record<string, unknown>)[ns];
  for (const part of path.split(".")) value = (value as Record<string, unknown> | undefined)?.[part];
  return typeof value === "string" ? value.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole) : key;
}

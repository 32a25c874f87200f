import type { z } from "~/utils/zod";
import type { resources } from "~/i18n/resources";
import { serverText } from "~/i18n/texts.server";
import { isDomainError } from "./domain-error";
import { HONEYPOT_FIELD } from "./honeypot";
import { type Locale, isLocale } from "./locale";

// Shared by the JSON endpoints (/api/newsletter, /api/backstock/create, the bag's calls to come):
// they read a JSON object, validate it with the same zod schema as the page's form, and answer
// errors as { message } (plus { fields } for validation) in the requested language, with the
// status of the error table (app/utils/domain-error.ts).

/**
 * The language of a call's answer (docs/api.md): the body's `language`, else the query's
 * `language` (or `lang`, the settings and menu calls' name), else Italian. Every message an API
 * call answers is in it, the errors of a body that cannot be read included.
 */
export function requestLocale(request: Request, body?: Record<string, unknown>): Locale {
  if (body && isLocale(body.language)) return body.language;
  const query = new URL(request.url).searchParams;
  const asked = query.get("language") ?? query.get("lang");
  return isLocale(asked) ? asked : "it";
}

/** An answer `{ message }` with one of the API's own texts (locales/<lang>/api.json). */
export function apiMessage(locale: Locale, key: keyof (typeof resources)["it"]["api"], init: ResponseInit = {}): Response {
  return Response.json({ message: serverText(locale, `api:${key}`) }, init);
}

/** 405 with `Allow`, in the request's language (a route module's `loader`/`action` as it is). */
export function methodNotAllowed({ request }: { request: Request }, allow = "POST"): Response {
  return apiMessage(requestLocale(request), "methodNotAllowed", { status: 405, headers: { Allow: allow } });
}

/** 404 for an operation the call does not have, in the request's language. */
export const unknownOperation = (request: Request) => apiMessage(requestLocale(request), "notFound", { status: 404 });

/**
 * The operation an /api call's address names (`/api/cart/add`), for a route whose writes are a
 * table of operations, each with its method: the operation, or the answer to return as it is —
 * 404 for an operation the call does not have, 405 (with Allow) for another method, a GET on a
 * write's address included.
 */
export function operationOf<Operation extends { method: string }>(request: Request, operations: Record<string, Operation>, name: string | undefined): Operation | Response {
  const operation = name === undefined ? undefined : operations[name];
  if (!operation || !Object.hasOwn(operations, name!)) return unknownOperation(request);
  return request.method === operation.method ? operation : methodNotAllowed({ request }, operation.method);
}

/** The request's JSON object, or a 400 response (in the query's language) to return as it is. */
export async function readJsonObject(request: Request): Promise<Record<string, unknown> | Response> {
  try {
    const parsed: unknown = await request.json();
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // Falls through to the same answer as a non-object body.
  }
  return apiMessage(requestLocale(request), "bodyNotJson", { status: 400 });
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
    // A schema's own messages are keys; zod's built-in ones ("Invalid input: expected string…") are English prose.
    const text = serverText(locale, issue.message);
    fields[key] ??= text === issue.message ? serverText(locale, "api:invalidField") : text;
  }
  return Response.json({ message: Object.values(fields)[0], fields }, { status: 400 });
}

/**
 * A service's DomainError as the JSON answer: `{ message }` in the requested language, with
 * the error table's status (and Retry-After for rate limits). Anything else is rethrown.
 */
export function jsonError(error: unknown, locale: Locale): Response {
  if (!isDomainError(error)) throw error;
  return Response.json({ message: serverText(locale, error.messageKey) }, { status: error.status, headers: error.headers });
}

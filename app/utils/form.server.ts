import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { z } from "~/utils/zod";
import { HONEYPOT_FIELD } from "~/utils/honeypot";
import { isDomainError } from "./domain-error";

// The server half of the form kit (app/components/ui/form-kit.tsx): read the body, validate it
// with the form's zod schema through conform, and answer errors the one way the kit reads them.

/**
 * The request's form fields. A body that is not a form (wrong content type, cut off) is a 400,
 * never a 500: the same answer as any other malformed form.
 */
export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data({ message: "The body must be a form (application/x-www-form-urlencoded or multipart/form-data)." }, { status: 400 });
  }
}

/**
 * The honeypot's value (components/ui/honeypot-field.tsx): outside every schema on purpose, so a
 * bot's filled trap passes validation and the service drops the post without saying why.
 */
export function honeypotValue(formData: FormData): string {
  const value = formData.get(HONEYPOT_FIELD);
  return typeof value === "string" ? value : "";
}

/** Validates a form with its schema (conform + zod): the submission the action answers with. */
export function parseForm<Schema extends z.ZodType>(formData: FormData, schema: Schema) {
  return parseWithZod(withoutConformFields(formData), { schema: storable(schema) });
}

/** The largest value of the databases' `integer` columns (PostgreSQL's int4). */
export const MAX_STORED_INTEGER = 2_147_483_647;
/** Control characters but tab and line breaks (PostgreSQL refuses NUL in text; nothing wants the rest). */
const CONTROL_CHARACTERS = /(?![\t\n\r])\p{Cc}/u;

/**
 * The kit's rules for every form, whatever its schema says: a value the schema let through is
 * still refused at its field when no column could hold it — text with control characters (NUL
 * above all: PostgreSQL refuses it where SQLite would keep it), a number that is not finite or a
 * whole number beyond the integer columns, a date that is no date or outside years 1–9999. So a
 * field a schema forgot to bound is a localized message, never a database error (a 500).
 */
function storable<Schema extends z.ZodType>(schema: Schema): Schema {
  return schema.superRefine((value, ctx) => {
    const visit = (item: unknown, path: Array<string | number>, depth: number) => {
      if (typeof item === "string") {
        if (CONTROL_CHARACTERS.test(item)) ctx.addIssue({ code: "custom", path, message: "validation.characters" });
      } else if (typeof item === "number") {
        if (!Number.isFinite(item) || (Number.isInteger(item) && Math.abs(item) > MAX_STORED_INTEGER)) ctx.addIssue({ code: "custom", path, message: "validation.outOfRange" });
      } else if (typeof item === "bigint") {
        if (item > BigInt(MAX_STORED_INTEGER) || item < -BigInt(MAX_STORED_INTEGER)) ctx.addIssue({ code: "custom", path, message: "validation.outOfRange" });
      } else if (item instanceof Date) {
        const year = item.getUTCFullYear();
        if (Number.isNaN(item.getTime()) || year < 1 || year > 9999) ctx.addIssue({ code: "custom", path, message: "validation.date" });
      } else if (depth < 8 && Array.isArray(item)) {
        item.forEach((entry, index) => visit(entry, [...path, index], depth + 1));
      } else if (depth < 8 && item !== null && typeof item === "object" && [Object.prototype, null].includes(Object.getPrototypeOf(item))) {
        for (const [key, entry] of Object.entries(item)) visit(entry, [...path, key], depth + 1);
      }
    };
    visit(value, [], 0);
  }) as unknown as Schema;
}

/**
 * conform reserves two field names for its client (`__intent__`, `__state__`) and parses them as
 * JSON: a forged one would throw. The shop's forms never send them; a post that does loses them.
 */
function withoutConformFields(formData: FormData): FormData {
  if (!formData.has("__intent__") && !formData.has("__state__")) return formData;
  const copy = new FormData();
  for (const [name, value] of formData) if (name !== "__intent__" && name !== "__state__") copy.append(name, value);
  return copy;
}

/**
 * Validates a form whose buttons say what to do (`intent`), with a zod discriminated union
 * on it. An intent the union does not know is a broken or forged form: 400, no page.
 */
export function parseIntentForm<Schema extends z.ZodDiscriminatedUnion>(formData: FormData, schema: Schema, intents: readonly string[]) {
  const intent = formData.get("intent");
  if (typeof intent !== "string" || !intents.includes(intent)) throw data({ message: "Unknown intent." }, { status: 400 });
  return parseWithZod(withoutConformFields(formData), { schema: storable(schema) });
}

/**
 * The values of a form nobody types into (buttons, hidden fields, checkboxes: a cookie choice,
 * the lite switch, a row's "mark as handled"): one its schema refuses was broken or forged on the
 * way, not a shopper's mistake to show at a field. The kit's one answer for it: 400, the error
 * page (`message` for the log and a client reading the body).
 */
export function requireValidForm<Value>(submission: Submission<unknown, string[], Value>, message = "Invalid form."): Value {
  if (submission.status !== "success") throw data({ message }, { status: 400 });
  return submission.value;
}

interface ReplyOptions {
  /** Fields never sent back (passwords): the page does not show them again, and they stay out of its HTML. */
  hideFields?: string[];
}

/** The answer to a submission that failed validation: 400, errors by field, the input kept. */
export function invalidForm(submission: Submission<unknown, string[]>, { hideFields }: ReplyOptions = {}) {
  return data({ result: submission.reply({ hideFields }) }, { status: 400 });
}

/**
 * A service's DomainError as the form's error: the status and message key of the error table,
 * the input kept. What the form is about gone missing (the table's `page`: a forged or stale
 * id) is the error page instead. Anything else is not a shopper's mistake and goes on to the
 * error boundary.
 */
export function formError(submission: Submission<unknown, string[]>, error: unknown, { hideFields }: ReplyOptions = {}) {
  if (!isDomainError(error) || error.isPageError) pageError(error);
  const reply = error.field
    ? submission.reply({ fieldErrors: { [error.field]: [error.messageKey] }, hideFields })
    : submission.reply({ formErrors: [error.messageKey], hideFields });
  return data({ result: reply }, { status: error.status, headers: error.headers });
}

/**
 * A DomainError in an action without a form to show it in (a cookie choice, a country choice):
 * the error page with the table's status and message key. Anything else is rethrown as it is.
 */
export function pageError(error: unknown): never {
  if (!isDomainError(error)) throw error;
  throw data({ message: error.messageKey }, { status: error.status, headers: error.headers });
}

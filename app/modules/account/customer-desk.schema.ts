import { withoutControlCharacters } from "~/utils/form-fields";
import { z } from "~/utils/zod";

// Atelier's customer desk: the list's GET filter and the erasure's confirmation. Safe on client
// and server. Error messages are keys of the atelier-customers namespace.

export const CUSTOMER_SORTS = ["newest", "oldest", "name", "email", "last-login"] as const;
export type CustomerSortParam = (typeof CUSTOMER_SORTS)[number];
/** Far enough for any real browsing; past it an offset would make the database skip too much. */
export const MAX_CUSTOMER_PAGE = 400;

export interface CustomerFilter {
  q: string;
  sort: CustomerSortParam;
  page: number;
}

/**
 * The list's filter from the URL. A filter is a GET anyone can edit: a bad sort or page falls
 * back to the default rather than failing (the page says nothing; the form shows what applies).
 */
export function parseCustomerFilter(params: URLSearchParams): CustomerFilter {
  const q = (params.get("q") ?? "").trim().slice(0, 200);
  const sortParam = params.get("sort");
  const sort = (CUSTOMER_SORTS as readonly string[]).includes(sortParam ?? "") ? (sortParam as CustomerSortParam) : "newest";
  const pageParam = params.get("page") ?? "";
  const page = /^\d{1,6}$/.test(pageParam) ? Math.min(Math.max(1, Number(pageParam)), MAX_CUSTOMER_PAGE) : 1;
  return { q, sort, page };
}

/** The orders page of a customer's page (`?orders=2`): a positive integer, else 1. */
export function parsePageParam(value: string | null): number {
  return value && /^\d{1,6}$/.test(value) ? Math.max(1, Number(value)) : 1;
}

/** The most tags a customer carries, and a tag's longest. */
export const CUSTOMER_TAGS_MAX = 10;
export const CUSTOMER_TAG_MAX_LENGTH = 40;
/** A customer note's longest. */
export const CUSTOMER_NOTE_MAX_LENGTH = 2000;

/** "VIP, sarta , vip" → ["sarta", "vip"]: trimmed, lower case, each once, sorted. */
export function parseTags(value: string): string[] {
  return [...new Set(value.split(",").map((tag) => tag.trim().replace(/\s+/g, " ").toLowerCase()).filter(Boolean))].sort();
}

/**
 * The notes and tags forms (issue 42 part 4), on an account's page and a guest's alike: a note
 * (appended), the tags (the whole list, comma separated, replacing the old one).
 */
export function customerRecordIntents() {
  return [
    z.object({
      intent: z.literal("note"),
      body: z
        .string({ error: "atelier-customers:record.noteRequired" })
        .trim()
        .min(1, { error: "atelier-customers:record.noteRequired" })
        .max(CUSTOMER_NOTE_MAX_LENGTH, { error: "atelier-customers:record.noteTooLong" })
        .refine(withoutControlCharacters(true), { error: "validation.characters" }),
    }),
    z.object({
      intent: z.literal("tags"),
      tags: z
        .string()
        .max(CUSTOMER_TAGS_MAX * (CUSTOMER_TAG_MAX_LENGTH + 2), { error: "atelier-customers:record.tagsInvalid" })
        .refine(withoutControlCharacters(), { error: "validation.characters" })
        .transform(parseTags)
        .refine((tags) => tags.length <= CUSTOMER_TAGS_MAX && tags.every((tag) => tag.length <= CUSTOMER_TAG_MAX_LENGTH && /^[\p{L}\p{N} '’&.-]+$/u.test(tag)), {
          error: "atelier-customers:record.tagsInvalid",
        })
        .default([]),
    }),
  ] as const;
}

/**
 * The customer page's forms, by the button's intent. Erasing: the "I understand" box must be
 * ticked (a post without it is a 400 that changes nothing).
 */
export const CustomerActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("erase"),
    confirm: z.literal("on", { error: "atelier-customers:erase.confirmRequired" }),
  }),
  ...customerRecordIntents(),
]);

/** A guest's page: its notes and tags, and the merge into the account of the same address. */
export const GuestCustomerActionSchema = z.discriminatedUnion("intent", [z.object({ intent: z.literal("merge") }), ...customerRecordIntents()]);

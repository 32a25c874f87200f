import { withoutControlCharacters } from "~/utils/form-fields";
import { z } from "~/utils/zod";

// Saved views (issue 42 part 5): a named filter of one of Atelier's lists, shared by the staff.
// A view keeps the list's query string as its GET form writes it, reduced to the list's own
// filter and sort parameters (never the page, nothing else), so a view is a link. Safe on client
// and server; error messages are keys of the atelier namespace.

export const VIEW_AREAS = ["orders", "customers", "products"] as const;
export type ViewArea = (typeof VIEW_AREAS)[number];

/** The parameters each list reads (its filters and sort); a view keeps these only. */
export const VIEW_PARAMETERS: Record<ViewArea, readonly string[]> = {
  orders: ["q", "status", "payment", "shipping", "from", "to", "sort", "dir"],
  customers: ["q", "sort"],
  products: ["q", "category", "status", "stock", "sort"],
};

/** A saved view as the lists show it. */
export interface SavedView {
  id: number;
  name: string;
  /** The list's query string, without "?". */
  query: string;
}

/** Views a list keeps at most (a row of links, not a second list). */
export const VIEWS_PER_AREA = 20;
export const VIEW_NAME_MAX = 60;

/** A list's query string reduced to what a view keeps: its parameters, in its order, each value short and printable. */
export function viewQuery(area: ViewArea, search: string): string {
  const params = new URLSearchParams(search.slice(0, 2000));
  const kept = new URLSearchParams();
  for (const name of VIEW_PARAMETERS[area]) {
    const value = params.get(name);
    // eslint-disable-next-line no-control-regex
    const clean = value?.replace(/[\u0000-\u001f\u007f]+/g, " ").trim().slice(0, 100);
    if (clean) kept.set(name, clean);
  }
  return kept.toString();
}

// The views' forms post to their list's own route (its guard is the list's), with these intents.
export const SAVED_VIEW_INTENTS = ["view-save", "view-delete"] as const;

export const SavedViewFormSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("view-save"),
    name: z
      .string({ error: "atelier:views.nameError" })
      .trim()
      .min(1, { error: "atelier:views.nameError" })
      .max(VIEW_NAME_MAX, { error: "atelier:views.nameError" })
      .refine(withoutControlCharacters(), { error: "atelier:views.nameError" }),
    query: z.string().max(2000).optional().default(""),
  }),
  z.object({
    intent: z.literal("view-delete"),
    viewId: z.number({ error: "atelier:views.invalid" }).int().positive().max(2_147_483_647),
  }),
]);

/** Whether a post is the views' (a list with other forms hands it to savedViewAction). */
export function isSavedViewPost(formData: FormData): boolean {
  const intent = formData.get("intent");
  return typeof intent === "string" && (SAVED_VIEW_INTENTS as readonly string[]).includes(intent);
}

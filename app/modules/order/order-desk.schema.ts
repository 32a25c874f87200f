import { withoutControlCharacters } from "~/utils/form-fields";
import { z } from "~/utils/zod";
import { CARRIER_IDS } from "./carriers";
import { RETURN_REASONS } from "./return-refund";
import { ORDER_PAYMENT_STATUSES, ORDER_SHIPPING_STATUSES, ORDER_STATUSES, type OrderPaymentStatus, type OrderShippingStatus, type OrderStatus } from "./order-state";

// The order desk's list (Atelier, /atelier/orders): its filters, sort and page, read from one
// GET form so that every state is a URL. Parsing never fails: a value that is not one of ours is
// dropped (the list shows everything for it), a reversed date range is swapped. Safe on client
// and server.

export const DESK_SORTS = ["date", "total", "number"] as const;
export type DeskSort = (typeof DESK_SORTS)[number];
export type SortDirection = "asc" | "desc";
export const DESK_PAGE_SIZE = 50;
/** A page past this is no page anyone browses to (the filters find it faster). */
export const DESK_MAX_PAGE = 10_000;

export interface DeskOrderQuery {
  status: OrderStatus | null;
  payment: OrderPaymentStatus | null;
  shipping: OrderShippingStatus | null;
  /** Calendar days (YYYY-MM-DD, the shop's time zone), inclusive. */
  from: string | null;
  to: string | null;
  /** Free text: an order number (or its start), an e-mail (or its start), a name's start. */
  q: string;
  sort: DeskSort;
  dir: SortDirection;
  page: number;
}

export const DEFAULT_DESK_QUERY: DeskOrderQuery = { status: null, payment: null, shipping: null, from: null, to: null, q: "", sort: "date", dir: "desc", page: 1 };

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;
}

/** A real calendar day as YYYY-MM-DD, else null. */
export function calendarDay(value: string | null): string | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const [year, month, day] = value.split("-").map(Number);
  if (year < 2000 || year > 2999) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? value : null;
}

/** The desk's query from a URL's search parameters; anything unusable falls back to the default. */
export function parseDeskOrderQuery(params: URLSearchParams): DeskOrderQuery {
  let from = calendarDay(params.get("from"));
  let to = calendarDay(params.get("to"));
  if (from && to && from > to) [from, to] = [to, from];
  const page = Number(params.get("page"));
  const q = (params.get("q") ?? "")
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]+/g, " ")
    .trim()
    .slice(0, 100);
  return {
    status: oneOf(ORDER_STATUSES, params.get("status")),
    payment: oneOf(ORDER_PAYMENT_STATUSES, params.get("payment")),
    shipping: oneOf(ORDER_SHIPPING_STATUSES, params.get("shipping")),
    from,
    to,
    q,
    sort: oneOf(DESK_SORTS, params.get("sort")) ?? "date",
    dir: params.get("dir") === "asc" ? "asc" : "desc",
    page: Number.isSafeInteger(page) && page >= 1 && page <= DESK_MAX_PAGE ? page : 1,
  };
}

/** The query as search parameters, defaults left out (links to pages, sorts and the export). */
export function deskQueryParams(query: DeskOrderQuery, changes: Partial<DeskOrderQuery> = {}): URLSearchParams {
  const merged = { ...query, ...changes };
  const params = new URLSearchParams();
  for (const key of ["q", "status", "payment", "shipping", "from", "to"] as const) {
    const value = merged[key];
    if (value) params.set(key, value);
  }
  if (merged.sort !== "date") params.set("sort", merged.sort);
  if (merged.dir !== "desc") params.set("dir", merged.dir);
  if (merged.page > 1) params.set("page", String(merged.page));
  return params;
}

/** What the free text looks like: an order number's start, an e-mail's start, or words of a name. */
export type DeskText = { kind: "none" } | { kind: "number"; prefix: string } | { kind: "email"; prefix: string } | { kind: "words"; words: string[] };

export function classifyDeskText(q: string): DeskText {
  const text = q.trim().toLowerCase();
  if (!text) return { kind: "none" };
  const compact = text.replace(/[\s-]+/g, "").toUpperCase();
  if (/^BT\d{0,9}$/.test(compact) || /^\d{4,9}$/.test(compact)) return { kind: "number", prefix: compact.startsWith("BT") ? compact : `BT${compact}` };
  if (text.includes("@")) return { kind: "email", prefix: text.replace(/\s+/g, "") };
  return { kind: "words", words: text.split(/\s+/).filter(Boolean).slice(0, 4) };
}

// The order page's forms: one action, a button's `intent` saying which step. Errors are keys
// of the atelier-orders namespace.

const id = z.number({ error: "atelier-orders:validation.lines" }).int().positive().max(2_147_483_647);

const carrierField = () => z.enum(CARRIER_IDS, { error: "atelier-orders:validation.carrier" });
/** A parcel's tracking number: letters and digits, spaces dropped, in capitals. */
const trackingField = () =>
  z
    .string({ error: "atelier-orders:validation.tracking" })
    .trim()
    .transform((value) => value.replace(/\s+/g, "").toUpperCase())
    .refine((value) => /^[A-Z0-9]{6,40}$/.test(value), { error: "atelier-orders:validation.tracking" });

/** Orders one bulk action takes at most: a page of the list. */
export const DESK_BULK_MAX = DESK_PAGE_SIZE;

/** The orders ticked in the list (`?id=…&id=…`): the ids that are ids, each once, a page's worth at most. */
export function parseOrderIds(params: URLSearchParams): number[] {
  const ids = params
    .getAll("id")
    .filter((value) => /^\d{1,10}$/.test(value))
    .map(Number)
    .filter((value) => value >= 1 && value <= 2_147_483_647);
  return [...new Set(ids)].slice(0, DESK_BULK_MAX);
}

/** Many orders shipped in one form (the list's selection): per order its carrier and tracking number. */
export const BulkShipSchema = z.object({
  shipments: z
    .array(z.object({ orderId: id, carrier: carrierField(), tracking: trackingField() }), { error: "atelier-orders:validation.bulkNone" })
    .min(1, { error: "atelier-orders:validation.bulkNone" })
    .max(DESK_BULK_MAX, { error: "atelier-orders:validation.bulkNone" }),
});

// A refund and a cancellation have their own confirmation pages (order-refund.tsx, order-cancel.tsx).
export const DESK_INTENTS = ["note", "paid", "ship", "deliver", "ready", "collect", "receive", "openReturn"] as const;

export const DeskOrderActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("note"),
    body: z
      .string({ error: "atelier-orders:validation.note" })
      .trim()
      .min(1, { error: "atelier-orders:validation.note" })
      .max(2000, { error: "atelier-orders:validation.note" })
      .refine(withoutControlCharacters(true), { error: "atelier-orders:validation.note" }),
  }),
  z.object({ intent: z.literal("paid") }),
  z.object({ intent: z.literal("ship"), carrier: carrierField(), tracking: trackingField() }),
  z.object({ intent: z.literal("deliver") }),
  // A pick-up order's steps (issue 41): its pieces are on the store's shelf; the shopper took them.
  z.object({ intent: z.literal("ready") }),
  z.object({ intent: z.literal("collect") }),
  // A return received line by line: how many units of each arrived, 0 to the units asked (the
  // service checks the upper bound and that each line is the return's), at least one in all.
  z.object({
    intent: z.literal("receive"),
    returnId: id,
    lines: z
      .array(
        z.object({
          orderLineId: id,
          quantity: z.number({ error: "atelier-orders:validation.received" }).int({ error: "atelier-orders:validation.received" }).min(0, { error: "atelier-orders:validation.received" }).max(999, {
            error: "atelier-orders:validation.received",
          }),
        }),
        { error: "atelier-orders:validation.nothingReceived" },
      )
      .min(1, { error: "atelier-orders:validation.nothingReceived" })
      .max(50, { error: "atelier-orders:validation.nothingReceived" })
      .refine((lines) => lines.some((line) => line.quantity > 0), { error: "atelier-orders:validation.nothingReceived" }),
  }),
  // A return opened by staff for the customer (issue 42 part 3): per line how many units come back
  // (0 to what is left to return: the service checks) and why; the fee waived or not.
  z.object({
    intent: z.literal("openReturn"),
    lines: z
      .array(
        z.object({
          orderLineId: id,
          quantity: z.number({ error: "atelier-orders:validation.returnQuantity" }).int({ error: "atelier-orders:validation.returnQuantity" }).min(0, { error: "atelier-orders:validation.returnQuantity" }).max(999, {
            error: "atelier-orders:validation.returnQuantity",
          }),
          reason: z.enum(RETURN_REASONS, { error: "atelier-orders:validation.returnReason" }).optional(),
        }),
        { error: "atelier-orders:validation.lines" },
      )
      .min(1, { error: "atelier-orders:validation.lines" })
      .max(50, { error: "atelier-orders:validation.lines" })
      .superRefine((lines, ctx) => {
        if (!lines.some((line) => line.quantity > 0)) ctx.addIssue({ code: "custom", message: "atelier-orders:validation.lines" });
        lines.forEach((line, index) => {
          if (line.quantity > 0 && !line.reason) ctx.addIssue({ code: "custom", path: [index, "reason"], message: "atelier-orders:validation.returnReason" });
        });
      }),
    waiveFee: z.boolean().optional().default(false),
  }),
]);
export type DeskOrderAction = z.infer<typeof DeskOrderActionSchema>;

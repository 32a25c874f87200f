import { withoutControlCharacters } from "~/utils/form-fields";
import { z } from "~/utils/zod";
import { MAX_LINE_QUANTITY } from "./bag-pricing";

// The bag's forms, shared by the pages' forms, the /cart action and the /api/cart calls. A form
// names a variant, a line, a quantity or a code: never a price.

const quantity = (min: number) =>
  z.number({ error: "domain.invalidQuantity" }).int({ error: "domain.invalidQuantity" }).min(min, { error: "domain.invalidQuantity" }).max(MAX_LINE_QUANTITY, {
    error: "domain.invalidQuantity",
  });
// Bounded to the database's integer: a larger id can only be a forged form, not a line.
const lineId = z
  .number({ error: "domain.lineNotInBag" })
  .int({ error: "domain.lineNotInBag" })
  .positive({ error: "domain.lineNotInBag" })
  .max(2_147_483_647, { error: "domain.lineNotInBag" });
/** A short code typed or sent by the page: trimmed, bounded, no control characters (PostgreSQL refuses NUL). */
const code = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(64, { error: message })
    .refine(withoutControlCharacters(), { error: message });

export const AddToBagSchema = z.object({
  sku: code("domain.productUnavailable"),
  quantity: quantity(1),
});
export const EditLineSchema = z.object({ lineId, quantity: quantity(0) });
export const RemoveLineSchema = z.object({ lineId });
export const DiscountCodeSchema = z.object({ code: code("domain.invalidCoupon") });
export const RemoveDiscountSchema = z.object({});
/** Ordering again: the order's id (only its owner's bag gets its lines). */
export const ReorderSchema = z.object({
  orderId: z
    .number({ error: "checkout:errors.orderNotFound" })
    .int({ error: "checkout:errors.orderNotFound" })
    .positive({ error: "checkout:errors.orderNotFound" })
    .max(2_147_483_647, { error: "checkout:errors.orderNotFound" }),
});

export const BAG_INTENTS = ["add", "edit", "remove", "addDiscount", "removeDiscount", "reorder"] as const;
export type BagIntent = (typeof BAG_INTENTS)[number];

export const BagFormSchema = z.discriminatedUnion("intent", [
  AddToBagSchema.extend({ intent: z.literal("add") }),
  EditLineSchema.extend({ intent: z.literal("edit") }),
  RemoveLineSchema.extend({ intent: z.literal("remove") }),
  DiscountCodeSchema.extend({ intent: z.literal("addDiscount") }),
  RemoveDiscountSchema.extend({ intent: z.literal("removeDiscount") }),
  ReorderSchema.extend({ intent: z.literal("reorder") }),
]);

/**
 * The marker of the last successful bag action (spec §3 Cart: fetchCart), by intent: the JSON
 * calls answer it beside the bag, the /cart form's answer carries it.
 */
export const BAG_ACTION_MARKERS = {
  add: "addCart",
  edit: "editCart",
  remove: "removeCart",
  addDiscount: "addDiscount",
  removeDiscount: "removeDiscount",
  reorder: "reorder",
} as const satisfies Record<BagIntent, string>;
export type BagForm = z.infer<typeof BagFormSchema>;

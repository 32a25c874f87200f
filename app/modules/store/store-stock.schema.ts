import { z } from "~/utils/zod";
import { idParam } from "~/utils/id-param";

// Atelier's store stock forms (a product's "Stock nei negozi" page): a store's count of a
// variant, and a move between two places (the warehouse or a store). One schema for form and action.

/** Where pieces are: the warehouse (the online shop's stock) or a store, by id. */
export type StockPlace = "warehouse" | number;

const id = (message: string) =>
  z
    .string({ error: message })
    .max(12, { error: message })
    .transform((value) => idParam(value) ?? -1)
    .refine((value) => value > 0, { error: message });
const place = (message: string) =>
  z
    .string({ error: message })
    .max(12, { error: message })
    .transform((value): StockPlace | -1 => (value === "warehouse" ? "warehouse" : (idParam(value) ?? -1)))
    .refine((value): value is StockPlace => value !== -1, { error: message });
const quantity = (min: number) =>
  z
    .string({ error: "atelier-variants:stores.validation.quantity" })
    .trim()
    .regex(/^\d{1,5}$/, { error: "atelier-variants:stores.validation.quantity" })
    .transform(Number)
    .refine((value) => value >= min, { error: "atelier-variants:stores.validation.quantity" });

export const StoreStockFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("count"), variantId: id("atelier-variants:stores.validation.variant"), storeId: id("atelier-variants:stores.validation.store"), quantity: quantity(0) }),
  z
    .object({
      intent: z.literal("move"),
      variantId: id("atelier-variants:stores.validation.variant"),
      from: place("atelier-variants:stores.validation.place"),
      to: place("atelier-variants:stores.validation.place"),
      quantity: quantity(1),
    })
    .refine((value) => value.from !== value.to, { path: ["to"], error: "atelier-variants:stores.validation.samePlace" }),
]);

export const STORE_STOCK_INTENTS = ["count", "move"] as const;

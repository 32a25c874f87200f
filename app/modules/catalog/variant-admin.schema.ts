import { parseEuroInput } from "~/utils/money-input";
import { romeLocalToUtc } from "~/utils/rome-time";
import { z } from "~/utils/zod";
import { isValidPrice, isValidStock } from "./variant-pricing";

// Atelier's variants and prices page: one form per action told apart by `intent`, validated by
// the same schema in the action (messages: translation keys of atelier-variants.json, or
// common.json's validation.*). Amounts are typed in euro ("12,50" or "12.50"), dates as the
// shop's local time (Europe/Rome) from a datetime-local field.


/** A price in euro as cents, 0,01 to 1 000 000 €. */
const euro = (invalid = "atelier-variants:errors.priceInvalid") =>
  z
    .string({ error: "validation.required" })
    .trim()
    .min(1, { error: "validation.required" })
    .max(20, { error: invalid })
    .transform((value) => parseEuroInput(value) ?? -1)
    .refine(isValidPrice, { error: invalid });

/** A whole number of units, 0 to 1 000 000 (no sign, no exponent, no decimals). */
const stock = () =>
  z
    .string({ error: "validation.required" })
    .trim()
    .min(1, { error: "validation.required" })
    .regex(/^\d{1,7}$/, { error: "atelier-variants:errors.stockInvalid" })
    .transform(Number)
    .refine(isValidStock, { error: "atelier-variants:errors.stockInvalid" });

const id = () => z.coerce.number({ error: "validation.required" }).int().positive().max(2_147_483_647);

/** A moment typed in Rome's local time ("2026-12-20T09:00") as an ISO UTC string. */
const romeMoment = () =>
  z
    .string()
    .trim()
    .max(40, { error: "atelier-variants:errors.dateInvalid" })
    .transform((value) => romeLocalToUtc(value) ?? "")
    .refine((iso) => iso !== "", { error: "atelier-variants:errors.dateInvalid" });

/** One cell of the matrix: its variant, the SKU, the stock as typed and as it was shown, its own price (empty: the product's). */
const MatrixCellSchema = z.object({
  id: id(),
  sku: z
    .string({ error: "validation.required" })
    .trim()
    .min(1, { error: "validation.required" })
    .max(80, { error: "atelier-variants:errors.skuInvalid" }),
  stock: stock(),
  stockWas: z.coerce.number().int().min(0).max(2_147_483_647),
  price: euro().optional(),
});

export const VARIANT_INTENTS = ["prices", "matrix", "add-color", "add-size", "add-variant", "remove"] as const;

export const VariantAdminSchema = z.discriminatedUnion("intent", [
  z
    .object({
      intent: z.literal("prices"),
      price: euro(),
      compareAt: euro().optional(),
      salePrice: euro().optional(),
      saleStartsAt: romeMoment().optional(),
      saleEndsAt: romeMoment().optional(),
    })
    .superRefine((value, ctx) => {
      if (value.compareAt !== undefined && value.compareAt <= value.price) {
        ctx.addIssue({ code: "custom", path: ["compareAt"], message: "atelier-variants:errors.compareAtNotAbove" });
      }
      if (value.salePrice === undefined) return;
      if (value.salePrice >= value.price) ctx.addIssue({ code: "custom", path: ["salePrice"], message: "atelier-variants:errors.saleNotBelow" });
      if (!value.saleStartsAt) ctx.addIssue({ code: "custom", path: ["saleStartsAt"], message: "atelier-variants:errors.saleDates" });
      if (!value.saleEndsAt) ctx.addIssue({ code: "custom", path: ["saleEndsAt"], message: "atelier-variants:errors.saleDates" });
      else if (value.saleStartsAt && value.saleEndsAt <= value.saleStartsAt) {
        ctx.addIssue({ code: "custom", path: ["saleEndsAt"], message: "atelier-variants:errors.saleDates" });
      }
    }),
  z
    .object({
      intent: z.literal("matrix"),
      variants: z.array(MatrixCellSchema).max(1000).default([]),
    })
    .superRefine((value, ctx) => {
      // One SKU per cell: a repeated one is shown at each cell after the first.
      const seen = new Set<string>();
      value.variants.forEach((cell, index) => {
        const sku = cell.sku.toUpperCase();
        if (seen.has(sku)) ctx.addIssue({ code: "custom", path: ["variants", index, "sku"], message: "atelier-variants:errors.skuTaken" });
        seen.add(sku);
      });
    }),
  z.object({
    intent: z.literal("add-color"),
    /** One of the shop's colours; empty: a new one from the three fields below. */
    color: z.string().trim().max(40).optional(),
    newColorName: z.string().trim().max(60, { error: "atelier-variants:errors.colorInvalid" }).optional(),
    newColorNameEn: z.string().trim().max(60, { error: "atelier-variants:errors.colorInvalid" }).optional(),
    newColorHex: z.string().trim().max(7, { error: "atelier-variants:errors.colorInvalid" }).optional(),
  }),
  z.object({
    intent: z.literal("add-size"),
    size: z.string({ error: "validation.required" }).trim().min(1, { error: "validation.required" }).max(10, { error: "atelier-variants:errors.sizeInvalid" }),
  }),
  z.object({
    intent: z.literal("add-variant"),
    /** The first variant's form: a colour and a size… */
    color: z.string().trim().max(40).optional(),
    size: z.string().trim().max(10, { error: "atelier-variants:errors.sizeInvalid" }).optional(),
    /** …or a missing cell's button: "colour|size". */
    cell: z.string().max(60).regex(/^[^|]+\|[^|]+$/).optional(),
  }),
  z.object({ intent: z.literal("remove"), variantId: id() }),
]);

export type VariantAdminForm = z.infer<typeof VariantAdminSchema>;


import { day, dayBefore, id } from "~/modules/banner/banner.schema";
import { parseEuroInput } from "~/utils/money-input";
import { z } from "~/utils/zod";

// Atelier's Promotions page (/atelier/promotions): dated free-shipping promotions, a threshold
// typed in euro and the first and last day (in Italy). Safe on client and server.

/** The highest threshold a form accepts: 100 000 €. */
export const MAX_THRESHOLD_CENTS = 10_000_000;

export const PromotionFieldsSchema = z.object({
  threshold: z
    .string({ error: "validation.required" })
    .trim()
    .min(1, { error: "validation.required", abort: true })
    .max(20, { error: "atelier-shop:validation.euro" })
    .transform((value) => parseEuroInput(value) ?? -1)
    .refine((cents) => cents >= 0 && cents <= MAX_THRESHOLD_CENTS, { error: "atelier-shop:validation.euro" }),
  startsOn: day(),
  endsOn: day(),
});
export type PromotionInput = z.infer<typeof PromotionFieldsSchema>;

export const PROMOTION_INTENTS = ["save", "delete"] as const;

export const PromotionActionSchema = z.discriminatedUnion("intent", [
  PromotionFieldsSchema.extend({ intent: z.literal("save"), id: id().optional() }).superRefine((value, ctx) => {
    if (dayBefore(value.endsOn, value.startsOn)) ctx.addIssue({ code: "custom", path: ["endsOn"], message: "atelier-shop:validation.endBeforeStart" });
  }),
  z.object({ intent: z.literal("delete"), id: id() }),
]);

export const PROMOTION_FIELDS = ["threshold", "startsOn", "endsOn"] as const;

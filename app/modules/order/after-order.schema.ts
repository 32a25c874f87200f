import { emailField, withoutControlCharacters } from "~/utils/form-fields";
import { z } from "~/utils/zod";
import { RETURN_REASONS } from "./return-refund";

// The after-the-order forms, shared by the pages and their actions: the withdrawal function's
// two steps (order number and email; then the confirmation, which carries them again) and the
// return request of the account's order page (per line: quantity and reason).

/** An order number as typed: "BT" and nine digits, spaces and dashes allowed ("BT 000 123 456"). */
const orderNumber = z
  .string({ error: "orders:validation.number" })
  .trim()
  .min(1, { error: "orders:validation.number" })
  .max(30, { error: "orders:validation.number" })
  .refine(withoutControlCharacters(), { error: "orders:validation.number" })
  .refine((value) => /^BT\d{9}$/i.test(value.replace(/[\s-]+/g, "")), { error: "orders:validation.number" });

export const WithdrawalLookupSchema = z.object({ number: orderNumber, email: emailField() });
export const WithdrawalConfirmSchema = WithdrawalLookupSchema.extend({
  confirm: z.boolean({ error: "orders:validation.confirm" }).refine((ticked) => ticked, { error: "orders:validation.confirm" }),
});
/** The withdrawal page's two steps, one form each: look the order up, then confirm with the tick. */
export const WithdrawalFormSchema = z.discriminatedUnion("intent", [
  WithdrawalLookupSchema.extend({ intent: z.literal("lookup") }),
  WithdrawalConfirmSchema.extend({ intent: z.literal("confirm") }),
]);
export const WITHDRAWAL_INTENTS = ["lookup", "confirm"] as const;

const id = z.number({ error: "orders:errors.nothingToReturn" }).int().positive().max(2_147_483_647);

export const ReturnRequestSchema = z.object({
  lines: z
    .array(
      z
        .object({
          orderLineId: id,
          quantity: z.number({ error: "orders:validation.quantity" }).int({ error: "orders:validation.quantity" }).min(0, { error: "orders:validation.quantity" }).max(99, {
            error: "orders:validation.quantity",
          }),
          // Only a line being returned needs its reason.
          reason: z.enum(RETURN_REASONS, { error: "orders:validation.reason" }).optional(),
        })
        .superRefine((line, issues) => {
          if (line.quantity > 0 && !line.reason) issues.addIssue({ code: "custom", path: ["reason"], message: "orders:validation.reason" });
        }),
      { error: "orders:errors.nothingToReturn" },
    )
    .min(1, { error: "orders:errors.nothingToReturn" })
    .max(50, { error: "orders:errors.nothingToReturn" })
    .refine((lines) => lines.some((line) => line.quantity > 0), { error: "orders:errors.nothingToReturn" }),
});
export type ReturnRequestForm = z.infer<typeof ReturnRequestSchema>;

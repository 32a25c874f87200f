import { withoutControlCharacters } from "~/utils/form-fields";
import { parseEuroInput } from "~/utils/money-input";
import { z } from "~/utils/zod";

// The forms of Atelier's refunds and cancellations (issue 37): an amount's refund (previewed,
// then confirmed: the same fields twice), a received return's refund confirmed, a cancellation
// confirmed with its reason, a bank transfer's refund recorded. Errors are keys of the
// atelier-orders namespace. Safe on client and server.

export const REFUND_REASON_MAX = 300;
export const CANCEL_MESSAGE_MAX = 500;
export const CANCEL_REASONS = ["customer_request", "out_of_stock", "payment_not_received", "address_problem", "not_collected", "other"] as const;

const amount = z
  .string({ error: "atelier-orders:validation.refundAmount" })
  .trim()
  .max(20, { error: "atelier-orders:validation.refundAmount" })
  .transform((value) => parseEuroInput(value) ?? -1)
  .refine((cents) => cents > 0, { error: "atelier-orders:validation.refundAmount" });

const reason = z
  .string({ error: "atelier-orders:validation.refundReason" })
  .trim()
  .min(3, { error: "atelier-orders:validation.refundReason" })
  .max(REFUND_REASON_MAX, { error: "atelier-orders:validation.refundReason" })
  .refine(withoutControlCharacters(), { error: "atelier-orders:validation.refundReason" });

export const REFUND_INTENTS = ["preview", "confirm", "confirmReturns"] as const;

export const RefundActionSchema = z.discriminatedUnion("intent", [
  // The first step: what would happen, nothing moves.
  z.object({ intent: z.literal("preview"), amount, reason }),
  z.object({ intent: z.literal("confirm"), amount, reason }),
  // The received returns' refund (their amounts are fixed): confirmed as they are.
  z.object({ intent: z.literal("confirmReturns") }),
]);
export type RefundAction = z.infer<typeof RefundActionSchema>;

export const CancelActionSchema = z.object({
  reason: z.enum(CANCEL_REASONS, { error: "atelier-orders:validation.cancelReason" }),
  message: z
    .string()
    .trim()
    .max(CANCEL_MESSAGE_MAX, { error: "atelier-orders:validation.cancelMessage" })
    .refine(withoutControlCharacters(true), { error: "atelier-orders:validation.cancelMessage" })
    .optional(),
});

/** The transfer's day and reference as typed: the service checks them (a real day, not ahead, a CRO/TRN). */
export const RefundTransferSchema = z.object({
  date: z.string({ error: "atelier-orders:validation.transferDate" }).trim().max(10, { error: "atelier-orders:validation.transferDate" }),
  reference: z.string({ error: "atelier-orders:validation.transferReference" }).trim().max(60, { error: "atelier-orders:validation.transferReference" }),
});

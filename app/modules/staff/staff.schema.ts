import { newPasswordField } from "~/modules/account/account.schema";
import { emailField, nameField } from "~/utils/form-fields";
import { parseEuroInput } from "~/utils/money-input";
import { ADJUSTABLE, STAFF_ROLES } from "./capabilities";
import { redirectTargetField, z } from "~/utils/zod";

// Atelier's sign-in and staff forms, shared by each form and its action. Messages are
// translation keys (common.json's validation.*, atelier.json's for the rest).

export const StaffLoginSchema = z.object({
  email: emailField(),
  password: z.string({ error: "validation.required" }).min(1, { error: "validation.required" }).max(128, { error: "validation.password" }),
  redirectTo: redirectTargetField(),
});

/** A TOTP code (six digits, spaces allowed) or a recovery code (ten letters and digits, a dash allowed). */
export const StaffCodeSchema = z.object({
  code: z
    .string({ error: "validation.required" })
    .trim()
    .min(1, { error: "validation.required" })
    .max(20, { error: "atelier:errors.codeInvalid" }),
  redirectTo: redirectTargetField(),
});

const passwordsMatch = {
  path: ["confirmPassword"],
  message: "validation.passwordMismatch",
  when: ({ value }: { value: unknown }) => {
    const v = value as { password?: unknown; confirmPassword?: unknown };
    return typeof v.password === "string" && typeof v.confirmPassword === "string" && v.password.length > 0;
  },
};

/** The set-up or invitation page: an address only for the set-up link (an invitation has its own). */
export const StaffAcceptSchema = z
  .object({
    token: z.string().min(1).max(100),
    email: emailField().optional(),
    name: nameField(),
    password: newPasswordField(),
    confirmPassword: z.string({ error: "validation.required" }).min(1, { error: "validation.required" }),
  })
  .refine((v) => v.password === v.confirmPassword, passwordsMatch);

const id = () => z.coerce.number({ error: "validation.required" }).int().positive().max(2_147_483_647);
const role = () => z.enum(STAFF_ROLES, { error: "validation.required" });

/** The refund cap in euro as typed; empty: the shop's staff limit (null). At most 1 000 000 €. */
const refundCap = () =>
  z
    .string()
    .trim()
    .max(20, { error: "atelier:staff.refundCapInvalid" })
    .optional()
    .transform((value) => (value ? (parseEuroInput(value) ?? -1) : null))
    .refine((cents) => cents === null || (cents >= 0 && cents <= 100_000_000), { error: "atelier:staff.refundCapInvalid" });

/** Ticked capabilities: absent when none is ticked, a string when one is. */
const capabilities = () =>
  z.preprocess((value) => (value === undefined || value === "" ? [] : Array.isArray(value) ? value : [value]), z.array(z.enum(ADJUSTABLE)).max(ADJUSTABLE.length));

/** The owner's Staff page: one form per action, told apart by `intent`. */
export const STAFF_INTENTS = ["invite", "role", "permissions", "disable", "enable", "end-session", "revoke-invite"] as const;
export const StaffManageSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("invite"), email: emailField(), role: role(), locale: z.enum(["it", "en"]).default("it") }),
  z.object({ intent: z.literal("role"), staffId: id(), role: role() }),
  z.object({ intent: z.literal("permissions"), staffId: id(), role: role(), capabilities: capabilities(), refundCap: refundCap() }),
  z.object({ intent: z.literal("disable"), staffId: id() }),
  z.object({ intent: z.literal("enable"), staffId: id() }),
  z.object({ intent: z.literal("end-session"), staffId: id(), session: z.string().max(64) }),
  z.object({ intent: z.literal("revoke-invite"), inviteId: id() }),
]);


import { redirectTargetField, z } from "~/utils/zod";
import { FISCAL_CODE_MAX } from "./account.fields";
import { isValidCodiceFiscale, normalizeCode } from "~/utils/invoice-codes";
import { emailField, nameField, privacyConsentField, withoutControlCharacters } from "~/utils/form-fields";
import { ACCOUNT_TOKEN } from "~/utils/token-link";

// The account forms' schemas, shared by each form and its action (and the JSON API). Error
// messages are translation keys: common.json's validation.* for the spec's messages (§5),
// account.json's for the rest.

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const GENDERS = ["male", "female"] as const;
export const INTERESTS = ["man", "woman", "both"] as const;

/**
 * A new password: 8 to 128 characters, any characters (NIST SP 800-63B: length, no composition
 * rules). Spaces count: a passphrase is welcome. The common-password check is the service's
 * (it needs the list, loaded on the server only).
 */
export const newPasswordField = () =>
  z
    .string({ error: "validation.required" })
    .min(1, { error: "validation.required" })
    .refine((value) => value.length === 0 || (value.length >= PASSWORD_MIN && value.length <= PASSWORD_MAX), { error: "validation.password" })
    .refine(withoutControlCharacters(), { error: "validation.password" });

/** A password typed to sign in or to confirm: only required and bounded (never a hint of the rules). */
const currentPasswordField = () =>
  z.string({ error: "validation.required" }).min(1, { error: "validation.required" }).max(PASSWORD_MAX, { error: "validation.password" });


/**
 * The person's codice fiscale (spec §3 Person): optional; when given, uppercased without spaces
 * and checked with the checksum the checkout's invoice request uses (app/utils/invoice-codes.ts).
 */
const optionalFiscalCodeField = () =>
  z
    .string()
    .max(FISCAL_CODE_MAX, { error: "account:validation.fiscalCode" })
    .transform(normalizeCode)
    .refine(isValidCodiceFiscale, { error: "account:validation.fiscalCode" })
    .optional();

/** Day or month of a date: one or two digits (spec §5: 'Devi inserire massimo 2 numeri'). */
const twoDigits = () => z.string({ error: "validation.required" }).trim().regex(/^\d{1,2}$/, { error: "validation.maxTwoDigits" });

/** Optional choice from a list; anything else is a forged form, answered as a required field. */
const optionalChoice = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: "validation.required" }).optional();

/**
 * The confirmation must repeat the password. zod skips an object's refinements while any field
 * has an issue; `when` runs this one as soon as both passwords are there, so the shopper sees
 * every error of the form at once.
 */
const passwordsMatch = (value: { password: string; confirmPassword: string }) => value.password === value.confirmPassword;
const mismatch = () => ({
  path: ["confirmPassword"],
  message: "validation.passwordMismatch",
  when: ({ value }: { value: unknown }) => {
    const v = value as { password?: unknown; confirmPassword?: unknown };
    return typeof v.password === "string" && typeof v.confirmPassword === "string" && v.password.length > 0;
  },
});

/** The birthday as an ISO date, when the three fields make a real one. */
export function birthDate(day: string, month: string, year: number): string | null {
  const d = Number(day);
  const m = Number(month);
  const date = new Date(Date.UTC(year, m - 1, d));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

/** Whole years between a birth date and `today` (both YYYY-MM-DD). */
export function ageOn(birth: string, today: string): number {
  const [by, bm, bd] = birth.split("-").map(Number);
  const [ty, tm, td] = today.split("-").map(Number);
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/**
 * Registration (spec §3 Person, §5 messages). The birthday must be a real date in the past and
 * the shopper at least `minimumAge` (a shop setting, 16 by default: the GDPR's age of consent).
 */
export function registerSchema({ minimumAge, today }: { minimumAge: number; today: string }) {
  return z
    .object({
      firstName: nameField(),
      lastName: nameField(),
      email: emailField(),
      password: newPasswordField(),
      confirmPassword: z.string({ error: "validation.required" }),
      fiscalCode: optionalFiscalCodeField(),
      birthDay: twoDigits(),
      birthMonth: twoDigits(),
      birthYear: z.string({ error: "validation.required" }).trim().regex(/^\d{4}$/, { error: "account:validation.year" }).transform(Number),
      gender: optionalChoice(GENDERS),
      interests: z.enum(INTERESTS, { error: "validation.required" }),
      privacy: privacyConsentField(),
      newsletter: z.boolean().optional(),
    })
    .refine(passwordsMatch, mismatch())
    .refine((value) => {
      const date = birthDate(value.birthDay, value.birthMonth, value.birthYear);
      return date !== null && date < today;
    }, onBirthday("birthDay", "account:validation.birthday"))
    .refine((value) => ageOn(birthDate(value.birthDay, value.birthMonth, value.birthYear) ?? today, today) <= 120, onBirthday("birthYear", "account:validation.birthday", true))
    .refine((value) => ageOn(birthDate(value.birthDay, value.birthMonth, value.birthYear) ?? today, today) >= minimumAge, onBirthday("birthDay", "account:validation.tooYoung", true));

  /** An issue on the birthday, checked once its three fields are well formed (and, for `realDate`, make a real past date). */
  function onBirthday(path: string, message: string, realDate = false) {
    return {
      path: [path],
      message,
      when: ({ value }: { value: unknown }) => {
        const v = value as { birthDay?: unknown; birthMonth?: unknown; birthYear?: unknown };
        const wellFormed = typeof v.birthDay === "string" && /^\d{1,2}$/.test(v.birthDay) && typeof v.birthMonth === "string" && /^\d{1,2}$/.test(v.birthMonth) && typeof v.birthYear === "number";
        if (!wellFormed || !realDate) return wellFormed;
        const date = birthDate(v.birthDay as string, v.birthMonth as string, v.birthYear as number);
        return date !== null && date < today;
      },
    };
  }
}
export type RegisterInput = z.infer<ReturnType<typeof registerSchema>>;

export const LoginSchema = z.object({
  email: emailField(),
  password: currentPasswordField(),
  redirectTo: redirectTargetField(),
});
export type LoginInput = z.infer<typeof LoginSchema>;

export const LostPasswordSchema = z.object({ email: emailField() });

export const ResetPasswordSchema = z
  .object({
    token: z.string({ error: "account:reset.invalid" }).regex(ACCOUNT_TOKEN, { error: "account:reset.invalid" }),
    password: newPasswordField(),
    confirmPassword: z.string({ error: "validation.required" }),
  })
  .refine(passwordsMatch, mismatch());

export const ProfileSchema = z.object({
  firstName: nameField(),
  lastName: nameField(),
  email: emailField(),
  fiscalCode: optionalFiscalCodeField(),
  gender: optionalChoice(GENDERS),
  interests: z.enum(INTERESTS, { error: "validation.required" }),
});
export type ProfileInput = z.infer<typeof ProfileSchema>;

export const ChangePasswordSchema = z
  .object({
    currentPassword: currentPasswordField(),
    password: newPasswordField(),
    confirmPassword: z.string({ error: "validation.required" }),
  })
  .refine(passwordsMatch, mismatch());

/** Deleting the account: the password confirms it. */
export const DeleteAccountSchema = z.object({ password: currentPasswordField() });

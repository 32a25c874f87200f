import { withoutControlCharacters } from "~/utils/form-fields";
import { parseEuroInput } from "~/utils/money-input";
import { romeLocalToUtc } from "~/utils/rome-time";
import { z } from "~/utils/zod";
import { DISCOUNT_KINDS, DISCOUNT_MAX_CENTS, type DiscountStateFilter, discountRuleIssues, isValidDiscountCode, normalizeDiscountCode } from "./discount-code-rules";

// Atelier's discount-code editor: one schema for the form and the action. Amounts are typed as
// a person types them (a percent, or euro), dates and times in Italy; the rules that tie fields
// together are discount-code-rules.ts's, the same the service enforces.

const E = "atelier-merch:codes.errors";

const optional = (check: (text: string) => boolean, message: string, max = 40) =>
  z
    .string()
    .trim()
    .max(max, { error: message })
    .refine((text) => check(text), { error: message })
    .optional();

const whole = (text: string) => /^\d{1,9}$/.test(text);

export const DiscountCodeFormSchema = z
  .object({
    code: z
      .string({ error: `${E}.code` })
      .max(64, { error: `${E}.code` })
      .transform(normalizeDiscountCode)
      .refine(isValidDiscountCode, { error: `${E}.code` }),
    kind: z.enum(DISCOUNT_KINDS, { error: `${E}.kind` }),
    /** A percent (percentage) or euro (fixed); ignored for free shipping. */
    amount: z.string().trim().max(20, { error: `${E}.amount` }).optional(),
    minSubtotal: optional((text) => {
      const cents = parseEuroInput(text);
      return cents !== null && cents <= DISCOUNT_MAX_CENTS;
    }, `${E}.euro`),
    startsAt: optional((text) => romeLocalToUtc(text) !== null, `${E}.date`),
    endsAt: optional((text) => romeLocalToUtc(text) !== null, `${E}.date`),
    maxUses: optional(whole, `${E}.uses`),
    maxUsesPerCustomer: optional(whole, `${E}.uses`),
    categoryIds: z
      .array(z.string().regex(/^\d{1,10}$/, { error: `${E}.category` }).transform(Number), { error: `${E}.category` })
      .max(500, { error: `${E}.category` })
      .default([]),
    /** SKUs or product slugs, one a line (or separated by commas or spaces). */
    products: z
      .string()
      .max(10_000, { error: `${E}.productsTooMany` })
      .refine(withoutControlCharacters(true), { error: "validation.characters" })
      .optional(),
  })
  .transform((form, ctx) => {
    const amountText = (form.amount ?? "").replace(/\s*%$/, "");
    let amount = 0;
    if (form.kind === "percentage") amount = whole(amountText) ? Number(amountText) : Number.NaN;
    if (form.kind === "fixed") amount = parseEuroInput(amountText) ?? Number.NaN;
    const productRefs = (form.products ?? "").split(/[\s,;]+/).filter(Boolean);
    const value = {
      code: form.code,
      kind: form.kind,
      amount,
      minSubtotalCents: form.minSubtotal ? parseEuroInput(form.minSubtotal)! : 0,
      startsAt: form.startsAt ? romeLocalToUtc(form.startsAt) : null,
      endsAt: form.endsAt ? romeLocalToUtc(form.endsAt) : null,
      maxUses: form.maxUses ? Number(form.maxUses) : null,
      maxUsesPerCustomer: form.maxUsesPerCustomer ? Number(form.maxUsesPerCustomer) : null,
      categoryIds: form.categoryIds,
      productRefs,
    };
    if (productRefs.length > 500) ctx.addIssue({ code: "custom", path: ["products"], message: `${E}.productsTooMany` });
    for (const issue of discountRuleIssues({ ...value, amount: Number.isNaN(amount) ? -1 : amount })) {
      ctx.addIssue({ code: "custom", path: [issue.field], message: issue.message });
    }
    return value;
  });
export type DiscountCodeForm = z.output<typeof DiscountCodeFormSchema>;

export const DISCOUNT_CODE_INTENTS = ["save", "end"] as const;

/** The list's filters from its URL; anything unusable falls back to the default. */
export function parseDiscountCodeFilter(params: URLSearchParams): { q: string; state: DiscountStateFilter; page: number } {
  const q = (params.get("q") ?? "").trim().slice(0, 64);
  const state = params.get("state");
  const page = Number(params.get("page") ?? "1");
  return {
    q: withoutControlCharacters()(q) ? q : "",
    state: state === "active" || state === "scheduled" || state === "ended" ? state : "all",
    page: Number.isSafeInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

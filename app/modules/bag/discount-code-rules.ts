import type { CamelRow, DiscountCodesTable, DiscountKind } from "~/db/schema";

// A discount code's rules, kept once for the bag (which applies codes) and Atelier's editor
// (which writes them): how a code is written, when it is live, and which rules make sense.
// Safe in the browser (no Node APIs): the editor's form shows the same limits.

/** What a shopper types and what is stored compare after this: trimmed, in capitals ("benvenuto10 " = "BENVENUTO10"). */
export const normalizeDiscountCode = (code: string) => code.trim().toUpperCase();

/** The longest code (the column and the bag's field hold 64). */
export const DISCOUNT_CODE_MAX_LENGTH = 32;
/** Capitals and digits, with - or _ between: easy to read aloud and to type on a phone. */
export const DISCOUNT_CODE_PATTERN = /^[A-Z0-9](?:[A-Z0-9_-]*[A-Z0-9])?$/;
export const DISCOUNT_CODE_MIN_LENGTH = 3;

export const isValidDiscountCode = (code: string) =>
  code.length >= DISCOUNT_CODE_MIN_LENGTH && code.length <= DISCOUNT_CODE_MAX_LENGTH && DISCOUNT_CODE_PATTERN.test(code);

export const DISCOUNT_KINDS = ["percentage", "fixed", "free_shipping"] as const satisfies readonly DiscountKind[];

/** Without the "marketing" capability, a discount code is at most this big (a goodwill gesture at the till). */
export const SMALL_DISCOUNT = { percent: 10, fixedCents: 1000 } as const;

/** The largest fixed discount and minimum spend the editor takes: 100 000 €. */
export const DISCOUNT_MAX_CENTS = 10_000_000;
/** The largest use limit (overall or per customer). */
export const DISCOUNT_MAX_USES = 1_000_000;

/** Whether a code counts at an instant: its start passed (or none), its end not yet (or none). */
export function isDiscountCodeLive(code: { startsAt: string | null; endsAt: string | null }, at: string): boolean {
  return (code.startsAt === null || code.startsAt <= at) && (code.endsAt === null || code.endsAt > at);
}

export type DiscountCodeState = "scheduled" | "active" | "ended";
/** The list's state filter: every code, or those in one state. */
export type DiscountStateFilter = "all" | DiscountCodeState;

/** Where a code stands at an instant: before its start, live, or past its end. */
export function discountCodeState(code: { startsAt: string | null; endsAt: string | null }, at: string): DiscountCodeState {
  if (code.endsAt !== null && code.endsAt <= at) return "ended";
  if (code.startsAt !== null && code.startsAt > at) return "scheduled";
  return "active";
}

/**
 * A code's rules: its row without id, code and date. The amount is a percent (1–100) for
 * "percentage", cents for "fixed", 0 for "free_shipping".
 */
export type DiscountRuleInput = Omit<CamelRow<DiscountCodesTable>, "id" | "code" | "createdAt">;

/** A broken rule: the form field it belongs to and its message key (atelier-merch namespace). */
export interface DiscountRuleIssue {
  field: "amount" | "minSubtotal" | "endsAt" | "maxUses" | "maxUsesPerCustomer";
  message: string;
}

const isWhole = (n: number | null, min: number, max: number) => n === null || (Number.isSafeInteger(n) && n >= min && n <= max);

/**
 * The rules a code must keep (the editor's form shows each at its field; the service refuses a
 * code that breaks one whoever calls it): a percentage from 1 to 100, a fixed amount from 1 cent,
 * free shipping with no amount, a minimum of zero or more, an end after the start, limits of at
 * least one use and a per-customer limit no larger than the overall one.
 */
export function discountRuleIssues(rule: DiscountRuleInput): DiscountRuleIssue[] {
  const issues: DiscountRuleIssue[] = [];
  if (rule.kind === "percentage" && !isWhole(rule.amount, 1, 100)) issues.push({ field: "amount", message: "atelier-merch:codes.errors.percent" });
  if (rule.kind === "fixed" && !isWhole(rule.amount, 1, DISCOUNT_MAX_CENTS)) issues.push({ field: "amount", message: "atelier-merch:codes.errors.fixed" });
  if (rule.kind === "free_shipping" && rule.amount !== 0) issues.push({ field: "amount", message: "atelier-merch:codes.errors.freeShippingAmount" });
  if (!isWhole(rule.minSubtotalCents, 0, DISCOUNT_MAX_CENTS)) issues.push({ field: "minSubtotal", message: "atelier-merch:codes.errors.euro" });
  if (rule.startsAt !== null && rule.endsAt !== null && rule.endsAt <= rule.startsAt) issues.push({ field: "endsAt", message: "atelier-merch:codes.errors.endBeforeStart" });
  if (!isWhole(rule.maxUses, 1, DISCOUNT_MAX_USES)) issues.push({ field: "maxUses", message: "atelier-merch:codes.errors.uses" });
  if (!isWhole(rule.maxUsesPerCustomer, 1, DISCOUNT_MAX_USES)) issues.push({ field: "maxUsesPerCustomer", message: "atelier-merch:codes.errors.uses" });
  else if (rule.maxUses !== null && rule.maxUsesPerCustomer !== null && rule.maxUsesPerCustomer > rule.maxUses) {
    issues.push({ field: "maxUsesPerCustomer", message: "atelier-merch:codes.errors.perCustomerOverLimit" });
  }
  return issues;
}

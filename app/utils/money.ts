import type { Locale } from "./locale";
import { formatEuroCents } from "./number-format";

// Money is integer euro cents everywhere: in the database, in services, in loader data. This
// module is the one place that turns cents into text or text into cents, and does arithmetic
// on them, so no float ever holds a price.
//
// Rounding rule: half up to the cent (0.5 cent and more rounds away from zero), the usual
// commercial rule in Italy, applied once per computed amount (a percentage, a VAT share).

function assertCents(value: number, what = "Money"): number {
  if (!Number.isSafeInteger(value)) throw new Error(`${what} must be integer cents, got ${value}`);
  return value;
}

/** numerator / denominator rounded half up (away from zero), all integers, denominator > 0. */
function divideHalfUp(numerator: number, denominator: number): number {
  const sign = numerator < 0 ? -1 : 1;
  const magnitude = Math.abs(numerator);
  const quotient = Math.floor(magnitude / denominator);
  const remainder = magnitude - quotient * denominator;
  return sign * (remainder * 2 >= denominator ? quotient + 1 : quotient);
}

/** A rate given in percent with at most two decimals (22, 12.5, 7.25) as basis points (2200, 1250, 725). */
function basisPoints(percent: number): number {
  const bp = Math.round(percent * 100);
  if (!Number.isFinite(percent) || Math.abs(percent * 100 - bp) > 1e-6) throw new Error(`A rate has at most two decimals, got ${percent}`);
  return bp;
}

/** The sum of amounts. */
export function addMoney(...amounts: number[]): number {
  return amounts.reduce((sum, cents) => sum + assertCents(cents), 0);
}

/** a − b. */
export function subtractMoney(a: number, b: number): number {
  return assertCents(a) - assertCents(b);
}

/** A unit price times a whole quantity. */
export function multiplyMoney(cents: number, quantity: number): number {
  if (!Number.isSafeInteger(quantity)) throw new Error(`A quantity must be a whole number, got ${quantity}`);
  return assertCents(assertCents(cents) * quantity, "The product");
}

/** An amount shared out over a whole count, rounded half up to the cent (an average order); 0 when there is nothing to share over. */
export function averageMoney(totalCents: number, count: number): number {
  if (!Number.isSafeInteger(count) || count <= 0) return 0;
  return divideHalfUp(assertCents(totalCents), count);
}

/** `percent` % of an amount, rounded half up to the cent: percentOf(1999, 10) = 200 (199.9). */
export function percentOf(cents: number, percent: number): number {
  return divideHalfUp(assertCents(cents) * basisPoints(percent), 10_000);
}

/**
 * The VAT contained in a price that includes it (Italian prices do): vatIncluded(12200, 22) =
 * 2200. The net part is rounded half up and the VAT is the rest, so net + VAT is the price.
 */
export function vatIncluded(grossCents: number, ratePercent: number): number {
  const bp = basisPoints(ratePercent);
  const net = divideHalfUp(assertCents(grossCents) * 10_000, 10_000 + bp);
  return grossCents - net;
}

/** Formats cents for a locale: 12900 → "129,00 €" (it) or "€129.00" (en). */
export function formatMoney(cents: number, locale: Locale): string {
  return formatEuroCents(assertCents(cents), locale);
}

/** Cents as a plain decimal string: 12900 → "129.00", -5 → "-0.05" (schema.org prices, logs). */
export function toDecimal(cents: number): string {
  assertCents(cents);
  const sign = cents < 0 ? "-" : "";
  const magnitude = Math.abs(cents);
  return `${sign}${Math.floor(magnitude / 100)}.${String(magnitude % 100).padStart(2, "0")}`;
}

/** Cents as a shopper types euro: 12900 → "129", 12950 → "129.50" (URLs, form fields). */
export function toEuroInput(cents: number): string {
  assertCents(cents);
  return cents % 100 === 0 ? String(cents / 100) : toDecimal(cents);
}

/** Whole euro below an amount: 12950 → 129 (a range's placeholder). */
export function wholeEuros(cents: number): number {
  return Math.floor(assertCents(cents) / 100);
}

import { vatIncluded } from "~/utils/money";

// The amounts of an electronic invoice from an order whose prices include VAT (docs/decisions/022).
//
// The order's total is what the shopper paid; the invoice must add up to it to the cent, and its
// summary (DatiRiepilogo) must pass the SDI's check that Imposta is ImponibileImporto × rate
// within a cent. So the split is made once, on the total: the taxable amount is the total less
// the VAT it includes (money.ts's vatIncluded: net rounded half up, VAT the rest, the same figure
// the order stored as vat_cents). That taxable amount is then shared among the lines by the
// largest-remainder method: each line's net is its VAT-inclusive amount × 100 / (100 + rate)
// rounded down or up by at most one cent, the cents left over going to the lines with the
// largest fractions (the earlier line first on a tie). Each line's VAT is its amount less its net.
// So the lines' nets add up to the summary's taxable amount, their VAT to its tax, and both to
// the total, whatever the number of lines; no line is more than a cent from its exact net.
//
// A discount is a line of its own with a negative amount (an SC line), shipping an AC line.

export interface InvoiceLineInput {
  description: string;
  quantity: number;
  /** What the line costs, VAT included (negative for a discount). */
  grossCents: number;
  kind: "goods" | "discount" | "shipping";
  code?: string;
}

export interface InvoiceLineAmounts extends InvoiceLineInput {
  netCents: number;
  vatCents: number;
}

export interface InvoiceAmounts {
  lines: InvoiceLineAmounts[];
  taxableCents: number;
  vatCents: number;
  totalCents: number;
}

/** floor(a / b) and the remainder in [0, b) for integers, b > 0 (also for negative a). */
function floorDiv(a: number, b: number): { quotient: number; remainder: number } {
  const quotient = Math.floor(a / b);
  return { quotient, remainder: a - quotient * b };
}

/** Splits VAT-inclusive lines at one rate (percent, at most two decimals) into nets and VAT that add up to the total. */
export function splitVat(lines: readonly InvoiceLineInput[], ratePercent: number): InvoiceAmounts {
  const totalCents = lines.reduce((sum, line) => sum + line.grossCents, 0);
  const vatCents = vatIncluded(totalCents, ratePercent);
  const taxableCents = totalCents - vatCents;
  const rateBp = Math.round(ratePercent * 100);
  const denominator = 10_000 + rateBp;
  const shares = lines.map((line, index) => ({ index, ...floorDiv(line.grossCents * 10_000, denominator) }));
  let extra = taxableCents - shares.reduce((sum, share) => sum + share.quotient, 0);
  if (extra < 0 || extra > lines.length) throw new Error(`VAT split out of range: ${extra} cents for ${lines.length} lines`);
  const nets = shares.map((share) => share.quotient);
  for (const share of [...shares].sort((a, b) => b.remainder - a.remainder || a.index - b.index)) {
    if (extra === 0) break;
    nets[share.index] += 1;
    extra -= 1;
  }
  return {
    lines: lines.map((line, i) => ({ ...line, netCents: nets[i], vatCents: line.grossCents - nets[i] })),
    taxableCents,
    vatCents,
    totalCents,
  };
}

/**
 * cents / quantity with up to eight decimals (half up), at least two: the unit price of a line
 * whose total is `cents` (FatturaPA's Amount8DecimalType). 1000 / 3 → "3.33333333".
 */
export function unitPrice8(cents: number, quantity: number): string {
  const negative = cents < 0;
  const numerator = BigInt(Math.abs(cents)) * 1_000_000n;
  const q = BigInt(quantity);
  let units = numerator / q;
  if ((numerator % q) * 2n >= q) units += 1n;
  const whole = units / 100_000_000n;
  let fraction = String(units % 100_000_000n).padStart(8, "0").replace(/0+$/, "");
  if (fraction.length < 2) fraction = fraction.padEnd(2, "0");
  return `${negative && units > 0n ? "-" : ""}${whole}.${fraction}`;
}

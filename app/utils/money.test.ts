import { describe, expect, it } from "vitest";
import { addMoney, formatMoney, multiplyMoney, percentOf, subtractMoney, toDecimal, toEuroInput, vatIncluded, wholeEuros } from "./money";
import { parseEuroInput } from "./money-input";

describe("money in integer cents", () => {
  it("adds, subtracts and multiplies whole cents, and refuses fractions", () => {
    expect(addMoney(1999, 1, 700)).toBe(2700);
    expect(addMoney()).toBe(0);
    expect(subtractMoney(25000, 25001)).toBe(-1);
    expect(multiplyMoney(12990, 3)).toBe(38970);
    expect(() => addMoney(10.5)).toThrow(/integer cents/);
    expect(() => multiplyMoney(100, 1.5)).toThrow(/whole number/);
    // 0.1 + 0.2 in euro is exactly 0.30 in cents.
    expect(addMoney(10, 20)).toBe(30);
  });

  it("takes a percentage half up to the cent", () => {
    expect(percentOf(1999, 10)).toBe(200); // 199.9 → 200
    expect(percentOf(1995, 10)).toBe(200); // 199.5 → 200 (half up)
    expect(percentOf(1994, 10)).toBe(199); // 199.4 → 199
    expect(percentOf(1005, 50)).toBe(503); // 502.5 → 503
    expect(percentOf(333, 12.5)).toBe(42); // 41.625 → 42
    expect(percentOf(-1995, 10)).toBe(-200); // away from zero
    expect(percentOf(0, 30)).toBe(0);
    expect(percentOf(12345, 100)).toBe(12345);
    expect(() => percentOf(1000, 12.345)).toThrow(/two decimals/);
  });

  it("finds the VAT inside a price, net plus VAT always making the price", () => {
    expect(vatIncluded(12200, 22)).toBe(2200);
    expect(vatIncluded(100, 22)).toBe(18); // net 81.967… → 82, VAT 18
    expect(vatIncluded(1, 22)).toBe(0);
    expect(vatIncluded(0, 22)).toBe(0);
    for (const gross of [1, 99, 12345, 25000, 999999]) {
      const vat = vatIncluded(gross, 22);
      expect(vat).toBeGreaterThanOrEqual(0);
      expect(Number.isInteger(vat)).toBe(true);
      expect(Math.abs(gross - vat - (gross * 100) / 122)).toBeLessThanOrEqual(0.5);
    }
  });

  it("formats per locale and as decimals without floats", () => {
    expect(formatMoney(12900, "it")).toBe("129,00\u00a0€");
    expect(formatMoney(12900, "en")).toBe("€129.00");
    expect(formatMoney(123456789, "it")).toBe("1.234.567,89\u00a0€");
    expect(formatMoney(-5, "en")).toBe("-€0.05");
    expect(toDecimal(12905)).toBe("129.05");
    expect(toDecimal(7)).toBe("0.07");
    expect(toDecimal(-5)).toBe("-0.05");
    expect(toEuroInput(12900)).toBe("129");
    expect(toEuroInput(12950)).toBe("129.50");
    expect(wholeEuros(12999)).toBe(129);
    expect(() => formatMoney(1.5, "it")).toThrow();
  });

  it("reads euro as typed into a form, as cents, and refuses anything else", () => {
    const cases: Array<[string, number | null]> = [
      ["200", 20000], ["200,5", 20050], ["200.50", 20050], ["0,07", 7], ["1.234,50", 123450], ["1,234.50", 123450], ["1.234", 123400], ["€ 12", 1200], [" 12 ", 1200],
      ["", null], ["-5", null], ["1,234,5", null], ["12.345.6", null], ["1.5.0", null], ["12,345", 1234500], ["abc", null], ["1e3", null], ["12,999", 1299900], ["12.3456", null],
    ];
    for (const [text, cents] of cases) expect(parseEuroInput(text), text).toBe(cents);
  });
});

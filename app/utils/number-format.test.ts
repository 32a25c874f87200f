import { describe, expect, it } from "vitest";
import { INTL_LOCALE, LOCALES } from "./locale";
import { formatEuroCents, formatInteger, groupDigits } from "./number-format";

// Every length of number up to the largest safe integer, with zeros and nines at both ends,
// against what Intl writes on this machine: the browser's render must match the server's.
const samples: number[] = [0, 1, 9, 10, 99, 100, 999];
for (let digits = 4; digits <= 16; digits++) {
  samples.push(Number("1".padEnd(digits, "0")), Number("9".repeat(digits)), Number("1234567890123456".slice(0, digits)), Number(`10${"0".repeat(digits - 3)}5`));
}
const safe = samples.filter(Number.isSafeInteger);

describe("number-format", () => {
  it.each(LOCALES)("writes whole numbers as Intl does (%s)", (locale) => {
    const intl = new Intl.NumberFormat(INTL_LOCALE[locale]);
    for (const value of safe) {
      expect(formatInteger(value, locale)).toBe(intl.format(value));
      if (value > 0) expect(formatInteger(-value, locale)).toBe(intl.format(-value));
    }
  });

  it.each(LOCALES)("writes euro cents as Intl's currency format does (%s)", (locale) => {
    const intl = new Intl.NumberFormat(INTL_LOCALE[locale], { style: "currency", currency: "EUR" });
    const decimal = (cents: number) => `${cents < 0 ? "-" : ""}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, "0")}`;
    for (const value of safe.flatMap((n) => [n, n + 1, n * 100 + 5, n * 100 + 99].filter(Number.isSafeInteger))) {
      for (const cents of [value, -value]) expect(formatEuroCents(cents, locale)).toBe(intl.format(decimal(cents) as unknown as number));
    }
  });

  it("groups Italian numbers from five digits, English from four", () => {
    expect(groupDigits("1234", "it")).toBe("1234");
    expect(groupDigits("12345", "it")).toBe("12.345");
    expect(groupDigits("1234", "en")).toBe("1,234");
    expect(formatEuroCents(123456789, "it")).toBe("1.234.567,89\u00a0€");
    expect(formatEuroCents(-5, "en")).toBe("-€0.05");
  });
});

import { describe, expect, it } from "vitest";
import { formatLongDate } from "./dates";
import { INTL_LOCALE, LOCALES } from "./locale";

describe("formatLongDate", () => {
  it.each(LOCALES)("writes every day of 2024–2032 as Intl does (%s)", (locale) => {
    const intl = new Intl.DateTimeFormat(INTL_LOCALE[locale], { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
    for (let time = Date.UTC(2024, 0, 1); time < Date.UTC(2033, 0, 1); time += 86_400_000) {
      const iso = new Date(time + 12 * 3_600_000).toISOString();
      expect(formatLongDate(iso, locale)).toBe(intl.format(new Date(iso)));
    }
    // Late in the UTC day and far-off years as well.
    for (const iso of ["2026-12-31T23:59:59Z", "0999-01-05T00:00:00Z", "9999-12-31T00:00:00Z"]) expect(formatLongDate(iso, locale)).toBe(intl.format(new Date(iso)));
  });

  it("throws on a date that is not one, as Intl does", () => {
    expect(() => formatLongDate("not a date", "it")).toThrow(RangeError);
  });
});

import { describe, expect, it } from "vitest";
import { csvReportCell, formatPeriod, formatReportCell } from "./report-format";
import { changePermille, parseReportQuery, periodStarts, previousRange, reportQueryParams, sharePermille } from "./report.rules";

const words = { none: "(senza nome)", dash: "—", reasons: { too_small: "Troppo piccolo" } };

describe("the reports' query", () => {
  const today = "2026-12-07";
  it("defaults to sales over the last 30 days, by day", () => {
    expect(parseReportQuery(new URLSearchParams(), today)).toEqual({ kind: "sales", from: "2026-11-08", to: today, period: "day", group: null, notes: [] });
  });
  it("swaps a reversed range, shortens one longer than two years, and goes by week past 92 days", () => {
    const query = parseReportQuery(new URLSearchParams({ from: "2026-12-01", to: "2020-01-01", by: "day" }), today);
    expect(query.to).toBe("2026-12-01");
    expect(query.from).toBe("2024-12-01");
    expect(query.period).toBe("week");
    expect(query.notes).toEqual(["rangeSwapped", "rangeShortened", "weeklyInstead"]);
  });
  it("drops what is not ours: an unknown kind, a group of another kind, an impossible day", () => {
    const query = parseReportQuery(new URLSearchParams({ kind: "x", from: "2026-02-30", group: "reason", by: "year" }), today);
    expect(query).toMatchObject({ kind: "sales", from: "2026-11-08", group: null, period: "day" });
    expect(parseReportQuery(new URLSearchParams({ kind: "products", group: "reason" }), today).group).toBe("product");
    expect(parseReportQuery(new URLSearchParams({ kind: "returns", group: "reason" }), today).group).toBe("reason");
  });
  it("writes the query back without its notes", () => {
    const query = parseReportQuery(new URLSearchParams({ kind: "products", from: "2026-12-01", to: "2026-12-07", group: "size" }), today);
    expect(reportQueryParams(query).toString()).toBe("kind=products&from=2026-12-01&to=2026-12-07&by=day&group=size");
    expect(reportQueryParams(query, { kind: "sales" }).toString()).toBe("kind=sales&from=2026-12-01&to=2026-12-07&by=day");
    expect(reportQueryParams(query, { kind: "returns" }).get("group")).toBe("product");
  });
});

describe("the reports' periods", () => {
  it("compares with as many days right before", () => {
    expect(previousRange("2024-03-01", "2024-03-31")).toEqual({ from: "2024-01-30", to: "2024-02-29" });
  });
  it("cuts weeks on Mondays and months on their first day, from the range's first day", () => {
    expect(periodStarts("2026-12-02", "2026-12-16", "week")).toEqual(["2026-12-02", "2026-12-07", "2026-12-14"]);
    expect(periodStarts("2026-11-15", "2027-01-10", "month")).toEqual(["2026-11-15", "2026-12-01", "2027-01-01"]);
    expect(periodStarts("2026-12-30", "2027-01-01", "day")).toEqual(["2026-12-30", "2026-12-31", "2027-01-01"]);
  });
  it("counts changes and shares in tenths of a percent, none from nothing", () => {
    expect(changePermille(150, 100)).toBe(500);
    expect(changePermille(0, 100)).toBe(-1000);
    expect(changePermille(5, 0)).toBeNull();
    expect(sharePermille(1, 3)).toBe(333);
    expect(sharePermille(1, 0)).toBeNull();
  });
});

describe("the reports' cells", () => {
  it("writes periods as a day, a whole month or a range", () => {
    expect(formatPeriod("2024-03-04/2024-03-04", "it")).toBe("4 mar 2024");
    expect(formatPeriod("2024-02-01/2024-02-29", "it")).toBe("febbraio 2024");
    expect(formatPeriod("2024-02-01/2024-02-29", "en")).toBe("February 2024");
    expect(formatPeriod("2024-03-04/2024-03-10", "en")).toMatch(/^4\s–\s10 Mar 2024$/);
  });
  it("writes money, rates and changes for the page and for the CSV", () => {
    expect(formatReportCell("money", 12_950, "it", words)).toBe("129,50\u00a0€");
    expect(formatReportCell("change", 125, "en", words)).toBe("+12.5%");
    expect(formatReportCell("change", null, "en", words)).toBe("—");
    expect(formatReportCell("label", null, "it", words)).toBe("(senza nome)");
    expect(formatReportCell("reason", "too_small", "it", words)).toBe("Troppo piccolo");
    expect(formatReportCell("count", "", "it", words)).toBe("");
    expect(csvReportCell("money", -5, words)).toBe("-0.05");
    expect(csvReportCell("change", -125, words)).toBe("-12.5");
    expect(csvReportCell("permille", 1000, words)).toBe("100.0");
    expect(csvReportCell("change", null, words)).toBe("");
  });
});

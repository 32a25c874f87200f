import { describe, expect, it } from "vitest";
import { utcToRomeLocal, romeLocalToUtc } from "./rome-time";

describe("Rome's wall-clock time", () => {
  it("reads a winter and a summer time in Italy as UTC, and back", () => {
    expect(romeLocalToUtc("2026-12-01T00:00")).toBe("2026-11-30T23:00:00.000Z");
    expect(romeLocalToUtc("2026-07-15T09:30")).toBe("2026-07-15T07:30:00.000Z");
    expect(utcToRomeLocal("2026-11-30T23:00:00.000Z")).toBe("2026-12-01T00:00");
    expect(utcToRomeLocal("2026-07-15T07:30:00.000Z")).toBe("2026-07-15T09:30");
  });

  it("handles the nights the clocks change", () => {
    // 29 March 2026: 02:00 → 03:00 (02:30 does not exist: it reads as 03:30).
    expect(romeLocalToUtc("2026-03-29T01:59")).toBe("2026-03-29T00:59:00.000Z");
    expect(romeLocalToUtc("2026-03-29T03:00")).toBe("2026-03-29T01:00:00.000Z");
    expect(romeLocalToUtc("2026-03-29T02:30")).toBe("2026-03-29T01:30:00.000Z");
    // 25 October 2026: 03:00 → 02:00; 02:30 happens twice, either reading round-trips.
    const twice = romeLocalToUtc("2026-10-25T02:30")!;
    expect(utcToRomeLocal(twice)).toBe("2026-10-25T02:30");
  });

  it("refuses what is not a date and time", () => {
    for (const text of ["", "2026-02-30T10:00", "2026-13-01T10:00", "2026-12-01T24:00", "2026-12-01 10:00", "1999-12-31T10:00", "x"]) {
      expect(romeLocalToUtc(text), text).toBeNull();
    }
  });
});

import { describe, expect, it } from "vitest";
import { RECENTLY_VIEWED_MAX, parseViewed, serializeViewed, withViewed } from "./recently-viewed";

describe("recently viewed", () => {
  it("reads well-formed ids once each, at most twelve, and nothing else", () => {
    expect(parseViewed("3.1.2")).toEqual([3, 1, 2]);
    expect(parseViewed("3.3.x.0.-1.007.1e3.2")).toEqual([3, 2]);
    expect(parseViewed(Array.from({ length: 20 }, (_, i) => i + 1).join("."))).toHaveLength(RECENTLY_VIEWED_MAX);
    expect(parseViewed("")).toEqual([]);
    expect(parseViewed(null)).toEqual([]);
    expect(parseViewed("1.".repeat(150))).toEqual([]);
  });

  it("puts the piece looked at first, once, and lets the oldest go past twelve", () => {
    expect(withViewed([3, 1, 2], 1)).toEqual([1, 3, 2]);
    const full = Array.from({ length: RECENTLY_VIEWED_MAX }, (_, i) => i + 1);
    expect(withViewed(full, 99)).toEqual([99, ...full.slice(0, RECENTLY_VIEWED_MAX - 1)]);
    expect(serializeViewed(withViewed([], 5))).toBe("5");
  });
});

import { describe, expect, it } from "vitest";
import { HANDOFF_TTL_MS, clearPreference, handoffParams, readHandoff, readPreference, storePreference } from "./preference.server";

const SECRET = "a-test-secret-that-is-long-enough-for-hmac";
const NOW = Date.UTC(2026, 0, 15, 12);

const cookieHeaderOf = (setCookie: string) => setCookie.split(";")[0];

describe("the preference cookie", () => {
  it("is named preference, lasts 86400 s, HttpOnly and SameSite=Lax", async () => {
    const header = await storePreference("FR", true);
    expect(header).toMatch(/^preference=/);
    expect(header).toContain("Max-Age=86400");
    expect(header).toContain("HttpOnly");
    expect(header).toContain("SameSite=Lax");
    expect(header).toContain("Secure");
    expect(header).toContain("Path=/");
    expect(await storePreference("FR", false)).not.toContain("Secure");
  });

  it("reads back a stored country; anything else is no preference", async () => {
    expect(await readPreference(cookieHeaderOf(await storePreference("DE", false)))).toBe("DE");
    expect(await readPreference(null)).toBeNull();
    expect(await readPreference("preference=garbage")).toBeNull();
    expect(await readPreference(`preference=${btoa(JSON.stringify("US"))}`)).toBeNull();
  });

  it("is cleared with Max-Age=0", async () => {
    expect(await clearPreference(false)).toContain("Max-Age=0");
  });
});

describe("the handoff to the other shop's host", () => {
  it("round-trips a country and a path", () => {
    const params = handoffParams(SECRET, "FR", "/categories/donna?size=M", NOW);
    expect(readHandoff(SECRET, new URLSearchParams(params.toString()), NOW + 1000)).toEqual({ country: "FR", path: "/categories/donna?size=M" });
  });

  it("refuses an expired token", () => {
    const params = handoffParams(SECRET, "FR", "/", NOW);
    expect(readHandoff(SECRET, params, NOW + HANDOFF_TTL_MS)).toBeNull();
  });

  it("refuses a token signed with another secret, or with a changed country or path", () => {
    const params = handoffParams(SECRET, "FR", "/", NOW);
    expect(readHandoff("another-secret", params, NOW)).toBeNull();
    const country = new URLSearchParams(params);
    country.set("handoff", params.get("handoff")!.replace(/^FR/, "DE"));
    expect(readHandoff(SECRET, country, NOW)).toBeNull();
    const path = new URLSearchParams(params);
    path.set("to", "/account");
    expect(readHandoff(SECRET, path, NOW)).toBeNull();
  });

  it("refuses malformed tokens and paths that leave the shop", () => {
    expect(readHandoff(SECRET, new URLSearchParams("handoff=FR.1.x&to=/"), NOW)).toBeNull();
    expect(readHandoff(SECRET, new URLSearchParams("handoff=nonsense&to=/"), NOW)).toBeNull();
    expect(readHandoff(SECRET, new URLSearchParams("to=/"), NOW)).toBeNull();
    expect(readHandoff(SECRET, handoffParams(SECRET, "FR", "//evil.example", NOW), NOW)).toBeNull();
  });
});

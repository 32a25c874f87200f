import { describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/support/databases";
import { DomainError } from "~/utils/domain-error";
import { clientKey, enforceRateLimit, hitRateLimit } from "./rate-limit.server";

describe("clientKey", () => {
  it("counts an IPv4 client by its address and an IPv6 client by its /64", () => {
    expect(clientKey("203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
    expect(clientKey("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(clientKey("2001:0db8:0001:0002:ffff::")).toBe("2001:db8:1:2::/64");
    expect(clientKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientKey("::1")).toBe("0:0:0:0::/64");
  });
});

describeEachDatabase("database rate limiter", (ctx) => {
  it("allows `limit` hits per window, then refuses with the seconds left, and starts again in the next window", async () => {
    const rule = { limit: 3, windowMs: 60_000 };
    const at = new Date("2026-11-23T10:00:10.000Z");
    for (let i = 0; i < 3; i++) expect((await hitRateLimit(ctx().db, "test:a", rule, at)).allowed).toBe(true);
    expect(await hitRateLimit(ctx().db, "test:a", rule, at)).toEqual({ allowed: false, retryAfter: 50 });
    expect((await hitRateLimit(ctx().db, "test:b", rule, at)).allowed).toBe(true);
    expect((await hitRateLimit(ctx().db, "test:a", rule, new Date("2026-11-23T10:01:00.000Z"))).allowed).toBe(true);
  });

  it("counts the addresses of one IPv6 /64 together", async () => {
    const rule = { limit: 2, windowMs: 60_000 };
    const at = new Date("2026-11-23T11:00:00.000Z");
    await enforceRateLimit(ctx().db, "v6", "2001:db8:5:6::1", rule, at);
    await enforceRateLimit(ctx().db, "v6", "2001:db8:5:6::2", rule, at);
    const error = await enforceRateLimit(ctx().db, "v6", "2001:db8:5:6:ffff::9", rule, at).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe("RATE_LIMITED");
    await expect(enforceRateLimit(ctx().db, "v6", "2001:db8:5:7::1", rule, at)).resolves.toBeUndefined();
  });
});

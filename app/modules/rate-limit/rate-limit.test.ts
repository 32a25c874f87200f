import { describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/support/databases";
import { DomainError } from "~/utils/domain-error";
import { backoffWait, clearBackoff, clientKey, enforceRateLimit, hitRateLimit, recordBackoffFailure } from "./rate-limit.server";

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
  it("allows `limit` hits within a window, then refuses with the seconds to wait, and lets tries through again as the window slides", async () => {
    const rule = { limit: 3, windowMs: 60_000 };
    const at = new Date("2026-11-23T10:00:10.000Z");
    for (let i = 0; i < 3; i++) expect((await hitRateLimit(ctx().db, "test:a", rule, at)).allowed).toBe(true);
    expect(await hitRateLimit(ctx().db, "test:a", rule, at)).toEqual({ allowed: false, retryAfter: 50 + 30 });
    expect((await hitRateLimit(ctx().db, "test:b", rule, at)).allowed).toBe(true);
    // (the refused try counts too: four hits must weigh no more than two, 30 s into the next window)
    // Just past the boundary the previous window's four hits still weigh almost fully…
    expect((await hitRateLimit(ctx().db, "test:a", rule, new Date("2026-11-23T10:01:00.000Z"))).allowed).toBe(false);
    // …and a window later they weigh nothing.
    expect((await hitRateLimit(ctx().db, "test:a", rule, new Date("2026-11-23T10:02:30.000Z"))).allowed).toBe(true);
  });

  it("refuses across a window's boundary: 12 tries in 10 seconds around it let at most the limit through (a fixed window let all 12)", async () => {
    const rule = { limit: 10, windowMs: 60_000 };
    let allowed = 0;
    for (let i = 0; i < 12; i++) {
      const at = new Date(Date.parse("2026-11-23T12:00:55.000Z") + i * 800);
      if ((await hitRateLimit(ctx().db, "test:boundary", rule, at)).allowed) allowed++;
    }
    expect(allowed).toBe(10);
  });

  it("backs a key off exponentially after its free failures, forgets them after a success or a quiet day", async () => {
    const rule = { free: 2, baseMs: 1_000, maxMs: 8_000, resetMs: 86_400_000 };
    const at = new Date("2026-11-23T13:00:00.000Z");
    const waits = [];
    for (let i = 0; i < 7; i++) waits.push((await recordBackoffFailure(ctx().db, "bo:a", rule, at)).retryAfter);
    expect(waits).toEqual([0, 0, 1, 2, 4, 8, 8]);
    expect(await backoffWait(ctx().db, "bo:a", at)).toBe(8);
    expect(await backoffWait(ctx().db, "bo:a", new Date(at.getTime() + 8_000))).toBe(0);
    expect((await recordBackoffFailure(ctx().db, "bo:a", rule, new Date(at.getTime() + 2 * 86_400_000))).failures).toBe(1);
    await clearBackoff(ctx().db, "bo:a");
    expect(await backoffWait(ctx().db, "bo:a", at)).toBe(0);
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

import { isIPv6 } from "node:net";
import { type Kysely, sql } from "kysely";
import type { Database } from "~/db/schema";
import { DomainError } from "~/utils/domain-error";

export interface RateLimitRule {
  /** Requests allowed per window. */
  limit: number;
  windowMs: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the current window ends. */
  retryAfter: number;
}

/**
 * A fixed-window counter kept in the database, so every app process sharing it enforces one
 * limit. One upsert per call: the counter restarts when a new window begins.
 */
export async function hitRateLimit(
  db: Kysely<Database>,
  key: string,
  rule: RateLimitRule,
  now = new Date(),
): Promise<RateLimitResult> {
  const windowStartMs = Math.floor(now.getTime() / rule.windowMs) * rule.windowMs;
  const windowStart = new Date(windowStartMs).toISOString();
  const row = await db
    .insertInto("rate_limits")
    .values({ key, window_start: windowStart, hits: 1 })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        hits: sql<number>`case when rate_limits.window_start = excluded.window_start then rate_limits.hits + 1 else 1 end`,
        window_start: (eb) => eb.ref("excluded.window_start"),
      }),
    )
    .returning("hits")
    .executeTakeFirstOrThrow();
  return {
    allowed: row.hits <= rule.limit,
    retryAfter: Math.max(1, Math.ceil((windowStartMs + rule.windowMs - now.getTime()) / 1000)),
  };
}

/**
 * The part of a client address that names one client: an IPv4 address as it is, an IPv6 one by
 * its /64 (one household or server gets a whole /64, so counting full addresses would let it
 * rotate through billions of them).
 */
export function clientKey(address: string): string {
  const ip = address.startsWith("::ffff:") && address.includes(".") ? address.slice(7) : address;
  if (!isIPv6(ip)) return ip;
  const [head, tail = ""] = ip.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = ip.includes("::") ? [...left, ...Array(8 - left.length - right.length).fill("0"), ...right] : left;
  return `${groups.slice(0, 4).map((g) => (parseInt(g, 16) || 0).toString(16)).join(":")}::/64`;
}

/** Counts one request of a client against a rule; throws RATE_LIMITED (with Retry-After) past it. */
export async function enforceRateLimit(db: Kysely<Database>, scope: string, clientIp: string, rule: RateLimitRule, now = new Date()): Promise<void> {
  const result = await hitRateLimit(db, `${scope}:${clientKey(clientIp)}`, rule, now);
  if (!result.allowed) throw new DomainError("RATE_LIMITED", `${scope} rate limit`, { retryAfter: result.retryAfter });
}

export async function purgeRateLimits(db: Kysely<Database>, olderThan: Date): Promise<void> {
  await db.deleteFrom("rate_limits").where("window_start", "<", olderThan.toISOString()).execute();
}

/** Drops the counters of the given keys (an erased account's per-address limits). */
export async function forgetRateLimits(db: Kysely<Database>, keys: string[]): Promise<void> {
  if (keys.length) await db.deleteFrom("rate_limits").where("key", "in", keys).execute();
}

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
  /** Seconds until a try would be allowed again. */
  retryAfter: number;
}

/**
 * A sliding-window counter kept in the database, so every app process sharing it enforces one
 * limit (issue 37: a fixed window let twice the limit through across its boundary). Each key
 * keeps this window's hits and the previous window's; the count is this window's hits plus the
 * previous window's weighted by how much of it still lies within the last `windowMs` (the
 * "sliding window counter"). One upsert per call; refused tries count too.
 */
export async function hitRateLimit(
  db: Kysely<Database>,
  key: string,
  rule: RateLimitRule,
  now = new Date(),
): Promise<RateLimitResult> {
  const t = now.getTime();
  const windowStartMs = Math.floor(t / rule.windowMs) * rule.windowMs;
  const windowStart = new Date(windowStartMs).toISOString();
  const previousStart = new Date(windowStartMs - rule.windowMs).toISOString();
  const same = sql<boolean>`rate_limits.window_start = excluded.window_start`;
  const row = await db
    .insertInto("rate_limits")
    .values({ key, window_start: windowStart, hits: 1, prev_hits: 0 })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        prev_hits: sql<number>`case when ${same} then rate_limits.prev_hits when rate_limits.window_start = ${previousStart} then rate_limits.hits else 0 end`,
        hits: sql<number>`case when ${same} then rate_limits.hits + 1 else 1 end`,
        window_start: (eb) => eb.ref("excluded.window_start"),
      }),
    )
    .returning(["hits", "prev_hits"])
    .executeTakeFirstOrThrow();
  const hits = Number(row.hits);
  const previous = Number(row.prev_hits);
  const elapsed = t - windowStartMs;
  const count = previous * (1 - elapsed / rule.windowMs) + hits;
  return { allowed: count <= rule.limit, retryAfter: Math.max(1, Math.ceil(waitMs(rule, hits, previous, elapsed) / 1000)) };
}

/** How long until one more try fits: the previous window's weight has to fall (or this window to pass). */
function waitMs(rule: RateLimitRule, hits: number, previous: number, elapsed: number): number {
  const w = rule.windowMs;
  if (hits + 1 <= rule.limit) {
    // previous * (1 - e / w) + hits + 1 <= limit  ⇔  e >= w * (1 - (limit - hits - 1) / previous)
    return previous > 0 ? Math.max(0, w * (1 - (rule.limit - hits - 1) / previous) - elapsed) : 0;
  }
  // Only in the next window, once this one's hits weigh little enough.
  return w - elapsed + Math.max(0, w * (1 - (rule.limit - 1) / hits));
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

/** Exponential back-off after failures: `free` failures cost nothing, then each doubles the wait. */
export interface BackoffRule {
  free: number;
  baseMs: number;
  maxMs: number;
  /** Failures are forgotten after this long without one. */
  resetMs: number;
}

/** Seconds a key must still wait (0: it may try now). */
export async function backoffWait(db: Kysely<Database>, key: string, now = new Date()): Promise<number> {
  const row = await db.selectFrom("rate_backoffs").select("blocked_until").where("key", "=", key).executeTakeFirst();
  const until = row ? Date.parse(row.blocked_until) : 0;
  return until > now.getTime() ? Math.ceil((until - now.getTime()) / 1000) : 0;
}

/**
 * Counts one failure of a key (atomically, for processes sharing the database) and blocks it for
 * baseMs · 2^(failures − free − 1), at most maxMs. Returns the failures so far and the wait.
 */
export async function recordBackoffFailure(db: Kysely<Database>, key: string, rule: BackoffRule, now = new Date()): Promise<{ failures: number; retryAfter: number }> {
  const at = now.toISOString();
  const forgetBefore = new Date(now.getTime() - rule.resetMs).toISOString();
  const row = await db
    .insertInto("rate_backoffs")
    .values({ key, failures: 1, blocked_until: at, last_failure_at: at })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        failures: sql<number>`case when rate_backoffs.last_failure_at < ${forgetBefore} then 1 else rate_backoffs.failures + 1 end`,
        last_failure_at: (eb) => eb.ref("excluded.last_failure_at"),
      }),
    )
    .returning("failures")
    .executeTakeFirstOrThrow();
  const failures = Number(row.failures);
  const waitMs = failures > rule.free ? Math.min(rule.maxMs, rule.baseMs * 2 ** Math.min(40, failures - rule.free - 1)) : 0;
  if (waitMs > 0) {
    await db
      .updateTable("rate_backoffs")
      .set({ blocked_until: new Date(now.getTime() + waitMs).toISOString() })
      .where("key", "=", key)
      .execute();
  }
  return { failures, retryAfter: Math.ceil(waitMs / 1000) };
}

/** A success: the key's failures are forgotten. */
export async function clearBackoff(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom("rate_backoffs").where("key", "=", key).execute();
}

export async function purgeBackoffs(db: Kysely<Database>, olderThan: Date): Promise<void> {
  await db.deleteFrom("rate_backoffs").where("last_failure_at", "<", olderThan.toISOString()).execute();
}

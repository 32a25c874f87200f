import { type Kysely, sql } from "kysely";
import type { Database } from "~/db/schema";

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

export async function purgeRateLimits(db: Kysely<Database>, olderThan: Date): Promise<void> {
  await db.deleteFrom("rate_limits").where("window_start", "<", olderThan.toISOString()).execute();
}

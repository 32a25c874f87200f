import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { log } from "~/utils/log.server";
import { DEFAULT_SHOP_SETTINGS, type ShopSettings, ShopSettingsSchema } from "./shop-settings";

/** Settings change rarely: each process reads them at most once every 30 s. */
const CACHE_MS = 30_000;
const cache = new WeakMap<object, { at: number; value: ShopSettings }>();

/**
 * The shop settings: the stored values over the defaults, validated. A stored value that does
 * not validate is ignored (and logged) rather than breaking every page.
 */
export async function getShopSettings(db: Kysely<Database>, now = Date.now()): Promise<ShopSettings> {
  const cached = cache.get(db);
  if (cached && now - cached.at < CACHE_MS) return cached.value;
  const rows = await db.selectFrom("shop_settings").select(["key", "value"]).execute();
  const merged: Record<string, unknown> = { ...DEFAULT_SHOP_SETTINGS };
  for (const row of rows) {
    if (!(row.key in DEFAULT_SHOP_SETTINGS)) continue;
    try {
      merged[row.key] = JSON.parse(row.value);
    } catch {
      log.warn("shop setting is not JSON", { key: row.key });
    }
  }
  const parsed = ShopSettingsSchema.safeParse(merged);
  let value = DEFAULT_SHOP_SETTINGS;
  if (parsed.success) value = parsed.data;
  else log.warn("shop settings invalid, using defaults", { issues: parsed.error.issues.map((i) => i.path.join(".")) });
  cache.set(db, { at: now, value });
  return value;
}

/** Writes settings (the seed; a back office later). Clears this process's cache. */
export async function saveShopSettings(db: Kysely<Database>, settings: Partial<ShopSettings>, at = new Date()): Promise<void> {
  for (const [key, value] of Object.entries(settings)) {
    const row = { key, value: JSON.stringify(value), updated_at: at.toISOString() };
    await db
      .insertInto("shop_settings")
      .values(row)
      .onConflict((oc) => oc.column("key").doUpdateSet({ value: row.value, updated_at: row.updated_at }))
      .execute();
  }
  cache.delete(db);
}

/** Drops this process's cached settings (a writer in a transaction clears it once committed). */
export function forgetShopSettings(db: Kysely<Database>): void {
  cache.delete(db);
}

import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { log } from "~/utils/log.server";
import { DEFAULT_SHOP_SETTINGS, type ShopSettings, ShopSettingsSchema } from "./shop-settings";
import { bumpShopRevision, cachedShopRead, forgetShopReads } from "~/modules/base/revision-cache.server";

/**
 * The shop settings: the stored values over the defaults, validated. A stored value that does
 * not validate is ignored (and logged) rather than breaking every page. Kept in the process
 * under the shop's revision, so a change saved by any process is read by all on their next
 * request (app/modules/base/revision-cache.server.ts).
 */
export async function getShopSettings(db: Kysely<Database>, options: { revision?: string } = {}): Promise<ShopSettings> {
  return cachedShopRead(db, "settings", () => loadShopSettings(db), options);
}

async function loadShopSettings(db: Kysely<Database>): Promise<ShopSettings> {
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
  return value;
}

/** Writes settings (the seed, Atelier) and raises the shop's revision: every process reads them anew. */
export async function saveShopSettings(db: Kysely<Database>, settings: Partial<ShopSettings>, at = new Date()): Promise<void> {
  for (const [key, value] of Object.entries(settings)) {
    const row = { key, value: JSON.stringify(value), updated_at: at.toISOString() };
    await db
      .insertInto("shop_settings")
      .values(row)
      .onConflict((oc) => oc.column("key").doUpdateSet({ value: row.value, updated_at: row.updated_at }))
      .execute();
  }
  await bumpShopRevision(db);
}

/** Drops this process's cached settings (tests; writers raise the revision instead). */
export function forgetShopSettings(db: Kysely<Database>): void {
  forgetShopReads(db);
}

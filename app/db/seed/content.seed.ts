import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { DEFAULT_SHOP_SETTINGS } from "~/modules/settings/shop-settings";
import { saveShopSettings } from "~/modules/settings/shop-settings.server";
import type { SeedContent } from "./content.types";

const DAY_MS = 86_400_000;

/** The shop settings and the demo pages, journal, care guide and "inside" stories. */
export async function seedContent(db: Kysely<Database>, content: SeedContent[], now: Date): Promise<number> {
  await saveShopSettings(db, DEFAULT_SHOP_SETTINGS, now);
  const stamp = now.toISOString();
  const rows = content.flatMap((entry) =>
    Object.entries(entry.translations).map(([locale, t]) => ({
      kind: entry.kind,
      key: entry.key,
      locale: locale as "it" | "en",
      slug: t!.slug,
      title: t!.title,
      excerpt: t!.excerpt,
      body: t!.body,
      meta_title: t!.metaTitle,
      meta_description: t!.metaDescription,
      keywords: t!.keywords,
      cover: entry.cover ?? null,
      published_at: new Date(now.getTime() - entry.publishedDaysAgo * DAY_MS).toISOString(),
      updated_at: stamp,
    })),
  );
  for (let i = 0; i < rows.length; i += 50) await db.insertInto("content").values(rows.slice(i, i + 50)).execute();
  return rows.length;
}

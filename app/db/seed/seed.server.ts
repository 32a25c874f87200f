import { type Kysely, PostgresAdapter, type Transaction, sql } from "kysely";
import { bumpCatalogRevision } from "../../modules/base/revision-cache.server";
import { rebuildListingEntries } from "../../modules/catalog/listing-entries.server";
import { rebuildSearchIndex } from "../../modules/catalog/search.repository.server";
import type { Database, Locale } from "../schema";
import { catalogue as demoCatalogue } from "./catalogue";
import { GARMENT_VIEWS } from "../../modules/media/garment-art";
import { demoContent } from "./content.data";
import { seedContent } from "./content.seed";
import type { SeedCatalogue } from "./catalogue.types";
import { seedDiscountCodes } from "./discount-codes.seed";
import { seedSizeGuides } from "./size-guides.seed";
import { seedStoreStock, seedStores } from "./stores.seed";

const LOCALES: Locale[] = ["it", "en"];
const DAY_MS = 86_400_000;

function chunk<T>(rows: T[], size = 200): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** True when the catalogue has no categories yet (a fresh database). */
export async function isDatabaseEmpty(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom("categories").select("id").limit(1).executeTakeFirst();
  return row === undefined;
}

/**
 * Seeds the demo catalogue when the database is empty. Several app processes may start at
 * once against one PostgreSQL database: an advisory lock lets exactly one of them seed.
 */
export async function seedIfEmpty(db: Kysely<Database>, now = new Date()): Promise<{ products: number; variants: number } | null> {
  if (!(await isDatabaseEmpty(db))) return null;
  return db.transaction().execute(async (trx) => {
    if (trx.getExecutor().adapter instanceof PostgresAdapter) {
      await sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`.execute(trx);
    }
    if (!(await isDatabaseEmpty(trx))) return null;
    return writeCatalogue(trx, demoCatalogue, now);
  });
}

const SEED_LOCK_ID = 7_262_011;

/**
 * Writes the demo catalogue in one transaction. Dates are relative to `now`, so "new arrivals"
 * and the 30-day price history stay meaningful whenever the seed runs.
 */
export async function seedDatabase(
  db: Kysely<Database>,
  { now = new Date(), catalogue = demoCatalogue }: { now?: Date; catalogue?: SeedCatalogue } = {},
): Promise<{ products: number; variants: number }> {
  return db.transaction().execute((trx) => writeCatalogue(trx, catalogue, now));
}

async function writeCatalogue(trx: Transaction<Database>, catalogue: SeedCatalogue, now: Date) {
  await bumpCatalogRevision(trx);
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY_MS).toISOString();
  const stamp = now.toISOString();
  {
    const categoryIds = await insertCategories(trx, catalogue, stamp);
    const manufacturerIds = await insertManufacturers(trx, catalogue);

    await trx
      .insertInto("colors")
      .values(catalogue.colors.map((c, i) => ({ code: c.code, hex: c.hex.toLowerCase(), position: i })))
      .execute();
    await trx
      .insertInto("color_translations")
      .values(catalogue.colors.flatMap((c) => LOCALES.map((locale) => ({ color_code: c.code, locale, name: c.name[locale] }))))
      .execute();

    let variantCount = 0;
    const productIds: { seed: (typeof catalogue.products)[number]; id: number }[] = [];
    for (const p of catalogue.products) {
      const categoryId = categoryIds.get(p.categoryKey);
      if (categoryId === undefined) throw new Error(`Seed product ${p.key}: unknown category ${p.categoryKey}`);
      const manufacturerId = manufacturerIds.get(p.manufacturerKey);
      if (manufacturerId === undefined) throw new Error(`Seed product ${p.key}: unknown manufacturer ${p.manufacturerKey}`);
      const created = at(p.createdDaysAgo);
      const { id: productId } = await trx
        .insertInto("products")
        .values({
          category_id: categoryId,
          manufacturer_id: manufacturerId,
          garment: p.garment,
          featured_rank: p.featuredRank,
          published_at: created,
          created_at: created,
          updated_at: stamp,
          // What Atelier edits: every variant takes the product's price (migration 20261202020000).
          price_cents: p.priceHistory[p.priceHistory.length - 1].priceCents,
          compare_at_cents: p.compareAtCents,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      productIds.push({ seed: p, id: productId });

      await trx
        .insertInto("product_translations")
        .values(
          LOCALES.map((locale) => ({
            product_id: productId,
            locale,
            name: p.name[locale],
            slug: p.slug[locale],
            description: p.description[locale],
            composition: p.composition[locale],
            care: p.care[locale],
            meta_title: p.metaTitle[locale],
            meta_description: p.metaDescription[locale],
            keywords: p.keywords[locale],
            share_image: null,
          })),
        )
        .execute();

      const current = p.priceHistory[p.priceHistory.length - 1];
      const variantRows = p.colors.flatMap((color, ci) =>
        p.sizes.map((size, si) => ({
          product_id: productId,
          sku: `${p.key}-${color}-${size}`.toUpperCase(),
          color_code: color,
          size,
          position: ci * 100 + si,
          price_cents: current.priceCents,
          compare_at_cents: p.compareAtCents,
          stock: p.stock[`${color}/${size}`] ?? 0,
          created_at: created,
          updated_at: stamp,
        })),
      );
      const variants = await trx.insertInto("variants").values(variantRows).returning("id").execute();
      variantCount += variants.length;

      const history = variants.flatMap(({ id }) =>
        p.priceHistory.map((change) => ({ variant_id: id, price_cents: change.priceCents, effective_at: at(change.daysAgo) })),
      );
      for (const rows of chunk(history)) await trx.insertInto("price_history").values(rows).execute();

      // Each colour's own small lookbook: front, styled, back, the cloth close, a detail.
      const images = p.colors.flatMap((color, ci) =>
        GARMENT_VIEWS.map((view, vi) => ({ product_id: productId, color_code: color, view, position: ci * 10 + vi })),
      );
      await trx.insertInto("product_images").values(images).execute();
    }

    // The banner's messages: Italian and English side by side, in the seed's order.
    const banner = catalogue.globalSettings;
    await trx
      .insertInto("banner_messages")
      .values(
        banner.it.messages.map((text, i) => ({
          position: i + 1,
          text_it: text,
          text_en: banner.en.messages[i] ?? text,
          link_it: banner.it.links[i] ?? null,
          link_en: banner.en.links[i] ?? null,
          background: banner.it.background,
          color: banner.it.color,
          starts_at: null,
          ends_at: null,
          created_at: stamp,
          updated_at: stamp,
        })),
      )
      .execute();

    // The search documents and the listing entries read the rows written above, in the same transaction.
    await rebuildSearchIndex(trx);
    await rebuildListingEntries(trx);
    await seedContent(trx, demoContent, now);

    await seedSizeGuides(trx, categoryIds, productIds, stamp);
    await seedStores(trx, now);
    await seedStoreStock(trx, now);
    await seedDiscountCodes(trx, categoryIds, now);
    return { products: catalogue.products.length, variants: variantCount };
  }
}

/** The makers, by key. */
async function insertManufacturers(trx: Transaction<Database>, catalogue: SeedCatalogue): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const m of catalogue.manufacturers) {
    const { id } = await trx
      .insertInto("manufacturers")
      .values({
        key: m.key,
        name: m.name,
        address: m.address,
        country_code: m.countryCode,
        email: m.email,
        eu_responsible_name: m.euResponsible?.name ?? null,
        eu_responsible_address: m.euResponsible?.address ?? null,
        eu_responsible_country_code: m.euResponsible?.countryCode ?? null,
        eu_responsible_email: m.euResponsible?.email ?? null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    ids.set(m.key, id);
  }
  return ids;
}

async function insertCategories(trx: Transaction<Database>, catalogue: SeedCatalogue, stamp: string) {
  const ids = new Map<string, number>();
  const paths = new Map<string, Record<Locale, string>>();
  // Parents before children: the tree is shallow, so repeat passes until every node is placed.
  const pending = [...catalogue.categories];
  while (pending.length) {
    const index = pending.findIndex((c) => c.parentKey === null || ids.has(c.parentKey));
    if (index < 0) throw new Error("Seed categories: a parent is missing");
    const [c] = pending.splice(index, 1);
    const { id } = await trx
      .insertInto("categories")
      .values({ parent_id: c.parentKey ? ids.get(c.parentKey)! : null, position: c.position, created_at: stamp, updated_at: stamp })
      .returning("id")
      .executeTakeFirstOrThrow();
    ids.set(c.key, id);
    const parentPath = c.parentKey ? paths.get(c.parentKey) : undefined;
    const path = {
      it: parentPath ? `${parentPath.it}/${c.slug.it}` : c.slug.it,
      en: parentPath ? `${parentPath.en}/${c.slug.en}` : c.slug.en,
    };
    paths.set(c.key, path);
    await trx
      .insertInto("category_translations")
      .values(
        LOCALES.map((locale) => ({
          category_id: id,
          locale,
          name: c.name[locale],
          slug: c.slug[locale],
          path: path[locale],
          meta_title: c.metaTitle[locale],
          meta_description: c.metaDescription[locale],
          keywords: c.keywords[locale],
          share_image: null,
        })),
      )
      .execute();
  }
  return ids;
}

import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { bumpCatalogRevision } from "./catalog-cache.server";
import { refreshListingEntries } from "./listing-entries.server";
import { findLatestPrice, insertPriceChange, insertPriceChanges } from "./price-history.repository.server";
import { rebuildSearchIndex } from "./search.repository.server";

// What every write to the catalogue owes the storefront, in one place for Atelier's editors, the
// Shopify import and the CLI: call these inside the transaction of the write itself, so no
// process ever reads a listing, a search document or a price history older than the product.

/**
 * After products changed (names, texts, category, publication, variants, prices, photographs):
 * their listing entries and facet counts (which also date the sitemaps), their search documents
 * in both languages, and the catalogue's revision, which tells every app process's cache.
 */
export async function catalogueChanged(trx: Kysely<Database>, productIds: number[], now = new Date()): Promise<void> {
  const ids = [...new Set(productIds)];
  if (!ids.length) return;
  await refreshListingEntries(trx, ids, now);
  await rebuildSearchIndex(trx, ids);
  await bumpCatalogRevision(trx);
}

/**
 * Records a variant's price from `at` in the price history the Omnibus line reads (the lowest
 * price of the 30 days before a reduction, app/modules/catalog/price-history.ts). Every change
 * of a price goes through here, so the rule holds whatever the owner does; an unchanged price
 * adds nothing.
 */
export async function recordPriceChange(trx: Kysely<Database>, variantId: number, priceCents: number, at: Date | string): Promise<void> {
  if ((await findLatestPrice(trx, variantId)) === priceCents) return;
  await insertPriceChange(trx, { variantId, priceCents, effectiveAt: typeof at === "string" ? at : at.toISOString() });
}

/** The first price of variants just made (they have no history yet): recordPriceChange's rule for many at once. */
export async function recordFirstPrices(trx: Kysely<Database>, prices: { variantId: number; priceCents: number }[], at: Date | string): Promise<void> {
  const effectiveAt = typeof at === "string" ? at : at.toISOString();
  await insertPriceChanges(trx, prices.map((p) => ({ ...p, effectiveAt })));
}

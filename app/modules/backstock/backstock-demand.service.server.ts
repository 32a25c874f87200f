import type { Kysely } from "kysely";
import type { Database, Locale } from "~/db/schema";
import { productUrl } from "~/modules/base/page-urls";
import { countVariantsWithDemand, listDemandByVariant } from "./backstock-demand.repository.server";
import type { DemandSort } from "./backstock-demand.schema";

/** Variants on one page of /atelier/backstock. */
export const DEMAND_PAGE_SIZE = 25;

export interface VariantDemand {
  variantId: number;
  sku: string;
  productName: string;
  colorName: string;
  size: string;
  stock: number;
  /** Shoppers waiting for the e-mail. */
  waiting: number;
  /** When the longest-waiting of them asked (UTC ISO). */
  oldestAt: string;
  /** The product page in the viewer's language; null when the product has no text in it. */
  url: string | null;
}

function toDemand(row: Awaited<ReturnType<typeof listDemandByVariant>>[number], locale: Locale): VariantDemand {
  return {
    variantId: row.id,
    sku: row.sku,
    productName: row.product_name ?? row.sku,
    colorName: row.color_name ?? row.color_code,
    size: row.size,
    stock: row.stock,
    waiting: Number(row.waiting),
    oldestAt: String(row.oldest),
    url: row.slug ? productUrl(row.slug, locale) : null,
  };
}

/** The most-requested sold-out sizes (the dashboard): one statement. */
export async function mostRequestedSoldOut(db: Kysely<Database>, { locale, limit = 5 }: { locale: Locale; limit?: number }): Promise<VariantDemand[]> {
  const rows = await listDemandByVariant(db, { locale, sort: "waiting", limit, soldOutOnly: true });
  return rows.map((row) => toDemand(row, locale));
}

/**
 * One page of the variants shoppers wait for, sorted; a page past the last shows the last.
 * Two statements (one when nobody waits).
 */
export async function demandByVariant(db: Kysely<Database>, { locale, sort, page }: { locale: Locale; sort: DemandSort; page: number }) {
  const total = await countVariantsWithDemand(db);
  const pageCount = Math.max(1, Math.ceil(total / DEMAND_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pageCount);
  const rows = total === 0 ? [] : await listDemandByVariant(db, { locale, sort, limit: DEMAND_PAGE_SIZE, offset: (current - 1) * DEMAND_PAGE_SIZE });
  return { total, page: current, pageCount, variants: rows.map((row) => toDemand(row, locale)) };
}

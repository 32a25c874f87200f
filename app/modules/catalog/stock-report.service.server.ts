import type { Kysely } from "kysely";
import type { Database, Locale } from "~/db/schema";
import { countVariantsBelow, listVariantsBelow } from "./stock-report.repository.server";
import { productUrl } from "./product.service.server";

export interface LowStockVariant {
  id: number;
  sku: string;
  productName: string;
  colorName: string;
  size: string;
  stock: number;
  /** The product page in the viewer's language. */
  url: string;
}

/**
 * Low stock: how many variants have fewer than `threshold` units (`total`) and how many of those
 * none (`soldOut`), and the `limit` still on sale with the fewest units, fewest first (the ones
 * about to run out; the sold-out ones show in the back-in-stock demand). Two statements on an
 * index range.
 */
export async function lowStock(
  db: Kysely<Database>,
  { threshold, locale, limit = 10 }: { threshold: number; locale: Locale; limit?: number },
): Promise<{ total: number; soldOut: number; variants: LowStockVariant[] }> {
  if (threshold <= 0) return { total: 0, soldOut: 0, variants: [] };
  const [counts, rows] = await Promise.all([countVariantsBelow(db, threshold), listVariantsBelow(db, { below: threshold, locale, limit })]);
  return {
    ...counts,
    variants: rows.map((row) => ({
      id: row.id,
      sku: row.sku,
      productName: row.product_name,
      colorName: row.color_name ?? row.color_code,
      size: row.size,
      stock: row.stock,
      url: productUrl(row.slug, locale),
    })),
  };
}

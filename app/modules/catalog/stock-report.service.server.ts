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
 * The variants with fewer than `threshold` units (sold-out ones included, first), at most
 * `limit` of them, and how many there are in all: two statements on an index range.
 */
export async function lowStock(db: Kysely<Database>, { threshold, locale, limit = 10 }: { threshold: number; locale: Locale; limit?: number }): Promise<{ total: number; variants: LowStockVariant[] }> {
  if (threshold <= 0) return { total: 0, variants: [] };
  const [total, rows] = await Promise.all([countVariantsBelow(db, threshold), listVariantsBelow(db, { below: threshold, locale, limit })]);
  return {
    total,
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

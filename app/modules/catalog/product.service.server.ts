import type { Kysely } from "kysely";
import type { Database, Locale } from "~/db/schema";
import { garmentImage, type ResponsiveImage } from "~/modules/media/media-urls";
import { localizePath } from "~/utils/locale";
import { findProductSlugs, listNewestProducts, listVariantSummaries, type ProductSummaryRow, type VariantSummaryRow } from "./product.repository.server";

export interface ProductCard {
  id: number;
  name: string;
  url: string;
  priceCents: number;
  /** The struck-through full price when the product is on sale. */
  compareAtCents: number | null;
  soldOut: boolean;
  colors: { code: string; name: string; hex: string }[];
  image: ResponsiveImage & { alt: string };
}

export const productUrl = (slug: string, locale: Locale) => localizePath(`/products/${slug}`, locale);

/** Builds cards from products and all their variants (no query per product). */
export function toProductCards(products: ProductSummaryRow[], variants: VariantSummaryRow[], locale: Locale): ProductCard[] {
  const byProduct = new Map<number, VariantSummaryRow[]>();
  for (const v of variants) {
    const list = byProduct.get(v.productId);
    if (list) list.push(v);
    else byProduct.set(v.productId, [v]);
  }
  return products.flatMap((p) => {
    const own = byProduct.get(p.id);
    if (!own?.length) return [];
    const cheapest = own.reduce((min, v) => (v.priceCents < min.priceCents ? v : min));
    const colors = [...new Map(own.map((v) => [v.colorCode, { code: v.colorCode, name: v.colorName, hex: v.hex }])).values()];
    return [
      {
        id: p.id,
        name: p.name,
        url: productUrl(p.slug, locale),
        priceCents: cheapest.priceCents,
        compareAtCents: cheapest.compareAtCents,
        soldOut: own.every((v) => v.stock <= 0),
        colors,
        image: { ...garmentImage(p.garment, colors[0].hex), alt: `${p.name}, ${colors[0].name}` },
      },
    ];
  });
}

export async function getNewArrivals(db: Kysely<Database>, locale: Locale, limit = 8, now = new Date()): Promise<ProductCard[]> {
  const products = await listNewestProducts(db, locale, limit, now.toISOString());
  const variants = await listVariantSummaries(db, locale, products.map((p) => p.id));
  return toProductCards(products, variants, locale);
}

/** A product by its localized slug, with its URL in every locale, or null. */
export async function getProductAlternates(db: Kysely<Database>, locale: Locale, slug: string) {
  const found = await findProductSlugs(db, locale, slug);
  if (!found) return null;
  const alternates = Object.fromEntries(Object.entries(found.slugs).map(([l, s]) => [l, productUrl(s as string, l as Locale)]));
  return { id: found.id, name: found.name, alternates: alternates as Partial<Record<Locale, string>> };
}

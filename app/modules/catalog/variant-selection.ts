// Which colour and size the product page shows, from the URL (?color=…&size=…), so that the
// choice works without JavaScript and every choice is a link. Pure and safe on the client.

export interface SelectableVariant {
  id: number;
  sku: string;
  colorCode: string;
  colorName: string;
  hex: string;
  size: string;
  priceCents: number;
  compareAtCents: number | null;
  stock: number;
}

export interface ColorOption {
  code: string;
  name: string;
  hex: string;
  /** Some size of this colour can be bought. */
  available: boolean;
}

export interface SizeOption {
  size: string;
  sku: string;
  stock: number;
}

export interface VariantSelection {
  colors: ColorOption[];
  color: ColorOption;
  sizes: SizeOption[];
  /** Null until the shopper picks a size that this colour has. */
  size: SizeOption | null;
  /** The variant whose price shows: the chosen one, else the colour's cheapest. */
  priced: SelectableVariant;
  /** The chosen variant, when a size is chosen. */
  variant: SelectableVariant | null;
}

/**
 * Resolves the URL's choice against the product's variants (in display order). An unknown
 * colour falls back to the first colour that can be bought (else the first); an unknown size,
 * or none, leaves the size unchosen — but for a one-size piece, whose one size is chosen already
 * (the button can say "Aggiungi al carrello" at once). Null for a product without variants.
 */
export function selectVariant(variants: SelectableVariant[], wanted: { color?: string | null; size?: string | null }): VariantSelection | null {
  if (!variants.length) return null;
  const colors = [...new Map(variants.map((v) => [v.colorCode, v])).values()].map((v) => ({
    code: v.colorCode,
    name: v.colorName,
    hex: v.hex,
    available: variants.some((o) => o.colorCode === v.colorCode && o.stock > 0),
  }));
  const color = colors.find((c) => c.code === wanted.color) ?? colors.find((c) => c.available) ?? colors[0];
  const ofColor = variants.filter((v) => v.colorCode === color.code);
  const variant = ofColor.find((v) => v.size === wanted.size) ?? (ofColor.length === 1 ? ofColor[0] : null);
  const priced = variant ?? ofColor.reduce((min, v) => (v.priceCents < min.priceCents ? v : min));
  return {
    colors,
    color,
    sizes: ofColor.map((v) => ({ size: v.size, sku: v.sku, stock: v.stock })),
    size: variant ? { size: variant.size, sku: variant.sku, stock: variant.stock } : null,
    priced,
    variant,
  };
}

/** The query string of a choice; a size the new colour lacks is dropped. */
export function selectionSearch(color: string, size: string | null): string {
  const params = new URLSearchParams({ color });
  if (size) params.set("size", size);
  return `?${params}`;
}

/** Most units a shopper can put in the bag at once from the product page. */
export const MAX_QUANTITY = 10;

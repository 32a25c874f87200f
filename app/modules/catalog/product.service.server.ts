import type { Kysely } from "kysely";
import type { Database, Locale } from "~/db/schema";
import { renderMarkdown } from "~/modules/content/markdown.server";
import { countryName } from "~/modules/country/countries.server";
import { GARMENT_VIEWS, type GarmentView, isGarmentView } from "~/modules/media/garment-art";
import { garmentStyleOf } from "~/modules/media/garment-style";
import type { ResponsiveImage } from "~/modules/media/drawn-image";
import { productDrawing } from "~/modules/media/media-urls";
import { type ShownPhoto, listShownProductPhotos, photosForColor } from "~/modules/media/product-photos.service.server";
import { productUrl, sizeGuideUrl } from "~/modules/base/page-urls";
import { getProductSizing } from "~/modules/size-guide/size-guide.service.server";
import { storesWithVariant } from "~/modules/store/store-stock.service.server";
import { FEW_LEFT } from "./catalog-rules";
import { cachedCatalogRead } from "./catalog-cache.server";
import { type CategoryRow, listCategories } from "./category.repository.server";
import { ancestorsOf, categoryTrailOf } from "./category.service.server";
import { findListedProducts, findLookCandidates, findPriceHistories } from "./listing.repository.server";
import { productSafety } from "./manufacturer";
import { lowestPriceBeforeReduction } from "./price-history";
import {
  findProductSlugs,
  findRelatedCandidates,
  findProductForPreview,
  findPublishedProduct,
  findSlugsById,
  listNewestProducts,
  listPublishedProductsByIds,
  listPublishedProductsBySlugs,
  listProductImages,
  listVariantSummaries,
  type ProductSummaryRow,
  type VariantSummaryRow,
} from "./product.repository.server";
import { pickRelated } from "./related-products";
import { selectVariant } from "./variant-selection";

export interface ProductCard {
  id: number;
  name: string;
  url: string;
  priceCents: number;
  /** The struck-through full price when the product is on sale. */
  compareAtCents: number | null;
  /** With a reduced price: the lowest price of the 30 days before the reduction (Omnibus). */
  lowestPriceCents: number | null;
  soldOut: boolean;
  colors: { code: string; name: string; hex: string }[];
  image: ResponsiveImage & { alt: string };
  /**
   * What the card shows under a desktop pointer: the back view (a drawing), the next photograph.
   * One address, the card's desktop width at 2× (no srcset): it is only ever shown there, and a
   * srcset per card doubled the listing's markup and loader data (the listing's CPU per request).
   */
  hoverImage: { src: string; width: number; height: number } | null;
  /** The variant whose price and colour the card shows. */
  variantId: number;
}

// Kept here for this domain's callers; the address itself lives in the base level (decision 038).
export { productUrl };

export const isReduced = (v: { priceCents: number; compareAtCents: number | null }) => v.compareAtCents !== null && v.compareAtCents > v.priceCents;

export interface CardOptions {
  /** Variants that meet the shopper's filters: the card shows the cheapest of them. */
  matches?: (variant: VariantSummaryRow) => boolean;
  /** The products' photographs (listShownProductPhotos): a card shows its colour's cover instead of the drawing. */
  photos?: Map<number, ShownPhoto[]>;
}

const hoverOf = (image: ResponsiveImage | null) => (image ? { src: image.src, width: image.width, height: image.height } : null);

/** Builds cards from products and all their variants (no query per product). */
export function toProductCards(
  products: { id: number; name: string; slug: string; garment: string }[],
  variants: VariantSummaryRow[],
  locale: Locale,
  { matches = () => true, photos }: CardOptions = {},
): Omit<ProductCard, "lowestPriceCents">[] {
  const byProduct = new Map<number, VariantSummaryRow[]>();
  for (const v of variants) {
    const list = byProduct.get(v.productId);
    if (list) list.push(v);
    else byProduct.set(v.productId, [v]);
  }
  return products.flatMap((p) => {
    const own = byProduct.get(p.id);
    if (!own?.length) return [];
    const candidates = own.filter(matches);
    const shown = (candidates.length ? candidates : own).reduce((min, v) => (v.priceCents < min.priceCents ? v : min));
    const colors = [...new Map(own.map((v) => [v.colorCode, { code: v.colorCode, name: v.colorName, hex: v.hex }])).values()];
    const [photo, nextPhoto] = photosForColor(photos?.get(p.id), shown.colorCode);
    return [
      {
        id: p.id,
        name: p.name,
        url: productUrl(p.slug, locale),
        priceCents: shown.priceCents,
        compareAtCents: shown.compareAtCents,
        soldOut: own.every((v) => v.stock <= 0),
        colors,
        image: photo
          ? { ...photo.image, alt: photo.alt || `${p.name}, ${shown.colorName}` }
          : { ...productDrawing(p, shown.hex), alt: `${p.name}, ${shown.colorName}` },
        hoverImage: hoverOf(photo ? (nextPhoto?.image ?? null) : productDrawing(p, shown.hex, "back")),
        variantId: shown.id,
      },
    ];
  });
}

/** Adds the Omnibus lowest price to the reduced cards: one query for all of them. */
export async function withLowestPrices(db: Kysely<Database>, cards: Omit<ProductCard, "lowestPriceCents">[], now: Date): Promise<ProductCard[]> {
  const reduced = cards.filter(isReduced).map((card) => card.variantId);
  const rows = await findPriceHistories(db, reduced);
  const histories = new Map<number, { priceCents: number; effectiveAt: string }[]>();
  for (const row of rows) {
    const list = histories.get(row.variantId) ?? [];
    list.push({ priceCents: row.priceCents, effectiveAt: row.effectiveAt });
    histories.set(row.variantId, list);
  }
  return cards.map((card) => ({
    ...card,
    lowestPriceCents: isReduced(card) ? lowestPriceBeforeReduction(histories.get(card.variantId) ?? [], now) : null,
  }));
}

export async function getNewArrivals(db: Kysely<Database>, locale: Locale, limit = 8, now = new Date()): Promise<ProductCard[]> {
  const products = await listNewestProducts(db, locale, limit, now.toISOString());
  const ids = products.map((p) => p.id);
  const [variants, photos] = await Promise.all([listVariantSummaries(db, locale, ids), listShownProductPhotos(db, ids, locale)]);
  return withLowestPrices(db, toProductCards(products, variants, locale, { photos }), now);
}

/** `getNewArrivals` through the catalogue cache: what the home page calls. */
export function getCachedNewArrivals(db: Kysely<Database>, locale: Locale, limit = 8): Promise<ProductCard[]> {
  return cachedCatalogRead(db, `new-arrivals|${locale}|${limit}`, () => getNewArrivals(db, locale, limit));
}

/** The cards of these products, in their order. */
async function cardsOf(db: Kysely<Database>, locale: Locale, products: ProductSummaryRow[], now: Date): Promise<ProductCard[]> {
  const ids = products.map((p) => p.id);
  const [variants, photos] = await Promise.all([listVariantSummaries(db, locale, ids), listShownProductPhotos(db, ids, locale)]);
  return withLowestPrices(db, toProductCards(products, variants, locale, { photos }), now);
}

/** The cards of the published products with these slugs, in the slugs' order (a story's "shop the story" row). */
export async function getProductCardsBySlugs(db: Kysely<Database>, locale: Locale, slugs: string[], now = new Date()): Promise<ProductCard[]> {
  const found = await listPublishedProductsBySlugs(db, locale, slugs, now.toISOString());
  const bySlug = new Map(found.map((product) => [product.slug, product]));
  return cardsOf(db, locale, slugs.flatMap((slug) => bySlug.get(slug) ?? []), now);
}

/** The cards of the published products with these ids, in the ids' order (the pieces a shopper looked at last); others left out. */
export async function getProductCardsByIds(db: Kysely<Database>, locale: Locale, ids: number[], now = new Date()): Promise<ProductCard[]> {
  const found = await listPublishedProductsByIds(db, locale, ids, now.toISOString());
  const byId = new Map(found.map((product) => [product.id, product]));
  return cardsOf(db, locale, ids.flatMap((id) => byId.get(id) ?? []), now);
}

/** A product by its localized slug, with its URL in every locale, or null. */
export async function getProductAlternates(db: Kysely<Database>, locale: Locale, slug: string) {
  const found = await findProductSlugs(db, locale, slug);
  if (!found) return null;
  const alternates = Object.fromEntries(Object.entries(found.slugs).map(([l, s]) => [l, productUrl(s as string, l as Locale)]));
  return { id: found.id, name: found.name, alternates: alternates as Partial<Record<Locale, string>> };
}

export interface ProductImage extends ResponsiveImage {
  view: string;
  /** A photograph's alt text (its own, else the product and colour); a drawing's is the page's to write. */
  alt?: string;
}

/** Everything the product page shows, for the colour and size in the URL; null when unknown. */
export async function getProductPage(
  db: Kysely<Database>,
  locale: Locale,
  slug: string,
  wanted: { color?: string | null; size?: string | null },
  now = new Date(),
  { preview = false }: { preview?: boolean } = {},
) {
  // Staff's preview (a draft, scheduled or archived product as shoppers would see it) reads it
  // whatever its state; shoppers only ever get a product on show.
  const product = preview ? await findProductForPreview(db, locale, slug) : await findPublishedProduct(db, locale, slug, now.toISOString());
  if (!product) return null;
  const [variants, images, slugs, categories, photos] = await Promise.all([
    listVariantSummaries(db, locale, [product.id]),
    listProductImages(db, product.id),
    findSlugsById(db, product.id),
    listCategories(db, locale),
    listShownProductPhotos(db, [product.id], locale),
  ]);
  const selection = selectVariant(variants, wanted);
  if (!selection) return null;
  const chosen = selection.size ? variants.find((variant) => variant.sku === selection.size!.sku) : undefined;
  const [history, related, sizing, inStores] = await Promise.all([
    isReduced(selection.priced) ? findPriceHistories(db, [selection.priced.id]) : Promise.resolve([]),
    getRelatedProducts(db, locale, product, now, categories),
    getProductSizing(db, product.id),
    chosen ? storesWithVariant(db, chosen.id) : Promise.resolve([]),
  ]);
  // The colour's photographs when it has any (docs/decisions/023), else its drawings.
  const shownPhotos = photosForColor(photos.get(product.id), selection.color.code);
  // Drawn, every product gets the whole lookbook (issue 40): a drawing needs no stored row, so a
  // product made in Atelier has it too; the stored rows' views come first, in their order.
  const stored = images.filter((image) => image.colorCode === selection.color.code).map((image) => image.view).filter(isGarmentView);
  const views: GarmentView[] = [...new Set<GarmentView>([...stored, ...GARMENT_VIEWS])];
  const gallery: ProductImage[] = shownPhotos.length
    ? shownPhotos.map((photo) => ({ view: "photo", alt: photo.alt || `${product.name}, ${selection.color.name}`, ...photo.image }))
    : views.map((view) => ({ view, ...productDrawing(product, selection.color.hex, view) }));
  const alternates = Object.fromEntries(Object.entries(slugs).map(([l, s]) => [l, productUrl(s as string, l as Locale)])) as Partial<
    Record<Locale, string>
  >;
  const { manufacturer, ...details } = product;
  return {
    // The description is Markdown (Atelier's editor), rendered as its preview shows it.
    product: { ...details, descriptionHtml: renderMarkdown(product.description), url: productUrl(product.slug, locale) },
    /** The maker's (and EU responsible person's) contacts, GPSR art. 19; null when the catalogue lacks them. */
    safety: manufacturer ? productSafety(manufacturer, (code) => countryName(code, locale)) : null,
    selection,
    lowestPriceCents: isReduced(selection.priced) ? lowestPriceBeforeReduction(history, now) : null,
    gallery,
    breadcrumbs: categoryTrailOf(categories, locale, product.categoryId),
    related,
    alternates,
    /** The stores that have the chosen size now ("Disponibile in negozio"); none until a size is chosen. */
    inStores: inStores.map(({ id, name, city, address, quantity }) => ({ id, name, city, address, fewLeft: quantity <= FEW_LEFT ? quantity : null })),
    /** The fit, the model's measurements, and the size guide's page when a guide covers the piece. */
    sizing: { fit: sizing.fit, model: sizing.model, guideUrl: sizing.hasGuide ? sizeGuideUrl(product.slug, locale) : null },
    /** Every variant, for the structured data's offers. */
    offers: variants.map((v) => ({
      sku: v.sku,
      priceCents: v.priceCents,
      stock: v.stock,
      size: v.size,
      colorName: v.colorName,
      image: (photosForColor(photos.get(product.id), v.colorCode)[0]?.image ?? productDrawing(product, v.hex)).src,
    })),
  };
}

export type ProductPage = NonNullable<Awaited<ReturnType<typeof getProductPage>>>;

/** `getProductPage` through the catalogue cache: what the product route calls. */
export function getCachedProductPage(db: Kysely<Database>, locale: Locale, slug: string, wanted: { color?: string | null; size?: string | null }) {
  const key = `product|${locale}|${slug}|${wanted.color ?? ""}|${wanted.size ?? ""}`;
  return cachedCatalogRead(db, key, () => getProductPage(db, locale, slug, wanted));
}

const RELATED_COUNT = 4;
/** Candidates read per category: enough for four sub-types apart even where a category repeats one. */
const RELATED_PER_CATEGORY = 8;
/** Categories asked at most (the product's department first): one index range each. */
const RELATED_CATEGORIES = 48;

/** Sub-types read from names, kept: a dozen regular expressions per name, some hundred names per page. */
const subtypes = new Map<string, string>();
function subtypeOf(name: string, garment: string): string {
  const key = `${garment}|${name}`;
  let subtype = subtypes.get(key);
  if (subtype === undefined) {
    if (subtypes.size >= 10_000) subtypes.clear();
    subtype = garmentStyleOf(name, garment).subtype;
    subtypes.set(key, subtype);
  }
  return subtype;
}

/**
 * "Potrebbe piacerti anche": other garment types that go with the product (related-products.ts),
 * on show and in stock, its department first; no two of one sub-type, none of the product's.
 */
export async function getRelatedProducts(
  db: Kysely<Database>,
  locale: Locale,
  product: { id: number; categoryId: number; garment: string; name: string },
  now = new Date(),
  categories?: CategoryRow[],
): Promise<ProductCard[]> {
  const picked = await findRelatedProducts(db, locale, product, now, categories);
  const ids = picked.map((p) => p.id);
  const [variants, photos] = await Promise.all([listVariantSummaries(db, locale, ids), listShownProductPhotos(db, ids, locale)]);
  return withLowestPrices(db, toProductCards(picked, variants, locale, { photos }), now);
}

/** The products `getRelatedProducts` shows, in order, with the sub-type and department it chose them by. */
export async function findRelatedProducts(
  db: Kysely<Database>,
  locale: Locale,
  product: { id: number; categoryId: number; garment: string; name: string },
  now = new Date(),
  categories?: CategoryRow[],
) {
  const rows = categories ?? (await listCategories(db, locale));
  const departments = new Map(rows.map((row) => [row.id, ancestorsOf(rows, row.id)[0].id]));
  const departmentOf = (categoryId: number) => departments.get(categoryId) ?? categoryId;
  const department = departmentOf(product.categoryId);
  const categoryIds = rows
    .map((row) => row.id)
    .sort((a, b) => Number(departmentOf(b) === department) - Number(departmentOf(a) === department))
    .slice(0, RELATED_CATEGORIES);
  const found = await findRelatedCandidates(db, locale, { categoryIds, excludeId: product.id, now: now.toISOString(), perCategory: RELATED_PER_CATEGORY });
  const candidates = found.map((row) => ({ ...row, subtype: subtypeOf(row.name, row.garment), department: departmentOf(row.categoryId) }));
  const subject = { id: product.id, garment: product.garment, subtype: subtypeOf(product.name, product.garment), department };
  return pickRelated(subject, candidates, RELATED_COUNT);
}

const LOOK_COUNT = 4;
/** Garment types that go with any outfit: "Complete the look" finds them in the whole shop. */
const ACCESSORY_GARMENTS = ["shoes", "bag", "belt", "scarf"];

/**
 * "Complete the look" (the bag page): a few products of garment types the bag does not hold, one
 * per type, in stock, featured first, taking turns between the bag's own part of the shop (its
 * lines' top-level categories: a woman's knit gets a skirt, not a man's shirt) and accessories.
 * Through the catalogue cache: the answer depends only on the bag's kinds.
 */
export function getCompleteTheLook(db: Kysely<Database>, locale: Locale, kinds: { categoryIds: number[]; garments: string[] }, now = new Date()): Promise<ProductCard[]> {
  if (!kinds.garments.length) return Promise.resolve([]);
  const key = `look|${locale}|${kinds.categoryIds.join(",")}|${kinds.garments.join(",")}`;
  return cachedCatalogRead(db, key, async () => {
    const at = now.toISOString();
    const excludeGarments = kinds.garments;
    const [wardrobe, accessories] = await Promise.all([
      findLookCandidates(db, { categoryIds: kinds.categoryIds, excludeGarments, now: at, limit: 40 }),
      findLookCandidates(db, { garments: ACCESSORY_GARMENTS, excludeGarments, now: at, limit: 40 }),
    ]);
    const ids: number[] = [];
    const garments = new Set<string>();
    const queues = [wardrobe, accessories];
    for (let turn = 0; ids.length < LOOK_COUNT && queues.some((queue) => queue.length); turn++) {
      const queue = queues[turn % queues.length];
      // The next product of a garment type not shown yet.
      while (queue.length) {
        const next = queue.shift()!;
        if (garments.has(next.garment) || ids.includes(next.id)) continue;
        garments.add(next.garment);
        ids.push(next.id);
        break;
      }
    }
    const [products, variants, photos] = await Promise.all([findListedProducts(db, locale, ids), listVariantSummaries(db, locale, ids), listShownProductPhotos(db, ids, locale)]);
    products.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
    return withLowestPrices(db, toProductCards(products, variants, locale, { photos }), now);
  });
}

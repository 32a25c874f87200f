import type { Kysely } from "kysely";
import type { Database, Locale } from "~/db/schema";
import { type ProductCard, toProductCards, withLowestPrices } from "~/modules/catalog/product.service.server";
import { listPublishedProductsByIds, listVariantSummaries } from "~/modules/catalog/product.repository.server";
import { listShownProductPhotos } from "~/modules/media/product-photos.service.server";
import { DomainError } from "~/utils/domain-error";
import * as repo from "./wishlist.repository.server";
import type { WishlistOwner } from "./wishlist.repository.server";

export type { WishlistOwner };

/** How many pieces one list holds: enough for any shopper, a bound for a script. */
export const MAX_WISHLIST_ITEMS = 100;

/**
 * The list a shopper's request reads and writes: an account holder's own (it follows the account
 * to every device), else the session's (a guest's, or a shopper who has not signed in). Null for
 * a shopper without a session yet: nothing saved, and nothing to read.
 */
export function wishlistOwnerOf(shopper: { kind: "anonymous" | "guest" | "account"; userId?: number | null }, sessionId: string | null): WishlistOwner | null {
  if (shopper.kind === "account" && typeof shopper.userId === "number") return { userId: shopper.userId };
  return sessionId === null ? null : { sessionId };
}

/** The ids of the pieces saved (the hearts' state and the header's count). */
export function savedProductIds(db: Kysely<Database>, owner: WishlistOwner | null): Promise<number[]> {
  return owner ? repo.listProductIds(db, owner) : Promise.resolve([]);
}

/**
 * Saves a piece on show (and the size, when `sku` names one of its variants). The price it is
 * saved at is the size's, else the card's (its cheapest): the list says when it drops below.
 * Throws PRODUCT_UNAVAILABLE (not on show, or a SKU of another product) and WISHLIST_FULL.
 */
export async function saveToWishlist(
  db: Kysely<Database>,
  owner: WishlistOwner,
  input: { productId: number; sku?: string | null },
  now = new Date(),
  limit = MAX_WISHLIST_ITEMS,
): Promise<void> {
  const at = now.toISOString();
  if (!(await repo.findProductOnShow(db, input.productId, at))) throw new DomainError("PRODUCT_UNAVAILABLE", "product not on show");
  const variant = input.sku ? await repo.findVariantOfProduct(db, input.productId, input.sku) : null;
  if (input.sku && !variant) throw new DomainError("PRODUCT_UNAVAILABLE", "no such size of the product");
  const priceCents = variant?.priceCents ?? (await repo.findLowestPrice(db, input.productId));
  if (priceCents === null) throw new DomainError("PRODUCT_UNAVAILABLE", "product without variants");
  const saved = await repo.listProductIds(db, owner);
  if (!saved.includes(input.productId) && saved.length >= limit) throw new DomainError("WISHLIST_FULL", "wishlist full");
  await repo.upsertItem(db, owner, {
    productId: input.productId,
    variantId: variant?.id ?? null,
    priceCents,
    soldOut: variant ? variant.stock <= 0 : false,
    at,
  });
}

/** Takes a piece off the list; one that is not on it is no error (a second press, another tab). */
export function removeFromWishlist(db: Kysely<Database>, owner: WishlistOwner, productId: number): Promise<void> {
  return repo.deleteItem(db, owner, productId);
}

/**
 * At sign-in (account.service's signIn, before the session's id changes): the pieces the
 * shopper saved before signing in join the account's list, as the bag joins the account's bag.
 */
export function mergeWishlistAtSignIn(db: Kysely<Database>, input: { sessionId: string | null; userId: number }): Promise<void> {
  if (input.sessionId === null) return Promise.resolve();
  return db.transaction().execute((trx) =>
    repo.moveSessionItems(trx, {
      sessionId: input.sessionId!,
      userId: input.userId,
    }),
  );
}

export interface WishlistSize {
  sku: string;
  size: string;
  stock: number;
}

export interface WishlistEntry {
  product: ProductCard;
  /** The colour the sizes are of: the saved size's, else the card's. */
  colorName: string;
  /** That colour's sizes, in the shop's order, with what is left of each. */
  sizes: WishlistSize[];
  /** The size saved with the piece, if any. */
  savedSize: string | null;
  /** The price now: the saved size's, else the card's. */
  priceCents: number;
  /** The price it was saved at, when the price is lower now. */
  droppedFromCents: number | null;
  /** The saved size had none left when it was saved and has some now. */
  backInSavedSize: boolean;
  savedAt: string;
}

/**
 * The owner's list as the wishlist page shows it, newest first: each piece on show with its
 * price now, its sizes and what changed since it was saved. A piece taken off sale since is not
 * shown (it stays saved, and comes back with the piece).
 */
export async function getWishlist(db: Kysely<Database>, locale: Locale, owner: WishlistOwner | null, now = new Date()): Promise<WishlistEntry[]> {
  if (!owner) return [];
  const items = await repo.listItems(db, owner);
  if (!items.length) return [];
  const ids = items.map((item) => item.productId);
  const [products, variants, photos] = await Promise.all([
    listPublishedProductsByIds(db, locale, ids, now.toISOString()),
    listVariantSummaries(db, locale, ids),
    listShownProductPhotos(db, ids, locale),
  ]);
  const cards = new Map((await withLowestPrices(db, toProductCards(products, variants, locale, { photos }), now)).map((card) => [card.id, card]));
  return items.flatMap((item) => {
    const product = cards.get(item.productId);
    if (!product) return [];
    const own = variants.filter((v) => v.productId === item.productId);
    const saved = own.find((v) => v.id === item.variantId) ?? null;
    const shown = saved ?? own.find((v) => v.id === product.variantId) ?? own[0];
    const priceCents = saved?.priceCents ?? product.priceCents;
    return [
      {
        product,
        colorName: shown.colorName,
        sizes: own
          .filter((v) => v.colorCode === shown.colorCode)
          .map((v) => ({
            sku: v.sku,
            size: v.size,
            stock: Math.max(0, v.stock),
          })),
        savedSize: saved?.size ?? null,
        priceCents,
        droppedFromCents: priceCents < item.savedPriceCents ? item.savedPriceCents : null,
        backInSavedSize: saved !== null && item.savedSoldOut === 1 && saved.stock > 0,
        savedAt: item.createdAt,
      },
    ];
  });
}

/** The account's saved pieces for "download my data". */
export async function wishlistForExport(db: Kysely<Database>, userId: number, locale: Locale) {
  const rows = await repo.listItemsForExport(db, userId, locale);
  return rows.map((row) => ({
    product: row.name,
    sku: row.sku ?? null,
    size: row.size ?? null,
    savedPriceCents: row.savedPriceCents,
    savedAt: row.savedAt,
  }));
}

/** Erases an account's list and its price-drop alerts (account deletion). */
export function eraseWishlist(db: Kysely<Database>, userId: number): Promise<void> {
  return repo.deleteAccountItems(db, userId);
}

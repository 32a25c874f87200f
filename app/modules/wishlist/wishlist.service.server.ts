import { createHmac, timingSafeEqual } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database, Locale } from "~/db/schema";
import { type ProductCard, toProductCards, withLowestPrices } from "~/modules/catalog/product.service.server";
import { listPublishedProductsByIds, listVariantSummaries } from "~/modules/catalog/product.repository.server";
import { listShownProductPhotos } from "~/modules/media/product-photos.service.server";
import { renderMail } from "~/modules/mail/mail-template.server";
import { enqueueMail, type OutgoingMail } from "~/modules/mail/outbox.server";
import { DomainError } from "~/utils/domain-error";
import { getEnv } from "~/utils/env.server";
import { idParam } from "~/utils/id-param";
import { localizePath } from "~/utils/locale";
import { formatMoney } from "~/utils/money";
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

/** The account's saved pieces and whether it asked for price-drop e-mails, for "download my data". */
export async function wishlistForExport(db: Kysely<Database>, userId: number, locale: Locale) {
  const [rows, alerts] = await Promise.all([repo.listItemsForExport(db, userId, locale), repo.hasAlert(db, userId)]);
  const pieces = rows.map((row) => ({ product: row.name, sku: row.sku ?? null, size: row.size ?? null, savedPriceCents: row.savedPriceCents, savedAt: row.savedAt }));
  return { priceDropEmails: alerts, pieces };
}

/** Erases an account's list and its price-drop alerts (account deletion). */
export function eraseWishlist(db: Kysely<Database>, userId: number): Promise<void> {
  return repo.deleteAccountItems(db, userId);
}

// ---------------------------------------------------------------------------------------------
// Price-drop e-mails: an account holder asks for them on the wishlist page; a scheduled run
// (app.server.ts) mails each account once per reduction of a saved piece, through the outbox.
// The stop link of every such e-mail is an HMAC of the account's id (no state to keep), as the
// newsletter's unsubscribe link is.

/** The stop link's token as it appears in links (checked before any look-up). */
export const ALERTS_TOKEN = /^\d{1,12}\.[\w-]{43}$/;

/** The stop link's page: its own words in each language. */
export const alertsStopPath = (locale: Locale) => (locale === "it" ? "/preferiti/avvisi" : "/en/wishlist/alerts");

let alertsKey: Buffer | undefined;
export function alertsToken(userId: number): string {
  alertsKey ??= createHmac("sha256", getEnv().SESSION_SECRET).update("bottega:wishlist-alerts").digest();
  return `${userId}.${createHmac("sha256", alertsKey).update(String(userId)).digest("base64url")}`;
}

/** Whether the account asked for price-drop e-mails. */
export function priceDropAlertsOn(db: Kysely<Database>, userId: number): Promise<boolean> {
  return repo.hasAlert(db, userId);
}

/** Switches an account's price-drop e-mails on (written in `locale`) or off. */
export async function setPriceDropAlerts(db: Kysely<Database>, input: { userId: number; on: boolean; locale: Locale }, now = new Date()): Promise<void> {
  if (input.on) await repo.upsertAlert(db, { userId: input.userId, locale: input.locale, at: now.toISOString() });
  else await repo.deleteAlert(db, input.userId);
}

/** The account a stop link names, and whether its e-mails are on; null for a forged or cut link. */
export async function findByAlertsToken(db: Kysely<Database>, token: string): Promise<{ userId: number; on: boolean } | null> {
  if (!ALERTS_TOKEN.test(token)) return null;
  const userId = idParam(token.slice(0, token.indexOf(".")));
  if (userId === null) return null;
  const expected = Buffer.from(alertsToken(userId));
  const given = Buffer.from(token);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { userId, on: await repo.hasAlert(db, userId) };
}

/** The stop link's button: the account's price-drop e-mails off (twice is no error). Throws WISHLIST_LINK_INVALID. */
export async function stopAlertsWithToken(db: Kysely<Database>, token: string): Promise<void> {
  const found = await findByAlertsToken(db, token);
  if (!found) throw new DomainError("WISHLIST_LINK_INVALID", "wishlist alerts link unknown");
  await repo.deleteAlert(db, found.userId);
}

/**
 * Mails every account that asked for it about the saved pieces whose price fell below the last
 * one announced (or the one they were saved at): one e-mail per account and run, each reduction
 * announced once (a compare-and-set on the piece, in the transaction that queues the e-mail, so
 * two runs at once cannot both announce it). Returns how many e-mails were queued.
 */
export async function sendPriceDropAlerts(db: Kysely<Database>, input: { origin: string }, now = new Date()): Promise<number> {
  const drops = await repo.listPriceDrops(db, now.toISOString());
  const byAccount = new Map<number, repo.PriceDropRow[]>();
  for (const drop of drops) byAccount.set(drop.userId, [...(byAccount.get(drop.userId) ?? []), drop]);
  let queued = 0;
  for (const pieces of byAccount.values()) {
    const sent = await db.transaction().execute(async (trx) => {
      const announced: repo.PriceDropRow[] = [];
      for (const piece of pieces) if (await repo.markAlerted(trx, piece.itemId, piece.priceCents)) announced.push(piece);
      if (!announced.length) return false;
      await enqueueMail(trx, priceDropMail(announced, input.origin), { now });
      return true;
    });
    if (sent) queued += 1;
  }
  return queued;
}

function priceDropMail(pieces: repo.PriceDropRow[], origin: string): OutgoingMail {
  const [{ email, locale, userId }] = pieces;
  const base = origin.replace(/\/+$/, "");
  const wishlist = `${base}${localizePath("/preferiti", locale)}`;
  const stop = `${base}${alertsStopPath(locale)}?token=${alertsToken(userId)}`;
  const count = String(pieces.length);
  const rendered = renderMail({
    to: email,
    locale,
    subject: { key: "wishlist.subject", values: { count } },
    paragraphs: [
      [{ key: "wishlist.greeting" }],
      [
        { key: "wishlist.intro", values: { count } },
        ...pieces.map((piece) => ({ key: "wishlist.item" as const, values: { product: piece.name, price: formatMoney(piece.priceCents, locale), was: formatMoney(piece.referenceCents, locale) } })),
      ],
      [{ key: "wishlist.link", values: { url: wishlist }, link: wishlist }],
      [{ key: "wishlist.once" }],
      [{ key: "wishlist.stop", values: { url: stop }, link: stop }],
      [{ key: "wishlist.signature" }],
    ],
  });
  return { ...rendered, template: "wishlist-price-drop", locale, about: email };
}

import type { ExpressionBuilder, Kysely } from "kysely";
import type { Database } from "~/db/schema";

/** Whose list: an account's (every device), or a session's (a shopper without an account yet). */
export type WishlistOwner = { userId: number; sessionId?: never } | { sessionId: string; userId?: never };

/** The owner's rows: an account's list never matches a session's, nor the other way round. */
const ownedBy = (owner: WishlistOwner) => (eb: ExpressionBuilder<Database, "wishlist_items">) =>
  owner.userId !== undefined ? eb("user_id", "=", owner.userId) : eb("session_id", "=", owner.sessionId!);

export interface WishlistItemRow {
  productId: number;
  variantId: number | null;
  savedPriceCents: number;
  savedSoldOut: number;
  createdAt: string;
}

/** The owner's saved pieces, newest first. */
export function listItems(db: Kysely<Database>, owner: WishlistOwner): Promise<WishlistItemRow[]> {
  return db
    .selectFrom("wishlist_items")
    .select(["product_id as productId", "variant_id as variantId", "saved_price_cents as savedPriceCents", "saved_sold_out as savedSoldOut", "created_at as createdAt"])
    .where(ownedBy(owner))
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
}

/** The ids of the owner's saved pieces (the hearts and the header's count). */
export async function listProductIds(db: Kysely<Database>, owner: WishlistOwner): Promise<number[]> {
  const rows = await db.selectFrom("wishlist_items").select("product_id").where(ownedBy(owner)).orderBy("product_id").execute();
  return rows.map((row) => row.product_id);
}

/**
 * Saves a piece, or, saved already, keeps its row (its date) and, when a size is given now, takes
 * that size with its price and stock as the new reference. One statement: two presses at once
 * save it once.
 */
export async function upsertItem(
  db: Kysely<Database>,
  owner: WishlistOwner,
  item: {
    productId: number;
    variantId: number | null;
    priceCents: number;
    soldOut: boolean;
    at: string;
  },
): Promise<void> {
  await db
    .insertInto("wishlist_items")
    .values({
      user_id: owner.userId ?? null,
      session_id: owner.sessionId ?? null,
      product_id: item.productId,
      variant_id: item.variantId,
      saved_price_cents: item.priceCents,
      saved_sold_out: item.soldOut ? 1 : 0,
      created_at: item.at,
    })
    .onConflict((oc) => {
      const target = oc.columns(owner.userId !== undefined ? ["user_id", "product_id"] : ["session_id", "product_id"]);
      return item.variantId === null
        ? target.doNothing()
        : target.doUpdateSet({
            variant_id: item.variantId,
            saved_price_cents: item.priceCents,
            saved_sold_out: item.soldOut ? 1 : 0,
          });
    })
    .execute();
}

export async function deleteItem(db: Kysely<Database>, owner: WishlistOwner, productId: number): Promise<void> {
  await db.deleteFrom("wishlist_items").where("product_id", "=", productId).where(ownedBy(owner)).execute();
}

/**
 * Moves a session's pieces to an account (at sign-in): those the account has not saved yet
 * become its own, keeping their date and price; the rest (saved on both) go.
 */
export async function moveSessionItems(db: Kysely<Database>, input: { sessionId: string; userId: number }): Promise<void> {
  await db
    .updateTable("wishlist_items")
    .set({ user_id: input.userId, session_id: null })
    .where("session_id", "=", input.sessionId)
    .where("product_id", "not in", (eb) => eb.selectFrom("wishlist_items as held").select("held.product_id").where("held.user_id", "=", input.userId))
    .execute();
  await db.deleteFrom("wishlist_items").where("session_id", "=", input.sessionId).execute();
}

/** An account's pieces for its data export: names in its language, the size saved, when. */
export function listItemsForExport(db: Kysely<Database>, userId: number, locale: "it" | "en") {
  return db
    .selectFrom("wishlist_items as w")
    .innerJoin("product_translations as t", (join) => join.onRef("t.product_id", "=", "w.product_id").on("t.locale", "=", locale))
    .leftJoin("variants as v", "v.id", "w.variant_id")
    .select(["t.name", "v.sku", "v.size", "w.saved_price_cents as savedPriceCents", "w.created_at as savedAt"])
    .where("w.user_id", "=", userId)
    .orderBy("w.created_at")
    .execute();
}

export async function deleteAccountItems(db: Kysely<Database>, userId: number): Promise<void> {
  await db.deleteFrom("wishlist_items").where("user_id", "=", userId).execute();
  await db.deleteFrom("wishlist_alerts").where("user_id", "=", userId).execute();
}

/** A product on show (published, its date come). */
export function findProductOnShow(db: Kysely<Database>, productId: number, now: string) {
  return db.selectFrom("products").select("id").where("id", "=", productId).where("status", "=", "published").where("published_at", "<=", now).executeTakeFirst();
}

/** A product's variant by its SKU. */
export function findVariantOfProduct(db: Kysely<Database>, productId: number, sku: string) {
  return db.selectFrom("variants").select(["id", "price_cents as priceCents", "stock"]).where("product_id", "=", productId).where("sku", "=", sku).executeTakeFirst();
}

/** The price a card shows for a product: its cheapest variant's. */
export async function findLowestPrice(db: Kysely<Database>, productId: number): Promise<number | null> {
  const row = await db
    .selectFrom("variants")
    .select((eb) => eb.fn.min<number>("price_cents").as("cents"))
    .where("product_id", "=", productId)
    .executeTakeFirst();
  return row?.cents ?? null;
}

/** Switches an account's price-drop e-mails on (in the language they are to be written in). */
export async function upsertAlert(db: Kysely<Database>, input: { userId: number; locale: "it" | "en"; at: string }): Promise<void> {
  await db
    .insertInto("wishlist_alerts")
    .values({ user_id: input.userId, locale: input.locale, created_at: input.at })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ locale: input.locale }))
    .execute();
}

export async function deleteAlert(db: Kysely<Database>, userId: number): Promise<void> {
  await db.deleteFrom("wishlist_alerts").where("user_id", "=", userId).execute();
}

export async function hasAlert(db: Kysely<Database>, userId: number): Promise<boolean> {
  return (await db.selectFrom("wishlist_alerts").select("id").where("user_id", "=", userId).executeTakeFirst()) !== undefined;
}

export interface PriceDropRow {
  itemId: number;
  userId: number;
  email: string;
  locale: "it" | "en";
  productId: number;
  name: string;
  /** The price now: the saved size's, else the piece's cheapest. */
  priceCents: number;
  /** The price last announced, else the price it was saved at. */
  referenceCents: number;
}

/**
 * The saved pieces of the accounts that asked for price-drop e-mails whose price now is below the
 * last one announced (or the one they were saved at): pieces on show only, named in the language
 * of the alerts.
 */
export async function listPriceDrops(db: Kysely<Database>, now: string): Promise<PriceDropRow[]> {
  const rows = await db
    .selectFrom("wishlist_items as w")
    .innerJoin("wishlist_alerts as a", "a.user_id", "w.user_id")
    .innerJoin("users as u", "u.id", "w.user_id")
    .innerJoin("products as p", "p.id", "w.product_id")
    .innerJoin("product_translations as t", (join) => join.onRef("t.product_id", "=", "w.product_id").onRef("t.locale", "=", "a.locale"))
    .leftJoin("variants as v", "v.id", "w.variant_id")
    .select((eb) => [
      "w.id as itemId",
      "a.user_id as userId",
      "u.email",
      "a.locale",
      "w.product_id as productId",
      "t.name",
      eb.fn
        .coalesce("v.price_cents", eb.selectFrom("variants as cheapest").select((inner) => inner.fn.min<number>("cheapest.price_cents").as("cents")).whereRef("cheapest.product_id", "=", "w.product_id"))
        .as("priceCents"),
      eb.fn.coalesce("w.alerted_price_cents", "w.saved_price_cents").as("referenceCents"),
    ])
    .where("p.status", "=", "published")
    .where("p.published_at", "<=", now)
    .orderBy("a.user_id")
    .orderBy("w.created_at")
    .execute();
  return rows
    .map((row) => ({ ...row, priceCents: Number(row.priceCents), referenceCents: Number(row.referenceCents), locale: row.locale as "it" | "en" }))
    .filter((row) => Number.isFinite(row.priceCents) && row.priceCents < row.referenceCents);
}

/**
 * Records that a reduction to `priceCents` was announced, unless another run did already (a
 * compare-and-set): true when this call may announce it.
 */
export async function markAlerted(db: Kysely<Database>, itemId: number, priceCents: number): Promise<boolean> {
  const result = await db
    .updateTable("wishlist_items")
    .set({ alerted_price_cents: priceCents })
    .where("id", "=", itemId)
    .where((eb) => eb(eb.fn.coalesce("alerted_price_cents", "saved_price_cents"), ">", priceCents))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

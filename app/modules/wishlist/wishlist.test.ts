import type { Kysely } from "kysely";
import { beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/support/databases";
import type { Database } from "~/db/schema";
import { seedDatabase } from "~/db/seed/seed.server";
import { eraseAccount, exportAccountData } from "~/modules/account/account-data.service.server";
import { deleteSession, renameSession } from "~/modules/session/session.repository.server";
import { isDomainError } from "~/utils/domain-error";
import {
  MAX_WISHLIST_ITEMS,
  alertsToken,
  findByAlertsToken,
  getWishlist,
  mergeWishlistAtSignIn,
  removeFromWishlist,
  savedProductIds,
  saveToWishlist,
  sendPriceDropAlerts,
  setPriceDropAlerts,
  stopAlertsWithToken,
  wishlistOwnerOf,
} from "./wishlist.service.server";

// The wishlist (issue 41): an account's list follows it to every device; a session's list joins
// the account's at sign-in. Accounts 201 to 208 are bare user rows; sessions are bare rows too.

const at = new Date().toISOString();

async function addSession(db: Kysely<Database>, id: string): Promise<string> {
  await db
    .insertInto("sessions")
    .values({
      id,
      user_id: null,
      cart_id: null,
      is_guest: 0,
      flash: null,
      created_at: at,
      last_seen_at: at,
      expires_at: "2999-01-01T00:00:00.000Z",
    })
    .execute();
  return id;
}

describeEachDatabase("the wishlist", (ctx) => {
  let products: {
    id: number;
    variants: { id: number; sku: string; price_cents: number }[];
  }[];
  beforeAll(async () => {
    const { db } = ctx();
    await seedDatabase(db);
    for (let id = 201; id <= 208; id++) {
      await db
        .insertInto("users")
        .values({
          id,
          email: `wish${id}@example.it`,
          email_key: `wish${id}@example.it`,
          password_hash: null,
          first_name: "Anna",
          last_name: "Bianchi",
          birth_date: null,
          gender: null,
          interests: null,
          locale: "it",
          privacy_consent_at: at,
          created_at: at,
          updated_at: at,
        })
        .execute();
    }
    const ids = await db.selectFrom("products").select("id").where("status", "=", "published").orderBy("id").limit(6).execute();
    products = [];
    for (const { id } of ids)
      products.push({
        id,
        variants: await db.selectFrom("variants").select(["id", "sku", "price_cents"]).where("product_id", "=", id).orderBy("id").execute(),
      });
  });

  it("saves a piece once, whatever the presses, and takes it off", async () => {
    const { db } = ctx();
    const owner = { userId: 201 };
    await Promise.all([saveToWishlist(db, owner, { productId: products[0].id }), saveToWishlist(db, owner, { productId: products[0].id })]);
    await saveToWishlist(db, owner, { productId: products[1].id });
    expect(await savedProductIds(db, owner)).toEqual([products[0].id, products[1].id]);
    const list = await getWishlist(db, "it", owner);
    // Newest first, each with its price now and its colour's sizes.
    expect(list.map((entry) => entry.product.id).sort()).toEqual([products[0].id, products[1].id].sort());
    expect(list[0].sizes.length).toBeGreaterThan(0);
    expect(list[0].droppedFromCents).toBeNull();
    await removeFromWishlist(db, owner, products[0].id);
    // A second remove (another tab) is no error.
    await removeFromWishlist(db, owner, products[0].id);
    expect(await savedProductIds(db, owner)).toEqual([products[1].id]);
  });

  it("follows an account to a second device: the list is the account's, not the session's", async () => {
    const { db } = ctx();
    const laptop = wishlistOwnerOf({ kind: "account", userId: 202 }, await addSession(db, "w-laptop"));
    const phone = wishlistOwnerOf({ kind: "account", userId: 202 }, await addSession(db, "w-phone"));
    await saveToWishlist(db, laptop!, { productId: products[2].id });
    expect(await savedProductIds(db, phone)).toEqual([products[2].id]);
    // A shopper who has not signed in has a list of the session's own.
    const guest = wishlistOwnerOf({ kind: "anonymous" }, await addSession(db, "w-guest"));
    expect(guest).toEqual({ sessionId: "w-guest" });
    expect(await savedProductIds(db, guest)).toEqual([]);
    expect(wishlistOwnerOf({ kind: "anonymous" }, null)).toBeNull();
    expect(await getWishlist(db, "it", null)).toEqual([]);
  });

  it("merges a session's pieces into the account's at sign-in, once each, and the renamed session keeps nothing behind", async () => {
    const { db } = ctx();
    const session = { sessionId: await addSession(db, "w-merge") };
    await saveToWishlist(db, session, { productId: products[0].id });
    await saveToWishlist(db, session, {
      productId: products[3].id,
      sku: products[3].variants[0].sku,
    });
    await saveToWishlist(db, { userId: 203 }, { productId: products[0].id });
    await mergeWishlistAtSignIn(db, { sessionId: "w-merge", userId: 203 });
    expect(await savedProductIds(db, { userId: 203 })).toEqual([products[0].id, products[3].id].sort((a, b) => a - b));
    expect(await savedProductIds(db, session)).toEqual([]);
    const merged = await getWishlist(db, "it", { userId: 203 });
    expect(merged.find((entry) => entry.product.id === products[3].id)?.savedSize).toBeTruthy();
    // Nothing to merge is no error.
    await mergeWishlistAtSignIn(db, { sessionId: null, userId: 203 });
  });

  it("keeps a session's list through a renamed session id, and drops it with the session", async () => {
    const { db } = ctx();
    await addSession(db, "w-rename");
    await saveToWishlist(db, { sessionId: "w-rename" }, { productId: products[4].id });
    await renameSession(db, "w-rename", "w-renamed", at);
    expect(await savedProductIds(db, { sessionId: "w-renamed" })).toEqual([products[4].id]);
    await deleteSession(db, "w-renamed");
    expect(await db.selectFrom("wishlist_items").select("id").where("product_id", "=", products[4].id).execute()).toEqual([]);
  });

  it("says when a piece dropped in price since it was saved, and when a saved size is back", async () => {
    const { db } = ctx();
    const owner = { userId: 204 };
    const product = products[5];
    const size = product.variants[0];
    await db.updateTable("variants").set({ stock: 0 }).where("id", "=", size.id).execute();
    await saveToWishlist(db, owner, { productId: product.id, sku: size.sku });
    let [entry] = await getWishlist(db, "it", owner);
    expect(entry.savedSize).not.toBeNull();
    expect(entry.backInSavedSize).toBe(false);
    expect(entry.priceCents).toBe(size.price_cents);
    await db
      .updateTable("variants")
      .set({ stock: 4, price_cents: size.price_cents - 1000 })
      .where("id", "=", size.id)
      .execute();
    [entry] = await getWishlist(db, "it", owner);
    expect(entry.backInSavedSize).toBe(true);
    expect(entry.priceCents).toBe(size.price_cents - 1000);
    expect(entry.droppedFromCents).toBe(size.price_cents);
    await db.updateTable("variants").set({ price_cents: size.price_cents }).where("id", "=", size.id).execute();
  });

  it("refuses a piece not on show, a size of another piece, and a list already full", async () => {
    const { db } = ctx();
    const owner = { userId: 205 };
    const code = (promise: Promise<unknown>) =>
      promise.then(
        () => "saved",
        (error: unknown) => (isDomainError(error) ? error.code : String(error)),
      );
    expect(await code(saveToWishlist(db, owner, { productId: 2_000_000_000 }))).toBe("PRODUCT_UNAVAILABLE");
    expect(
      await code(
        saveToWishlist(db, owner, {
          productId: products[0].id,
          sku: products[1].variants[0].sku,
        }),
      ),
    ).toBe("PRODUCT_UNAVAILABLE");
    const draft = await db.selectFrom("products").select("id").where("status", "!=", "published").executeTakeFirst();
    if (draft) expect(await code(saveToWishlist(db, owner, { productId: draft.id }))).toBe("PRODUCT_UNAVAILABLE");
    // The bound, shown with a list of two (MAX_WISHLIST_ITEMS is the shop's).
    const now = new Date();
    await saveToWishlist(db, owner, { productId: products[0].id }, now, 2);
    await saveToWishlist(db, owner, { productId: products[1].id }, now, 2);
    expect(await code(saveToWishlist(db, owner, { productId: products[2].id }, now, 2))).toBe("WISHLIST_FULL");
    // A piece already saved can be saved again (with a size) when the list is full.
    expect(await code(saveToWishlist(db, owner, { productId: products[0].id, sku: products[0].variants[0].sku }, now, 2))).toBe("saved");
    expect(MAX_WISHLIST_ITEMS).toBeGreaterThanOrEqual(50);
  });

  it("is in the account's data export, and goes with the account", async () => {
    const { db } = ctx();
    await saveToWishlist(db, { userId: 206 }, { productId: products[1].id, sku: products[1].variants[0].sku });
    const exported = await exportAccountData(db, 206);
    expect(exported?.wishlist.priceDropEmails).toBe(false);
    expect(exported?.wishlist.pieces).toEqual([expect.objectContaining({ sku: products[1].variants[0].sku, savedAt: expect.any(String) })]);
    expect(await eraseAccount(db, 206)).toBe(true);
    expect(await db.selectFrom("wishlist_items").select("id").where("user_id", "=", 206).execute()).toEqual([]);
  });

  it("mails an account once per reduction of a saved piece, a further reduction again, and nothing once the e-mails are off", async () => {
    const { db } = ctx();
    const [piece] = await db.selectFrom("products").select("id").where("status", "=", "published").orderBy("id", "desc").limit(1).execute();
    const prices = await db.selectFrom("variants").select(["id", "price_cents"]).where("product_id", "=", piece.id).execute();
    const lowerBy = async (cents: number) => {
      for (const v of prices) await db.updateTable("variants").set({ price_cents: v.price_cents - cents }).where("id", "=", v.id).execute();
    };
    const mails = () => db.selectFrom("mail_outbox").select(["recipient", "subject", "text_body", "template"]).where("template", "=", "wishlist-price-drop").where("recipient", "=", "wish207@example.it").execute();
    const origin = "https://shop.example";
    await saveToWishlist(db, { userId: 207 }, { productId: piece.id });
    // A guest's list (no address) and an account that did not ask are never mailed.
    await saveToWishlist(db, { userId: 208 }, { productId: piece.id });
    await setPriceDropAlerts(db, { userId: 207, on: true, locale: "it" });
    try {
      expect(await sendPriceDropAlerts(db, { origin })).toBe(0);
      await lowerBy(1000);
      expect(await sendPriceDropAlerts(db, { origin })).toBe(1);
      const [mail] = await mails();
      expect(mail.subject).toBe("Un capo dei tuoi preferiti costa meno");
      expect(mail.text_body).toContain(`${origin}/preferiti`);
      expect(mail.text_body).toContain(`${origin}/preferiti/avvisi?token=${alertsToken(207)}`);
      // Once per reduction: the next run has nothing to say.
      expect(await sendPriceDropAlerts(db, { origin })).toBe(0);
      await lowerBy(1500);
      expect(await sendPriceDropAlerts(db, { origin })).toBe(1);
      expect(await mails()).toHaveLength(2);
      // Back up, then down to the price already announced: no news.
      await lowerBy(0);
      await lowerBy(1500);
      expect(await sendPriceDropAlerts(db, { origin })).toBe(0);
      await setPriceDropAlerts(db, { userId: 207, on: false, locale: "it" });
      await lowerBy(2000);
      expect(await sendPriceDropAlerts(db, { origin })).toBe(0);
      expect(await db.selectFrom("mail_outbox").select("id").where("recipient", "=", "wish208@example.it").execute()).toEqual([]);
    } finally {
      await lowerBy(0);
    }
  });

  it("stops the e-mails from the e-mail's link, which names the account and nothing forged", async () => {
    const { db } = ctx();
    await setPriceDropAlerts(db, { userId: 207, on: true, locale: "en" });
    expect(await findByAlertsToken(db, alertsToken(207))).toEqual({ userId: 207, on: true });
    const forged = `208.${alertsToken(207).split(".")[1]}`;
    expect(await findByAlertsToken(db, forged)).toBeNull();
    expect(await findByAlertsToken(db, "99999999999999.abc")).toBeNull();
    await expect(stopAlertsWithToken(db, forged).catch((error: unknown) => (isDomainError(error) ? error.code : error))).resolves.toBe("WISHLIST_LINK_INVALID");
    await stopAlertsWithToken(db, alertsToken(207));
    await stopAlertsWithToken(db, alertsToken(207));
    expect(await findByAlertsToken(db, alertsToken(207))).toEqual({ userId: 207, on: false });
  });
});

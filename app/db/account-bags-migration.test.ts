import { beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../../tests/support/databases";
import * as accountBags from "./migrations/20261130010000-account-bags";
import { seedDatabase } from "./seed/seed.server";

// Migration 20261130010000 on data an older shop could hold: a signed-in session's anonymous bag,
// and an account with two bags (an old race). Its `up` runs again after its `down`.
describeEachDatabase("migration: one bag per account", (ctx) => {
  beforeAll(async () => {
    await seedDatabase(ctx().db);
  });

  it("links signed-in sessions' bags and folds an account's older bags into its newest, then enforces one", async () => {
    const { db } = ctx();
    await accountBags.down(db);
    const variants = await db.selectFrom("variants").select("id").orderBy("id").limit(3).execute();
    const bag = async (userId: number | null, updatedAt: string) =>
      (await db.insertInto("bags").values({ user_id: userId, discount_code_id: null, created_at: updatedAt, updated_at: updatedAt }).returning("id").executeTakeFirstOrThrow()).id;
    const line = (bagId: number, variantId: number, quantity: number) =>
      db.insertInto("bag_lines").values({ bag_id: bagId, variant_id: variantId, quantity, created_at: "2026-11-01T00:00:00.000Z", updated_at: "2026-11-01T00:00:00.000Z" }).execute();
    const session = (id: string, userId: number | null, cartId: number) =>
      db
        .insertInto("sessions")
        .values({ id, user_id: userId, cart_id: cartId, is_guest: 0, flash: null, created_at: "2026-11-01T00:00:00.000Z", last_seen_at: "2026-11-01T00:00:00.000Z", expires_at: "2026-12-01T00:00:00.000Z" })
        .execute();

    const older = await bag(7, "2026-11-01T00:00:00.000Z");
    const newer = await bag(7, "2026-11-02T00:00:00.000Z");
    await line(older, variants[0].id, 3);
    await line(older, variants[1].id, 1);
    await line(newer, variants[0].id, 1);
    await session("old-device", 7, older);
    const anonymousWhileSignedIn = await bag(null, "2026-11-03T00:00:00.000Z");
    await line(anonymousWhileSignedIn, variants[2].id, 2);
    await session("signed-in", 8, anonymousWhileSignedIn);
    const anonymous = await bag(null, "2026-11-03T00:00:00.000Z");
    await session("nobody", null, anonymous);

    await accountBags.up(db);

    const bags = await db.selectFrom("bags").select(["id", "user_id"]).where("id", "in", [older, newer, anonymousWhileSignedIn, anonymous]).orderBy("id").execute();
    expect(bags).toEqual([
      { id: newer, user_id: 7 },
      { id: anonymousWhileSignedIn, user_id: 8 },
      { id: anonymous, user_id: null },
    ]);
    const lines = await db.selectFrom("bag_lines").select(["variant_id", "quantity"]).where("bag_id", "=", newer).orderBy("variant_id").execute();
    expect(lines).toEqual([
      { variant_id: variants[0].id, quantity: 3 },
      { variant_id: variants[1].id, quantity: 1 },
    ]);
    expect((await db.selectFrom("sessions").select("cart_id").where("id", "=", "old-device").executeTakeFirstOrThrow()).cart_id).toBe(newer);
    await expect(bag(7, "2026-11-04T00:00:00.000Z")).rejects.toThrow();
  });
});

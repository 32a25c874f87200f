import type { MigrationDb } from "./helpers";

// One bag per account (issue 22). A bag filled while signed in used to stay anonymous, and two
// devices could each give the account a bag: the account's bag now has a unique index, so the
// bag service can create or adopt it with one conditional statement whatever runs at the same
// moment. Before the index: a signed-in session's anonymous bag joins its account, and an
// account holding several bags keeps the newest, the others' lines moving into it (a variant
// it already holds keeps the larger quantity).
export async function up(db: MigrationDb): Promise<void> {
  const now = new Date().toISOString();
  const signedIn = await db
    .selectFrom("sessions as s")
    .innerJoin("bags as b", "b.id", "s.cart_id")
    .select(["s.user_id as userId", "b.id as bagId"])
    .where("s.user_id", "is not", null)
    .where("s.is_guest", "=", 0)
    .where("b.user_id", "is", null)
    .execute();
  for (const { userId, bagId } of signedIn) await db.updateTable("bags").set({ user_id: userId }).where("id", "=", bagId).where("user_id", "is", null).execute();

  const bags: { id: number; user_id: number }[] = await db
    .selectFrom("bags")
    .select(["id", "user_id"])
    .where("user_id", "is not", null)
    .orderBy("user_id")
    .orderBy("updated_at", "desc")
    .orderBy("id", "desc")
    .execute();
  const kept = new Map<number, number>();
  for (const bag of bags) {
    const into = kept.get(bag.user_id);
    if (into === undefined) {
      kept.set(bag.user_id, bag.id);
      continue;
    }
    const lines: { id: number; variant_id: number; quantity: number }[] = await db.selectFrom("bag_lines").select(["id", "variant_id", "quantity"]).where("bag_id", "=", bag.id).execute();
    for (const line of lines) {
      const held = await db.selectFrom("bag_lines").select(["id", "quantity"]).where("bag_id", "=", into).where("variant_id", "=", line.variant_id).executeTakeFirst();
      if (!held) await db.updateTable("bag_lines").set({ bag_id: into, updated_at: now }).where("id", "=", line.id).execute();
      else if (held.quantity < line.quantity) await db.updateTable("bag_lines").set({ quantity: line.quantity, updated_at: now }).where("id", "=", held.id).execute();
    }
    await db.deleteFrom("bag_lines").where("bag_id", "=", bag.id).execute();
    await db.updateTable("sessions").set({ cart_id: into }).where("cart_id", "=", bag.id).execute();
    await db.deleteFrom("checkouts").where("bag_id", "=", bag.id).execute();
    await db.deleteFrom("bags").where("id", "=", bag.id).execute();
  }

  await db.schema.dropIndex("bags_user_idx").execute();
  // NULLs are distinct on both dialects: any number of anonymous bags, one bag per account.
  await db.schema.createIndex("bags_user_unique").on("bags").column("user_id").unique().execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex("bags_user_unique").execute();
  await db.schema.createIndex("bags_user_idx").on("bags").column("user_id").execute();
}

import { type Kysely, PostgresAdapter, type Transaction, sql } from "kysely";
import type { Database, Locale } from "~/db/schema";
import { VARIANT_COLOUR_COLUMNS } from "~/modules/catalog/product.repository.server";
import { customerEmailKey } from "./customer-email-key.server";

// The bag's SQL. Every read of a bag is a fixed number of queries whatever its number of lines.

type Db = Kysely<Database> | Transaction<Database>;

/** `min(a, b, …)` of SQLite, `least(a, b, …)` of PostgreSQL. */
function smallest(db: Db, ...values: ReturnType<typeof sql>[]) {
  const fn = db.getExecutor().adapter instanceof PostgresAdapter ? sql.raw("least") : sql.raw("min");
  return sql<number>`${fn}(${sql.join(values)})`;
}

export async function insertBag(db: Db, at: string): Promise<number> {
  const row = await db.insertInto("bags").values({ user_id: null, discount_code_id: null, created_at: at, updated_at: at }).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Creates the account's bag, or finds the one it already has: one statement against the unique
 * index on `user_id`, so two devices adding at the same moment end up in one bag. `bags.user_id`
 * has no foreign key (SQLite would need a table rebuild for one): the row is inserted only while
 * the account exists, so an erasure running meanwhile leaves no bag behind (null: no account).
 */
export async function insertAccountBag(db: Db, userId: number, at: string): Promise<number | null> {
  const row = await db
    .insertInto("bags")
    .columns(["user_id", "discount_code_id", "created_at", "updated_at"])
    .expression(db.selectFrom("users").select((eb) => ["id", eb.lit(null).as("discount_code_id"), eb.val(at).as("created_at"), eb.val(at).as("updated_at")]).where("id", "=", userId))
    .onConflict((oc) => oc.column("user_id").doNothing())
    .returning("id")
    .executeTakeFirst();
  return row?.id ?? findAccountBagId(db, userId);
}

/** A new anonymous bag holding a copy of another bag's lines and code (one statement for the lines). */
export async function insertBagCopy(db: Db, source: { id: number; discountCodeId: number | null }, at: string): Promise<number> {
  const row = await db.insertInto("bags").values({ user_id: null, discount_code_id: source.discountCodeId, created_at: at, updated_at: at }).returning("id").executeTakeFirstOrThrow();
  await db
    .insertInto("bag_lines")
    .columns(["bag_id", "variant_id", "quantity", "created_at", "updated_at"])
    .expression(
      db
        .selectFrom("bag_lines")
        .select((eb) => [eb.val(row.id).as("bag_id"), "variant_id", "quantity", eb.val(at).as("created_at"), eb.val(at).as("updated_at")])
        .where("bag_id", "=", source.id),
    )
    .execute();
  return row.id;
}

export function findBag(db: Db, bagId: number) {
  return db.selectFrom("bags").select(["id", "user_id as userId", "discount_code_id as discountCodeId", "updated_at as updatedAt"]).where("id", "=", bagId).executeTakeFirst();
}

export async function touchBag(db: Db, bagId: number, at: string, changes: { discount_code_id?: number | null } = {}): Promise<void> {
  await db.updateTable("bags").set({ updated_at: at, ...changes }).where("id", "=", bagId).execute();
}

/** The variant a shopper asks for, with what decides whether it can be sold. */
export function findSellableVariant(db: Db, by: { sku: string } | { variantId: number }) {
  let query = db
    .selectFrom("variants as v")
    .innerJoin("products as p", "p.id", "v.product_id")
    .select(["v.id", "v.sku", "v.stock", "v.product_id as productId", "p.status", "p.published_at as publishedAt"]);
  query = "sku" in by ? query.where("v.sku", "=", by.sku) : query.where("v.id", "=", by.variantId);
  return query.executeTakeFirst();
}

export function findLine(db: Db, bagId: number, lineId: number) {
  return db
    .selectFrom("bag_lines as l")
    .innerJoin("variants as v", "v.id", "l.variant_id")
    .select(["l.id", "l.quantity", "l.variant_id as variantId", "v.stock"])
    .where("l.bag_id", "=", bagId)
    .where("l.id", "=", lineId)
    .executeTakeFirst();
}

export async function lineQuantity(db: Db, bagId: number, variantId: number): Promise<number> {
  const row = await db.selectFrom("bag_lines").select("quantity").where("bag_id", "=", bagId).where("variant_id", "=", variantId).executeTakeFirst();
  return row?.quantity ?? 0;
}

/**
 * Adds `quantity` of a variant in one statement, so concurrent adds sum instead of overwriting
 * each other. The line never exceeds the variant's stock at that moment nor the line maximum.
 * Returns the line's quantity after the write.
 */
export async function upsertLine(db: Db, input: { bagId: number; variantId: number; quantity: number; max: number; at: string }): Promise<number> {
  const stock = sql<number>`(select stock from variants where id = ${input.variantId})`;
  const row = await db
    .insertInto("bag_lines")
    .values({
      bag_id: input.bagId,
      variant_id: input.variantId,
      quantity: smallest(db, sql`${input.quantity}`, stock, sql`${input.max}`),
      created_at: input.at,
      updated_at: input.at,
    })
    .onConflict((oc) =>
      oc.columns(["bag_id", "variant_id"]).doUpdateSet({
        quantity: smallest(db, sql`bag_lines.quantity + ${input.quantity}`, stock, sql`${input.max}`),
        updated_at: input.at,
      }),
    )
    .returning("quantity")
    .executeTakeFirstOrThrow();
  return row.quantity;
}

export async function setLineQuantity(db: Db, bagId: number, lineId: number, quantity: number, at: string): Promise<boolean> {
  const result = await db.updateTable("bag_lines").set({ quantity, updated_at: at }).where("bag_id", "=", bagId).where("id", "=", lineId).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteLine(db: Db, bagId: number, lineId: number): Promise<boolean> {
  const result = await db.deleteFrom("bag_lines").where("bag_id", "=", bagId).where("id", "=", lineId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function deleteAllLines(db: Db, bagId: number): Promise<void> {
  await db.deleteFrom("bag_lines").where("bag_id", "=", bagId).execute();
}

/** Deletes some lines of a bag (those an order took). */
export async function deleteLines(db: Db, bagId: number, lineIds: number[]): Promise<void> {
  if (lineIds.length) await db.deleteFrom("bag_lines").where("bag_id", "=", bagId).where("id", "in", lineIds).execute();
}

export async function countItems(db: Db, bagId: number): Promise<number> {
  const row = await db.selectFrom("bag_lines").select((eb) => eb.fn.sum<number | string | null>("quantity").as("count")).where("bag_id", "=", bagId).executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Every line with its variant, product and colour, in the order they were added. */
export function listLines(db: Db, locale: Locale, bagId: number) {
  return db
    .selectFrom("bag_lines as l")
    .innerJoin("variants as v", "v.id", "l.variant_id")
    .innerJoin("products as p", "p.id", "v.product_id")
    .innerJoin("product_translations as t", (join) => join.onRef("t.product_id", "=", "p.id").on("t.locale", "=", locale))
    .innerJoin("colors as c", "c.code", "v.color_code")
    .innerJoin("color_translations as ct", (join) => join.onRef("ct.color_code", "=", "c.code").on("ct.locale", "=", locale))
    .select([
      "l.id",
      "l.quantity",
      "v.id as variantId",
      ...VARIANT_COLOUR_COLUMNS,
      "p.id as productId",
      "p.category_id as categoryId",
      "p.garment",
      "p.status",
      "p.published_at as publishedAt",
      "t.name",
      "t.slug",
    ])
    .where("l.bag_id", "=", bagId)
    .orderBy("l.created_at")
    .orderBy("l.id")
    .execute();
}

export function listCategoryParents(db: Db) {
  return db.selectFrom("categories").select(["id", "parent_id as parentId"]).execute();
}

export function findDiscountCode(db: Db, by: { code: string } | { id: number }) {
  let query = db
    .selectFrom("discount_codes")
    .select([
      "id",
      "code",
      "kind",
      "amount",
      "min_subtotal_cents as minSubtotalCents",
      "starts_at as startsAt",
      "ends_at as endsAt",
      "max_uses as maxUses",
      "max_uses_per_customer as maxUsesPerCustomer",
    ]);
  query = "code" in by ? query.where("code", "=", by.code) : query.where("id", "=", by.id);
  return query.executeTakeFirst();
}

export async function discountScope(db: Db, codeId: number): Promise<{ productIds: number[]; categoryIds: number[] }> {
  const [products, categories] = await Promise.all([
    db.selectFrom("discount_code_products").select("product_id").where("discount_code_id", "=", codeId).execute(),
    db.selectFrom("discount_code_categories").select("category_id").where("discount_code_id", "=", codeId).execute(),
  ]);
  return { productIds: products.map((row) => row.product_id), categoryIds: categories.map((row) => row.category_id) };
}

/**
 * A code's limits, its row locked for the rest of the transaction on PostgreSQL (SQLite's write
 * lock is held already): of concurrent orders only as many as the limits allow get through.
 */
export function lockDiscountCodeLimits(db: Db, code: string) {
  let query = db.selectFrom("discount_codes").select(["id", "max_uses", "max_uses_per_customer"]).where("code", "=", code);
  if (db.getExecutor().adapter instanceof PostgresAdapter) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** Records an order's use of a code. */
export async function insertRedemption(db: Db, values: { codeId: number; email: string; userId: number | null; orderId: number; at: string }): Promise<void> {
  await db
    .insertInto("discount_redemptions")
    .values({ discount_code_id: values.codeId, email: values.email.toLowerCase(), email_hash: customerEmailKey(values.email), user_id: values.userId, order_id: values.orderId, created_at: values.at })
    .execute();
}

/** Forgets an order's uses of codes (a cancelled order gives them back). */
export async function deleteRedemptionsOfOrder(db: Db, orderId: number): Promise<void> {
  await db.deleteFrom("discount_redemptions").where("order_id", "=", orderId).execute();
}

/** Orders that used a code: overall, and by this customer (email, its keyed hash after an erasure, or account). */
export async function countRedemptions(db: Db, codeId: number, customer: { email: string | null; userId: number | null }): Promise<{ overall: number; customer: number }> {
  const row = await db
    .selectFrom("discount_redemptions")
    .select((eb) => {
      const mine = [
        ...(customer.email ? [eb("email", "=", customer.email.toLowerCase()), eb("email_hash", "=", customerEmailKey(customer.email))] : []),
        ...(customer.userId !== null ? [eb("user_id", "=", customer.userId)] : []),
      ];
      return [
        eb.fn.countAll<number | string>().as("overall"),
        mine.length ? eb.fn.sum<number | string | null>(eb.case().when(eb.or(mine)).then(1).else(0).end()).as("customer") : eb.lit(0).as("customer"),
      ];
    })
    .where("discount_code_id", "=", codeId)
    .executeTakeFirst();
  return { overall: Number(row?.overall ?? 0), customer: Number(row?.customer ?? 0) };
}

/** The account's bag (one at most: `user_id` is unique). */
export async function findAccountBagId(db: Db, userId: number): Promise<number | null> {
  const row = await db.selectFrom("bags").select("id").where("user_id", "=", userId).executeTakeFirst();
  return row?.id ?? null;
}

/**
 * Gives an anonymous bag to an account; false when the bag already belongs to someone. Throws a
 * unique violation when the account got a bag meanwhile (the caller merges into that one).
 */
export async function adoptBag(db: Db, bagId: number, userId: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable("bags")
    .set({ user_id: userId, updated_at: at })
    .where("id", "=", bagId)
    .where("user_id", "is", null)
    .where((eb) => eb.exists(eb.selectFrom("users").select("id").where("id", "=", userId)))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Takes an anonymous bag for a merge: touches it (the first write of the merge's transaction
 * locks its row, so a second merge of the same bag waits, then finds it gone). False when it is
 * gone or belongs to an account, whose bag is never merged away.
 */
export async function lockAnonymousBag(db: Db, bagId: number, at: string): Promise<boolean> {
  const result = await db.updateTable("bags").set({ updated_at: at }).where("id", "=", bagId).where("user_id", "is", null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Anonymous bags untouched since `before`, and bags of accounts that no longer exist: one
 * statement, safe when several processes sweep at once.
 */
export async function deleteAbandonedBags(db: Db, before: string): Promise<number> {
  const result = await db
    .deleteFrom("bags")
    .where((eb) =>
      eb.or([
        eb.and([eb("user_id", "is", null), eb("updated_at", "<", before)]),
        eb.and([eb("user_id", "is not", null), eb.not(eb.exists(eb.selectFrom("users").select("users.id").whereRef("users.id", "=", "bags.user_id")))]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function moveLines(db: Db, input: { from: number; into: number; at: string; max: number }): Promise<void> {
  const lines = await db.selectFrom("bag_lines").select(["variant_id", "quantity"]).where("bag_id", "=", input.from).execute();
  for (const line of lines) await upsertLine(db, { bagId: input.into, variantId: line.variant_id, quantity: line.quantity, max: input.max, at: input.at });
  await db.deleteFrom("bags").where("id", "=", input.from).execute();
}

/** The bags of an account, to erase with it (their lines and checkouts go with them). */
export async function listAccountBagIds(db: Db, userId: number): Promise<number[]> {
  return (await db.selectFrom("bags").select("id").where("user_id", "=", userId).execute()).map((row) => row.id);
}

export async function deleteBags(db: Db, bagIds: number[]): Promise<void> {
  if (!bagIds.length) return;
  await db.deleteFrom("bag_lines").where("bag_id", "in", bagIds).execute();
  await db.deleteFrom("bags").where("id", "in", bagIds).execute();
}

/**
 * Unlinks a person's uses of discount codes from them: the uses still count toward a code's
 * overall limit, and, through the address's keyed hash they keep, toward the per-customer one.
 */
export async function anonymizeRedemptions(db: Db, input: { userId: number; emails: string[] }): Promise<void> {
  await db
    .updateTable("discount_redemptions")
    .set({ user_id: null, email: null })
    .where((eb) => eb.or([eb("user_id", "=", input.userId), ...(input.emails.length ? [eb("email", "in", input.emails.map((e) => e.toLowerCase()))] : [])]))
    .execute();
}

import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";

/** The price a variant had last in its history, undefined when it has none. */
export async function findLatestPrice(db: Kysely<Database>, variantId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom("price_history")
    .select("price_cents")
    .where("variant_id", "=", variantId)
    .orderBy("effective_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return row?.price_cents;
}

export async function insertPriceChange(trx: Kysely<Database>, row: { variantId: number; priceCents: number; effectiveAt: string }): Promise<void> {
  await trx.insertInto("price_history").values({ variant_id: row.variantId, price_cents: row.priceCents, effective_at: row.effectiveAt }).execute();
}

/** Many first prices at once (new variants), a few hundred rows a statement: both databases cap a statement's parameters. */
export async function insertPriceChanges(trx: Kysely<Database>, rows: { variantId: number; priceCents: number; effectiveAt: string }[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    await trx
      .insertInto("price_history")
      .values(rows.slice(i, i + 500).map((row) => ({ variant_id: row.variantId, price_cents: row.priceCents, effective_at: row.effectiveAt })))
      .execute();
  }
}

import type { Kysely, Transaction } from "kysely";
import type { Database, Locale } from "~/db/schema";

// Atelier's view of the stock (issue 23): the variants running low, by the variants_stock_idx
// index (a range of stock below the threshold, in stock order; never the whole catalogue).

type Db = Kysely<Database> | Transaction<Database>;

/** How many variants have fewer than `below` units, and how many of them none (read from the index alone). */
export async function countVariantsBelow(db: Db, below: number): Promise<{ total: number; soldOut: number }> {
  const row = await db
    .selectFrom("variants")
    .select((eb) => [eb.fn.countAll<number>().as("total"), eb.fn.sum<number>(eb.case().when("stock", "<=", 0).then(1).else(0).end()).as("sold_out")])
    .where("stock", "<", below)
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), soldOut: Number(row.sold_out ?? 0) };
}

/** The `limit` variants still on sale with the fewest units under `below`, fewest first, named in `locale`. */
export function listVariantsBelow(db: Db, { below, locale, limit }: { below: number; locale: Locale; limit: number }) {
  return db
    .selectFrom("variants as v")
    .innerJoin("product_translations as pt", (join) => join.onRef("pt.product_id", "=", "v.product_id").on("pt.locale", "=", locale))
    .leftJoin("color_translations as ct", (join) => join.onRef("ct.color_code", "=", "v.color_code").on("ct.locale", "=", locale))
    .select(["v.id", "v.sku", "v.size", "v.stock", "v.color_code", "pt.name as product_name", "pt.slug", "ct.name as color_name"])
    .where("v.stock", "<", below)
    .where("v.stock", ">", 0)
    .orderBy("v.stock")
    .orderBy("v.id")
    .limit(limit)
    .execute();
}

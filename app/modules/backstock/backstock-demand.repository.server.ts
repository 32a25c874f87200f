import { type Kysely, type Transaction, sql } from "kysely";
import type { Database, Locale } from "~/db/schema";
import type { DemandSort } from "./backstock-demand.schema";

// Back-in-stock demand for Atelier (issue 23): the requests still waiting (notified_at null),
// counted per variant on back_in_stock_waiting_idx (notified_at, variant_id, created_at), so the
// grouping reads the waiting requests from the index alone, never the notified ones.

type Db = Kysely<Database> | Transaction<Database>;

/** How many variants have at least one waiting request. */
export async function countVariantsWithDemand(db: Db): Promise<number> {
  const row = await db
    .selectFrom("back_in_stock_requests")
    .select(sql<number>`count(distinct variant_id)`.as("n"))
    .where("notified_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The variants with waiting requests, named in `locale`, with their stock now: most waiting
 * first ("waiting"), oldest request first ("oldest"), or fewest units first ("stock"); ties by
 * variant. `soldOutOnly` keeps the sold-out ones (the dashboard's "most requested").
 */
export function listDemandByVariant(db: Db, { locale, sort, limit, offset = 0, soldOutOnly = false }: { locale: Locale; sort: DemandSort; limit: number; offset?: number; soldOutOnly?: boolean }) {
  let query = db
    .selectFrom((eb) =>
      eb
        .selectFrom("back_in_stock_requests")
        .select((inner) => ["variant_id", inner.fn.countAll<number>().as("waiting"), inner.fn.min("created_at").as("oldest")])
        .where("notified_at", "is", null)
        .groupBy("variant_id")
        .as("w"),
    )
    .innerJoin("variants as v", "v.id", "w.variant_id")
    .leftJoin("product_translations as pt", (join) => join.onRef("pt.product_id", "=", "v.product_id").on("pt.locale", "=", locale))
    .leftJoin("color_translations as ct", (join) => join.onRef("ct.color_code", "=", "v.color_code").on("ct.locale", "=", locale))
    .select(["v.id", "v.sku", "v.size", "v.stock", "v.color_code", "v.product_id", "pt.name as product_name", "pt.slug", "ct.name as color_name", "w.waiting", "w.oldest"]);
  if (soldOutOnly) query = query.where("v.stock", "<=", 0);
  if (sort === "oldest") query = query.orderBy("w.oldest").orderBy("v.id");
  else if (sort === "stock") query = query.orderBy("v.stock").orderBy("w.waiting", "desc").orderBy("v.id");
  else query = query.orderBy("w.waiting", "desc").orderBy("v.id");
  return query.limit(limit).offset(offset).execute();
}

import { type Kysely, type Selectable, sql, type Transaction } from "kysely";
import type { Database, InvoicesTable } from "~/db/schema";

// Every query of the invoices and their yearly counters (docs/decisions/022).

type Db = Kysely<Database> | Transaction<Database>;

export type InvoiceRow = Selectable<InvoicesTable>;
export type InvoiceListRow = Omit<InvoiceRow, "xml"> & { order_number: string };

const LIST_COLUMNS = ["i.id", "i.order_id", "i.year", "i.number", "i.issue_date", "i.issued_at", "i.file_name", "i.customer_name", "i.taxable_cents", "i.vat_cents", "i.total_cents", "o.number as order_number"] as const;

/**
 * The next number of `year`, counted in the year's row: the statement writes, so the row stays
 * locked (PostgreSQL) or the database's write lock held (SQLite) until the transaction ends. A
 * concurrent issue waits and counts on from the committed value; a rolled-back one leaves no gap.
 */
export async function takeInvoiceNumber(trx: Transaction<Database>, year: number): Promise<number> {
  const row = await trx
    .insertInto("invoice_counters")
    .values({ year, last_number: 1 })
    .onConflict((oc) => oc.column("year").doUpdateSet({ last_number: sql<number>`invoice_counters.last_number + 1` }))
    .returning("last_number")
    .executeTakeFirstOrThrow();
  return Number(row.last_number);
}

/** The year's last number taken (0 before its first invoice), without taking one. */
export async function lastInvoiceNumber(db: Db, year: number): Promise<number> {
  const row = await db.selectFrom("invoice_counters").select("last_number").where("year", "=", year).executeTakeFirst();
  return row ? Number(row.last_number) : 0;
}

export function findInvoiceOfOrder(db: Db, orderId: number): Promise<InvoiceListRow | undefined> {
  return db.selectFrom("invoices as i").innerJoin("orders as o", "o.id", "i.order_id").select(LIST_COLUMNS).where("i.order_id", "=", orderId).executeTakeFirst();
}

export function findInvoiceFile(db: Db, orderId: number): Promise<Pick<InvoiceRow, "file_name" | "xml"> | undefined> {
  return db.selectFrom("invoices").select(["file_name", "xml"]).where("order_id", "=", orderId).executeTakeFirst();
}

export async function insertInvoice(trx: Transaction<Database>, row: Omit<InvoiceRow, "id">): Promise<number> {
  const inserted = await trx.insertInto("invoices").values(row).returning("id").executeTakeFirstOrThrow();
  return inserted.id;
}

/** Invoices dated from `from` (inclusive) to `to` (exclusive), YYYY-MM-DD, by number; `after`: keyset paging. */
export function listInvoicesBetween(db: Db, from: string, to: string, { limit, offset = 0, after }: { limit: number; offset?: number; after?: { year: number; number: number } }): Promise<InvoiceListRow[]> {
  let query = db
    .selectFrom("invoices as i")
    .innerJoin("orders as o", "o.id", "i.order_id")
    .select(LIST_COLUMNS)
    .where("i.issue_date", ">=", from)
    .where("i.issue_date", "<", to);
  if (after) query = query.where((eb) => eb.or([eb("i.year", ">", after.year), eb.and([eb("i.year", "=", after.year), eb("i.number", ">", after.number)])]));
  return query.orderBy("i.year").orderBy("i.number").limit(limit).offset(offset).execute();
}

export async function sumInvoicesBetween(db: Db, from: string, to: string): Promise<{ count: number; taxableCents: number; vatCents: number; totalCents: number }> {
  const row = await db
    .selectFrom("invoices")
    .select((eb) => [
      eb.fn.countAll<number>().as("count"),
      eb.fn.sum<number>("taxable_cents").as("taxable"),
      eb.fn.sum<number>("vat_cents").as("vat"),
      eb.fn.sum<number>("total_cents").as("total"),
    ])
    .where("issue_date", ">=", from)
    .where("issue_date", "<", to)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), taxableCents: Number(row.taxable ?? 0), vatCents: Number(row.vat ?? 0), totalCents: Number(row.total ?? 0) };
}

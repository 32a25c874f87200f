import { type Kysely, type Selectable, sql, type Transaction } from "kysely";
import type { CreditNotesTable, Database } from "~/db/schema";

// Every query of the credit notes (FatturaPA TD04) and their own yearly counters.

type Db = Kysely<Database> | Transaction<Database>;

export type CreditNoteRow = Selectable<CreditNotesTable>;
export type CreditNoteListRow = Omit<CreditNoteRow, "xml">;

const LIST_COLUMNS = ["id", "order_id", "invoice_id", "refund_id", "year", "number", "issue_date", "issued_at", "file_name", "customer_name", "taxable_cents", "vat_cents", "total_cents"] as const;

/** The next credit-note number of `year` (the row stays locked until the transaction ends, as the invoices' counter). */
export async function takeCreditNoteNumber(trx: Transaction<Database>, year: number): Promise<number> {
  const row = await trx
    .insertInto("credit_note_counters")
    .values({ year, last_number: 1 })
    .onConflict((oc) => oc.column("year").doUpdateSet({ last_number: sql<number>`credit_note_counters.last_number + 1` }))
    .returning("last_number")
    .executeTakeFirstOrThrow();
  return Number(row.last_number);
}

export async function lastCreditNoteNumber(db: Db, year: number): Promise<number> {
  const row = await db.selectFrom("credit_note_counters").select("last_number").where("year", "=", year).executeTakeFirst();
  return row ? Number(row.last_number) : 0;
}

export async function insertCreditNote(trx: Transaction<Database>, row: Omit<CreditNoteRow, "id">): Promise<number> {
  const inserted = await trx.insertInto("credit_notes").values(row).returning("id").executeTakeFirstOrThrow();
  return inserted.id;
}

export function listCreditNotesOfOrder(db: Db, orderId: number): Promise<CreditNoteListRow[]> {
  return db.selectFrom("credit_notes").select(LIST_COLUMNS).where("order_id", "=", orderId).orderBy("year").orderBy("number").execute();
}

export function findCreditNoteFile(db: Db, orderId: number, noteId: number): Promise<Pick<CreditNoteRow, "file_name" | "xml"> | undefined> {
  return db.selectFrom("credit_notes").select(["file_name", "xml"]).where("order_id", "=", orderId).where("id", "=", noteId).executeTakeFirst();
}

export function findCreditNoteOfRefund(db: Db, refundId: number) {
  return db.selectFrom("credit_notes").select(["id"]).where("refund_id", "=", refundId).executeTakeFirst();
}

/**
 * The order's refunds that paid something back (or will) and have no credit note yet, oldest
 * first: the refunds domain's columns, read, never written.
 */
export function listRefundsWithoutCreditNote(db: Db, orderId: number) {
  return db
    .selectFrom("refunds as f")
    .leftJoin("credit_notes as c", "c.refund_id", "f.id")
    .select(["f.id", "f.amount_cents", "f.reason", "f.return_id", "f.created_at"])
    .where("f.order_id", "=", orderId)
    .where("f.amount_cents", ">", 0)
    .where("c.id", "is", null)
    .orderBy("f.id")
    .execute();
}

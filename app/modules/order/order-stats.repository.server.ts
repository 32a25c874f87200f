import { type Kysely, type RawBuilder, type Transaction, sql } from "kysely";
import type { Database } from "~/db/schema";

// The order desk's figures for Atelier's dashboard (issue 23). No query here reads all orders:
// sums run over a range of dates on an index (orders_placed_sales_idx, refunds_done_idx), counts
// over an indexed status (orders_hold_idx, returns_status_idx).

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Which of the periods an instant falls in: `starts` are the periods' first instants (UTC ISO
 * strings, ascending) followed by the end of the last one. The periods are cut on the caller's
 * calendar (Italy's days, weeks or months), so one CASE on the stored UTC instants works alike on
 * SQLite and PostgreSQL, daylight-saving changes included. The CASE halves the periods at each
 * level, so a row is compared about log2(periods) times, not once per period (a report's 92 days).
 */
export function periodIndex(column: RawBuilder<unknown>, starts: string[]): RawBuilder<number> {
  const pick = (first: number, last: number): RawBuilder<number> => {
    if (first === last) return sql<number>`${sql.lit(first)}`;
    const middle = Math.floor((first + last + 1) / 2);
    return sql<number>`(case when ${column} < ${starts[middle]} then ${pick(first, middle - 1)} else ${pick(middle, last)} end)`;
  };
  return pick(0, starts.length - 2);
}

export interface DaySales {
  day: number;
  orders: number;
  revenue_cents: number;
}

/** Per period (index into `starts`): the orders placed that were paid, and their totals. */
export async function salesPerDay(db: Db, starts: string[]): Promise<DaySales[]> {
  const from = starts[0];
  const to = starts[starts.length - 1];
  const rows = await db
    .selectFrom((eb) =>
      eb
        .selectFrom("orders")
        .select([periodIndex(sql.ref("placed_at"), starts).as("day"), "total_cents"])
        .where("placed_at", ">=", from)
        .where("placed_at", "<", to)
        .where("paid_at", "is not", null)
        .as("placed"),
    )
    .select((eb) => ["placed.day", eb.fn.countAll<number>().as("orders"), eb.fn.sum<number>("placed.total_cents").as("revenue_cents")])
    .groupBy("placed.day")
    .execute();
  return rows.map((row) => ({ day: Number(row.day), orders: Number(row.orders), revenue_cents: Number(row.revenue_cents ?? 0) }));
}

export interface DayRefunds {
  day: number;
  refunds: number;
  refunded_cents: number;
}

/** Per period (index into `starts`): the refunds the provider confirmed (or the owner sent) that day. */
export async function refundsPerDay(db: Db, starts: string[]): Promise<DayRefunds[]> {
  const from = starts[0];
  const to = starts[starts.length - 1];
  const rows = await db
    .selectFrom((eb) =>
      eb
        .selectFrom("refunds")
        .select([periodIndex(sql.ref("done_at"), starts).as("day"), "amount_cents"])
        .where("status", "=", "done")
        .where("done_at", ">=", from)
        .where("done_at", "<", to)
        .as("done"),
    )
    .select((eb) => ["done.day", eb.fn.countAll<number>().as("refunds"), eb.fn.sum<number>("done.amount_cents").as("refunded_cents")])
    .groupBy("done.day")
    .execute();
  return rows.map((row) => ({ day: Number(row.day), refunds: Number(row.refunds), refunded_cents: Number(row.refunded_cents ?? 0) }));
}

/** The desk's work, in one statement: paid orders to ship, bank transfers awaited, returns on their way. */
export async function countDeskWork(db: Db): Promise<{ toShip: number; transfersWaiting: number; returnsToReceive: number }> {
  const row = await db
    .selectNoFrom((eb) => [
      eb.selectFrom("orders").select(eb.fn.countAll<number>().as("n")).where("status", "=", "confirmed").as("to_ship"),
      eb
        .selectFrom("orders")
        .select(eb.fn.countAll<number>().as("n"))
        .where("status", "=", "pending_payment")
        .where("payment_status", "=", "awaiting_transfer")
        .as("transfers_waiting"),
      eb.selectFrom("returns").select(eb.fn.countAll<number>().as("n")).where("status", "=", "requested").as("returns_to_receive"),
    ])
    .executeTakeFirstOrThrow();
  return { toShip: Number(row.to_ship ?? 0), transfersWaiting: Number(row.transfers_waiting ?? 0), returnsToReceive: Number(row.returns_to_receive ?? 0) };
}

export interface StatusCount {
  status: string;
  count: number;
}

/** Orders and payment attempts by status, for /metrics (orders over orders_status_placed_idx). */
export async function countOrdersAndPayments(db: Db): Promise<{ orders: StatusCount[]; payments: StatusCount[] }> {
  const [orders, payments] = await Promise.all([
    db.selectFrom("orders").select(["status", (eb) => eb.fn.countAll<number>().as("count")]).groupBy("status").execute(),
    db.selectFrom("payments").select(["status", (eb) => eb.fn.countAll<number>().as("count")]).groupBy("status").execute(),
  ]);
  const numbers = (rows: Array<{ status: string; count: number | string }>) => rows.map((row) => ({ status: row.status, count: Number(row.count) }));
  return { orders: numbers(orders), payments: numbers(payments) };
}

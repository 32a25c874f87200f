import { type Kysely, type Transaction, sql } from "kysely";
import type { Database, Locale } from "~/db/schema";

// The reports' statements (issue 42 part 6). Each reads one range of orders on the index of
// their placing time (orders_placed_sales_idx), joins their lines on order_lines_order_idx and
// groups in the database: a report is one or two statements whatever the shop's size, and no
// statement reads every order. The range is two UTC instants (Italy's midnights, from the
// service); a sale is an order placed in it whose payment was taken, as on the dashboard.

type Db = Kysely<Database> | Transaction<Database>;

export interface InstantRange {
  /** The first instant, included (UTC ISO). */
  from: string;
  /** The first instant after the range (UTC ISO). */
  to: string;
}

export type SalesGroup = "product" | "category" | "size" | "colour";

export interface GroupSalesRow {
  key: string;
  label: string;
  units: number;
  orders: number;
  net_cents: number;
}

/** The paid orders placed in a range, as a derived table (id only): what every sales figure starts from. */
function paidOrders(db: Db, range: InstantRange) {
  return db
    .selectFrom("orders")
    .select("orders.id")
    .where("orders.placed_at", ">=", range.from)
    .where("orders.placed_at", "<", range.to)
    .where("orders.paid_at", "is not", null)
    .as("sold");
}

/**
 * Units, orders and net sales (the lines' totals less their share of the discount: goods only,
 * VAT included) of the paid orders placed in the range, per product, category, size or colour,
 * named in the viewer's language (else as the order wrote it). The lines are grouped first and
 * the names joined to the groups after: a name looked up per line costs more than the sums.
 */
export async function salesByGroup(db: Db, range: InstantRange, group: SalesGroup, locale: Locale): Promise<GroupSalesRow[]> {
  const lines = db.selectFrom(paidOrders(db, range)).innerJoin("order_lines as line", "line.order_id", "sold.id");
  const figures = [
    sql<number>`sum(line.quantity)`.as("units"),
    sql<number>`count(distinct line.order_id)`.as("orders"),
    sql<number>`sum(line.total_cents - line.discount_cents)`.as("net_cents"),
    // What the orders wrote, for a group without a name in this language.
    sql<string>`max(${sql.raw(group === "colour" ? "line.color_name" : group === "size" ? "line.size" : "line.product_name")})`.as("written"),
  ];
  const byProduct = () => lines.select([sql<number | string>`line.product_id`.as("key"), ...figures]).groupBy("line.product_id");
  // Each grouping selects the same columns; only its key and the join it needs differ.
  type Grouped = ReturnType<typeof byProduct>;
  const grouped: Grouped =
    group === "product"
      ? byProduct()
      : group === "category"
        ? (lines.innerJoin("products as product", "product.id", "line.product_id").select([sql<number>`product.category_id`.as("key"), ...figures]).groupBy("product.category_id") as unknown as Grouped)
        : group === "colour"
          ? (lines.innerJoin("variants as variant", "variant.id", "line.variant_id").select([sql<string>`variant.color_code`.as("key"), ...figures]).groupBy("variant.color_code") as unknown as Grouped)
          : (lines.select([sql<string>`line.size`.as("key"), ...figures]).groupBy("line.size") as unknown as Grouped);
  const named = db.selectFrom(grouped.as("sums"));
  const columns = ["sums.key", "sums.units", "sums.orders", "sums.net_cents"] as const;
  const rows =
    group === "product"
      ? await named
          .leftJoin("product_translations as name", (join) => join.onRef("name.product_id", "=", "sums.key").on("name.locale", "=", locale))
          .select([...columns, sql<string>`coalesce(name.name, sums.written)`.as("label")])
          .execute()
      : group === "category"
        ? await named
            .leftJoin("category_translations as name", (join) => join.onRef("name.category_id", "=", "sums.key").on("name.locale", "=", locale))
            .select([...columns, sql<string>`name.name`.as("label")])
            .execute()
        : group === "colour"
          ? await named
              .leftJoin("color_translations as name", (join) => join.onRef("name.color_code", "=", "sums.key").on("name.locale", "=", locale))
              .select([...columns, sql<string>`coalesce(name.name, sums.written)`.as("label")])
              .execute()
          : await named.select([...columns, sql<string>`sums.written`.as("label")]).execute();
  return rows.map((row) => ({
    key: row.key === null ? "" : String(row.key),
    label: row.label === null ? "" : String(row.label),
    units: Number(row.units ?? 0),
    orders: Number(row.orders ?? 0),
    net_cents: Number(row.net_cents ?? 0),
  }));
}

export interface ReturnedRow {
  key: string;
  label: string;
  sold: number;
  returned: number;
}

/**
 * Of the units sold in the range (paid orders placed in it), how many came back so far, per
 * product (with the units sold) or per reason given (returned units only).
 */
export async function returnedByGroup(db: Db, range: InstantRange, group: "product" | "reason", locale: Locale): Promise<ReturnedRow[]> {
  const lines = db.selectFrom(paidOrders(db, range)).innerJoin("order_lines as line", "line.order_id", "sold.id");
  if (group === "reason") {
    const rows = await lines
      .innerJoin("return_lines as back", "back.order_line_id", "line.id")
      .select(["back.reason", sql<number>`sum(back.quantity)`.as("returned")])
      .groupBy("back.reason")
      .execute();
    return rows.map((row) => ({ key: row.reason, label: row.reason, sold: 0, returned: Number(row.returned ?? 0) }));
  }
  // What came back of these lines only (not the whole table's returns).
  const returnedPerLine = db
    .selectFrom("return_lines")
    .select(["order_line_id", sql<number>`sum(quantity)`.as("quantity")])
    .where("order_line_id", "in", lines.select("line.id"))
    .groupBy("order_line_id")
    .as("back");
  const grouped = lines
    .leftJoin(returnedPerLine, "back.order_line_id", "line.id")
    .select([
      sql<number>`line.product_id`.as("key"),
      sql<string>`max(line.product_name)`.as("written"),
      sql<number>`sum(line.quantity)`.as("sold"),
      sql<number>`coalesce(sum(back.quantity), 0)`.as("returned"),
    ])
    .groupBy("line.product_id")
    .as("sums");
  const rows = await db
    .selectFrom(grouped)
    .leftJoin("product_translations as name", (join) => join.onRef("name.product_id", "=", "sums.key").on("name.locale", "=", locale))
    .select(["sums.key", "sums.sold", "sums.returned", sql<string>`coalesce(name.name, sums.written)`.as("label")])
    .execute();
  return rows.map((row) => ({ key: String(row.key), label: String(row.label ?? ""), sold: Number(row.sold ?? 0), returned: Number(row.returned ?? 0) }));
}

export interface DiscountUseRow {
  code: string;
  orders: number;
  discount_cents: number;
  revenue_cents: number;
}

/** Per discount code: the paid orders placed in the range that used it, what it took off, and their totals. */
export async function discountUse(db: Db, range: InstantRange): Promise<DiscountUseRow[]> {
  const rows = await db
    .selectFrom("orders")
    .select([
      "coupon_code",
      (eb) => eb.fn.countAll<number>().as("orders"),
      (eb) => eb.fn.sum<number>("discount_cents").as("discount_cents"),
      (eb) => eb.fn.sum<number>("total_cents").as("revenue_cents"),
    ])
    .where("placed_at", ">=", range.from)
    .where("placed_at", "<", range.to)
    .where("paid_at", "is not", null)
    .where("coupon_code", "is not", null)
    .groupBy("coupon_code")
    .execute();
  return rows.map((row) => ({ code: String(row.coupon_code), orders: Number(row.orders), discount_cents: Number(row.discount_cents ?? 0), revenue_cents: Number(row.revenue_cents ?? 0) }));
}

/** Units sold per product in the range (paid orders placed in it). */
export async function unitsSoldByProduct(db: Db, range: InstantRange): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom(paidOrders(db, range))
    .innerJoin("order_lines as line", "line.order_id", "sold.id")
    .select(["line.product_id", sql<number>`sum(line.quantity)`.as("units")])
    .groupBy("line.product_id")
    .execute();
  return new Map(rows.map((row) => [Number(row.product_id), Number(row.units ?? 0)]));
}

export interface StockValueRow {
  product_id: number;
  label: string;
  /** Pieces in the warehouse and in the stores. */
  units: number;
  /** Those pieces at each variant's price now (VAT included). */
  value_cents: number;
}

/** Every product not archived that holds pieces (warehouse and stores), with their value at today's prices. */
export async function stockValueByProduct(db: Db, locale: Locale): Promise<StockValueRow[]> {
  const inStores = db
    .selectFrom("store_stock")
    .select(["variant_id", sql<number>`sum(quantity)`.as("quantity")])
    .groupBy("variant_id")
    .as("stores");
  const rows = await db
    .selectFrom("variants as variant")
    .innerJoin("products as product", "product.id", "variant.product_id")
    .leftJoin(inStores, "stores.variant_id", "variant.id")
    .leftJoin("product_translations as name", (join) => join.onRef("name.product_id", "=", "product.id").on("name.locale", "=", locale))
    .select([
      "product.id as product_id",
      sql<string>`coalesce(name.name, min(variant.sku))`.as("label"),
      sql<number>`sum(variant.stock + coalesce(stores.quantity, 0))`.as("units"),
      sql<number>`sum((variant.stock + coalesce(stores.quantity, 0)) * variant.price_cents)`.as("value_cents"),
    ])
    .where("product.status", "!=", "archived")
    .groupBy(["product.id", "name.name"])
    .having(sql<number>`sum(variant.stock + coalesce(stores.quantity, 0))`, ">", 0)
    .execute();
  return rows.map((row) => ({ product_id: Number(row.product_id), label: String(row.label ?? ""), units: Number(row.units ?? 0), value_cents: Number(row.value_cents ?? 0) }));
}

export interface DemandRow {
  variant_id: number;
  label: string;
  colour: string;
  size: string;
  stock: number;
  /** Shoppers still waiting for the e-mail, whenever they asked. */
  waiting: number;
  /** Requests made in the range. */
  asked: number;
}

/** Back-in-stock requests per size: those waiting now, and those made in the range (and the one before, for comparison). */
export async function demandBySize(db: Db, range: InstantRange, previous: InstantRange, locale: Locale): Promise<Array<DemandRow & { askedBefore: number }>> {
  const rows = await db
    .selectFrom("back_in_stock_requests as request")
    .innerJoin("variants as variant", "variant.id", "request.variant_id")
    .leftJoin("product_translations as name", (join) => join.onRef("name.product_id", "=", "variant.product_id").on("name.locale", "=", locale))
    .leftJoin("color_translations as colour", (join) => join.onRef("colour.color_code", "=", "variant.color_code").on("colour.locale", "=", locale))
    .select([
      "variant.id as variant_id",
      sql<string>`coalesce(name.name, variant.sku)`.as("label"),
      sql<string>`coalesce(colour.name, variant.color_code)`.as("colour"),
      "variant.size",
      "variant.stock",
      sql<number>`sum(case when request.notified_at is null then 1 else 0 end)`.as("waiting"),
      sql<number>`sum(case when request.created_at >= ${range.from} and request.created_at < ${range.to} then 1 else 0 end)`.as("asked"),
      sql<number>`sum(case when request.created_at >= ${previous.from} and request.created_at < ${previous.to} then 1 else 0 end)`.as("asked_before"),
    ])
    // What is waiting now, or was asked for in either range: nothing else counts.
    .where((eb) => eb.or([eb("request.notified_at", "is", null), eb("request.created_at", ">=", previous.from)]))
    .groupBy(["variant.id", "name.name", "colour.name", "variant.sku", "variant.color_code", "variant.size", "variant.stock"])
    .execute();
  return rows
    .map((row) => ({
      variant_id: Number(row.variant_id),
      label: String(row.label ?? ""),
      colour: String(row.colour ?? ""),
      size: row.size,
      stock: Number(row.stock),
      waiting: Number(row.waiting ?? 0),
      asked: Number(row.asked ?? 0),
      askedBefore: Number(row.asked_before ?? 0),
    }))
    .filter((row) => row.waiting > 0 || row.asked > 0 || row.askedBefore > 0);
}

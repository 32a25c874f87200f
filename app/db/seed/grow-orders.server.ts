import { type Insertable, type Kysely, PostgresAdapter, type Transaction, sql } from "kysely";
import type { Database, Locale, OrderPaymentStatus, OrderShippingStatus, OrderStatus, PaymentStatus, ReturnStatus } from "../schema";
import { analyzeDatabase } from "../statistics.server";
import { vatIncluded } from "../../utils/money";
import { seededRandom } from "../../utils/seeded-random";

// `npm run db:seed -- --products N [--orders M]` and the benchmark: orders for the demo shop, so
// Atelier's dashboard and order list are measured with a real shop's history (issue 23). Order
// j (counting from 1) is drawn from a generator seeded with j, over the `days` before `now`: the
// same M and day give the same orders. The mix follows an order's life as the state machine
// (app/modules/order/order-state.ts) allows it, by age: recent ones still to pay (card pending,
// bank transfer awaited) or to ship, older ones shipped and delivered, some returned (asked,
// received, refunded less the return fee), some cancelled unpaid at the end of their hold, a few
// withdrawn before shipping and refunded whole. Rows are written in bulk, with their payments,
// returns and refunds, in one transaction; the shop's services would take minutes for 10 000.
// Sold-out variants also get shoppers waiting for them (back-in-stock requests).

export interface DemoLine {
  variantId: number;
  productId: number;
  sku: string;
  productName: string;
  size: string;
  colorName: string;
  unitCents: number;
  quantity: number;
}

export interface DemoReturn {
  /** The order's line returned, whole. */
  lineIndex: number;
  status: ReturnStatus;
  createdAt: string;
  receivedAt?: string | null;
  refundedAt?: string | null;
  /** One of the return form's reasons (return-refund.ts); "too_small" when a test names none. */
  reason?: string;
}

/**
 * The reasons demo returns give, as a fashion shop's go (the fit first), picked by the order's
 * number rather than drawn: the generator's sequence of draws, and so every order, stays as it was.
 */
const DEMO_RETURN_REASONS = ["too_small", "too_large", "too_small", "not_as_expected", "too_large", "changed_mind", "too_small", "faulty", "too_large", "wrong_item", "not_as_expected", "other"] as const;

/** One order as the generator (or a test) describes it; totals, payment and refunds follow from it. */
export interface DemoOrder {
  number: string;
  email: string;
  firstName: string;
  lastName: string;
  locale: Locale;
  paymentMethod: string;
  status: OrderStatus;
  paymentStatus: OrderPaymentStatus;
  shippingStatus: OrderShippingStatus;
  placedAt: string;
  paidAt?: string | null;
  cancelledAt?: string | null;
  shippedAt?: string | null;
  deliveredAt?: string | null;
  lines: DemoLine[];
  shippingCents?: number;
  returnFeeCents?: number;
  ret?: DemoReturn | null;
  /** A paid order cancelled before shipping: its whole total refunded at this moment. */
  cancelRefundAt?: string | null;
}

const FIRST_NAMES = ["Giulia", "Marco", "Chiara", "Luca", "Francesca", "Alessandro", "Sofia", "Matteo", "Elena", "Davide", "Anna", "Emma", "Oliver", "Charlotte"];
const LAST_NAMES = ["Rossi", "Bianchi", "Romano", "Colombo", "Ricci", "Marino", "Greco", "Bruno", "Gallo", "Conti", "Smith", "Müller", "Dubois"];
const CITIES = [
  ["Milano", "MI", "20121"],
  ["Roma", "RM", "00186"],
  ["Torino", "TO", "10121"],
  ["Firenze", "FI", "50123"],
  ["Napoli", "NA", "80132"],
  ["Bologna", "BO", "40125"],
] as const;
const CARD_METHODS = ["card", "card", "card", "applePay", "googlePay", "paypalInstalments"];
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const isPostgres = (db: Kysely<Database>) => db.getExecutor().adapter instanceof PostgresAdapter;

type Variant = Omit<DemoLine, "quantity">;

/** The `j`-th demo order (j from 1), placed within `days` before `now`. */
export function demoOrder(j: number, variants: Variant[], now: Date, { days = 180, holdDays = 7, returnFeeCents = 1_000 } = {}): DemoOrder {
  const rand = seededRandom(j * 2_654_435_761);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)];
  // More orders lately (the shop grows): a power of the draw leans the ages toward today.
  const ageMs = Math.floor(rand() ** 1.3 * days * DAY_MS);
  const placed = now.getTime() - ageMs;
  const iso = (ms: number) => new Date(Math.min(ms, now.getTime())).toISOString();
  const ageDays = ageMs / DAY_MS;
  const lines: DemoLine[] = [];
  const lineCount = rand() < 0.6 ? 1 : rand() < 0.75 ? 2 : 3;
  for (let i = 0; i < lineCount; i++) {
    const variant = pick(variants);
    if (lines.some((line) => line.variantId === variant.variantId)) continue;
    lines.push({ ...variant, quantity: rand() < 0.9 ? 1 : 2 });
  }
  const firstName = pick(FIRST_NAMES);
  const lastName = pick(LAST_NAMES);
  const transfer = rand() < 0.12;
  const order: DemoOrder = {
    number: `BT9${String(j).padStart(8, "0")}`,
    email: `${firstName}.${lastName}.${j % 4000}@example.com`.toLowerCase(),
    firstName,
    lastName,
    locale: rand() < 0.75 ? "it" : "en",
    paymentMethod: transfer ? "bankTransfer" : pick(CARD_METHODS),
    status: "pending_payment",
    paymentStatus: transfer ? "awaiting_transfer" : "pending",
    shippingStatus: "not_shipped",
    placedAt: iso(placed),
    lines,
    returnFeeCents,
  };
  const roll = rand();
  // Unpaid: a card payment abandoned (its hold is short), a transfer that never came.
  const unpaid = transfer ? roll < 0.25 : roll < 0.04;
  if (unpaid) {
    const waiting = transfer ? ageDays < holdDays : ageDays < 1 / 24;
    if (!waiting) Object.assign(order, { status: "cancelled", cancelledAt: iso(placed + (transfer ? holdDays : 1 / 24) * DAY_MS) });
    return order;
  }
  const paidAt = placed + (transfer ? (1 + rand() * 3) * DAY_MS : 60_000 * (1 + rand() * 5));
  if (paidAt >= now.getTime()) return order;
  Object.assign(order, { status: "confirmed", paymentStatus: "paid", paidAt: iso(paidAt) });
  // A few withdrawn before shipping: cancelled, the whole total refunded.
  if (rand() < 0.015) {
    const at = paidAt + rand() * DAY_MS;
    if (at < now.getTime()) Object.assign(order, { status: "cancelled", paymentStatus: "refunded", cancelledAt: iso(at), cancelRefundAt: iso(at + HOUR_MS) });
    return order;
  }
  const shipped = paidAt + (0.3 + rand() * 1.7) * DAY_MS;
  if (shipped >= now.getTime()) return order;
  Object.assign(order, { status: "shipped", shippingStatus: "shipped", shippedAt: iso(shipped) });
  const delivered = shipped + (1 + rand() * 2) * DAY_MS;
  if (delivered >= now.getTime()) return order;
  Object.assign(order, { status: "delivered", shippingStatus: "delivered", deliveredAt: iso(delivered) });
  // About one delivered order in twelve sends a line back.
  if (rand() < 0.085) {
    const asked = delivered + (1 + rand() * 10) * DAY_MS;
    if (asked >= now.getTime()) return order;
    const received = asked + (2 + rand() * 4) * DAY_MS;
    const refunded = received + (0.5 + rand() * 2) * DAY_MS;
    const status: ReturnStatus = refunded < now.getTime() ? "refunded" : received < now.getTime() ? "received" : "requested";
    order.ret = {
      lineIndex: Math.floor(rand() * lines.length),
      status,
      createdAt: iso(asked),
      receivedAt: status === "requested" ? null : iso(received),
      refundedAt: status === "refunded" ? iso(refunded) : null,
      reason: DEMO_RETURN_REASONS[j % DEMO_RETURN_REASONS.length],
    };
    if (status === "refunded") order.paymentStatus = "partially_refunded";
  }
  return order;
}

interface Ids {
  order: number;
  line: number;
  payment: number;
  ret: number;
  returnLine: number;
  refund: number;
}

async function nextIds(trx: Transaction<Database>): Promise<Ids> {
  const max = async (table: "orders" | "order_lines" | "payments" | "returns" | "return_lines" | "refunds") =>
    Number((await trx.selectFrom(table).select((eb) => eb.fn.max("id").as("id")).executeTakeFirst())?.id ?? 0) + 1;
  return { order: await max("orders"), line: await max("order_lines"), payment: await max("payments"), ret: await max("returns"), returnLine: await max("return_lines"), refund: await max("refunds") };
}

function chunks<T>(rows: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** Writes orders (with their lines, payment, return and refunds) in bulk, in the caller's transaction. */
export async function insertDemoOrders(trx: Transaction<Database>, orders: DemoOrder[]): Promise<void> {
  const ids = await nextIds(trx);
  const orderRows: Insertable<Database["orders"]>[] = [];
  const lineRows: Insertable<Database["order_lines"]>[] = [];
  const paymentRows: Insertable<Database["payments"]>[] = [];
  const returnRows: Insertable<Database["returns"]>[] = [];
  const returnLineRows: Insertable<Database["return_lines"]>[] = [];
  const refundRows: Insertable<Database["refunds"]>[] = [];
  for (const spec of orders) {
    const orderId = ids.order++;
    const subtotal = spec.lines.reduce((sum, line) => sum + line.unitCents * line.quantity, 0);
    const shipping = spec.shippingCents ?? (subtotal >= 25_000 ? 0 : 700);
    const total = subtotal + shipping;
    const city = CITIES[orderId % CITIES.length];
    const address = JSON.stringify({
      firstName: spec.firstName,
      lastName: spec.lastName,
      street: "Via Roma",
      streetNumber: String((orderId % 120) + 1),
      city: city[0],
      province: city[1],
      country: "IT",
      zip: city[2],
      phonePrefix: "+39",
      phone: "3331234567",
    });
    const lineIds: number[] = [];
    for (const line of spec.lines) {
      const id = ids.line++;
      lineIds.push(id);
      lineRows.push({
        id,
        order_id: orderId,
        variant_id: line.variantId,
        product_id: line.productId,
        sku: line.sku,
        product_name: line.productName,
        size: line.size,
        color_name: line.colorName,
        unit_cents: line.unitCents,
        quantity: line.quantity,
        total_cents: line.unitCents * line.quantity,
        discount_cents: 0,
      });
    }
    const paymentId = ids.payment++;
    const transfer = spec.paymentMethod === "bankTransfer";
    const paymentStatus: PaymentStatus = spec.paidAt ? (spec.paymentStatus === "refunded" ? "refunded" : "paid") : spec.status === "cancelled" ? "cancelled" : "pending";
    paymentRows.push({
      id: paymentId,
      order_id: orderId,
      provider: transfer ? "bank_transfer" : "sandbox",
      method: spec.paymentMethod,
      status: paymentStatus,
      amount_cents: total,
      provider_ref: transfer ? null : `demo-${spec.number}`,
      redirect_url: null,
      created_at: spec.placedAt,
      updated_at: spec.paidAt ?? spec.placedAt,
    });
    let refunded = 0;
    if (spec.cancelRefundAt) {
      refunded = total;
      refundRows.push({ id: ids.refund++, order_id: orderId, payment_id: paymentId, return_id: null, amount_cents: total, status: "done" as const, created_at: spec.cancelledAt ?? spec.cancelRefundAt, done_at: spec.cancelRefundAt });
    }
    if (spec.ret) {
      const line = spec.lines[spec.ret.lineIndex];
      const goods = line.unitCents * line.quantity;
      const fee = spec.returnFeeCents ?? 1_000;
      const refund = Math.max(0, goods - fee);
      const returnId = ids.ret++;
      returnRows.push({
        id: returnId,
        order_id: orderId,
        kind: "return" as const,
        status: spec.ret.status,
        goods_cents: goods,
        fee_cents: fee,
        refund_cents: refund,
        created_at: spec.ret.createdAt,
        received_at: spec.ret.receivedAt ?? null,
        refunded_at: spec.ret.refundedAt ?? null,
        updated_at: spec.ret.refundedAt ?? spec.ret.receivedAt ?? spec.ret.createdAt,
      });
      returnLineRows.push({ id: ids.returnLine++, return_id: returnId, order_line_id: lineIds[spec.ret.lineIndex], quantity: line.quantity, reason: spec.ret.reason ?? "too_small" });
      if (spec.ret.status === "refunded" && spec.ret.refundedAt) {
        refunded += refund;
        refundRows.push({ id: ids.refund++, order_id: orderId, payment_id: paymentId, return_id: returnId, amount_cents: refund, status: "done" as const, created_at: spec.ret.receivedAt ?? spec.ret.refundedAt, done_at: spec.ret.refundedAt });
      }
    }
    const updated = [spec.placedAt, spec.paidAt, spec.cancelledAt, spec.shippedAt, spec.deliveredAt, spec.cancelRefundAt, spec.ret?.refundedAt].filter((v): v is string => Boolean(v)).sort().at(-1)!;
    orderRows.push({
      id: orderId,
      number: spec.number,
      idempotency_key: `demo-${spec.number}`,
      user_id: null,
      session_id: null,
      email: spec.email,
      first_name: spec.firstName,
      last_name: spec.lastName,
      locale: spec.locale,
      status: spec.status,
      payment_status: spec.paymentStatus,
      shipping_status: spec.shippingStatus,
      payment_method: spec.paymentMethod,
      shipping_method: "ups_standard",
      subtotal_cents: subtotal,
      discount_cents: 0,
      shipping_cents: shipping,
      total_cents: total,
      vat_cents: vatIncluded(total, 22),
      coupon_code: null,
      shipping_address: address,
      billing_address: address,
      invoice: null,
      hold_until: new Date(new Date(spec.placedAt).getTime() + (transfer ? 7 * DAY_MS : HOUR_MS)).toISOString(),
      placed_at: spec.placedAt,
      paid_at: spec.paidAt ?? null,
      cancelled_at: spec.cancelledAt ?? null,
      shipped_at: spec.shippedAt ?? null,
      delivered_at: spec.deliveredAt ?? null,
      tracking_number: spec.shippedAt ? `1Z${spec.number.slice(2)}` : null,
      refunded_cents: refunded,
      updated_at: updated,
    });
  }
  // Bound parameters per statement stay far below SQLite's and PostgreSQL's limits.
  for (const rows of chunks(orderRows, 250)) await trx.insertInto("orders").values(rows).execute();
  for (const rows of chunks(lineRows, 500)) await trx.insertInto("order_lines").values(rows).execute();
  for (const rows of chunks(paymentRows, 500)) await trx.insertInto("payments").values(rows).execute();
  for (const rows of chunks(returnRows, 500)) await trx.insertInto("returns").values(rows).execute();
  for (const rows of chunks(returnLineRows, 500)) await trx.insertInto("return_lines").values(rows).execute();
  for (const rows of chunks(refundRows, 500)) await trx.insertInto("refunds").values(rows).execute();
  if (isPostgres(trx)) {
    for (const table of ["orders", "order_lines", "payments", "returns", "return_lines", "refunds"]) {
      await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 1))`.execute(trx);
    }
  }
}

/** Variants to order, with their Italian names: every `step`-th of the catalogue, at most `limit`. */
async function orderableVariants(trx: Transaction<Database>, limit = 400): Promise<Variant[]> {
  const rows = await trx
    .selectFrom("variants as v")
    .innerJoin("product_translations as pt", (join) => join.onRef("pt.product_id", "=", "v.product_id").on("pt.locale", "=", "it"))
    .leftJoin("color_translations as ct", (join) => join.onRef("ct.color_code", "=", "v.color_code").on("ct.locale", "=", "it"))
    .select(["v.id", "v.product_id", "v.sku", "v.size", "v.price_cents", "pt.name", "ct.name as color_name", "v.color_code"])
    .orderBy("v.id")
    .limit(limit)
    .execute();
  return rows.map((r) => ({ variantId: r.id, productId: r.product_id, sku: r.sku, productName: r.name, size: r.size, colorName: r.color_name ?? r.color_code, unitCents: r.price_cents }));
}

/** Shoppers waiting for sold-out variants: up to 40 variants, 1–30 requests each (repeatable). */
async function addWaitingShoppers(trx: Transaction<Database>, now: Date): Promise<number> {
  const soldOut = await trx.selectFrom("variants").select("id").where("stock", "=", 0).orderBy("id").limit(40).execute();
  const rows: { variant_id: number; email: string; locale: Locale; consent_at: string; created_at: string; notified_at: null }[] = [];
  for (const { id } of soldOut) {
    const rand = seededRandom(id * 40_503);
    const count = 1 + Math.floor(rand() ** 2 * 30);
    for (let k = 0; k < count; k++) {
      const at = new Date(now.getTime() - Math.floor(rand() * 60 * DAY_MS)).toISOString();
      rows.push({ variant_id: id, email: `attesa.${id}.${k}@example.com`, locale: rand() < 0.75 ? "it" : "en", consent_at: at, created_at: at, notified_at: null });
    }
  }
  for (const part of chunks(rows, 500)) {
    await trx.insertInto("back_in_stock_requests").values(part).onConflict((oc) => oc.columns(["variant_id", "email"]).doNothing()).execute();
  }
  return rows.length;
}

export interface GrowOrdersResult {
  before: number;
  after: number;
  seconds: number;
}

/** Grows the demo orders to `target` (never removes any), placed over the `days` before `now`. */
export async function growOrders(db: Kysely<Database>, target: number, { now = new Date(), days = 180 }: { now?: Date; days?: number } = {}): Promise<GrowOrdersResult> {
  const started = performance.now();
  const result = await db.transaction().execute(async (trx) => {
    const before = Number((await trx.selectFrom("orders").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
    if (target <= before) return { before, after: before };
    const variants = await orderableVariants(trx);
    if (!variants.length) throw new Error("The demo catalogue must be seeded before its orders.");
    const orders: DemoOrder[] = [];
    for (let j = before + 1; j <= target; j++) orders.push(demoOrder(j, variants, now, { days }));
    for (const part of chunks(orders, 2_000)) await insertDemoOrders(trx, part);
    await addWaitingShoppers(trx, now);
    return { before, after: target };
  });
  await analyzeDatabase(db);
  return { ...result, seconds: (performance.now() - started) / 1000 };
}

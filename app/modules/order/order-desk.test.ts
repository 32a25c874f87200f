import type { Kysely } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/support/databases";
import { paidOrder, variantWithStock } from "../../../tests/support/order-fixtures";
import { QueryCounter } from "../../../tests/support/query-counter";
import type { Database } from "~/db/schema";
import { seedDatabase } from "~/db/seed/seed.server";
import { createSandboxProvider } from "~/modules/payment/sandbox.server";
import { isDomainError } from "~/utils/domain-error";
import { confirmTransfer } from "./fulfilment.service.server";
import { classifyDeskText, DEFAULT_DESK_QUERY, type DeskOrderQuery, deskQueryParams, parseDeskOrderQuery } from "./order-desk.schema";
import { addOrderNote, deskOrderCsvRows, getDeskOrder, openReturnsPage, searchDeskOrders } from "./order-desk.service.server";

const code = (error: unknown) => (isDomainError(error) ? error.code : error);
const query = (changes: Partial<DeskOrderQuery> = {}): DeskOrderQuery => ({ ...DEFAULT_DESK_QUERY, ...changes });

describe("the desk's query string", () => {
  it("keeps what it knows and drops the rest", () => {
    const parsed = parseDeskOrderQuery(new URLSearchParams("status=shipped&payment=nope&shipping=delivered&from=2026-02-30&to=2026-03-01&sort=total&dir=asc&page=3&q=%20Rossi%20"));
    expect(parsed).toEqual({ status: "shipped", payment: null, shipping: "delivered", from: null, to: "2026-03-01", q: "Rossi", sort: "total", dir: "asc", page: 3 });
    expect(parseDeskOrderQuery(new URLSearchParams("page=-1&sort=evil&dir=sideways"))).toEqual(DEFAULT_DESK_QUERY);
    expect(parseDeskOrderQuery(new URLSearchParams("page=1.5"))).toMatchObject({ page: 1 });
    expect(parseDeskOrderQuery(new URLSearchParams("page=99999999999"))).toMatchObject({ page: 1 });
    // A reversed range is swapped.
    expect(parseDeskOrderQuery(new URLSearchParams("from=2026-05-02&to=2026-05-01"))).toMatchObject({ from: "2026-05-01", to: "2026-05-02" });
    expect(deskQueryParams(parsed, { page: 1 }).toString()).toBe("q=Rossi&status=shipped&shipping=delivered&to=2026-03-01&sort=total&dir=asc");
  });

  it("reads the free text as a number, an e-mail or a name", () => {
    expect(classifyDeskText("bt 000 12")).toEqual({ kind: "number", prefix: "BT00012" });
    expect(classifyDeskText("1234")).toEqual({ kind: "number", prefix: "BT1234" });
    expect(classifyDeskText("Giulia@EX")).toEqual({ kind: "email", prefix: "giulia@ex" });
    expect(classifyDeskText("Giulia  Rossi")).toEqual({ kind: "words", words: ["giulia", "rossi"] });
    expect(classifyDeskText("  ")).toEqual({ kind: "none" });
  });
});

const FIRST = ["Giulia", "Marco", "Anna", "Luca"];
const LAST = ["Rossi", "Bianchi", "Ferrari", "Esposito"];
const STATES = [
  ["pending_payment", "awaiting_transfer", "not_shipped"],
  ["confirmed", "paid", "not_shipped"],
  ["shipped", "paid", "shipped"],
  ["delivered", "partially_refunded", "delivered"],
  ["cancelled", "pending", "not_shipped"],
] as const;

/** `count` orders written straight to the table: distinct numbers, names, states, totals and days. */
async function insertOrders(db: Kysely<Database>, count: number) {
  const address = JSON.stringify({ firstName: "x", lastName: "y", street: "Via Roma", streetNumber: "1", city: "Milano", province: "MI", country: "IT", zip: "20121", phonePrefix: "+39", phone: "333" });
  const rows = Array.from({ length: count }, (_, i) => {
    const [status, payment_status, shipping_status] = STATES[i % STATES.length];
    // One order a day from 1 March 2026, 10:00 in Rome.
    const placed = new Date(Date.UTC(2026, 2, 1 + i, 9)).toISOString();
    return {
      number: `BT${String(900_000_000 + i).padStart(9, "0")}`,
      idempotency_key: `desk-${i}`,
      user_id: null,
      session_id: null,
      email: `${FIRST[i % 4].toLowerCase()}.${LAST[(i >> 2) % 4].toLowerCase()}${i}@example.com`,
      first_name: FIRST[i % 4],
      last_name: LAST[(i >> 2) % 4],
      locale: "it" as const,
      status,
      payment_status,
      shipping_status,
      payment_method: i % 5 === 0 ? "bankTransfer" : "card",
      shipping_method: "ups_standard",
      subtotal_cents: 10_000 + ((i * 7919) % 50) * 100,
      discount_cents: 0,
      shipping_cents: 0,
      total_cents: 10_000 + ((i * 7919) % 50) * 100,
      vat_cents: 0,
      coupon_code: null,
      shipping_address: address,
      billing_address: address,
      invoice: null,
      hold_until: placed,
      placed_at: placed,
      paid_at: null,
      cancelled_at: null,
      updated_at: placed,
    };
  });
  await db.insertInto("orders").values(rows).execute();
  return rows;
}

describeEachDatabase("the order desk", (ctx) => {
  let rows: Awaited<ReturnType<typeof insertOrders>>;
  beforeAll(async () => {
    await seedDatabase(ctx().db);
    rows = await insertOrders(ctx().db, 60);
  });

  it("lists newest first, a page and whether another follows, in one statement", async () => {
    const counter = new QueryCounter();
    const first = await searchDeskOrders(ctx().db.withPlugin(counter), query(), 25);
    expect(counter.count).toBe(1);
    expect(first.orders).toHaveLength(25);
    expect(first.hasNext).toBe(true);
    expect(first.orders[0].number).toBe(rows[59].number);
    const last = await searchDeskOrders(ctx().db, query({ page: 3 }), 25);
    expect(last.orders.map((o) => o.number)).toEqual(rows.slice(0, 10).map((r) => r.number).reverse());
    expect(last.hasNext).toBe(false);
    // Past the end: an empty page, no error.
    expect(await searchDeskOrders(ctx().db, query({ page: 40 }), 25)).toMatchObject({ orders: [], hasNext: false });
  });

  it("filters by each status, by days in Rome and by the free text", async () => {
    const { db } = ctx();
    const numbers = async (changes: Partial<DeskOrderQuery>) => (await searchDeskOrders(db, query({ ...changes, sort: "number", dir: "asc" }), 100)).orders.map((o) => o.number);
    const expected = (keep: (row: (typeof rows)[number], i: number) => boolean) => rows.filter(keep).map((r) => r.number);
    expect(await numbers({ status: "shipped" })).toEqual(expected((r) => r.status === "shipped"));
    expect(await numbers({ payment: "awaiting_transfer" })).toEqual(expected((r) => r.payment_status === "awaiting_transfer"));
    expect(await numbers({ shipping: "delivered", status: "delivered" })).toEqual(expected((r) => r.shipping_status === "delivered"));
    expect(await numbers({ from: "2026-03-05", to: "2026-03-07" })).toEqual(rows.slice(4, 7).map((r) => r.number));
    expect(await numbers({ q: rows[12].number.slice(0, 10) })).toEqual(rows.slice(10, 20).map((r) => r.number));
    expect(await numbers({ q: rows[7].number.toLowerCase() })).toEqual([rows[7].number]);
    expect(await numbers({ q: "ANNA.ESPOSITO" })).toEqual(expected((r) => r.email.startsWith("anna.esposito")));
    expect(await numbers({ q: "marco bian" })).toEqual(expected((r) => r.first_name === "Marco" && r.last_name === "Bianchi"));
    expect(await numbers({ q: "ross" })).toEqual(expected((r) => r.last_name === "Rossi"));
    // LIKE's wildcards are plain characters here.
    expect(await numbers({ q: "%" })).toEqual([]);
    expect(await numbers({ q: "_" })).toEqual([]);
  });

  it("sorts by date, total and number, both ways, ties by id", async () => {
    const { db } = ctx();
    const byTotal = (await searchDeskOrders(db, query({ sort: "total", dir: "asc" }), 100)).orders;
    const expected = [...rows].map((r, i) => ({ ...r, i })).sort((a, b) => a.total_cents - b.total_cents || a.i - b.i);
    expect(byTotal.map((o) => o.number)).toEqual(expected.map((r) => r.number));
    const desc = (await searchDeskOrders(db, query({ sort: "total", dir: "desc" }), 100)).orders;
    expect(desc.map((o) => o.number)).toEqual([...expected].reverse().map((r) => r.number));
    const byNumber = (await searchDeskOrders(db, query({ sort: "number", dir: "asc" }), 5)).orders;
    expect(byNumber[0].number).toBe(rows[0].number);
    const oldest = (await searchDeskOrders(db, query({ dir: "asc" }), 5)).orders;
    expect(oldest[0].number).toBe(rows[0].number);
  });

  it("exports the filtered list a page at a time, in the list's order", async () => {
    const { db } = ctx();
    const counter = new QueryCounter();
    const out: unknown[][] = [];
    for await (const row of deskOrderCsvRows(db.withPlugin(counter), query({ status: "cancelled", sort: "total", dir: "desc" }), { pageSize: 5 })) out.push(row);
    const cancelled = rows.map((r, i) => ({ ...r, i })).filter((r) => r.status === "cancelled").sort((a, b) => b.total_cents - a.total_cents || b.i - a.i);
    expect(out.map((r) => r[0])).toEqual(cancelled.map((r) => r.number));
    expect(out[0]).toContain((cancelled[0].total_cents / 100).toFixed(2));
    // 12 rows by 5: three pages.
    expect(counter.count).toBe(3);
  });

  it("shows an order's page: lines, payments, a timeline of its changes and e-mails, notes appended with their audit", async () => {
    const { db } = ctx();
    const provider = createSandboxProvider({ secret: "desk", publicUrl: "http://shop.test" });
    const variant = await variantWithStock(db, 5, 3);
    const { orderId } = await paidOrder(db, provider, { lines: [{ sku: variant.sku, quantity: 1 }], method: "bankTransfer" });
    await confirmTransfer(db, orderId);
    await addOrderNote(db, orderId, "  Chiamata la cliente: spedire venerdì.  ", { kind: "staff", staffId: 7, email: "anna@bottega.test" });
    await addOrderNote(db, orderId, "Second note", { kind: "cli" });
    const page = await getDeskOrder(db, orderId, "it");
    expect(page.order.lines).toHaveLength(1);
    expect(page.order.lines[0].image?.src).toMatch(/^\/media\//);
    expect(page.payments.map((p) => [p.provider, p.status])).toEqual([["bank_transfer", "paid"]]);
    expect(page.timeline.map((e) => (e.kind === "status" ? `${e.event}:${e.to}` : e.kind === "mail" ? `mail:${e.template}` : e.kind))).toEqual([
      "placed",
      "mail:order-confirmation",
      "pay:confirmed/paid/not_shipped",
      "mail:order-confirmation",
    ]);
    expect(page.notes.map((n) => [n.author, n.body])).toEqual([
      ["anna@bottega.test", "Chiamata la cliente: spedire venerdì."],
      ["cli", "Second note"],
    ]);
    expect(page.audit.map((a) => [a.action, a.actor])).toEqual([
      ["order.note", "cli"],
      ["order.note", "anna@bottega.test"],
    ]);
    await expect(addOrderNote(db, orderId, "   ", { kind: "cli" }).catch(code)).resolves.toBe("MALFORMED_FORM");
    await expect(addOrderNote(db, 999_999, "x", { kind: "cli" }).catch(code)).resolves.toBe("ORDER_NOT_FOUND");
    await expect(getDeskOrder(db, 999_999, "it").catch(code)).resolves.toBe("ORDER_NOT_FOUND");
    await expect(getDeskOrder(db, null, "it").catch(code)).resolves.toBe("ORDER_NOT_FOUND");
  });

  it("lists no open return while there is none", async () => {
    expect(await openReturnsPage(ctx().db, 1)).toEqual({ returns: [], page: 1, hasNext: false });
  });
});

// A real load balancer (issue 27): HAProxy in front of three `node build/server.js` processes on
// one PostgreSQL database, with scripted shoppers browsing, filling bags and paying — some as
// guests, some signed in. One process is killed with SIGKILL mid-run and started again. Nothing
// may be lost: every order a shopper placed is there once, paid when the shopper saw it paid,
// with one confirmation mail; the stock sold equals the stock gone; bags and sign-ins survive on
// the other processes; failed requests are at most the ones in flight on the killed process;
// the balancer's health check takes the process out and, once it is back, puts it in again.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "~/db/connection.server";
import { haproxyPath } from "../../scripts/balancer/haproxy";
import { type BalancedShop, startBalancedShop } from "../../scripts/balancer/shop";
import { findSellable, runShoppers, signUp } from "../../scripts/balancer/shoppers";

const SHOPPERS = 6;
const ACCOUNTS = 2;
const RUN_MS = 24_000;
const KILL_AT_MS = 6_000;
const RESTART_AT_MS = 12_000;

const haproxyMissing = !haproxyPath();
if (haproxyMissing && process.env.CI && process.env.TEST_POSTGRES_URL) throw new Error("haproxy is not installed: .ci/run installs it (apt-get install -y haproxy)");

describe.skipIf(!process.env.TEST_POSTGRES_URL || haproxyMissing)("HAProxy in front of three processes on PostgreSQL", () => {
  const databaseName = `bottega_balancer_${randomBytes(6).toString("hex")}`;
  let admin: pg.Client;
  let shop: BalancedShop;
  let database: DatabaseHandle;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: process.env.TEST_POSTGRES_URL });
    await admin.connect();
    await admin.query(`create database ${databaseName}`);
    const url = new URL(process.env.TEST_POSTGRES_URL!);
    url.pathname = `/${databaseName}`;
    shop = await startBalancedShop({ databaseUrl: url.toString(), processes: 3 });
    database = openDatabase(url.toString(), { poolSize: 2 });
  }, 180_000);

  afterAll(async () => {
    await database?.close();
    await shop?.stop();
    if (admin) {
      await admin.query(`drop database if exists ${databaseName} with (force)`);
      await admin.end();
    }
  });

  it("loses no order, stock, bag or sign-in when a process is killed under load, and the balancer drains it and takes it back", async () => {
    const db = database.db;
    // Sellable variants of different products, and every variant's stock before the run.
    const sellable = await findSellable(db, { minStock: 10, limit: 12 });
    expect(sellable.length).toBe(12);
    // Plenty of each: a quick run sells a dozen orders per variant, and a variant sold out would
    // make an add refused (rightly) and read as a bag lost.
    await db.updateTable("variants").set({ stock: 10_000 }).where("sku", "in", sellable.map((s) => s.sku)).execute();
    const stockBefore = new Map((await db.selectFrom("variants").select(["id", "stock"]).execute()).map((v) => [v.id, v.stock]));

    const accounts = [];
    for (let i = 0; i < ACCOUNTS; i++) accounts.push(await signUp(shop.url, `balancer-${i}-${randomBytes(3).toString("hex")}@shoppers.example`));

    const victim = shop.apps[1];
    const startedAt = Date.now();
    const since = () => Date.now() - startedAt;
    const load = runShoppers({ url: shop.url, shoppers: SHOPPERS, accounts, sellable, until: () => since() > RUN_MS, startedAt, pauseMs: 50 });

    const waitFor = async (status: string, withinMs: number) => {
      const from = Date.now();
      while ((await shop.haproxy.stats())[victim.name].status !== status) {
        if (Date.now() - from > withinMs) throw new Error(`${victim.name} not ${status} within ${withinMs} ms: ${JSON.stringify(await shop.haproxy.stats())}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return Date.now() - from;
    };
    await new Promise((resolve) => setTimeout(resolve, KILL_AT_MS - since()));
    const killedAt = since();
    await victim.kill();
    const outAfterMs = await waitFor("DOWN", 5_000);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, RESTART_AT_MS - since())));
    await victim.restart();
    const inAfterMs = await waitFor("UP", 5_000);
    const sessionsWhenBack = (await shop.haproxy.stats())[victim.name].sessions;
    const report = await load;

    // The health check: out within two checks of the kill, in within two of its return, and it
    // gets shoppers again.
    expect(outAfterMs).toBeLessThan(3_000);
    expect(inAfterMs).toBeLessThan(3_000);
    expect((await shop.haproxy.stats())[victim.name].sessions).toBeGreaterThan(sessionsWhenBack);

    // Failures: only requests in flight on the killed process (one per shopper at most), at the kill.
    const failed = report.requests.filter((r) => r.status === 0 || r.status >= 500);
    const diagnosis = () => [JSON.stringify(failed), shop.haproxy.output(), ...shop.apps.map((app) => `${app.name}: ${app.output()}`)].join("\n");
    expect(failed.length, diagnosis()).toBeLessThanOrEqual(SHOPPERS);
    // Each was in flight when the process died: it ended after the kill, and started before the
    // balancer had taken the process out.
    for (const request of failed) expect(request.at + request.ms, diagnosis()).toBeGreaterThanOrEqual(killedAt);
    for (const request of failed) expect(request.at, diagnosis()).toBeLessThanOrEqual(killedAt + outAfterMs + 1_000);
    console.info(
      `balancer: ${report.requests.length} requests, ${failed.length} failed (in flight at the kill), ` +
        `${report.orders.filter((o) => o.paid).length} orders paid; killed at ${killedAt} ms, out after ${outAfterMs} ms, back in ${inAfterMs} ms after its restart`,
    );
    // Bags and sign-ins held on every process.
    expect(report.lapses).toEqual([]);
    expect(report.requests.length).toBeGreaterThan(200);

    // Orders: each order key once; every order a shopper saw paid is paid, with one confirmation.
    const orders = await db.selectFrom("orders").select(["id", "idempotency_key", "payment_status", "status"]).execute();
    const byKey = new Map(orders.map((o) => [o.idempotency_key, o]));
    expect(byKey.size).toBe(orders.length);
    const paidSeen = report.orders.filter((o) => o.paid);
    expect(paidSeen.length).toBeGreaterThanOrEqual(SHOPPERS);
    for (const order of report.orders) {
      const stored = byKey.get(order.orderKey);
      if (order.orderId !== null) expect(stored?.id, order.orderKey).toBe(order.orderId);
      if (order.paid) expect(stored?.payment_status).toBe("paid");
    }
    // Orders a shopper never got an answer for are there too, once (the key pressed again found it).
    expect(orders.length).toBeLessThanOrEqual(report.orders.length);
    const confirmations = await db.selectFrom("mail_outbox").select(["order_id"]).where("template", "=", "order-confirmation").execute();
    for (const order of orders.filter((o) => o.payment_status === "paid")) {
      expect(confirmations.filter((mail) => mail.order_id === order.id), `order ${order.id}`).toHaveLength(1);
    }

    // Stock: what left every variant is what its live orders hold.
    const held = await db
      .selectFrom("order_lines as l")
      .innerJoin("orders as o", "o.id", "l.order_id")
      .select(["l.variant_id", (eb) => eb.fn.sum<string>("l.quantity").as("quantity")])
      .where("o.status", "!=", "cancelled")
      .groupBy("l.variant_id")
      .execute();
    const heldBy = new Map(held.map((h) => [h.variant_id, Number(h.quantity)]));
    const stockAfter = await db.selectFrom("variants").select(["id", "stock"]).execute();
    for (const variant of stockAfter) expect(stockBefore.get(variant.id)! - variant.stock, `variant ${variant.id}`).toBe(heldBy.get(variant.id) ?? 0);
  }, 120_000);
});

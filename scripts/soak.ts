// `npm run soak -- [--minutes 20] [--shoppers 8] [--accounts 2] [--processes 3]`: the shop at a
// steady load for a long while, as issue 27 asks — N app processes on one fresh PostgreSQL
// database behind HAProxy, scripted shoppers browsing, filling bags and paying in the sandbox.
// Passes when: p99 latency of the last 5 minutes is within 20 % of the first 5 minutes' (after a
// one-minute warm-up, for runs long enough), every process's memory is flat (the median of its
// last 3 minutes within 10 % of the median of minutes 3–5), no request failed or answered 5xx,
// and every paid order got exactly one confirmation mail, sent once. Needs `npm run build`, and
// TEST_POSTGRES_URL or DATABASE_URL naming a PostgreSQL server where it may create a database.
// On demand, not in CI; its figures go in docs/performance.md.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import { parseArgs } from "node:util";
import pg from "pg";
import { openDatabase } from "../app/db/connection.server";
import { startBalancedShop } from "./balancer/shop";
import { type RequestRecord, findSellable, percentile, runShoppers, signUp } from "./balancer/shoppers";

const { values } = parseArgs({
  options: {
    minutes: { type: "string", default: "20" },
    shoppers: { type: "string", default: "8" },
    accounts: { type: "string", default: "2" },
    processes: { type: "string", default: "3" },
    pause: { type: "string", default: "200" },
    keep: { type: "boolean", default: false },
  },
});
const minutes = Number(values.minutes);
const shoppers = Number(values.shoppers);
const accountCount = Number(values.accounts);
const processes = Number(values.processes);
const pauseMs = Number(values.pause);
if (!(minutes > 0) || !(shoppers > 0) || !(accountCount >= 0) || accountCount > shoppers || !(processes > 0) || !(pauseMs >= 0)) {
  console.error("Usage: npm run soak -- [--minutes 20] [--shoppers 8] [--accounts 2] [--processes 3] [--pause 200] [--keep]");
  process.exit(2);
}
const base = process.env.TEST_POSTGRES_URL ?? process.env.DATABASE_URL;
if (!base?.startsWith("postgres")) {
  console.error("Set TEST_POSTGRES_URL (or DATABASE_URL) to a PostgreSQL server: the soak creates its own database there.");
  process.exit(2);
}

const MINUTE = 60_000;
const databaseName = `bottega_soak_${randomBytes(5).toString("hex")}`;
const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`create database ${databaseName}`);
const url = new URL(base);
url.pathname = `/${databaseName}`;
const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

log(`starting ${processes} processes behind HAProxy on ${databaseName}`);
const shop = await startBalancedShop({ databaseUrl: url.toString(), processes });
const database = openDatabase(url.toString(), { poolSize: 2 });
let exitCode = 0;
try {
  const sellable = await findSellable(database.db, { minStock: 1 });
  // A long run sells more than the demo's stock: every sellable variant gets plenty.
  await database.db.updateTable("variants").set({ stock: 100_000 }).where("sku", "in", sellable.map((s) => s.sku)).execute();

  const accounts = [];
  for (let i = 0; i < accountCount; i++) accounts.push(await signUp(shop.url, `soak-${i}-${randomBytes(3).toString("hex")}@shoppers.example`));

  const startedAt = Date.now();
  const durationMs = minutes * MINUTE;
  const memory: { at: number; rss: (number | null)[] }[] = [];
  const sampler = setInterval(() => memory.push({ at: Date.now() - startedAt, rss: shop.apps.map((app) => app.rss()) }), 15_000);
  // The machine's load each minute: on a shared machine, a p99 that moves with it is the
  // machine's, not the shop's.
  const loadByMinute: number[] = [];
  const progress = setInterval(() => {
    loadByMinute.push(Math.round(os.loadavg()[0] * 10) / 10);
    log(`${Math.round((Date.now() - startedAt) / MINUTE)} of ${minutes} minutes`);
  }, MINUTE);
  log(`${shoppers} shoppers (${accountCount} signed in) for ${minutes} minutes`);
  const report = await runShoppers({ url: shop.url, shoppers, accounts, sellable, until: () => Date.now() - startedAt > durationMs, startedAt, pauseMs });
  clearInterval(sampler);
  clearInterval(progress);

  // Latency windows: the first 5 minutes after a minute's warm-up, and the last 5 (shorter runs:
  // the first and last fifth).
  const windowMs = Math.min(5 * MINUTE, durationMs / 5);
  const warmUpMs = durationMs >= 11 * MINUTE ? MINUTE : 0;
  const answered = report.requests.filter((r) => r.status > 0 && r.status < 500);
  const inWindow = (from: number, to: number) => answered.filter((r) => r.at >= from && r.at < to).map((r) => r.ms);
  const first = inWindow(warmUpMs, warmUpMs + windowMs);
  const last = inWindow(durationMs - windowMs, durationMs);
  const p99First = percentile(first, 99);
  const p99Last = percentile(last, 99);
  const failures: RequestRecord[] = report.requests.filter((r) => r.status === 0 || r.status >= 500);

  // Memory per process: the median of its samples in minutes 3–5 against the last 3 minutes'.
  const median = (values: number[]) => percentile(values, 50);
  const memoryGrowth = shop.apps.map((app, index) => {
    const samples = (from: number, to: number) => memory.filter((m) => m.at >= from && m.at < to).map((m) => m.rss[index]).filter((v): v is number => v !== null);
    const early = median(samples(Math.min(2 * MINUTE, durationMs * 0.2), Math.min(5 * MINUTE, durationMs * 0.5)));
    const late = median(samples(durationMs - Math.min(3 * MINUTE, durationMs * 0.3), durationMs + 1));
    return { app: app.name, earlyMiB: early / 2 ** 20, lateMiB: late / 2 ** 20, growth: late / early - 1 };
  });

  // Orders: every one a shopper saw paid is paid; every paid one mailed once, and sent once.
  const mailDeadline = Date.now() + 2 * MINUTE;
  while ((await database.db.selectFrom("mail_outbox").select("id").where("status", "=", "pending").execute()).length && Date.now() < mailDeadline) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  const orders = await database.db.selectFrom("orders").select(["id", "idempotency_key", "payment_status"]).execute();
  const paidOrders = orders.filter((o) => o.payment_status === "paid");
  const confirmations = await database.db.selectFrom("mail_outbox").select(["order_id", "status"]).where("template", "=", "order-confirmation").execute();
  const mailProblems = paidOrders.filter((o) => {
    const mails = confirmations.filter((m) => m.order_id === o.id);
    return mails.length !== 1 || mails[0].status !== "sent";
  });
  const sentMessages = (await database.db.selectFrom("mail_outbox").select("id").where("status", "=", "sent").execute()).length;
  const mailFiles = fs.readdirSync(shop.mailDir).filter((name) => name.endsWith(".eml")).length;
  const byKey = new Map(orders.map((o) => [o.idempotency_key, o]));
  const unpaidSeenPaid = report.orders.filter((o) => o.paid && byKey.get(o.orderKey)?.payment_status !== "paid");

  const checks = {
    p99Stable: p99Last <= p99First * 1.2,
    memoryFlat: memoryGrowth.every((m) => m.growth <= 0.1),
    noFailures: failures.length === 0,
    everyOrderPaidAndMailedOnce: mailProblems.length === 0 && unpaidSeenPaid.length === 0 && mailFiles === sentMessages && byKey.size === orders.length,
    noLapses: report.lapses.length === 0,
  };
  const seconds = (Date.now() - startedAt) / 1000;
  console.log(
    JSON.stringify(
      {
        minutes,
        processes,
        shoppers,
        signedIn: accountCount,
        requests: report.requests.length,
        requestsPerSecond: Math.round((report.requests.length / seconds) * 10) / 10,
        p50Ms: Math.round(percentile(answered.map((r) => r.ms), 50)),
        p99FirstMs: Math.round(p99First),
        p99LastMs: Math.round(p99Last),
        p99ByMinuteMs: Array.from({ length: Math.ceil(durationMs / MINUTE) }, (_, m) => Math.round(percentile(inWindow(m * MINUTE, (m + 1) * MINUTE), 99))),
        loadAverageByMinute: loadByMinute,
        failures: failures.length,
        lapses: report.lapses.slice(0, 10),
        ordersPaid: paidOrders.length,
        ordersPlaced: orders.length,
        confirmationMails: confirmations.length,
        mailFiles,
        sentMessages,
        memory: memoryGrowth.map((m) => ({ app: m.app, earlyMiB: Math.round(m.earlyMiB), lateMiB: Math.round(m.lateMiB), growthPercent: Math.round(m.growth * 1000) / 10 })),
        checks,
      },
      null,
      2,
    ),
  );
  if (!Object.values(checks).every(Boolean)) {
    exitCode = 1;
    log(`FAILED: ${Object.entries(checks).filter(([, ok]) => !ok).map(([name]) => name).join(", ")}`);
    for (const failure of failures.slice(0, 20)) log(`failed: ${JSON.stringify(failure)}`);
  } else log("passed");
} finally {
  await database.close();
  await shop.stop();
  if (!values.keep) await admin.query(`drop database if exists ${databaseName} with (force)`);
  await admin.end();
}
process.exit(exitCode);

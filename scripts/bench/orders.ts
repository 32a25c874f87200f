// Checkout for the benchmark: shoppers brought to a checkout step through the shop's own forms
// (for the payment and review pages' figures), and the place-order action measured as orders per
// second with concurrent buyers of different products, on the server's database (SQLite or
// PostgreSQL).
import Database from "better-sqlite3";
import pg from "pg";
import { shippingStepForm } from "../../tests/support/forms";
import { percentile } from "./load";

// The shipping step as the HTTP tests post it (one copy of the shop's valid form), by another name.
const ADDRESS = shippingStepForm({ "shipping.firstName": "Bench", "shipping.lastName": "Shopper" });

/** The database the server runs on, for arranging stock: a SQLite file or a PostgreSQL URL. */
export type BenchDatabase = { kind: "sqlite"; file: string } | { kind: "postgres"; url: string };

async function query<Row>(database: BenchDatabase, sql: string, params: unknown[] = []): Promise<Row[]> {
  if (database.kind === "sqlite") {
    const db = new Database(database.file);
    try {
      const statement = db.prepare(sql.replace(/\$\d+/g, "?"));
      return statement.reader ? (statement.all(...params) as Row[]) : (statement.run(...params), []);
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as Row[];
  } finally {
    await client.end();
  }
}

/** `count` variants of different products, each given stock enough for the whole run. */
export async function stockedSkus(database: BenchDatabase, count: number): Promise<string[]> {
  const rows = await query<{ sku: string; product_id: number }>(database, "select sku, product_id from variants order by id");
  const seen = new Set<number>();
  const skus: string[] = [];
  for (const row of rows) {
    if (seen.has(row.product_id)) continue;
    seen.add(row.product_id);
    skus.push(row.sku);
    if (skus.length === count) break;
  }
  for (const sku of skus) await query(database, "update variants set stock = 1000000 where sku = $1", [sku]);
  return skus;
}

class Shopper {
  cookie = "";
  constructor(private readonly baseUrl: string) {}

  async send(path: string, init: { method?: string; form?: Record<string, string>; json?: unknown } = {}): Promise<Response> {
    const headers: Record<string, string> = { Origin: this.baseUrl };
    if (this.cookie) headers.Cookie = this.cookie;
    let body: string | undefined;
    if (init.form) {
      headers["Content-Type"] = "application/x-www-form-urlencoded";
      body = new URLSearchParams(init.form).toString();
    } else if (init.json !== undefined) {
      headers["Content-Type"] = "application/json";
      body = JSON.stringify(init.json);
    }
    const response = await fetch(this.baseUrl + path, { method: init.method ?? (body ? "POST" : "GET"), headers, body, redirect: "manual" });
    const session = response.headers.getSetCookie().find((line) => line.startsWith("__session="));
    if (session) this.cookie = session.split(";")[0];
    if (response.status >= 400) throw new Error(`${init.method ?? "POST"} ${path} answers ${response.status}`);
    return response;
  }
}

/** A guest whose bag holds one of `sku`, through the steps up to `step`; returns the shopper. */
export async function shopperAt(baseUrl: string, sku: string, step: "payment" | "review", index: number): Promise<Shopper> {
  const shopper = new Shopper(baseUrl);
  await shopper.send("/api/cart/add", { json: { sku, quantity: 1 } });
  await shopper.send("/checkout/registrationLogin", { form: { intent: "guest", email: `bench.${index}@example.com`, firstName: "Bench", lastName: "Shopper" } });
  await shopper.send("/checkout", { form: ADDRESS });
  if (step === "review") await shopper.send("/checkout/payment", { form: { paymentMethod: "card" } });
  return shopper;
}

/** The session cookie of a guest at a checkout step (the payment and review pages' figures). */
export async function checkoutSession(baseUrl: string, database: BenchDatabase, step: "payment" | "review"): Promise<string> {
  const [sku] = await stockedSkus(database, 1);
  return (await shopperAt(baseUrl, sku, step, 0)).cookie;
}

export interface PlaceOrderFigure {
  database: "sqlite" | "postgres";
  buyers: number;
  orders: number;
  failed: number;
  seconds: number;
  ordersPerSecond: number;
  p50: number;
  p99: number;
}

/**
 * Places orders with `buyers` concurrent shoppers, each buying its own product: every buyer
 * posts the review's order button (the form as a browser without JavaScript sends it) for
 * `ordersPerBuyer` checkouts prepared beforehand, one after another. The figure is orders per
 * second over the whole run, and the latency of each post.
 */
export async function measurePlaceOrder(baseUrl: string, database: BenchDatabase, { buyers = 10, ordersPerBuyer = 30 } = {}): Promise<PlaceOrderFigure> {
  const skus = await stockedSkus(database, buyers);
  if (skus.length < buyers) throw new Error(`the catalogue has ${skus.length} products, ${buyers} buyers wanted`);
  const queues: { shopper: Shopper; orderKey: string; total: string }[][] = [];
  let index = 1;
  for (let b = 0; b < buyers; b++) {
    const prepared = await Promise.all(
      Array.from({ length: ordersPerBuyer }, async () => {
        const shopper = await shopperAt(baseUrl, skus[b], "review", index++);
        const html = await (await shopper.send("/checkout/review")).text();
        const orderKey = /name="orderKey" value="([^"]+)"/.exec(html)?.[1];
        const total = /name="shownTotalCents" value="(\d+)"/.exec(html)?.[1];
        if (!orderKey || !total) throw new Error("the review page has no order form");
        return { shopper, orderKey, total };
      }),
    );
    queues.push(prepared);
  }
  const latencies: number[] = [];
  let failed = 0;
  const started = performance.now();
  await Promise.all(
    queues.map(async (queue) => {
      for (const { shopper, orderKey, total } of queue) {
        const at = performance.now();
        try {
          const answer = await shopper.send("/checkout/review", { form: { acceptTerms: "on", orderKey, shownTotalCents: total } });
          if (answer.status !== 303 || !answer.headers.get("Location")?.includes("/pay/sandbox/")) failed++;
        } catch {
          failed++;
        }
        latencies.push(performance.now() - at);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const sorted = Float64Array.from(latencies).sort();
  const orders = latencies.length - failed;
  return { database: database.kind, buyers, orders, failed, seconds, ordersPerSecond: orders / seconds, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
}

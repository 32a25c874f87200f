// Scripted shoppers for the load-balancer test and the soak: each browses (home, a listing, a
// search, a product), adds to the bag, checks the bag is still theirs, and buys it — as a guest, or signed
// in to an account they registered at the start — paying in the sandbox, one request at a time
// like a browser without JavaScript. Every request's outcome and latency is recorded; a step
// that fails (a process killed under it) is tried once more, as a shopper would reload.
import type { Kysely } from "kysely";
import type { Database } from "../../app/db/schema";
import { type HttpClient, createUrlClient } from "../../tests/support/cookie-client";
import { TEST_PASSWORD, shippingStepForm } from "../../tests/support/forms";

export interface Sellable {
  slug: string;
  sku: string;
  listing: string;
}

export interface RequestRecord {
  /** When it started, ms since the run began. */
  at: number;
  ms: number;
  method: string;
  path: string;
  /** The status, or 0 when no answer came (connection reset, refused). */
  status: number;
  error?: string;
}

export interface PlacedOrder {
  shopper: number;
  orderKey: string;
  orderId: number | null;
  /** The success page said paid. */
  paid: boolean;
}

export interface ShopperReport {
  requests: RequestRecord[];
  orders: PlacedOrder[];
  /** Checks that failed although every request answered: a bag or a sign-in lost, an unexpected page. */
  lapses: string[];
  /** Rounds a shopper gave up after a step failed twice. */
  abandoned: number;
}

export interface ShoppersOptions {
  url: string;
  shoppers: number;
  /** Signed-in visitors (signUp()): the first shoppers use them, the rest buy as guests. */
  accounts?: HttpClient[];
  sellable: Sellable[];
  /** The run stops starting new rounds once this says so. */
  until: () => boolean;
  /** Pause between a shopper's requests (think time). */
  pauseMs?: number;
  /** Start of the run's clock (Date.now()). */
  startedAt?: number;
  /** Unique per run: the e-mail addresses' prefix. */
  runId?: string;
}

/** One variant with at least `minStock` in stock of each published product (up to `limit` products), to buy. */
export async function findSellable(db: Kysely<Database>, { minStock, limit = Infinity }: { minStock: number; limit?: number }): Promise<Sellable[]> {
  const rows = await db
    .selectFrom("variants as v")
    .innerJoin("products as p", "p.id", "v.product_id")
    .innerJoin("product_translations as t", (join) => join.onRef("t.product_id", "=", "p.id").on("t.locale", "=", "it"))
    .innerJoin("category_translations as c", (join) => join.onRef("c.category_id", "=", "p.category_id").on("c.locale", "=", "it"))
    .select(["v.product_id", "v.sku", "t.slug", "c.path"])
    .where("v.stock", ">=", minStock)
    .where("p.status", "=", "published")
    .where("p.published_at", "<", new Date().toISOString())
    .orderBy("v.id")
    .execute();
  const seen = new Set<number>();
  const sellable: Sellable[] = [];
  for (const row of rows) {
    if (seen.has(row.product_id) || sellable.length >= limit) continue;
    seen.add(row.product_id);
    sellable.push({ sku: row.sku, slug: row.slug, listing: `/categories/${row.path}` });
  }
  return sellable;
}

class StepFailed extends Error {}

/**
 * A visitor with a new account, signed in: registration costs a password hash, which a loaded
 * server may refuse with 503 (it sheds hashing beyond its limit), so it is tried a few times.
 */
export async function signUp(url: string, email: string): Promise<HttpClient> {
  const client = createUrlClient(url);
  for (let attempt = 1; ; attempt++) {
    const response = await client.fetch("/api/auth/register", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: url },
      body: JSON.stringify({ firstName: "Carla", lastName: "Neri", email, password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD, birthDay: "12", birthMonth: "6", birthYear: "1990", interests: "woman", privacy: true }),
    });
    if (response.status === 200) return client;
    if (response.status !== 503 || attempt === 10) throw new Error(`registering ${email}: ${response.status} ${await response.text()}`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

export async function runShoppers({ url, shoppers, accounts = [], sellable, until, pauseMs = 100, startedAt = Date.now(), runId = String(Date.now()) }: ShoppersOptions): Promise<ShopperReport> {
  const report: ShopperReport = { requests: [], orders: [], lapses: [], abandoned: 0 };
  const pause = () => new Promise((resolve) => setTimeout(resolve, pauseMs));

  /** One request, recorded; a 5xx or no answer throws StepFailed. */
  async function request(client: HttpClient, method: "GET" | "POST", path: string, fields?: Record<string, string>, init?: RequestInit): Promise<Response> {
    const at = Date.now() - startedAt;
    const started = performance.now();
    const record: RequestRecord = { at, ms: 0, method, path: path.replace(/sbx_\w+/, "sbx_…").replace(/\/\d+$/, "/:id"), status: 0 };
    report.requests.push(record);
    try {
      const response = fields ? await client.postForm(path, fields, init) : await client.fetch(path, { method, ...init });
      // The body too: a process killed mid-answer shows here.
      const body = await response.arrayBuffer();
      record.ms = performance.now() - started;
      record.status = response.status;
      if (response.status >= 500) throw new StepFailed(`${method} ${path}: ${response.status}`);
      return new Response(response.status === 204 || response.status === 304 ? null : body, { status: response.status, headers: response.headers });
    } catch (error) {
      record.ms = performance.now() - started;
      if (error instanceof StepFailed) throw error;
      const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
      record.error = [(error as Error).message, cause?.code ?? cause?.message].filter(Boolean).join(": ");
      throw new StepFailed(`${method} ${path}: ${(error as Error).message}`);
    }
  }

  /** A step tried twice (a reload after a failure). */
  async function step<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (!(error instanceof StepFailed)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
      return run();
    }
  }

  const expectStatus = (response: Response, statuses: number[], what: string) => {
    if (!statuses.includes(response.status)) throw new Error(`${what}: ${response.status}`);
    return response;
  };
  const location = (response: Response) => response.headers.get("Location") ?? "";

  async function shopper(index: number): Promise<void> {
    const withAccount = index < accounts.length;
    const client = withAccount ? accounts[index] : createUrlClient(url);
    const email = `${runId}-${index}@shoppers.example`;
    let round = 0;
    while (!until()) {
      round += 1;
      const item = sellable[(index * 7 + round) % sellable.length];
      try {
        await step(() => request(client, "GET", "/"));
        await pause();
        await step(() => request(client, "GET", item.listing));
        await pause();
        // A search for a word of the product's name (the slug's last word: "popeline", "lino"…).
        await step(() => request(client, "GET", `/search?q=${encodeURIComponent(item.slug.split("-").at(-1)!)}`));
        await pause();
        await step(() => request(client, "GET", `/products/${item.slug}`));
        await pause();
        expectStatus(await step(() => request(client, "POST", "/cart", { intent: "add", sku: item.sku, quantity: "1", redirectTo: "/cart" })), [303], "add to bag");
        await pause();
        // The bag is still this shopper's, whichever process answers.
        const bag = (await (await step(() => request(client, "GET", "/api/cart"))).json()) as { cart: { lines: { sku: string }[] } };
        if (!bag.cart.lines.some((line) => line.sku === item.sku)) report.lapses.push(`shopper ${index} round ${round}: the bag lost ${item.sku}`);
        if (withAccount) {
          const account = await step(() => request(client, "GET", "/account"));
          if (account.status !== 200) report.lapses.push(`shopper ${index} round ${round}: signed out (/account answered ${account.status} ${location(account)})`);
        } else {
          expectStatus(await step(() => request(client, "POST", "/checkout/registrationLogin", { intent: "guest", email, firstName: "Giulia", lastName: "Rossi" })), [303], "personal info");
        }
        await pause();
        expectStatus(await step(() => request(client, "POST", "/checkout", shippingStepForm())), [303], "shipping step");
        expectStatus(await step(() => request(client, "POST", "/checkout/payment", { paymentMethod: "card" })), [303], "payment step");
        const review = await (await step(() => request(client, "GET", "/checkout/review"))).text();
        const orderKey = /name="orderKey" value="([^"]+)"/.exec(review)?.[1];
        const total = /name="shownTotalCents" value="(\d+)"/.exec(review)?.[1];
        if (!orderKey || !total) throw new Error("the review page has no order button");
        const order: PlacedOrder = { shopper: index, orderKey, orderId: null, paid: false };
        report.orders.push(order);
        // The order button: pressed again after a failure, the same order key gives the same order.
        const placed = expectStatus(await step(() => request(client, "POST", "/checkout/review", { acceptTerms: "on", orderKey, shownTotalCents: total })), [303], "order button");
        let success = location(placed);
        if (!success.includes("/checkout/success/")) {
          const hosted = new URL(success, url);
          const paid = expectStatus(await step(() => request(client, "POST", hosted.pathname, { outcome: "pay" })), [303], "sandbox payment");
          success = location(paid);
        }
        order.orderId = Number(/\/checkout\/success\/(\d+)/.exec(success)?.[1] ?? NaN) || null;
        const page = await (await step(() => request(client, "GET", success))).text();
        order.paid = page.includes('data-state="paid"');
        if (!order.paid) report.lapses.push(`shopper ${index} round ${round}: order ${order.orderId} not shown paid`);
        await pause();
      } catch (error) {
        if (error instanceof StepFailed) report.abandoned += 1;
        else report.lapses.push(`shopper ${index} round ${round}: ${(error as Error).message}`);
        await pause();
      }
    }
  }

  await Promise.all(Array.from({ length: shoppers }, (_, index) => shopper(index)));
  return report;
}

/** The p-th percentile (0–100) of the values, nearest rank. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

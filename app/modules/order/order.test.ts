import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { Kysely, KyselyPlugin } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, describeEachDatabase } from "../../../tests/support/databases";
import { readMessage, startTestSmtpServer } from "../../../tests/support/mail";
import { openDatabase, pingDatabase } from "~/db/connection.server";
import { migrateToLatest } from "~/db/migrate.server";
import type { Database } from "~/db/schema";
import { seedDatabase } from "~/db/seed/seed.server";
import { addToBag, getBag } from "~/modules/bag/bag.service.server";
import { createMailer } from "~/modules/mail/mail.server";
import { createMailWorker } from "~/modules/mail/mail-worker.server";
import { firstIncompleteStep, getCheckout, savePaymentMethod, savePersonalInfo, saveShippingStep } from "~/modules/checkout/checkout.service.server";
import { handlePaymentEvent, retryPayment, retryPendingRefunds, settleFromProvider, startPayment } from "~/modules/order/order-payment.service.server";
import { PaymentProviderError, PaymentSignatureError } from "~/modules/payment/provider";
import { createSandboxProvider, signSandboxEvent } from "~/modules/payment/sandbox.server";
import { getShopSettings } from "~/modules/settings/shop-settings.server";
import { isDomainError } from "~/utils/domain-error";
import { ADDRESS, readyCheckout, variantWithStock } from "../../../tests/support/order-fixtures";
import { type PlaceOrderInput, cancelExpiredOrder, getOrderFor, placeOrder, sweepExpiredOrders } from "./order.service.server";

const code = (error: unknown) => (isDomainError(error) ? error.code : error);
const SECRET = "sandbox-test-secret";
const sandbox = createSandboxProvider({ secret: SECRET, publicUrl: "http://shop.test" });

const stockOf = async (db: Kysely<Database>, id: number) => (await db.selectFrom("variants").select("stock").where("id", "=", id).executeTakeFirstOrThrow()).stock;
const count = async (db: Kysely<Database>, table: "orders" | "payments" | "discount_redemptions", where?: { orderIds: number[] }) => {
  let query = db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n"));
  if (where && table === "payments") query = query.where("order_id", "in", where.orderIds.length ? where.orderIds : [0]);
  return Number((await query.executeTakeFirstOrThrow()).n);
};

describeEachDatabase("orders", (ctx) => {
  beforeAll(async () => {
    await seedDatabase(ctx().db);
  });

  it("places a guest's order: lines, prices and addresses copied, stock taken, bag emptied, one payment", async () => {
    const { db } = ctx();
    const variant = await variantWithStock(db, 4, 1);
    const { bagId, input, totalCents } = await readyCheckout(db, { sku: variant.sku, quantity: 2 });
    expect(firstIncompleteStep(await getCheckout(db, bagId), input.who, await getShopSettings(db))).toBe("review");

    const placed = await placeOrder(db, input);
    expect(placed).toMatchObject({ created: true, paymentMethod: "card" });
    const order = await getOrderFor(db, placed.orderId, { userId: null, sessionId: input.sessionId });
    expect(order).toMatchObject({ status: "pending_payment", paymentStatus: "pending", shippingStatus: "not_shipped", totalCents, subtotalCents: variant.price_cents * 2, email: input.contact.email });
    expect(order.number).toMatch(/^BT\d{9}$/);
    expect(order.lines).toEqual([expect.objectContaining({ sku: variant.sku, quantity: 2, unitCents: variant.price_cents, totalCents: variant.price_cents * 2 })]);
    expect(order.shippingAddress).toEqual(ADDRESS);
    expect(order.billingAddress).toEqual(ADDRESS);
    expect(await stockOf(db, variant.id)).toBe(2);
    expect((await getBag(db, "it", bagId)).lines).toHaveLength(0);
    expect(await count(db, "payments", { orderIds: [placed.orderId] })).toBe(1);
    // A later catalogue change does not rewrite the order.
    await db.updateTable("variants").set({ price_cents: 1 }).where("id", "=", variant.id).execute();
    expect((await getOrderFor(db, placed.orderId, { userId: null, sessionId: input.sessionId })).lines[0].unitCents).toBe(variant.price_cents);
    await db.updateTable("variants").set({ price_cents: variant.price_cents }).where("id", "=", variant.id).execute();

    // The same key again (back and resubmit): the same order, nothing more taken.
    expect(await placeOrder(db, input)).toEqual({ orderId: placed.orderId, created: false, paymentMethod: "card" });
    expect(await stockOf(db, variant.id)).toBe(2);
    // Only its owner sees it.
    await expect(getOrderFor(db, placed.orderId, { userId: null, sessionId: "someone-else" }).catch(code)).resolves.toBe("ORDER_NOT_FOUND");
    await expect(getOrderFor(db, null, { userId: null, sessionId: input.sessionId }).catch(code)).resolves.toBe("ORDER_NOT_FOUND");
  });

  it("refuses a total that is not the bag's (a tampered or stale review), taking nothing", async () => {
    const { db } = ctx();
    const variant = await variantWithStock(db, 3, 2);
    const { input } = await readyCheckout(db, { sku: variant.sku });
    const before = await count(db, "orders");
    await expect(placeOrder(db, { ...input, shownTotalCents: 1 }).catch(code)).resolves.toBe("TOTAL_MISMATCH");
    expect(await count(db, "orders")).toBe(before);
    expect(await stockOf(db, variant.id)).toBe(3);
  });

  it("sends each step to the first incomplete one", async () => {
    const { db } = ctx();
    const variant = await variantWithStock(db, 3, 3);
    const settings = await getShopSettings(db);
    const { bagId } = await addToBag(db, { bagId: null, sku: variant.sku, quantity: 1 });
    expect(firstIncompleteStep(await getCheckout(db, bagId), { kind: "anonymous" }, settings)).toBe("registrationLogin");
    expect(firstIncompleteStep(null, { kind: "guest", email: "a@example.com" }, settings)).toBe("registrationLogin");
    await savePersonalInfo(db, bagId, { email: "a@example.com", firstName: "A", lastName: "B" });
    expect(firstIncompleteStep(await getCheckout(db, bagId), { kind: "guest", email: "a@example.com" }, settings)).toBe("shipping");
    expect(firstIncompleteStep(await getCheckout(db, bagId), { kind: "account", userId: 1 }, settings)).toBe("shipping");
    await expect(savePaymentMethod(db, bagId, "card", { ...settings, paymentMethods: ["bankTransfer"] }).catch(code)).resolves.toBe("NO_PAYMENT_METHODS");
    // Another account's saved address is nobody's here.
    await expect(
      saveShippingStep(db, bagId, { addressId: 999, shipping: null, saveAddress: false, billing: null, shippingMethod: "ups_standard", pickupStoreId: null, invoice: null }, { kind: "account", userId: 1 }).catch(code),
    ).resolves.toBe("ADDRESS_NOT_FOUND");
  });

  it("10 concurrent submits with one key make 1 order and 1 payment", async () => {
    const { db } = ctx();
    const variant = await variantWithStock(db, 10, 4);
    const { input } = await readyCheckout(db, { sku: variant.sku, quantity: 1 });
    const results = await Promise.all(Array.from({ length: 10 }, () => placeOrder(db, input)));
    const ids = new Set(results.map((r) => r.orderId));
    expect(ids.size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(await count(db, "payments", { orderIds: [...ids] })).toBe(1);
    expect(await stockOf(db, variant.id)).toBe(9);
  });

  it("a single-use code tried by 20 concurrent checkouts applies once", async () => {
    const { db } = ctx();
    const variant = await variantWithStock(db, 40, 5);
    const at = new Date().toISOString();
    const { id: codeId } = await db
      .insertInto("discount_codes")
      .values({ code: `ONCE${randomBytes(3).toString("hex").toUpperCase()}`, kind: "fixed", amount: 500, min_subtotal_cents: 0, starts_at: null, ends_at: null, max_uses: 1, max_uses_per_customer: null, created_at: at })
      .returning("id")
      .executeTakeFirstOrThrow();
    const codeName = (await db.selectFrom("discount_codes").select("code").where("id", "=", codeId).executeTakeFirstOrThrow()).code;
    const checkouts = [];
    for (let i = 0; i < 20; i++) checkouts.push(await readyCheckout(db, { sku: variant.sku, coupon: codeName }));
    const results = await Promise.all(checkouts.map(({ input }) => placeOrder(db, input).then(() => "placed", code)));
    expect(results.filter((r) => r === "placed")).toHaveLength(1);
    expect(results.filter((r) => r === "INVALID_COUPON")).toHaveLength(19);
    expect(Number((await db.selectFrom("discount_redemptions").select((eb) => eb.fn.countAll<number>().as("n")).where("discount_code_id", "=", codeId).executeTakeFirstOrThrow()).n)).toBe(1);
    expect(await stockOf(db, variant.id)).toBe(39);
  });

  it("confirms a sandbox payment by its signed event once; a bad signature is refused; a failure allows a retry", async () => {
    const { db } = ctx();
    const variant = await variantWithStock(db, 5, 6);
    const { input } = await readyCheckout(db, { sku: variant.sku });
    const { orderId } = await placeOrder(db, input);
    const urls = { successUrl: "http://shop.test/ok", cancelUrl: "http://shop.test/ko" };
    const page = await startPayment(db, sandbox, orderId, urls);
    expect(page).toMatch(/^http:\/\/shop\.test\/pay\/sandbox\/sbx_/);
    expect(await startPayment(db, sandbox, orderId, urls)).toBe(page);
    const ref = page!.split("/").pop()!;

    const forged = signSandboxEvent("not-the-secret", { ref, outcome: "succeeded", amountCents: input.shownTotalCents });
    await expect(sandbox.verifyWebhook(forged.body, forged.headers)).rejects.toBeInstanceOf(PaymentSignatureError);
    const tampered = signSandboxEvent(SECRET, { ref, outcome: "failed", amountCents: input.shownTotalCents });
    await expect(sandbox.verifyWebhook(tampered.body.replace("payment.failed", "payment.succeeded"), tampered.headers)).rejects.toBeInstanceOf(PaymentSignatureError);

    const failed = await sandbox.verifyWebhook(tampered.body, tampered.headers);
    expect(await handlePaymentEvent(db, sandbox, failed!)).toEqual({ result: "applied", orderId });
    expect((await getOrderFor(db, orderId, { userId: null, sessionId: input.sessionId })).paymentStatus).toBe("failed");

    await retryPayment(db, sandbox, { orderId, viewer: { userId: null, sessionId: input.sessionId }, method: "googlePay" });
    const retryPage = await startPayment(db, sandbox, orderId, urls);
    expect(retryPage).not.toBe(page);
    const paid = signSandboxEvent(SECRET, { ref: retryPage!.split("/").pop()!, outcome: "succeeded", amountCents: input.shownTotalCents });
    const event = await sandbox.verifyWebhook(paid.body, paid.headers);
    const mailBefore = Number((await db.selectFrom("mail_outbox").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
    expect(await handlePaymentEvent(db, sandbox, event!)).toEqual({ result: "applied", orderId });
    expect(await handlePaymentEvent(db, sandbox, event!)).toEqual({ result: "replayed", orderId });
    const order = await getOrderFor(db, orderId, { userId: null, sessionId: input.sessionId });
    expect(order).toMatchObject({ status: "confirmed", paymentStatus: "paid", paymentMethod: "googlePay" });
    const mails = await db.selectFrom("mail_outbox").select(["recipient", "subject", "text_body"]).orderBy("id", "desc").limit(5).execute();
    expect(Number((await db.selectFrom("mail_outbox").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n)).toBe(mailBefore + 1);
    expect(mails[0]).toMatchObject({ recipient: input.contact.email, subject: `Il tuo ordine ${order.number}` });
    // A paid order cannot be paid again.
    await expect(retryPayment(db, sandbox, { orderId, viewer: { userId: null, sessionId: input.sessionId }, method: "card" }).catch(code)).resolves.toBe("ORDER_NOT_PAYABLE");
  });

  it("the confirmation reaches the shopper's mailbox through a real SMTP server, in the order's language", async () => {
    const { db } = ctx();
    const smtp = await startTestSmtpServer();
    try {
      const variant = await variantWithStock(db, 5, 11);
      const { input } = await readyCheckout(db, { sku: variant.sku, email: "chiara@example.it" });
      const { orderId } = await placeOrder(db, { ...input, locale: "en" });
      const page = await startPayment(db, sandbox, orderId, { successUrl: "http://shop.test/ok", cancelUrl: "http://shop.test/ko" });
      const paid = signSandboxEvent(SECRET, { ref: page!.split("/").pop()!, outcome: "succeeded", amountCents: input.shownTotalCents });
      await handlePaymentEvent(db, sandbox, (await sandbox.verifyWebhook(paid.body, paid.headers))!);
      const worker = createMailWorker(db, createMailer({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, outboxDir: "/nonexistent", from: "Bottega <negozio@bottega.example>" }));
      while ((await worker.runOnce()).sent > 0);
      const mail = smtp.received.find((m) => m.to.includes("chiara@example.it"));
      expect(mail).toBeDefined();
      const message = readMessage(mail!.raw);
      const order = await getOrderFor(db, orderId, { userId: null, sessionId: input.sessionId });
      expect(message.subject).toBe(`Your order ${order.number}`);
      expect(message.text).toContain("we have received the payment for your order");
      expect(message.text).toContain(`1 × ${order.lines[0].name}`);
    } finally {
      await smtp.close();
    }
  });

  it("a late payment the provider cannot refund at once waits as refund_pending and is refunded on a later sweep", async () => {
    const { db } = ctx();
    const variant = await variantWithStock(db, 3, 12);
    const { input } = await readyCheckout(db, { sku: variant.sku });
    const { orderId } = await placeOrder(db, input);
    let refunds = 0;
    let down = true;
    const flaky = {
      ...sandbox,
      async refund() {
        if (down) throw new PaymentProviderError("provider down", 503);
        refunds++;
      },
    };
    const page = await startPayment(db, flaky, orderId, { successUrl: "http://shop.test/ok", cancelUrl: "http://shop.test/ko" });
    expect(await cancelExpiredOrder(db, orderId, new Date(Date.now() + 31 * 60_000))).toBe(true);
    const late = signSandboxEvent(SECRET, { ref: page!.split("/").pop()!, outcome: "succeeded", amountCents: input.shownTotalCents });
    const event = (await sandbox.verifyWebhook(late.body, late.headers))!;
    expect(await handlePaymentEvent(db, flaky, event)).toEqual({ result: "applied", orderId });
    const status = async () => (await db.selectFrom("payments").select("status").where("order_id", "=", orderId).executeTakeFirstOrThrow()).status;
    expect(await status()).toBe("refund_pending");
    // The provider's redelivery changes nothing; the sweep refunds once the provider is back.
    expect(await handlePaymentEvent(db, flaky, event)).toEqual({ result: "replayed", orderId });
    down = false;
    expect(await retryPendingRefunds(db, flaky)).toBe(1);
    expect(await retryPendingRefunds(db, flaky)).toBe(0);
    expect(refunds).toBe(1);
    expect(await status()).toBe("refunded");
    expect((await getOrderFor(db, orderId, { userId: null, sessionId: input.sessionId })).paymentStatus).toBe("refunded");
  });

  it("an order cancelled unpaid gives its code's use back", async () => {
    const { db } = ctx();
    const variant = await variantWithStock(db, 10, 13);
    const name = `BACK${randomBytes(3).toString("hex").toUpperCase()}`;
    await db
      .insertInto("discount_codes")
      .values({ code: name, kind: "fixed", amount: 100, min_subtotal_cents: 0, starts_at: null, ends_at: null, max_uses: 1, max_uses_per_customer: null, created_at: new Date().toISOString() })
      .execute();
    const first = await readyCheckout(db, { sku: variant.sku, coupon: name });
    const second = await readyCheckout(db, { sku: variant.sku, coupon: name });
    const { orderId } = await placeOrder(db, first.input);
    await expect(placeOrder(db, second.input).catch(code)).resolves.toBe("INVALID_COUPON");
    await cancelExpiredOrder(db, orderId, new Date(Date.now() + 31 * 60_000));
    expect((await placeOrder(db, second.input)).created).toBe(true);
  });

  it("switching payment methods never holds the stock past a bank transfer's days from the order", async () => {
    const { db } = ctx();
    const variant = await variantWithStock(db, 3, 14);
    const { input } = await readyCheckout(db, { sku: variant.sku });
    const placedAt = new Date();
    const { orderId } = await placeOrder(db, input, placedAt);
    const viewer = { userId: null, sessionId: input.sessionId };
    const longest = placedAt.getTime() + 7 * 86_400_000;
    await retryPayment(db, sandbox, { orderId, viewer, method: "card" }, new Date(placedAt.getTime() + 20 * 60_000));
    await retryPayment(db, sandbox, { orderId, viewer, method: "bankTransfer" }, new Date(placedAt.getTime() + 40 * 60_000));
    expect(Date.parse((await getOrderFor(db, orderId, viewer)).holdUntil)).toBe(longest);
    await retryPayment(db, sandbox, { orderId, viewer, method: "card" }, new Date(longest - 60_000));
    expect(Date.parse((await getOrderFor(db, orderId, viewer)).holdUntil)).toBe(longest);
  });

  it("a provider that cannot start a payment fails it with PAYMENT_UNAVAILABLE; a late webhook is settled by asking the provider", async () => {
    const { db } = ctx();
    const variant = await variantWithStock(db, 3, 15);
    const urls = { successUrl: "http://shop.test/ok", cancelUrl: "http://shop.test/ko" };
    const first = await readyCheckout(db, { sku: variant.sku });
    const { orderId } = await placeOrder(db, first.input);
    const broken = { ...sandbox, createPayment: () => Promise.reject(new PaymentProviderError("down", 503)) };
    await expect(startPayment(db, broken, orderId, urls).catch(code)).resolves.toBe("PAYMENT_UNAVAILABLE");
    expect((await getOrderFor(db, orderId, { userId: null, sessionId: first.input.sessionId })).paymentStatus).toBe("failed");

    const second = await readyCheckout(db, { sku: variant.sku });
    const placed = await placeOrder(db, second.input);
    let answer: "pending" | "succeeded" = "pending";
    const asking = { ...sandbox, retrievePayment: async () => answer };
    await startPayment(db, asking, placed.orderId, urls);
    await settleFromProvider(db, asking, placed.orderId);
    expect((await getOrderFor(db, placed.orderId, { userId: null, sessionId: second.input.sessionId })).paymentStatus).toBe("pending");
    answer = "succeeded";
    await settleFromProvider(db, asking, placed.orderId);
    await settleFromProvider(db, asking, placed.orderId);
    expect((await getOrderFor(db, placed.orderId, { userId: null, sessionId: second.input.sessionId })).status).toBe("confirmed");
  });

  it("a bank transfer order waits days, with its instructions e-mailed at once", async () => {
    const { db } = ctx();
    const variant = await variantWithStock(db, 5, 7);
    const now = new Date();
    const { input } = await readyCheckout(db, { sku: variant.sku, method: "bankTransfer" });
    const { orderId } = await placeOrder(db, input, now);
    const order = await getOrderFor(db, orderId, { userId: null, sessionId: input.sessionId });
    expect(order).toMatchObject({ status: "pending_payment", paymentStatus: "awaiting_transfer" });
    expect(Date.parse(order.holdUntil) - now.getTime()).toBe(7 * 86_400_000);
    const mail = await db.selectFrom("mail_outbox").select(["recipient", "text_body"]).where("recipient", "=", input.contact.email).executeTakeFirstOrThrow();
    expect(mail.text_body).toContain("IBAN: IT60X0542811101000000123456");
    expect(mail.text_body).toContain(`Causale: ordine ${order.number}`);
  });

  it("the sweep cancels an unpaid order past its hold, once, and gives the stock back; a later payment is refunded", async () => {
    const { db } = ctx();
    const variant = await variantWithStock(db, 2, 8);
    const later = new Date(Date.now() + 31 * 60_000);
    const { input } = await readyCheckout(db, { sku: variant.sku, quantity: 2 });
    const { orderId } = await placeOrder(db, input);
    const page = await startPayment(db, sandbox, orderId, { successUrl: "http://shop.test/ok", cancelUrl: "http://shop.test/ko" });
    expect(await stockOf(db, variant.id)).toBe(0);
    expect(await sweepExpiredOrders(db)).toBe(0);
    const swept = await Promise.all([sweepExpiredOrders(db, later), sweepExpiredOrders(db, later), cancelExpiredOrder(db, orderId, later)]);
    // Other tests' orders expire too; this one is cancelled exactly once.
    expect(swept.filter((r) => r === true || (typeof r === "number" && r > 0)).length).toBeGreaterThanOrEqual(1);
    expect(await cancelExpiredOrder(db, orderId, later)).toBe(false);
    expect(await stockOf(db, variant.id)).toBe(2);
    expect((await getOrderFor(db, orderId, { userId: null, sessionId: input.sessionId })).status).toBe("cancelled");

    const late = signSandboxEvent(SECRET, { ref: page!.split("/").pop()!, outcome: "succeeded", amountCents: input.shownTotalCents });
    await handlePaymentEvent(db, sandbox, (await sandbox.verifyWebhook(late.body, late.headers))!);
    const order = await getOrderFor(db, orderId, { userId: null, sessionId: input.sessionId });
    expect(order).toMatchObject({ status: "cancelled", paymentStatus: "refunded" });
    expect((await db.selectFrom("payments").select("status").where("order_id", "=", orderId).executeTakeFirstOrThrow()).status).toBe("refunded");
    expect(await stockOf(db, variant.id)).toBe(2);
  });
});

/** A database two processes can open: a temporary SQLite file, or a fresh PostgreSQL database. */
async function sharedDatabase(kind: "sqlite" | "postgres") {
  if (kind === "sqlite") {
    const dir = mkdtempSync(path.join(tmpdir(), "bottega-orders-"));
    const url = `file:${path.join(dir, "shop.sqlite")}`;
    const handle = openDatabase(url);
    return { url, handle, destroy: async () => (await handle.close(), rmSync(dir, { recursive: true, force: true })) };
  }
  const admin = new pg.Client({ connectionString: process.env.TEST_POSTGRES_URL });
  await admin.connect();
  const name = `bottega_orders_${randomBytes(5).toString("hex")}`;
  await admin.query(`create database ${name}`);
  const target = new URL(process.env.TEST_POSTGRES_URL!);
  target.pathname = `/${name}`;
  const handle = openDatabase(target.toString(), { poolSize: 8 });
  return {
    url: target.toString(),
    handle,
    admin,
    name,
    destroy: async () => {
      await handle.close();
      await admin.query(`drop database ${name} with (force)`);
      await admin.end();
    },
  };
}

const runWorker = promisify(execFile);

for (const kind of DIALECTS) {
  describe(`orders across processes [${kind}]`, () => {
    let shared: Awaited<ReturnType<typeof sharedDatabase>>;
    beforeAll(async () => {
      shared = await sharedDatabase(kind);
      await migrateToLatest(shared.handle.db);
      await seedDatabase(shared.handle.db);
    }, 60_000);
    afterAll(async () => {
      await shared?.destroy();
    });

    it("50 concurrent orders from two app processes for the last 5 units: 5 orders, stock 0, never negative", async () => {
      const { db } = shared.handle;
      const variant = await variantWithStock(db, 5, 9);
      const inputs: PlaceOrderInput[] = [];
      for (let i = 0; i < 50; i++) inputs.push((await readyCheckout(db, { sku: variant.sku })).input);
      // The bags were filled while there was stock; the orders now race for the last 5 units.
      const dir = mkdtempSync(path.join(tmpdir(), "bottega-workers-"));
      const files = [inputs.slice(0, 25), inputs.slice(25)].map((part, i) => {
        const file = path.join(dir, `inputs-${i}.json`);
        writeFileSync(file, JSON.stringify(part));
        return file;
      });
      const outputs = await Promise.all(files.map((file) => runWorker(process.execPath, ["--import", "tsx", "tests/support/place-order-worker.ts", shared.url, file], { cwd: process.cwd(), maxBuffer: 1 << 20 })));
      rmSync(dir, { recursive: true, force: true });
      const results = outputs.flatMap(({ stdout }) => JSON.parse(stdout) as { ok: boolean; code?: string }[]);
      expect(results).toHaveLength(50);
      expect(results.filter((r) => r.ok)).toHaveLength(5);
      expect(results.filter((r) => !r.ok).map((r) => r.code)).toEqual(Array(45).fill("OUT_OF_STOCK"));
      expect(await stockOf(db, variant.id)).toBe(0);
      const orders = await db.selectFrom("order_lines").select((eb) => eb.fn.sum<number>("quantity").as("units")).where("variant_id", "=", variant.id).executeTakeFirstOrThrow();
      expect(Number(orders.units)).toBe(5);
    }, 60_000);

    it("a database fault in the middle of placing an order leaves no partial order and no lost stock", async () => {
      const variant = await variantWithStock(shared.handle.db, 3, 10);
      const { input, bagId } = await readyCheckout(shared.handle.db, { sku: variant.sku, quantity: 2 });
      const ordersBefore = await count(shared.handle.db, "orders");
      // After the stock is taken and the order row written, the database goes: PostgreSQL drops
      // every connection to this database; SQLite's driver fails the next statement.
      let orderInsertId: unknown = null;
      let fired = false;
      const fault: KyselyPlugin = {
        transformQuery(args) {
          const into = args.node.kind === "InsertQueryNode" ? args.node.into?.table.identifier.name : undefined;
          if (!fired && into === "orders") orderInsertId = args.queryId;
          if (!fired && kind === "sqlite" && into === "order_lines") {
            fired = true;
            throw Object.assign(new Error("disk I/O error"), { code: "SQLITE_IOERR" });
          }
          return args.node;
        },
        async transformResult(args) {
          if (!fired && kind === "postgres" && args.queryId === orderInsertId && "admin" in shared) {
            fired = true;
            await shared.admin!.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1", [shared.name]);
          }
          return args.result;
        },
      };
      const failing = shared.handle.db.withPlugin(fault);
      const outcome = await placeOrder(failing, input).then(
        () => "placed",
        (error: unknown) => (error as { name?: string }).name ?? String(error),
      );
      expect(outcome).not.toBe("placed");
      // The pool may still hold a connection the drop killed: the first query on it fails (a 503).
      for (let attempt = 0; attempt < 5 && !(await pingDatabase(shared.handle.db)); attempt++);
      expect(await count(shared.handle.db, "orders")).toBe(ordersBefore);
      expect(await stockOf(shared.handle.db, variant.id)).toBe(3);
      expect((await getBag(shared.handle.db, "it", bagId)).lines).toHaveLength(1);
      // The shopper's retry, once the database is back, places the order.
      const placed = await placeOrder(shared.handle.db, input);
      expect(placed.created).toBe(true);
      expect(await stockOf(shared.handle.db, variant.id)).toBe(1);
    }, 30_000);
  });
}

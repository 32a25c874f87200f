import { randomBytes } from "node:crypto";
import { beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/support/databases";
import { paidOrder, readyCheckout, variantWithStock } from "../../../tests/support/order-fixtures";
import { seedDatabase } from "~/db/seed/seed.server";
import { placeOrder } from "~/modules/order/order.service.server";
import { createSandboxProvider } from "~/modules/payment/sandbox.server";
import { getShopSettings } from "~/modules/settings/shop-settings.server";
import { formatMoney } from "~/utils/money";

// The order confirmation's totals as the shopper reads them: free shipping says "Gratuita" /
// "Free", as the bag and the checkout pages do, never "0".

const sandbox = createSandboxProvider({ secret: "sandbox-test-secret", publicUrl: "http://shop.test" });

describeEachDatabase("order e-mails", (ctx) => {
  beforeAll(async () => {
    await seedDatabase(ctx().db);
  });

  /** The confirmation queued for an order of `quantity` × a variant, paid by card or placed for a bank transfer. */
  async function confirmation(quantity: (priceCents: number, freeFromCents: number) => number, method: "card" | "bankTransfer", index: number) {
    const { db } = ctx();
    const settings = await getShopSettings(db);
    const variant = await variantWithStock(db, 50, index);
    const count = quantity(variant.price_cents, settings.freeShippingFromCents);
    const email = `mail-${randomBytes(4).toString("hex")}@example.com`;
    await paidOrder(db, sandbox, { lines: [{ sku: variant.sku, quantity: count }], method, email });
    const mail = await db.selectFrom("mail_outbox").select(["text_body", "html_body"]).where("recipient", "=", email).executeTakeFirstOrThrow();
    return { ...mail, settings, subtotalCents: variant.price_cents * count };
  }

  it("says free shipping in words, in the paid order's confirmation and in the bank transfer's", async () => {
    const paid = await confirmation((price, free) => Math.ceil(free / price), "card", 8);
    expect(paid.text_body).toContain("Spedizione: Gratuita");
    expect(paid.html_body).toContain("Spedizione: Gratuita");
    expect(paid.text_body).not.toMatch(/Spedizione: 0\b/);
    const transfer = await confirmation((price, free) => Math.ceil(free / price), "bankTransfer", 9);
    expect(transfer.text_body).toContain("Spedizione: Gratuita");
  });

  it("says it in English for an English order", async () => {
    const { db } = ctx();
    const settings = await getShopSettings(db);
    const variant = await variantWithStock(db, 50, 11);
    const { input } = await readyCheckout(db, { sku: variant.sku, quantity: Math.ceil(settings.freeShippingFromCents / variant.price_cents), method: "bankTransfer" });
    await placeOrder(db, { ...input, locale: "en" });
    const mail = await db.selectFrom("mail_outbox").select("text_body").where("recipient", "=", input.contact.email).executeTakeFirstOrThrow();
    expect(mail.text_body).toContain("Shipping: Free");
  });

  it("shows the shipping fee below the free-shipping threshold", async () => {
    const { text_body, settings, subtotalCents } = await confirmation(() => 1, "card", 10);
    expect(subtotalCents).toBeLessThan(settings.freeShippingFromCents);
    expect(text_body).toContain(`Spedizione: ${formatMoney(settings.shippingFeeCents, "it")}`);
  });
});

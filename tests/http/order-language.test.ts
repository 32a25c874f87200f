import { expect, it } from "vitest";
import { shippingStepForm } from "../support/forms";
import { describeEachApp } from "../support/http";

// Issue 37 item 13: an order's lines show in the viewer's language where the product still
// exists (its name and its colour's), on the confirmation page and through the API; a product
// without a name in that language keeps the one it was bought with.

const decode = (html: string) => html.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&");

describeEachApp("an order's lines in the viewer's language", (app) => {
  it("names the lines of an order placed in Italian in English for an English page, where the product still exists", async () => {
    const db = app().db;
    // Two products whose names differ between the languages.
    const products = await db
      .selectFrom("variants as v")
      .innerJoin("product_translations as it", (join) => join.onRef("it.product_id", "=", "v.product_id").on("it.locale", "=", "it"))
      .innerJoin("product_translations as en", (join) => join.onRef("en.product_id", "=", "v.product_id").on("en.locale", "=", "en"))
      .innerJoin("color_translations as cit", (join) => join.onRef("cit.color_code", "=", "v.color_code").on("cit.locale", "=", "it"))
      .innerJoin("color_translations as cen", (join) => join.onRef("cen.color_code", "=", "v.color_code").on("cen.locale", "=", "en"))
      .select(["v.sku", "v.product_id as productId", "it.name as itName", "en.name as enName", "cit.name as itColor", "cen.name as enColor"])
      .where("v.stock", ">=", 5)
      .whereRef("it.name", "<>", "en.name")
      .whereRef("cit.name", "<>", "cen.name")
      .orderBy("v.id")
      .execute();
    const [first] = products;
    const second = products.find((p) => p.productId !== first.productId)!;
    const shopper = app().client();
    for (const { sku } of [first, second]) await shopper.postForm("/cart", { intent: "add", sku, quantity: "1", redirectTo: "/cart" });
    await shopper.postForm("/checkout/registrationLogin", { intent: "guest", email: "lingua@example.com", firstName: "Giulia", lastName: "Rossi" });
    await shopper.postForm("/checkout", shippingStepForm({}));
    await shopper.postForm("/checkout/payment", { paymentMethod: "bankTransfer" });
    const review = await (await shopper.get("/checkout/review")).text();
    const placed = await shopper.postForm("/checkout/review", {
      acceptTerms: "on",
      orderKey: /name="orderKey" value="([^"]+)"/.exec(review)![1],
      shownTotalCents: /name="shownTotalCents" value="(\d+)"/.exec(review)![1],
    });
    const success = placed.headers.get("Location")!;
    const orderId = Number(success.split("/").pop());

    // In Italian, as bought; in English, the English names.
    const italian = decode(await (await shopper.get(success)).text());
    expect(italian).toContain(first.itName);
    const english = decode(await (await shopper.get(`/en${success}`)).text());
    expect(english).toContain(first.enName);
    expect(english).toContain(second.enName);
    expect(english).toContain(first.enColor);
    expect(english).not.toContain(`>${first.itName}<`);
    const api = (await (await shopper.get(`/api/account/orders/${orderId}?language=en`)).json()) as { lines: Array<{ name: string; color: string }> };
    expect(api.lines.map((l) => [l.name, l.color])).toEqual([
      [first.enName, first.enColor],
      [second.enName, second.enColor],
    ]);
    const own = (await (await shopper.get(`/api/account/orders/${orderId}`)).json()) as { lines: Array<{ name: string }> };
    expect(own.lines[0].name).toBe(first.itName);

    // A product no longer sold in English keeps the name it was bought with.
    await db.deleteFrom("product_translations").where("product_id", "=", second.productId).where("locale", "=", "en").execute();
    const kept = (await (await shopper.get(`/api/account/orders/${orderId}?language=en`)).json()) as { lines: Array<{ name: string }> };
    expect(kept.lines.map((l) => l.name)).toEqual([first.enName, second.itName]);
    // The order keeps its own language for its mails and invoice.
    expect((await db.selectFrom("order_lines").select("product_name").where("order_id", "=", orderId).orderBy("id").execute()).map((l) => l.product_name)).toEqual([first.itName, second.itName]);
  });
});

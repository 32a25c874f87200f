import { beforeAll, expect, it } from "vitest";
import { shippingStepForm } from "../support/forms";
import { type HttpClient, ORIGIN, describeEachApp } from "../support/http";
import { signInStaff } from "../support/staff";
import { cancelUncollectedOrders } from "~/modules/order/fulfilment.service.server";
import { sweepExpiredOrders } from "~/modules/order/order.service.server";
import { paymentProvider } from "~/modules/payment/payment.service.server";

// Pick-up in a store (issue 41 part 3) through the request handler, as a shopper and staff
// without JavaScript: the shipping step offers the Italian stores with their promise for the
// bag, the order pays no delivery and takes the store's own pieces (20 checkouts racing for its
// last 3: 3 orders, none oversold, the others sent back to choose again), Atelier marks it ready
// and collected with the e-mails, and an order left uncollected 10 days is cancelled and
// refunded, its pieces back on the store's shelf.

const DAY = 86_400_000;

describeEachApp("pick-up in a store", (app) => {
  let stores: { id: number; name: string }[];
  let abroad: number;
  beforeAll(async () => {
    stores = await app().db.selectFrom("stores").select(["id", "name"]).where("country_code", "=", "IT").orderBy("position").orderBy("id").execute();
    abroad = (await app().db.selectFrom("stores").select("id").where("country_code", "<>", "IT").executeTakeFirstOrThrow()).id;
    expect(stores.length).toBeGreaterThan(1);
  });

  const location = (response: Response) => response.headers.get("Location");
  /** A variant with `warehouse` pieces in the warehouse and `inStore` on the first Italian store's shelf, none elsewhere. */
  async function variantInStore(offset: number, warehouse: number, inStore: number) {
    const variant = await app().db.selectFrom("variants").select(["id", "sku", "price_cents as price"]).where("stock", ">=", 1).orderBy("id", "desc").offset(offset).limit(1).executeTakeFirstOrThrow();
    await app().db.updateTable("variants").set({ stock: warehouse }).where("id", "=", variant.id).execute();
    await app().db.deleteFrom("store_stock").where("variant_id", "=", variant.id).execute();
    await app().db.insertInto("store_stock").values({ store_id: stores[0].id, variant_id: variant.id, quantity: inStore, updated_at: new Date().toISOString() }).execute();
    return variant;
  }
  const storeQuantity = async (variantId: number, storeId = stores[0].id) =>
    (await app().db.selectFrom("store_stock").select("quantity").where("store_id", "=", storeId).where("variant_id", "=", variantId).executeTakeFirst())?.quantity ?? 0;
  const warehouse = async (variantId: number) => (await app().db.selectFrom("variants").select("stock").where("id", "=", variantId).executeTakeFirstOrThrow()).stock;
  const orderRow = (id: number) => app().db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const mailsOf = (id: number, template: string) => app().db.selectFrom("mail_outbox").select(["subject", "text_body as text"]).where("order_id", "=", id).where("template", "=", template).execute();

  /** A guest with the variant in the bag, through Personal Info. */
  async function guest(sku: string, name: string): Promise<HttpClient> {
    const shopper = app().client();
    await shopper.postForm("/cart", { intent: "add", sku, quantity: "1", redirectTo: "/cart" });
    expect((await shopper.postForm("/checkout/registrationLogin", { intent: "guest", email: `${name}@example.com`, firstName: "Giulia", lastName: "Rossi" })).status).toBe(303);
    return shopper;
  }
  const pickupAt = (storeId: number) => shippingStepForm({ shippingMethod: "store_pickup", pickupStore: String(storeId) });
  async function reviewFields(shopper: HttpClient) {
    const html = await (await shopper.get("/checkout/review")).text();
    return { html, fields: { acceptTerms: "on", orderKey: /name="orderKey" value="([^"]+)"/.exec(html)![1], shownTotalCents: /name="shownTotalCents" value="(\d+)"/.exec(html)![1] } };
  }
  /** A card order collected in the first store, placed and paid in the sandbox: its id. */
  async function paidPickupOrder(sku: string, name: string): Promise<number> {
    const shopper = await guest(sku, name);
    expect(location(await shopper.postForm("/checkout", pickupAt(stores[0].id)))).toBe("/checkout/payment");
    await shopper.postForm("/checkout/payment", { paymentMethod: "card" });
    const hosted = location(await shopper.postForm("/checkout/review", (await reviewFields(shopper)).fields))!;
    const paid = await shopper.postForm(hosted, { outcome: "pay" });
    return Number(location(paid)!.split("/").pop());
  }

  it("offers the Italian stores at the shipping step with their promise for the bag, refuses a forged one at the field, and charges no delivery", async () => {
    const variant = await variantInStore(0, 20, 2);
    const shopper = await guest(variant.sku, "pickup-offer");
    const page = await (await shopper.get("/checkout")).text();
    expect(page).toContain(">Ritiro in negozio<");
    expect(page).toContain(`>${stores[0].name}<`);
    expect(page).toContain(`>${stores[1].name}<`);
    expect(page).toContain(">Pronto in giornata<");
    expect(page).toContain(">Pronto in 2–3 giorni lavorativi: i capi arrivano dal magazzino<");

    // The same list as JSON, for the same bag.
    const json = (await (await shopper.get("/api/cart/pickupStores")).json()) as { stores: { id: number; readyIn: unknown; hours: unknown[] }[]; collectWithinDays: number };
    expect(json.collectWithinDays).toBe(10);
    expect(json.stores.map((store) => store.id)).toEqual(stores.map((store) => store.id));
    expect(json.stores[0]).toMatchObject({ readyIn: "same_day" });
    expect(json.stores[1]).toMatchObject({ readyIn: { workingDays: { min: 2, max: 3 } } });
    expect(json.stores[0].hours).toHaveLength(7);
    expect((await shopper.fetch("/api/cart/pickupStores", { method: "POST", headers: { "Content-Type": "application/json", Origin: ORIGIN }, body: "{}" })).status).toBe(405);

    const missing = await shopper.postForm("/checkout", shippingStepForm({ shippingMethod: "store_pickup" }));
    expect(missing.status).toBe(400);
    const missingHtml = await missing.text();
    expect(missingHtml).toContain("Scegli il negozio in cui ritirare l&#x27;ordine.");
    // The rest of the input is kept.
    expect(missingHtml).toContain('value="Via Roma"');
    for (const forged of ["99999999", String(abroad), "abc", "-1", "99999999999"]) {
      const answer = await shopper.postForm("/checkout", pickupAt(forged as unknown as number));
      expect([400, 422], forged).toContain(answer.status);
      expect(await answer.text(), forged).toContain("Scegli il negozio in cui ritirare l&#x27;ordine.");
    }
    expect(location(await shopper.postForm("/checkout", pickupAt(stores[0].id)))).toBe("/checkout/payment");
    // The choice is kept: the step shows it checked.
    expect(await (await shopper.get("/checkout")).text()).toMatch(new RegExp(`name="pickupStore" checked="" value="${stores[0].id}"`));
    await shopper.postForm("/checkout/payment", { paymentMethod: "card" });
    const { html, fields } = await reviewFields(shopper);
    expect(html).toContain(">Ritiro in negozio<");
    expect(html).toContain(`>${stores[0].name}<`);
    // No delivery: the total is the piece's price, whatever the shop's fee and threshold.
    expect(Number(fields.shownTotalCents)).toBe(variant.price);
    const placed = await shopper.postForm("/checkout/review", fields);
    expect(placed.status).toBe(303);
    const order = await app().db.selectFrom("orders").selectAll().orderBy("id", "desc").limit(1).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ shipping_method: "store_pickup", pickup_store_id: stores[0].id, shipping_cents: 0, total_cents: variant.price });
    expect(JSON.parse(order.pickup_store!)).toMatchObject({ name: stores[0].name, byTransfer: false });
    // Taken from the store's shelf, not the warehouse.
    expect(await storeQuantity(variant.id)).toBe(1);
    expect(await warehouse(variant.id)).toBe(20);
    const line = await app().db.selectFrom("order_lines").select("store_id").where("order_id", "=", order.id).executeTakeFirstOrThrow();
    expect(line.store_id).toBe(stores[0].id);

    // An unpaid order whose hold lapses gives its piece back to the same shelf.
    expect(await sweepExpiredOrders(app().db, new Date(Date.now() + 31 * 60_000))).toBeGreaterThanOrEqual(1);
    expect((await orderRow(order.id)).status).toBe("cancelled");
    expect(await storeQuantity(variant.id)).toBe(2);
    expect(await warehouse(variant.id)).toBe(20);
  });

  it("20 checkouts racing for a store's last 3 pieces: 3 orders, none oversold; the others choose again, and a transfer takes the warehouse's", async () => {
    const variant = await variantInStore(1, 50, 3);
    const shoppers = await Promise.all(Array.from({ length: 20 }, (_, index) => guest(variant.sku, `pickup-race-${index}`)));
    for (const shopper of shoppers) {
      expect(location(await shopper.postForm("/checkout", pickupAt(stores[0].id)))).toBe("/checkout/payment");
      expect(location(await shopper.postForm("/checkout/payment", { paymentMethod: "bankTransfer" }))).toBe("/checkout/review");
    }
    const forms = await Promise.all(shoppers.map(reviewFields));
    const answers = await Promise.all(shoppers.map((shopper, index) => shopper.postForm("/checkout/review", forms[index].fields)));
    const placed = answers.filter((answer) => /^\/checkout\/success\/\d+$/.test(location(answer) ?? ""));
    const sentBack = answers.map((answer, index) => ({ answer, shopper: shoppers[index] })).filter(({ answer }) => location(answer) === "/checkout");
    expect(placed).toHaveLength(3);
    expect(sentBack).toHaveLength(17);
    expect(await storeQuantity(variant.id)).toBe(0);
    expect(await warehouse(variant.id)).toBe(50);
    const lines = await app().db.selectFrom("order_lines").select(["store_id", "quantity"]).where("variant_id", "=", variant.id).execute();
    expect(lines).toEqual(Array.from({ length: 3 }, () => ({ store_id: stores[0].id, quantity: 1 })));

    // One of the others is told why, and the store now promises the pieces by transfer.
    const { shopper } = sentBack[0];
    const again = await (await shopper.get("/checkout")).text();
    expect(again).toContain("Il negozio scelto non ha più tutti i capi: scegli un altro negozio o la consegna.");
    expect(again).toContain(">Pronto in 2–3 giorni lavorativi: i capi arrivano dal magazzino<");
    expect(location(await shopper.postForm("/checkout", pickupAt(stores[0].id)))).toBe("/checkout/payment");
    const { html, fields } = await reviewFields(shopper);
    expect(html).toContain(">Pronto in 2–3 giorni lavorativi: i capi arrivano dal magazzino<");
    expect(location(await shopper.postForm("/checkout/review", fields))).toMatch(/^\/checkout\/success\/\d+$/);
    expect(await warehouse(variant.id)).toBe(49);
    expect(await storeQuantity(variant.id)).toBe(0);
  });

  it("Atelier marks a pick-up order ready and collected, never shipped; the e-mails say where, when and until when", async () => {
    const variant = await variantInStore(2, 10, 4);
    const orderId = await paidPickupOrder(variant.sku, "pickup-desk");
    const confirmation = (await mailsOf(orderId, "order-confirmation"))[0];
    expect(confirmation.text).toContain(`Ritiro in negozio: ${stores[0].name}`);
    expect(confirmation.text).toContain("Ti scriviamo appena è pronto, di solito in giornata.");
    const { client } = await signInStaff(app(), { role: "staff" });
    const desk = await (await client.get(`/atelier/orders/${orderId}`)).text();
    expect(desk).toContain(">Segna come pronto per il ritiro<");
    expect(desk).not.toContain(">Segna come spedito<");
    expect((await client.postForm(`/atelier/orders/${orderId}`, { intent: "ship", carrier: "ups", tracking: "1Z999AA10123456784" })).status).toBe(409);
    expect((await client.postForm(`/atelier/orders/${orderId}`, { intent: "collect" })).status).toBe(409);

    expect(location(await client.postForm(`/atelier/orders/${orderId}`, { intent: "ready" }))).toBe(`/atelier/orders/${orderId}`);
    expect(await orderRow(orderId)).toMatchObject({ status: "confirmed", shipping_status: "ready_for_pickup" });
    const [ready] = await mailsOf(orderId, "order-ready");
    expect(ready.subject).toMatch(/è pronto per il ritiro/);
    expect(ready.text).toContain(stores[0].name);
    expect(ready.text).toContain("Orari di apertura:");
    expect(ready.text).toMatch(/\d\d:\d\d–\d\d:\d\d/);
    expect(ready.text).toContain("https://www.google.com/maps/search/?api=1&query=");
    expect(ready.text).toContain("Lo teniamo per te fino al");
    expect((await client.postForm(`/atelier/orders/${orderId}`, { intent: "ready" })).status).toBe(409);

    // The packing slip names the store and the shopper, not a home address.
    const slip = await (await client.get(`/atelier/orders/${orderId}/packing-slip`)).text();
    expect(slip).toContain(">Ritiro in negozio di Giulia Rossi<");
    expect(slip).toContain(`>${stores[0].name}<`);
    // The store cannot be deleted while the order is open.
    const { client: owner } = await signInStaff(app(), { role: "owner" });
    const refused = await owner.postForm(`/atelier/stores/${stores[0].id}`, { intent: "delete", confirm: "on" });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("Questo negozio ha ordini con ritiro ancora aperti");

    expect(location(await client.postForm(`/atelier/orders/${orderId}`, { intent: "collect" }))).toBe(`/atelier/orders/${orderId}`);
    expect(await orderRow(orderId)).toMatchObject({ status: "delivered", shipping_status: "delivered" });
    expect((await mailsOf(orderId, "order-collected"))[0].subject).toMatch(/Hai ritirato il tuo ordine/);
    const audit = await app().db.selectFrom("audit_log").select("action").where("entity_type", "=", "order").where("entity_id", "=", String(orderId)).orderBy("id").execute();
    expect(audit.map((entry) => entry.action)).toEqual(["order.ready", "order.collect"]);

    // A delivery's order has no pick-up steps.
    const delivery = await guest(variant.sku, "pickup-desk-delivery");
    await delivery.postForm("/checkout", shippingStepForm());
    await delivery.postForm("/checkout/payment", { paymentMethod: "card" });
    const hosted = location(await delivery.postForm("/checkout/review", (await reviewFields(delivery)).fields))!;
    const deliveryId = Number(location(await delivery.postForm(hosted, { outcome: "pay" }))!.split("/").pop());
    expect((await client.postForm(`/atelier/orders/${deliveryId}`, { intent: "ready" })).status).toBe(409);
    expect((await orderRow(deliveryId)).shipping_status).toBe("not_shipped");
  });

  it("cancels and refunds an order left uncollected 10 days after it was ready, its piece back on the store's shelf (clock injected)", async () => {
    const variant = await variantInStore(3, 10, 2);
    const orderId = await paidPickupOrder(variant.sku, "pickup-uncollected");
    expect(await storeQuantity(variant.id)).toBe(1);
    const { client } = await signInStaff(app(), { role: "staff" });
    await client.postForm(`/atelier/orders/${orderId}`, { intent: "ready" });
    const readyAt = Date.parse((await orderRow(orderId)).ready_at!);
    const provider = paymentProvider(app().env);

    expect(await cancelUncollectedOrders(app().db, provider, new Date(readyAt + 9 * DAY))).toBe(0);
    expect((await orderRow(orderId)).status).toBe("confirmed");
    const cancelled = await cancelUncollectedOrders(app().db, provider, new Date(readyAt + 10 * DAY + 60_000));
    expect(cancelled).toBeGreaterThanOrEqual(1);
    const order = await orderRow(orderId);
    expect(order).toMatchObject({ status: "cancelled", shipping_status: "not_shipped", payment_status: "refunded", refunded_cents: order.total_cents });
    expect(await storeQuantity(variant.id)).toBe(2);
    expect(await warehouse(variant.id)).toBe(10);
    const [mail] = await mailsOf(orderId, "order-cancelled");
    expect(mail.text).toContain("Motivo: l'ordine non è stato ritirato in negozio entro 10 giorni.");
    // Once is all: the next sweep finds nothing of it.
    expect(await cancelUncollectedOrders(app().db, provider, new Date(readyAt + 11 * DAY))).toBe(0);
  });
});

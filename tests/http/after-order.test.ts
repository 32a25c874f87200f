import { expect, it } from "vitest";
import { type HttpClient, ORIGIN, describeEachApp } from "../support/http";
import { paidOrder } from "../support/order-fixtures";
import { deliverOrder, shipOrder } from "~/modules/order/fulfilment.service.server";
import { createSandboxProvider } from "~/modules/payment/sandbox.server";

// After the order, through the request handler as a browser without JavaScript (and the JSON
// calls) use it: the account's order pages and who may see them, the return form's answers, the
// reorder form and call, and the withdrawal function's steps, generic answer and rate limit.

const PASSWORD = "una frase lunga e sicura";
const provider = createSandboxProvider({ secret: "http-after-order", publicUrl: ORIGIN });
const json = { "Content-Type": "application/json", Origin: ORIGIN };

describeEachApp("after the order", (app) => {
  const location = (response: Response) => response.headers.get("Location");
  const variants = async (count: number, offset: number) =>
    app().db.selectFrom("variants").select(["id", "sku"]).where("stock", ">=", 5).orderBy("id").offset(offset).limit(count).execute();

  async function accountHolder(name: string): Promise<{ shopper: HttpClient; userId: number; email: string }> {
    const shopper = app().client();
    const email = `${name}-${Date.now()}@example.com`;
    const registered = await shopper.fetch("/api/auth/register", {
      method: "POST",
      headers: json,
      body: JSON.stringify({ firstName: "Chiara", lastName: "Verdi", email, password: PASSWORD, confirmPassword: PASSWORD, birthDay: "12", birthMonth: "6", birthYear: "1991", interests: "woman", privacy: true }),
    });
    expect(registered.status).toBe(200);
    const user = await app().db.selectFrom("users").select("id").where("email_key", "=", email).executeTakeFirstOrThrow();
    return { shopper, userId: user.id, email };
  }

  it("lists the account's orders and shows each only to its account; the return form answers bad input next to its fields", async () => {
    const { shopper, userId, email } = await accountHolder("history");
    const [a, b] = await variants(2, 3);
    const { orderId } = await paidOrder(app().db, provider, { lines: [{ sku: a.sku, quantity: 2 }, { sku: b.sku, quantity: 1 }], userId, email });
    const order = await app().db.selectFrom("orders").select(["number"]).where("id", "=", orderId).executeTakeFirstOrThrow();

    const list = await shopper.get("/account/orders");
    expect(list.status).toBe(200);
    const listHtml = await list.text();
    expect(listHtml).toContain(order.number);
    expect(listHtml).toContain(">Confermato</dd>");
    expect(listHtml).toContain(">Da spedire</dd>");
    expect(await (await shopper.get("/en/account/orders?page=abc")).text()).toContain(">Not shipped yet</dd>");

    const detail = await shopper.get(`/account/orders/${orderId}`);
    expect(detail.status).toBe(200);
    const html = await detail.text();
    expect(html).toContain(`Ordine ${order.number}</h1>`);
    expect(html).toMatch(/Via Montenapoleone(<!-- -->)? (<!-- -->)?8/);
    expect(html).toContain("<p>Carta di credito o di debito</p>");
    // Not shipped: no return form yet.
    expect(html).not.toContain('id="return-title"');

    // Another account, a guest, a forged id: the same 404 (or the login page for a visitor).
    const other = await accountHolder("other");
    expect((await other.shopper.get(`/account/orders/${orderId}`)).status).toBe(404);
    expect((await other.shopper.get("/account/orders/99999999999")).status).toBe(404);
    expect((await other.shopper.get(`/api/account/orders/${orderId}`)).status).toBe(404);
    expect(location(await app().client().get(`/account/orders/${orderId}`))).toBe("/login");

    await shipOrder(app().db, orderId, "1Z999AA10123456784");
    await deliverOrder(app().db, orderId);
    const delivered = await (await shopper.get(`/account/orders/${orderId}`)).text();
    expect(delivered).toContain('id="return-title"');
    expect(delivered).toContain("1Z999AA10123456784");
    const lineIds = [...delivered.matchAll(/name="lines\[\d\]\.orderLineId" value="(\d+)"/g)].map((m) => m[1]);
    expect(lineIds).toHaveLength(2);

    // A quantity without a reason: the error next to the reason, the quantity kept.
    const noReason = await shopper.postForm(`/account/orders/${orderId}`, { "lines[0].orderLineId": lineIds[0], "lines[0].quantity": "1", "lines[0].reason": "", "lines[1].orderLineId": lineIds[1], "lines[1].quantity": "0" });
    expect(noReason.status).toBe(400);
    const noReasonHtml = await noReason.text();
    expect(noReasonHtml).toContain("<li>Scegli il motivo del reso.</li>");
    expect(noReasonHtml).toMatch(/<option value="1" selected="">1<\/option>/);
    // Nothing chosen, more than was bought, another order's line, forged values: 4xx, never 500.
    expect((await shopper.postForm(`/account/orders/${orderId}`, { "lines[0].orderLineId": lineIds[0], "lines[0].quantity": "0" })).status).toBe(400);
    expect((await shopper.postForm(`/account/orders/${orderId}`, { "lines[0].orderLineId": lineIds[0], "lines[0].quantity": "3", "lines[0].reason": "too_small" })).status).toBe(422);
    expect((await shopper.postForm(`/account/orders/${orderId}`, { "lines[0].orderLineId": "2147483000", "lines[0].quantity": "1", "lines[0].reason": "too_small" })).status).toBe(422);
    for (const forged of [{ "lines[0].orderLineId": "x", "lines[0].quantity": "-1", "lines[0].reason": "<script>" }, { lines: "[]" }, { "lines[99999999999].quantity": "1" }, {}]) {
      const answer = await shopper.postForm(`/account/orders/${orderId}`, forged as Record<string, string>);
      expect(answer.status, JSON.stringify(forged)).toBeGreaterThanOrEqual(400);
      expect(answer.status, JSON.stringify(forged)).toBeLessThan(500);
    }
    const done = await shopper.postForm(`/account/orders/${orderId}`, { "lines[0].orderLineId": lineIds[0], "lines[0].quantity": "1", "lines[0].reason": "too_small", "lines[1].orderLineId": lineIds[1], "lines[1].quantity": "0" });
    // Post-redirect-get: back to the order, with the notice; a refresh posts nothing again.
    expect(done.status).toBe(303);
    expect(done.headers.get("Location")).toBe(`/account/orders/${orderId}`);
    const doneHtml = await (await shopper.get(`/account/orders/${orderId}`)).text();
    expect(doneHtml).toContain("Richiesta di reso registrata: ti abbiamo inviato un&#x27;email con le istruzioni.");
    expect(doneHtml).toContain('data-testid="return-status">Reso richiesto<');
  });

  it("reorders through the bag form (no JavaScript) and the JSON call, naming what is no longer sold, with the 'reorder' marker", async () => {
    const { shopper, userId, email } = await accountHolder("reorder");
    const [a, b] = await variants(2, 9);
    const { orderId } = await paidOrder(app().db, provider, { lines: [{ sku: a.sku, quantity: 1 }, { sku: b.sku, quantity: 1 }], userId, email });
    const stock = (await app().db.selectFrom("variants").select("stock").where("id", "=", b.id).executeTakeFirstOrThrow()).stock;
    await app().db.updateTable("variants").set({ stock: 0 }).where("id", "=", b.id).execute();
    try {
      const posted = await shopper.postForm("/cart", { intent: "reorder", orderId: String(orderId), redirectTo: "/cart" });
      expect(posted.status).toBe(303);
      expect(location(posted)).toBe("/cart");
      const bag = await (await shopper.get("/cart")).text();
      expect(bag).toContain("Gli articoli dell&#x27;ordine sono nella shopping bag");
      expect(bag).toMatch(/Non più disponibili: [^<]+\(/);

      const call = await shopper.fetch("/api/cart/reorder", { method: "POST", headers: json, body: JSON.stringify({ orderId, language: "en" }) });
      expect(call.status).toBe(200);
      const body = (await call.json()) as { fetchCart: string; message: string; cart: { lines: { sku: string; quantity: number }[] } };
      expect(body.fetchCart).toBe("reorder");
      expect(body.message).toMatch(/No longer available: .+\(/);
      expect(body.cart.lines.map((line) => line.sku)).toEqual([a.sku]);
      // Someone else's order, a forged id: the order's 404, never its lines.
      const stranger = app().client();
      expect((await stranger.fetch("/api/cart/reorder", { method: "POST", headers: json, body: JSON.stringify({ orderId }) })).status).toBe(404);
      expect((await stranger.fetch("/api/cart/reorder", { method: "POST", headers: json, body: JSON.stringify({ orderId: "1; drop" }) })).status).toBe(400);
      expect(location(await stranger.postForm("/cart", { intent: "reorder", orderId: String(orderId), redirectTo: "/cart" }))).toBe("/cart");
    } finally {
      await app().db.updateTable("variants").set({ stock }).where("id", "=", b.id).execute();
    }
  });

  it("withdraws a guest's order by number and email: one answer for a wrong pair, a confirmation step, the acknowledgement; rate limited", async () => {
    const [variant] = await variants(1, 15);
    const email = `withdraw-${Date.now()}@example.com`;
    const { orderId } = await paidOrder(app().db, provider, { lines: [{ sku: variant.sku, quantity: 1 }], email });
    const { number } = await app().db.selectFrom("orders").select("number").where("id", "=", orderId).executeTakeFirstOrThrow();
    const visitor = app().client();

    const page = await visitor.get("/pages/recesso");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(">Recedi dal contratto qui</a>");
    expect((await visitor.get("/en/pages/withdrawal")).status).toBe(200);

    const wrongEmail = await visitor.postForm("/pages/recesso", { intent: "lookup", number, email: "someone@example.com" });
    const unknownNumber = await visitor.postForm("/pages/recesso", { intent: "lookup", number: "BT000000001", email });
    expect(wrongEmail.status).toBe(422);
    expect(unknownNumber.status).toBe(422);
    const generic = ">Non possiamo procedere con questi dati.";
    const [wrongHtml, unknownHtml] = await Promise.all([wrongEmail.text(), unknownNumber.text()]);
    expect(wrongHtml).toContain(generic);
    expect(unknownHtml).toContain(generic);
    expect(wrongHtml).toContain('value="someone@example.com"');
    expect((await visitor.postForm("/pages/recesso", { intent: "lookup", number: "12", email })).status).toBe(400);

    const step = await visitor.postForm("/pages/recesso", { intent: "lookup", number: number.toLowerCase(), email });
    expect(step.status).toBe(200);
    const stepHtml = await step.text();
    expect(stepHtml).toContain('data-testid="withdrawal-confirm"');
    const unticked = await visitor.postForm("/pages/recesso", { intent: "confirm", number, email });
    expect(unticked.status).toBe(400);
    expect(await unticked.text()).toContain("<li>Spunta la dichiarazione per confermare il recesso.</li>");
    const done = await visitor.postForm("/pages/recesso", { intent: "confirm", number, email, confirm: "on" });
    // Post-redirect-get: back to the page, the receipt in the notices.
    expect(done.status).toBe(303);
    expect(done.headers.get("Location")).toBe("/pages/recesso");
    const receipt = await (await visitor.get("/pages/recesso")).text();
    // The day's article follows the date ("il 7", but "l'8", "l'11"): either is the receipt.
    expect(receipt).toMatch(new RegExp(`Abbiamo ricevuto il tuo recesso dall&#x27;ordine ${number} (il |l&#x27;)\\d`));
    expect(receipt).toContain("L&#x27;ordine è stato annullato.");
    const order = await app().db.selectFrom("orders").select(["status", "payment_status"]).where("id", "=", orderId).executeTakeFirstOrThrow();
    expect(order).toEqual({ status: "cancelled", payment_status: "refunded" });
    const ack = await app().db.selectFrom("mail_outbox").select(["subject", "text_body"]).where("recipient", "=", email).where("template", "=", "withdrawal-received").executeTakeFirstOrThrow();
    expect(ack.subject).toContain(number);

    // Ten posts per client per ten minutes: then 429 with Retry-After, whatever the pair.
    const guesser = app().client();
    for (let i = 0; i < 10; i++) expect((await guesser.postForm("/pages/recesso", { intent: "lookup", number: `BT00000000${i}`, email })).status).toBe(422);
    const limited = await guesser.postForm("/pages/recesso", { intent: "lookup", number, email });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toMatch(/^\d+$/);
  });
});

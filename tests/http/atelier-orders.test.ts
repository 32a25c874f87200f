import { expect, it } from "vitest";
import { type HttpClient, ORIGIN, describeEachApp } from "../support/http";
import { paidOrder } from "../support/order-fixtures";
import { signInStaff } from "../support/staff";
import { deliverOrder, shipOrder } from "~/modules/order/fulfilment.service.server";
import { listReturns, requestReturn } from "~/modules/order/returns.service.server";
import { createSandboxProvider } from "~/modules/payment/sandbox.server";

// The order desk over HTTP, as a browser without JavaScript uses it: who may see it, the list's
// GET form (bad values fall back), the CSV, an order's page and each step's form (redirect and
// notice, the field's message, 404 for forged ids, 409 for a step the state refuses, 403 over
// the staff refund cap and for another site's post), each leaving nothing changed when refused.

const provider = createSandboxProvider({ secret: "http-atelier-orders", publicUrl: ORIGIN });
const PASSWORD = "una frase lunga e sicura";

describeEachApp("the order desk", (app) => {
  const location = (response: Response) => response.headers.get("Location");
  const variants = async (count: number, offset: number) =>
    app().db.selectFrom("variants").select(["id", "sku"]).where("stock", ">=", 5).orderBy("id").offset(offset).limit(count).execute();
  const orderRow = (id: number) => app().db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const auditCount = async (id: number) => (await app().db.selectFrom("audit_log").select("id").where("entity_type", "=", "order").where("entity_id", "=", String(id)).execute()).length;

  async function shopper(): Promise<HttpClient> {
    const client = app().client();
    const email = `desk-shopper-${Date.now()}@example.com`;
    const registered = await client.fetch("/api/auth/register", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: ORIGIN },
      body: JSON.stringify({ firstName: "Chiara", lastName: "Verdi", email, password: PASSWORD, confirmPassword: PASSWORD, birthDay: "12", birthMonth: "6", birthYear: "1991", interests: "woman", privacy: true }),
    });
    expect(registered.status).toBe(200);
    return client;
  }

  it("lets no one in without a staff sign-in, and answers forged ids with 404", async () => {
    const [v] = await variants(1, 40);
    const { orderId } = await paidOrder(app().db, provider, { lines: [{ sku: v.sku, quantity: 1 }] });
    const before = await orderRow(orderId);
    for (const client of [app().client(), await shopper()]) {
      expect(location(await client.get("/atelier/orders"))).toBe("/atelier/login?redirectTo=%2Fatelier%2Forders");
      expect(location(await client.get("/en/atelier/orders/export"))).toMatch(/^\/en\/atelier\/login/);
      expect(location(await client.get(`/atelier/orders/${orderId}`))).toMatch(/^\/atelier\/login/);
      expect(location(await client.get(`/atelier/orders/${orderId}/packing-slip`))).toMatch(/^\/atelier\/login/);
      expect(location(await client.get("/atelier/returns"))).toMatch(/^\/atelier\/login/);
      const post = await client.postForm(`/atelier/orders/${orderId}`, { intent: "cancel" });
      expect(post.status).toBe(302);
      expect(location(post)).toMatch(/^\/atelier\/login/);
    }
    const { client } = await signInStaff(app(), { role: "staff" });
    for (const path of ["/atelier/orders/99999999", "/atelier/orders/abc", "/atelier/orders/99999999999", "/atelier/orders/0/packing-slip", "/en/atelier/orders/99999999/packing-slip"]) {
      expect((await client.get(path)).status, path).toBe(404);
    }
    expect((await client.postForm("/atelier/orders/99999999", { intent: "note", body: "x" })).status).toBe(404);
    expect((await client.postForm("/atelier/orders/abc", { intent: "paid" })).status).toBe(404);
    // An unknown intent is a broken form: 400.
    expect((await client.postForm(`/atelier/orders/${orderId}`, { intent: "delete" })).status).toBe(400);
    // Another site's post is refused by the server before any route (tests/http/cross-origin.test.ts posts to every route of app/routes.ts).
    expect(await orderRow(orderId)).toEqual(before);
    expect(await auditCount(orderId)).toBe(0);
  });

  it("lists, filters, sorts and pages by GET, bad values falling back, and exports the filtered list as CSV", async () => {
    const [a, b] = await variants(2, 42);
    const first = await paidOrder(app().db, provider, { lines: [{ sku: a.sku, quantity: 1 }], email: "listed.first@example.com" });
    const second = await paidOrder(app().db, provider, { lines: [{ sku: b.sku, quantity: 2 }], method: "bankTransfer", email: "listed.second@example.com" });
    const [one, two] = [await orderRow(first.orderId), await orderRow(second.orderId)];
    const { client } = await signInStaff(app(), { role: "manager" });

    const all = await client.get("/atelier/orders");
    expect(all.status).toBe(200);
    expect(all.headers.get("Cache-Control")).toContain("no-store");
    const html = await all.text();
    expect(html).toContain(one.number);
    expect(html).toContain(two.number);
    expect(html.indexOf(two.number)).toBeLessThan(html.indexOf(one.number));
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');

    const waiting = await (await client.get("/atelier/orders?payment=awaiting_transfer")).text();
    expect(waiting).toContain(two.number);
    expect(waiting).not.toContain(one.number);
    expect(waiting).toContain('<option value="awaiting_transfer" selected="">');
    const byEmail = await (await client.get("/en/atelier/orders?q=LISTED.FIRST")).text();
    expect(byEmail).toContain(one.number);
    expect(byEmail).not.toContain(two.number);
    const byNumber = await (await client.get(`/atelier/orders?q=${two.number.toLowerCase()}`)).text();
    expect(byNumber).toContain(two.number);
    expect(byNumber).not.toContain(one.number);
    const oldestFirst = await (await client.get("/atelier/orders?q=listed&sort=date&dir=asc")).text();
    expect(oldestFirst.indexOf(one.number)).toBeLessThan(oldestFirst.indexOf(two.number));
    const none = await client.get("/atelier/orders?from=2001-01-01&to=2001-01-02");
    expect(await none.text()).toContain("Nessun ordine corrisponde ai filtri.");
    // Bad values: the list as if they were not there, never an error.
    for (const query of ["status=nope&payment[]=x", "page=-3", "page=abc&sort=price&dir=up", "from=2026-13-45&to=yesterday", `q=${"%25".repeat(300)}`, "page=999999999999"]) {
      expect((await client.get(`/atelier/orders?${query}`)).status, query).toBe(200);
    }
    expect(await (await client.get("/atelier/orders?page=500")).text()).toContain("Nessun ordine corrisponde ai filtri.");

    const csv = await client.get("/atelier/orders/export?q=listed&sort=total&dir=desc&page=7");
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("Content-Disposition")).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(csv.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const text = await csv.text();
    const lines = text.replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(lines[0]).toBe("number,placed_at,status,payment_status,shipping_status,payment_method,email,first_name,last_name,items,total_eur,refunded_eur,tracking_number");
    expect(lines.slice(1).map((l) => l.split(",")[0])).toEqual([one, two].sort((x, y) => y.total_cents - x.total_cents || y.id - x.id).map((o) => o.number));
    expect(lines[1]).toContain("listed.");
  });

  it("shows an order's page and packing slip; notes are appended with their audit, bad input answered at the field", async () => {
    const [v] = await variants(1, 44);
    const { orderId } = await paidOrder(app().db, provider, { lines: [{ sku: v.sku, quantity: 2 }] });
    const order = await orderRow(orderId);
    const { client } = await signInStaff(app(), { role: "staff" });
    const page = await client.get(`/atelier/orders/${orderId}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`>${order.number}</h1>`);
    expect(html).toMatch(/<img src="\/media\//);
    expect(html).toContain("Nessuna fattura richiesta.");
    expect(html).toContain("Ordine effettuato");
    expect(html).toContain("E-mail: ");

    const empty = await client.postForm(`/atelier/orders/${orderId}`, { intent: "note", body: "   " });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Da 1 a 2000 caratteri.");
    const long = "x".repeat(2001);
    const tooLong = await client.postForm(`/atelier/orders/${orderId}`, { intent: "note", body: long });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.text()).toContain(`>${long}</textarea>`);
    const added = await client.postForm(`/atelier/orders/${orderId}`, { intent: "note", body: "Cliente richiama <b>lunedì</b>" });
    expect(added.status).toBe(303);
    expect(location(added)).toBe(`/atelier/orders/${orderId}`);
    const after = await (await client.get(`/atelier/orders/${orderId}`)).text();
    expect(after).toContain("Nota aggiunta.");
    expect(after).toContain("Cliente richiama &lt;b&gt;lunedì&lt;/b&gt;");
    expect(after).toContain("order.note");
    expect(await auditCount(orderId)).toBe(1);

    const slip = await client.get(`/en/atelier/orders/${orderId}/packing-slip`);
    expect(slip.status).toBe(200);
    const slipHtml = await slip.text();
    expect(slipHtml).toContain("Packing slip");
    expect(slipHtml).toContain(order.number);
    // What goes in the parcel, without prices.
    const article = slipHtml.slice(slipHtml.indexOf('data-testid="packing-slip"'), slipHtml.indexOf("</article>"));
    expect(article).toContain(order.number);
    expect(article).not.toContain("€");
  });

  it("marks a transfer paid, ships with a tracking link, delivers; a step the state refuses is a 409 with nothing changed", async () => {
    const [v] = await variants(1, 46);
    const { orderId } = await paidOrder(app().db, provider, { lines: [{ sku: v.sku, quantity: 1 }], method: "bankTransfer" });
    const { client, email } = await signInStaff(app(), { role: "staff" });
    const path = `/atelier/orders/${orderId}`;
    // Not paid yet: shipping is refused, nothing changes.
    const early = await client.postForm(path, { intent: "ship", carrier: "brt", tracking: "ABC123456" });
    expect(early.status).toBe(409);
    expect((await orderRow(orderId)).status).toBe("pending_payment");

    const paid = await client.postForm(path, { intent: "paid" });
    expect(paid.status).toBe(303);
    expect(await orderRow(orderId)).toMatchObject({ status: "confirmed", payment_status: "paid" });
    const twice = await client.postForm(path, { intent: "paid" });
    expect(twice.status).toBe(409);

    const bad = await client.postForm(path, { intent: "ship", carrier: "brt", tracking: "12<script>" });
    expect(bad.status).toBe(400);
    const badHtml = await bad.text();
    expect(badHtml).toContain("Da 6 a 40 lettere e cifre.");
    expect(badHtml).toContain('value="12&lt;script&gt;"');
    expect((await client.postForm(path, { intent: "ship", carrier: "pigeon", tracking: "ABC123456" })).status).toBe(400);
    const shipped = await client.postForm(path, { intent: "ship", carrier: "brt", tracking: "bt 123 456 789" });
    expect(shipped.status).toBe(303);
    expect(await orderRow(orderId)).toMatchObject({ status: "shipped", tracking_number: "BT123456789", carrier: "brt" });
    const mail = await app().db.selectFrom("mail_outbox").select("text_body").where("order_id", "=", orderId).where("template", "=", "order-shipped").executeTakeFirstOrThrow();
    expect(mail.text_body).toContain("BT123456789");
    expect(mail.text_body).toContain("https://vas.brt.it/");
    expect((await client.postForm(`${path}/cancel`, { reason: "other" })).status).toBe(409);
    expect((await client.postForm(path, { intent: "deliver" })).status).toBe(303);
    const log = await app().db.selectFrom("audit_log").select(["action", "actor"]).where("entity_type", "=", "order").where("entity_id", "=", String(orderId)).orderBy("id").execute();
    expect(log).toEqual([
      { action: "order.paid", actor: email },
      { action: "order.ship", actor: email },
      { action: "order.deliver", actor: email },
    ]);
    const html = await (await client.get(path)).text();
    expect(html).toContain("Segui il pacco");
  });

  it("refunds an amount within the staff cap (over it: 403, nothing changed), receives and refunds a return, cancels before shipping: each through its confirmation page", async () => {
    // Three of a line worth more than the default staff cap (200 €) together, one of them less.
    const [a] = await app().db.selectFrom("variants").select(["id", "sku"]).where("stock", ">=", 5).where("price_cents", ">=", 7_000).where("price_cents", "<=", 19_000).orderBy("id").offset(3).limit(1).execute();
    const [b, c] = await variants(2, 48);
    const { orderId, viewer } = await paidOrder(app().db, provider, { lines: [{ sku: a.sku, quantity: 3 }, { sku: b.sku, quantity: 1 }] });
    await shipOrder(app().db, orderId, "TRACK123456");
    await deliverOrder(app().db, orderId);
    const lines = await app().db.selectFrom("order_lines").select(["id", "unit_cents"]).where("order_id", "=", orderId).orderBy("id").execute();
    const staff = await signInStaff(app(), { role: "staff" });
    const owner = await signInStaff(app(), { role: "owner" });
    const path = `/atelier/orders/${orderId}`;
    const euros = (cents: number) => (cents / 100).toFixed(2).replace(".", ",");
    const refund = (cents: number) => ({ intent: "confirm", amount: euros(cents), reason: "Difetto sulla cucitura" });
    const capped = await staff.client.postForm(`${path}/refund`, refund(lines[0].unit_cents * 3));
    expect(capped.status).toBe(403);
    expect(await capped.text()).toContain("supera il limite per lo staff");
    expect(await orderRow(orderId)).toMatchObject({ refunded_cents: 0, payment_status: "paid" });
    expect(await auditCount(orderId)).toBe(0);
    expect((await staff.client.postForm(`${path}/refund`, refund(lines[0].unit_cents))).status).toBe(303);
    expect((await owner.client.postForm(`${path}/refund`, refund(lines[0].unit_cents * 2))).status).toBe(303);
    expect(await orderRow(orderId)).toMatchObject({ refunded_cents: lines[0].unit_cents * 3, payment_status: "partially_refunded" });
    // No amount, a forged intent: at the field, or a 400, never a 500.
    expect((await owner.client.postForm(`${path}/refund`, { intent: "confirm", amount: "", reason: "x" })).status).toBe(400);
    expect((await owner.client.postForm(`${path}/refund`, { intent: "refund", amount: "1" })).status).toBe(400);
    // The old one-click intents are gone from the order page.
    expect((await owner.client.postForm(path, { intent: "refundReturns" })).status).toBe(400);

    // A return the shopper asked for: received, then refunded less the fee.
    const returnId = await requestReturn(app().db, { orderId, viewer, lines: [{ orderLineId: lines[1].id, quantity: 1, reason: "too_small" }] });
    const arrived = { "lines[0].orderLineId": String(lines[1].id), "lines[0].quantity": "1" };
    expect((await owner.client.postForm(path, { intent: "receive", returnId: "99999", ...arrived })).status).toBe(409);
    const openReturns = await (await staff.client.get("/atelier/returns")).text();
    expect(openReturns).toContain(`/atelier/orders/${orderId}`);
    expect(openReturns).toContain('name="intent" value="receive"');
    // Received from the open returns' list: back to the list (a foreign target would give the overview).
    const received = await owner.client.postForm(path, { intent: "receive", returnId: String(returnId), ...arrived, back: "/atelier/returns?page=1" });
    expect(received.status).toBe(303);
    expect(location(received)).toBe("/atelier/returns?page=1");
    expect(await (await staff.client.get("/atelier/returns")).text()).toContain(`/atelier/orders/${orderId}/refund?due=returns`);
    const confirmPage = await (await owner.client.get(`${path}/refund?due=returns`)).text();
    expect(confirmPage).toContain('name="intent" value="confirmReturns"');
    expect(await orderRow(orderId)).toMatchObject({ payment_status: "partially_refunded" });
    expect((await owner.client.postForm(`${path}/refund`, { intent: "confirmReturns" })).status).toBe(303);
    // The return's refund less its fee; the amounts refunded before returned no unit, so the shop keeps the delivery and the fee.
    const [ret] = await listReturns(app().db, orderId);
    expect(await orderRow(orderId)).toMatchObject({ status: "delivered", payment_status: "partially_refunded", refunded_cents: lines[0].unit_cents * 3 + ret.refundCents });
    expect((await owner.client.postForm(`${path}/refund`, { intent: "confirmReturns" })).status).toBe(409);

    // Cancelling before shipping gives the stock back.
    const stock = async () => (await app().db.selectFrom("variants").select("stock").where("id", "=", c.id).executeTakeFirstOrThrow()).stock;
    const fresh = await paidOrder(app().db, provider, { lines: [{ sku: c.sku, quantity: 1 }] });
    const held = await stock();
    // A reason that is not one of ours: the message at the field, nothing changed.
    const unconfirmed = await owner.client.postForm(`/atelier/orders/${fresh.orderId}/cancel`, { reason: "whim" });
    expect(unconfirmed.status).toBe(400);
    expect(await unconfirmed.text()).toContain("Scegli un motivo.");
    expect(await stock()).toBe(held);
    expect((await owner.client.postForm(`/atelier/orders/${fresh.orderId}/cancel`, { reason: "customer_request" })).status).toBe(303);
    expect(await stock()).toBe(held + 1);
    expect(await orderRow(fresh.orderId)).toMatchObject({ status: "cancelled", payment_status: "refunded" });
    const actions = await app().db.selectFrom("audit_log").select("action").where("entity_type", "=", "order").where("entity_id", "=", String(orderId)).orderBy("id").execute();
    expect(actions.map((r) => r.action)).toEqual(["order.refund", "order.refund", "order.return-received", "order.refund"]);
  });
  it("receives a return line by line: the part that arrived refunded, the rest left open; bad counts answered at the field, nothing changed", async () => {
    const [a, b] = await variants(2, 52);
    const { orderId, viewer } = await paidOrder(app().db, provider, { lines: [{ sku: a.sku, quantity: 3 }, { sku: b.sku, quantity: 1 }] });
    await shipOrder(app().db, orderId, "TRACK515151");
    await deliverOrder(app().db, orderId);
    const [lineA, lineB] = await app().db.selectFrom("order_lines").select(["id", "unit_cents"]).where("order_id", "=", orderId).orderBy("id").execute();
    const first = await requestReturn(app().db, { orderId, viewer, lines: [{ orderLineId: lineA.id, quantity: 3, reason: "too_small" }] });
    const second = await requestReturn(app().db, { orderId, viewer, lines: [{ orderLineId: lineB.id, quantity: 1, reason: "too_large" }] });
    const { client } = await signInStaff(app(), { role: "staff" });
    const path = `/atelier/orders/${orderId}`;
    const page = await (await client.get(path)).text();
    // One form per waiting return, each line's count starting at the units asked.
    const fieldIn = (html: string, id: string) => html.slice(html.indexOf(`id="${id}"`)).split(">")[0];
    expect(fieldIn(page, `desk-receive-${first}-lines[0].quantity`)).toContain('name="lines[0].quantity" value="3"');
    expect(page).toContain(`name="lines[0].orderLineId" value="${lineA.id}"`);
    const list = await (await client.get("/atelier/returns")).text();
    expect(fieldIn(list, `receive-${first}-0`)).toContain('name="lines[0].quantity"');

    const before = await listReturns(app().db, orderId);
    const receive = (quantity: string, lineId = lineA.id, returnId = first) => client.postForm(path, { intent: "receive", returnId: String(returnId), "lines[0].orderLineId": String(lineId), "lines[0].quantity": quantity });
    for (const [quantity, message] of [
      ["-1", "Da 0 ai capi richiesti per questa riga."],
      ["4", "Da 0 ai capi richiesti per questa riga."],
      ["abc", "Da 0 ai capi richiesti per questa riga."],
      ["1.5", "Da 0 ai capi richiesti per questa riga."],
      ["0", "Indica almeno un capo arrivato."],
    ]) {
      const refused = await receive(quantity);
      expect(refused.status, quantity).toBe(400);
      const html = await refused.text();
      expect(html, quantity).toContain(message);
      // The count typed comes back in its field (marked invalid when it is the field's fault).
      const field = fieldIn(html, `desk-receive-${first}-lines[0].quantity`);
      expect(field, quantity).toContain(`value="${quantity}"`);
      if (quantity !== "0") expect(field, quantity).toContain('aria-invalid="true"');
    }
    // A line of the other return: at the field, nothing changed.
    const foreign = await receive("1", lineB.id);
    expect(foreign.status).toBe(400);
    expect(await foreign.text()).toContain("Da 0 ai capi richiesti per questa riga.");
    // A forged return id: the step has nothing to do.
    const forged = await receive("1", lineA.id, 2_000_000_000);
    expect(forged.status).toBe(409);
    expect(await forged.text()).toContain('data-form-error');
    expect(await listReturns(app().db, orderId)).toEqual(before);
    expect(await auditCount(orderId)).toBe(0);

    // Two of three arrived: received for those, the third left in an open return.
    const part = await receive("2");
    expect(part.status).toBe(303);
    expect(location(part)).toBe(path);
    const [received, other, open] = await listReturns(app().db, orderId);
    expect(received).toMatchObject({ id: first, status: "received", goodsCents: 2 * lineA.unit_cents, feeCents: 1_000, refundCents: 2 * lineA.unit_cents - 1_000, lines: [{ orderLineId: lineA.id, quantity: 2 }] });
    expect(other).toMatchObject({ id: second, status: "requested" });
    expect(open).toMatchObject({ status: "requested", goodsCents: lineA.unit_cents, feeCents: 0, refundCents: lineA.unit_cents, lines: [{ orderLineId: lineA.id, quantity: 1 }] });
    const after = await (await client.get(path)).text();
    expect(after).toContain("Reso ricevuto.");
    expect(after).toContain(`id="desk-receive-${open.id}-lines[0].quantity"`);
    expect(await auditCount(orderId)).toBe(1);

    // The third arrives, received from the open returns' list (English): back to the list.
    const rest = await client.postForm(`/en${path}`, { intent: "receive", returnId: String(open.id), "lines[0].orderLineId": String(lineA.id), "lines[0].quantity": "1", back: "/en/atelier/returns" });
    expect(rest.status).toBe(303);
    expect(location(rest)).toBe("/en/atelier/returns");
    expect((await listReturns(app().db, orderId))[2]).toMatchObject({ id: open.id, status: "received", refundCents: lineA.unit_cents });
    const english = await (await client.postForm(`/en${path}`, { intent: "receive", returnId: String(second), "lines[0].orderLineId": String(lineB.id), "lines[0].quantity": "2" })).text();
    expect(english).toContain("From 0 to the items asked on this line.");
    expect(await auditCount(orderId)).toBe(2);
  });
});

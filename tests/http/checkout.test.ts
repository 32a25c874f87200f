import { expect, it } from "vitest";
import { shippingStepForm } from "../support/forms";
import { type HttpClient, ORIGIN, describeEachApp } from "../support/http";
import { sandboxSecret } from "~/modules/payment/payment.service.server";
import { signSandboxEvent } from "~/modules/payment/sandbox.server";

// The checkout through the request handler, as a browser without JavaScript drives it: every
// step a form post answered with a redirect, the guards, the order button with a forged total
// and forged prices, the sandbox's hosted page, the webhook, and who may see an order.
const ADDRESS = shippingStepForm();

describeEachApp("checkout", (app) => {
  const sellable = async () =>
    app()
      .db.selectFrom("variants")
      .select(["id", "sku", "price_cents as price", "stock"])
      .where("stock", ">=", 5)
      .orderBy("id", "desc")
      .limit(20)
      .execute();
  const location = (response: Response) => response.headers.get("Location");
  const stockOf = async (id: number) => (await app().db.selectFrom("variants").select("stock").where("id", "=", id).executeTakeFirstOrThrow()).stock;

  /** A guest with one variant in the bag, through Personal Info. */
  async function guestWithBag(index: number, quantity = 1) {
    const shopper = app().client();
    const variant = (await sellable())[index];
    await shopper.postForm("/cart", { intent: "add", sku: variant.sku, quantity: String(quantity), redirectTo: "/cart" });
    const guest = await shopper.postForm("/checkout/registrationLogin", { intent: "guest", email: `guest${index}@example.com`, firstName: "Giulia", lastName: "Rossi" });
    expect(guest.status).toBe(303);
    return { shopper, variant };
  }

  const reviewForm = async (shopper: HttpClient) => {
    const html = await (await shopper.get("/checkout/review")).text();
    return { html, orderKey: /name="orderKey" value="([^"]+)"/.exec(html)![1], total: /name="shownTotalCents" value="(\d+)"/.exec(html)![1] };
  };

  it("guards the steps: no bag leaves the checkout, each step needs the ones before it", async () => {
    const nobody = app().client();
    for (const step of ["/checkout", "/checkout/payment", "/checkout/review"]) {
      const answer = await nobody.get(step);
      expect(answer.status).toBe(302);
      expect(location(answer)).toBe("/");
    }
    expect((await nobody.get("/en/checkout/review")).headers.get("Location")).toBe("/en");

    const shopper = app().client();
    const [variant] = await sellable();
    await shopper.postForm("/cart", { intent: "add", sku: variant.sku, quantity: "1", redirectTo: "/cart" });
    const toPersonal = await shopper.get("/checkout/review");
    expect(location(toPersonal)).toBe("/checkout/registrationLogin");
    await shopper.postForm("/checkout/registrationLogin", { intent: "guest", email: "steps@example.com", firstName: "A", lastName: "B" });
    expect(location(await shopper.get("/checkout/payment"))).toBe("/checkout");
    expect((await shopper.get("/checkout")).status).toBe(200);
    // A guest with details for this bag finds them at Personal Info, to correct (issue 37): the step, not a redirect.
    const personal = await shopper.get("/checkout/registrationLogin");
    expect(personal.status).toBe(200);
    expect(await personal.text()).toContain('value="steps@example.com"');
  });

  it("signs an account holder in from Personal Info and goes on to the shipping step", async () => {
    const shopper = app().client();
    const email = `checkout-login-${Date.now()}@example.com`;
    const password = "una frase lunga e sicura";
    const registered = await shopper.fetch("/api/auth/register", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: ORIGIN },
      body: JSON.stringify({ firstName: "Chiara", lastName: "Verdi", email, password, confirmPassword: password, birthDay: "12", birthMonth: "6", birthYear: "1991", interests: "woman", privacy: true }),
    });
    expect(registered.status).toBe(200);
    await shopper.fetch("/api/auth/logout", { method: "POST", headers: { "Content-Type": "application/json", Origin: ORIGIN }, body: "{}" });
    const [variant] = await sellable();
    await shopper.postForm("/cart", { intent: "add", sku: variant.sku, quantity: "1", redirectTo: "/cart" });
    expect(location(await shopper.get("/checkout"))).toBe("/checkout/registrationLogin");
    const wrong = await shopper.postForm("/checkout/registrationLogin", { intent: "login", email, password: "not the password" });
    expect(wrong.status).toBe(401);
    const html = await wrong.text();
    expect(html).toContain(`value="${email}"`);
    expect(html).not.toContain("not the password");
    const signedIn = await shopper.postForm("/checkout/registrationLogin", { intent: "login", email, password });
    expect(location(signedIn)).toBe("/checkout");
    expect((await shopper.get("/checkout")).status).toBe(200);
  });

  it("ships only to Italy, keeps the input and checks the codice fiscale next to its field", async () => {
    const { shopper } = await guestWithBag(1);
    const abroad = await shopper.postForm("/checkout", { ...ADDRESS, "shipping.country": "EU", invoiceType: "person", fiscalCode: "RSSMRA85T10A562X" });
    expect(abroad.status).toBe(400);
    const html = await abroad.text();
    expect(html).toContain("Seleziona un paese tra quelli disponibili");
    expect(html).toContain('data-testid="eu-shop-pointer"');
    expect(html).toContain("Il codice fiscale non è valido");
    expect(html).toContain('value="Via Roma"');
    const company = await shopper.postForm("/checkout", { ...ADDRESS, invoiceType: "company", companyName: "Atelier Srl", vatNumber: "00743110158" });
    const companyHtml = await company.text();
    expect(companyHtml).toContain("La partita IVA non è valida");
    expect(companyHtml).toContain("Indica il codice SDI oppure la PEC");
    const fine = await shopper.postForm("/checkout", { ...ADDRESS, invoiceType: "company", companyName: "Atelier Srl", vatNumber: "IT00743110157", pec: "fatture@pec.example.com" });
    expect(fine.status).toBe(303);
    expect(location(fine)).toBe("/checkout/payment");
  });

  it("places one order at the server's prices whatever the form claims, pays it in the sandbox, and shows it only to its owner", async () => {
    const { shopper, variant } = await guestWithBag(2, 2);
    expect((await shopper.postForm("/checkout", ADDRESS)).status).toBe(303);
    expect((await shopper.postForm("/checkout/payment", { paymentMethod: "bitcoin" })).status).toBe(400);
    expect(location(await shopper.postForm("/checkout/payment", { paymentMethod: "card" }))).toBe("/checkout/review");
    const { html, orderKey, total } = await reviewForm(shopper);
    expect(html).toContain("Ordine con obbligo di pagamento");
    expect(html).toContain("Non chiudere la pagina finché il pagamento non è confermato.");
    // Shipping is 7 € below 250 € (the shop's settings), free from there.
    const expected = variant.price * 2 >= 25_000 ? variant.price * 2 : variant.price * 2 + 700;
    expect(Number(total)).toBe(expected);
    const stock = await stockOf(variant.id);

    const noTerms = await shopper.postForm("/checkout/review", { orderKey, shownTotalCents: total });
    expect(noTerms.status).toBe(400);
    const tampered = await shopper.postForm("/checkout/review", { acceptTerms: "on", orderKey, shownTotalCents: "100" });
    expect(tampered.status).toBe(409);
    expect(await tampered.text()).toContain("Il totale del carrello e l&#x27;importo da pagare non corrispondono");
    expect(await stockOf(variant.id)).toBe(stock);

    const fields = { acceptTerms: "on", orderKey, shownTotalCents: total, price: "1", unitCents: "1", totalCents: "1", discountCents: "99999" };
    const placed = await shopper.postForm("/checkout/review", fields);
    expect(placed.status).toBe(303);
    const hosted = location(placed)!;
    expect(hosted).toMatch(/^http:\/\/localhost:3000\/pay\/sandbox\/sbx_/);
    // The same form again (a second click, back and resubmit): the same order, its payment's page again.
    const again = await shopper.postForm("/checkout/review", fields);
    expect(location(again)).toBe(hosted);
    expect(await stockOf(variant.id)).toBe(stock - 2);

    const page = await shopper.get(hosted);
    expect(await page.text()).toContain("Pagamento di prova");
    expect((await shopper.postForm(hosted, { outcome: "maybe" })).status).toBe(400);
    const paid = await shopper.postForm(hosted, { outcome: "pay" });
    expect(location(paid)).toMatch(/^\/checkout\/success\/\d+$/);
    const orderId = location(paid)!.split("/").pop()!;
    // Pressed again once paid: the order's page.
    expect(location(await shopper.postForm("/checkout/review", fields))).toBe(`/checkout/success/${orderId}`);
    const success = await (await shopper.get(`/checkout/success/${orderId}`)).text();
    expect(success).toContain("Grazie per il tuo ordine!");
    expect(success).toContain('data-state="paid"');

    const order = await (await shopper.get(`/api/account/orders/${orderId}`)).json();
    expect(order).toMatchObject({ status: "confirmed", paymentStatus: "paid", totalCents: expected, subtotalCents: variant.price * 2, discountCents: 0 });
    expect(order.lines[0]).toMatchObject({ sku: variant.sku, unitCents: variant.price, quantity: 2 });
    expect((await (await shopper.get("/api/account/orders/last")).json()).id).toBe(Number(orderId));
    // Anyone else: the same 404 as an order that does not exist.
    const stranger = app().client();
    expect((await stranger.get(`/checkout/success/${orderId}`)).status).toBe(404);
    expect((await stranger.get(`/checkout/error/${orderId}`)).status).toBe(404);
    expect((await stranger.get(`/api/account/orders/${orderId}`)).status).toBe(404);
    expect((await stranger.get("/api/account/orders/last")).status).toBe(404);
    expect((await stranger.postForm(`/checkout/error/${orderId}`, { paymentMethod: "card" })).status).toBe(404);
  });

  it("a failed sandbox payment leads to the error page, whose retry by bank transfer confirms the order", async () => {
    const { shopper } = await guestWithBag(3);
    await shopper.postForm("/checkout", ADDRESS);
    await shopper.postForm("/checkout/payment", { paymentMethod: "paypalInstalments" });
    const { orderKey, total } = await reviewForm(shopper);
    const hosted = location(await shopper.postForm("/checkout/review", { acceptTerms: "on", orderKey, shownTotalCents: total }))!;
    const failed = await shopper.postForm(hosted, { outcome: "fail" });
    const errorPath = location(failed)!;
    expect(errorPath).toMatch(/^\/checkout\/error\/\d+$/);
    const errorPage = await (await shopper.get(errorPath)).text();
    expect(errorPage).toContain("Siamo spiacenti ma il tuo pagamento non è andato a buon fine");
    // The success page of a failed order sends the shopper to the retry.
    expect(location(await shopper.get(errorPath.replace("error", "success")))).toBe(errorPath);
    const retry = await shopper.postForm(errorPath, { paymentMethod: "bankTransfer" });
    expect(location(retry)).toBe(errorPath.replace("error", "success"));
    const transfer = await (await shopper.get(location(retry)!)).text();
    expect(transfer).toContain("IT60X0542811101000000123456");
    expect(transfer).toContain('data-state="transfer"');
  });

  it("refuses a webhook with a bad signature, handles a good one once, and 404s another provider", async () => {
    const { shopper } = await guestWithBag(4);
    await shopper.postForm("/checkout", ADDRESS);
    await shopper.postForm("/checkout/payment", { paymentMethod: "card" });
    const { orderKey, total } = await reviewForm(shopper);
    const ref = location(await shopper.postForm("/checkout/review", { acceptTerms: "on", orderKey, shownTotalCents: total }))!.split("/").pop()!;
    const hook = (body: string, headers: Headers) => app().client().fetch("/api/payments/webhook/sandbox", { method: "POST", headers, body });

    const forged = signSandboxEvent("guessed", { ref, outcome: "succeeded", amountCents: Number(total) });
    expect((await hook(forged.body, forged.headers)).status).toBe(400);
    const unsigned = new Headers({ "Content-Type": "application/json" });
    expect((await hook(forged.body, unsigned)).status).toBe(400);
    const good = signSandboxEvent(sandboxSecret(app().env), { ref, outcome: "succeeded", amountCents: Number(total) });
    const first = await hook(good.body, good.headers);
    expect(await first.json()).toEqual({ received: true, result: "applied" });
    expect(await (await hook(good.body, good.headers)).json()).toEqual({ received: true, result: "replayed" });
    expect((await app().client().fetch("/api/payments/webhook/stripe", { method: "POST", headers: good.headers, body: good.body })).status).toBe(404);
    expect((await app().client().get("/api/payments/webhook/sandbox")).status).toBe(405);
  });

  it("answers forged and broken input with 4xx, never 500", async () => {
    const { shopper } = await guestWithBag(5);
    const huge = "x".repeat(5000);
    const posts: [string, Record<string, string>][] = [
      ["/checkout/registrationLogin", { intent: "guest", email: huge, firstName: "\u0000", lastName: huge }],
      ["/checkout/registrationLogin", { intent: "nope" }],
      ["/checkout/registrationLogin", { intent: "login", email: "a@b.c", password: huge }],
      ["/checkout", { ...ADDRESS, addressChoice: "99999999999999" }],
      ["/checkout", { ...ADDRESS, addressChoice: "12" }],
      ["/checkout", { ...ADDRESS, "shipping.street": "\u0000\u0000\u0000", fiscalCode: huge, invoiceType: "person" }],
      ["/checkout", { ...ADDRESS, shippingMethod: "drone", invoiceType: "other" }],
      ["/checkout", { shipping: "string", billing: "x" }],
      // conform's own reserved fields, forged: dropped, never parsed.
      ["/checkout", { ...ADDRESS, __intent__: "x", __state__: "{" }],
      ["/checkout/registrationLogin", { intent: "guest", __intent__: "{", email: "a@b.it", firstName: "A", lastName: "B" }],
    ];
    for (const [path, fields] of posts) {
      const answer = await shopper.postForm(path, fields);
      expect(answer.status, `${path} ${JSON.stringify(fields).slice(0, 80)}`).toBeGreaterThanOrEqual(300);
      expect(answer.status).toBeLessThan(500);
    }
    await shopper.postForm("/checkout", ADDRESS);
    await shopper.postForm("/checkout/payment", { paymentMethod: "card" });
    for (const fields of [{ acceptTerms: "on", orderKey: "short", shownTotalCents: "1" }, { acceptTerms: "on", orderKey: "A".repeat(40), shownTotalCents: "-5" }, { acceptTerms: "on", orderKey: "A".repeat(40), shownTotalCents: "99999999999999" }]) {
      const answer = await shopper.postForm("/checkout/review", fields);
      expect(answer.status).toBeGreaterThanOrEqual(300);
      expect(answer.status).toBeLessThan(500);
    }
    for (const path of ["/checkout/success/abc", "/checkout/success/0", "/checkout/success/99999999999", "/en/checkout/error/1e3", "/pay/sandbox/nope", "/pay/sandbox/sbx_AAAAAAAAAAAAAAAAAAAAAAAA", "/api/account/orders/-1"]) {
      expect((await shopper.get(path)).status, path).toBe(404);
    }
  });
});

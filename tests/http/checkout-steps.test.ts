import { expect, it } from "vitest";
import { shippingStepForm } from "../support/forms";
import { type HttpClient, ORIGIN, describeEachApp } from "../support/http";
import { sandboxSecret } from "~/modules/payment/payment.service.server";
import { signSandboxEvent } from "~/modules/payment/sandbox.server";
import { getShopSettings } from "~/modules/settings/shop-settings.server";

// The checkout's steps from the edges: loaders that never write (the checkout's row comes with
// the first form saved), an order button pressed before any step, the shipping address's name
// prefilled from Personal Info or the account, the sandbox's page in the order's language, and a
// payment event of the wrong amount.

const ADDRESS = shippingStepForm({ "shipping.firstName": "Anna", "shipping.lastName": "Bianchi" });
const STEPS = ["/checkout/registrationLogin", "/checkout", "/checkout/payment", "/checkout/review"];
const ORDER_BUTTON = { acceptTerms: "on", orderKey: "A".repeat(40), shownTotalCents: "1000" };

describeEachApp("checkout steps", (app) => {
  const location = (response: Response) => response.headers.get("Location");
  const checkoutRows = async () => Number((await app().db.selectFrom("checkouts").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
  /** The value of the page's input named `name`. */
  const inputValue = (html: string, name: string) => {
    const input = new RegExp(`<input[^>]*name="${name.replace(".", "\\.")}"[^>]*>`).exec(html)?.[0];
    expect(input, name).toBeDefined();
    return /value="([^"]*)"/.exec(input!)?.[1] ?? "";
  };

  let nextVariant = 0;
  /** A new visitor with one sellable variant in the bag (each call a different variant). */
  async function withBag(prefix = "") {
    const shopper = app().client();
    const variants = await app().db.selectFrom("variants").select("sku").where("stock", ">=", 5).orderBy("id").limit(40).execute();
    const added = await shopper.postForm(`${prefix}/cart`, { intent: "add", sku: variants[nextVariant++].sku, quantity: "1", redirectTo: `${prefix}/cart` });
    expect(added.status).toBe(303);
    return shopper;
  }

  async function register(shopper: HttpClient, firstName: string, lastName: string) {
    const password = "una frase lunga e sicura";
    const answer = await shopper.fetch("/api/auth/register", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: ORIGIN },
      body: JSON.stringify({ firstName, lastName, email: `steps-${Date.now()}-${nextVariant}@example.com`, password, confirmPassword: password, birthDay: "12", birthMonth: "6", birthYear: "1991", interests: "woman", privacy: true }),
    });
    expect(answer.status).toBe(200);
  }

  /** Personal Info as a guest, the shipping step and the payment method: ready for the order button. */
  async function guestToReview(shopper: HttpClient, method: string, prefix = "") {
    await shopper.postForm(`${prefix}/checkout/registrationLogin`, { intent: "guest", email: `guest-${nextVariant}@example.com`, firstName: "Giulia", lastName: "Rossi" });
    expect(location(await shopper.postForm(`${prefix}/checkout`, ADDRESS))).toBe(`${prefix}/checkout/payment`);
    expect(location(await shopper.postForm(`${prefix}/checkout/payment`, { paymentMethod: method }))).toBe(`${prefix}/checkout/review`);
    const html = await (await shopper.get(`${prefix}/checkout/review`)).text();
    return { orderKey: /name="orderKey" value="([^"]+)"/.exec(html)![1], total: /name="shownTotalCents" value="(\d+)"/.exec(html)![1] };
  }

  it("renders every step without writing: the checkout's row comes with the first form saved", async () => {
    const before = await checkoutRows();
    // A visitor with a bag who never opened a step, in both languages.
    const visitor = await withBag();
    for (const prefix of ["/en", ""]) {
      for (const step of STEPS) expect((await visitor.get(prefix + step)).status, prefix + step).toBeLessThan(400);
    }
    expect((await visitor.get("/checkout/registrationLogin")).status).toBe(200);
    // An account holder, whom the shipping step shows at once.
    const holder = await withBag();
    await register(holder, "Chiara", "Verdi");
    expect((await holder.get("/checkout")).status).toBe(200);
    expect((await holder.get("/en/checkout")).status).toBe(200);
    for (const step of STEPS) await holder.get(step);
    expect(await checkoutRows()).toBe(before);

    // The first form saved creates it, once.
    expect(location(await visitor.postForm("/checkout/registrationLogin", { intent: "guest", email: "rows@example.com", firstName: "Giulia", lastName: "Rossi" }))).toBe("/checkout");
    expect(await checkoutRows()).toBe(before + 1);
    for (const step of STEPS) await visitor.get(step);
    expect(location(await holder.postForm("/checkout", ADDRESS))).toBe("/checkout/payment");
    expect(await checkoutRows()).toBe(before + 2);
    for (const step of STEPS) await holder.get(step);
    expect(await checkoutRows()).toBe(before + 2);
  });

  it("sends an order button pressed before the steps were done to the first incomplete step", async () => {
    // Never opened a step: Personal Info, in the shopper's language; back from there, the shipping step.
    const visitor = await withBag();
    const early = await visitor.postForm("/checkout/review", ORDER_BUTTON);
    expect(early.status).toBe(303);
    expect(location(early)).toBe("/checkout/registrationLogin");
    expect(location(await visitor.postForm("/checkout/registrationLogin", { intent: "guest", email: "early@example.com", firstName: "Giulia", lastName: "Rossi" }))).toBe("/checkout");
    const english = await withBag("/en");
    expect(location(await english.postForm("/en/checkout/review", ORDER_BUTTON))).toBe("/en/checkout/registrationLogin");

    // Personal Info done, nothing more: the shipping step.
    const incomplete = await visitor.postForm("/checkout/review", ORDER_BUTTON);
    expect(incomplete.status).toBe(303);
    expect(location(incomplete)).toBe("/checkout");
    // An account holder who never saved a step: the shipping step.
    const holder = await withBag();
    await register(holder, "Chiara", "Verdi");
    expect(location(await holder.postForm("/checkout/review", ORDER_BUTTON))).toBe("/checkout");
    // No bag at all: out of the checkout, as its pages do.
    const nobody = app().client();
    expect(location(await nobody.postForm("/checkout/review", ORDER_BUTTON))).toBe("/");
  });

  it("prefills the new shipping address with the name the order is for, never over what the shopper gave", async () => {
    const guest = await withBag();
    await guest.postForm("/checkout/registrationLogin", { intent: "guest", email: "prefill@example.com", firstName: "Giulia", lastName: "Rossi" });
    const page = await (await guest.get("/checkout")).text();
    expect(inputValue(page, "shipping.firstName")).toBe("Giulia");
    expect(inputValue(page, "shipping.lastName")).toBe("Rossi");
    // A refused form keeps what was typed.
    const refused = await (await guest.postForm("/checkout", { ...ADDRESS, "shipping.firstName": "Marco", "shipping.zip": "" })).text();
    expect(inputValue(refused, "shipping.firstName")).toBe("Marco");
    // A saved address comes back as it was saved.
    await guest.postForm("/checkout", ADDRESS);
    const saved = await (await guest.get("/checkout")).text();
    expect(inputValue(saved, "shipping.firstName")).toBe("Anna");
    expect(inputValue(saved, "shipping.lastName")).toBe("Bianchi");

    const holder = await withBag();
    await register(holder, "Chiara", "Verdi");
    const own = await (await holder.get("/en/checkout")).text();
    expect(inputValue(own, "shipping.firstName")).toBe("Chiara");
    expect(inputValue(own, "shipping.lastName")).toBe("Verdi");
    // The billing address, optional and elsewhere, is left to the shopper.
    expect(inputValue(own, "billing.firstName")).toBe("");
  });

  /** The step a checkout page shows: the label its steps' list marks as current. */
  const currentStep = (html: string) => /<span aria-current="step"[^>]*>([^<]+)<\/span>/.exec(html)?.[1];
  /** The links of a checkout page that go to a step: each done step of the steps' list, and the header's back button. */
  const stepLinks = (html: string) => {
    const nav = /<nav aria-label="(?:Passi del checkout|Checkout steps)"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? "";
    const steps = [...nav.matchAll(/<a [^>]*href="([^"]+)"/g)].map((m) => m[1]);
    const back = /<header[\s\S]*?<a [^>]*href="([^"]+)"/.exec(html)?.[1];
    return { steps, back };
  };
  const LABELS: Record<string, string> = {
    "/checkout/registrationLogin": "Dati personali",
    "/checkout": "Spedizione",
    "/checkout/payment": "Pagamento",
    "/checkout/review": "Riepilogo",
  };

  /** Every step link and back button of every step page leads to that step, not out of the checkout. */
  async function followEveryStepLink(shopper: HttpClient, expectedBack: Record<string, string>) {
    for (const page of STEPS) {
      const answer = await shopper.get(page);
      expect(answer.status, page).toBe(200);
      const html = await answer.text();
      expect(currentStep(html), page).toBe(LABELS[page]);
      const { steps, back } = stepLinks(html);
      expect(back, `back button of ${page}`).toBe(expectedBack[page]);
      // The done steps before this one: the bag, then each step up to the page.
      expect(steps, page).toEqual(["/cart", ...STEPS.slice(0, STEPS.indexOf(page))]);
      for (const link of [...steps, back!]) {
        const followed = await shopper.get(link);
        expect(followed.status, `${link} from ${page}`).toBe(200);
        const target = await followed.text();
        if (link === "/cart") expect(target).toContain('data-testid="bag-lines"');
        else expect(currentStep(target), `${link} from ${page}`).toBe(LABELS[link]);
      }
    }
  }

  it("leads every step link and back button to that step, for an account holder and a guest", async () => {
    const holder = await withBag();
    await register(holder, "Chiara", "Verdi");
    expect(location(await holder.postForm("/checkout", ADDRESS))).toBe("/checkout/payment");
    expect(location(await holder.postForm("/checkout/payment", { paymentMethod: "bankTransfer" }))).toBe("/checkout/review");
    // The account holder's Personal Info says who the order is for and goes on to shipping.
    const personal = await (await holder.get("/checkout/registrationLogin")).text();
    expect(personal).toContain("Chiara Verdi · steps-");
    expect(personal).toContain('href="/checkout"');
    await followEveryStepLink(holder, { "/checkout/registrationLogin": "/cart", "/checkout": "/cart", "/checkout/payment": "/checkout", "/checkout/review": "/checkout/payment" });

    const guest = await withBag();
    await guestToReview(guest, "bankTransfer");
    await followEveryStepLink(guest, { "/checkout/registrationLogin": "/cart", "/checkout": "/checkout/registrationLogin", "/checkout/payment": "/checkout", "/checkout/review": "/checkout/payment" });
    // A stored target out of the checkout (an account page a guest once asked for) does not take the guest away.
    await guest.get("/account/orders");
    expect((await guest.get("/checkout/registrationLogin")).status).toBe(200);
    expect(location(await guest.postForm("/checkout/registrationLogin", { intent: "guest", email: `guest-${nextVariant - 1}@example.com`, firstName: "Giulia", lastName: "Rossi" }))).toBe("/checkout");

    // In English too.
    const english = await withBag("/en");
    await register(english, "Chiara", "Verdi");
    const answer = await english.get("/en/checkout/registrationLogin");
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('href="/en/checkout"');
    // With no bag, the spec's redirect of a signed-in shopper stands.
    const empty = app().client();
    await register(empty, "Luca", "Neri");
    expect((await empty.get("/checkout/registrationLogin")).status).toBe(302);
  });

  it("lets a guest correct a mistyped e-mail during checkout: the order goes to the corrected one", async () => {
    const guest = await withBag();
    await guest.postForm("/checkout/registrationLogin", { intent: "guest", email: "giulia.rossi@exmaple.com", firstName: "Giulia", lastName: "Rossi" });
    expect(location(await guest.postForm("/checkout", ADDRESS))).toBe("/checkout/payment");
    expect(location(await guest.postForm("/checkout/payment", { paymentMethod: "bankTransfer" }))).toBe("/checkout/review");
    const review = await (await guest.get("/checkout/review")).text();
    expect(review).toContain("giulia.rossi@exmaple.com");
    // The review's contact has its own edit link, to Personal Info, which shows what was given.
    expect(review).toMatch(/Contatti<\/h2> <a [^>]*href="\/checkout\/registrationLogin"/);
    const personal = await (await guest.get("/checkout/registrationLogin")).text();
    expect(inputValue(personal, "email")).toBe("giulia.rossi@exmaple.com");
    expect(inputValue(personal, "firstName")).toBe("Giulia");

    // Corrected, the shopper goes on to shipping with the choices already made.
    expect(location(await guest.postForm("/checkout/registrationLogin", { intent: "guest", email: "giulia.rossi@example.com", firstName: "Giulia", lastName: "Rossi" }))).toBe("/checkout");
    const corrected = await (await guest.get("/checkout/review")).text();
    expect(corrected).toContain("giulia.rossi@example.com");
    expect(corrected).not.toContain("exmaple");
    const orderKey = /name="orderKey" value="([^"]+)"/.exec(corrected)![1];
    const total = /name="shownTotalCents" value="(\d+)"/.exec(corrected)![1];
    const placed = location(await guest.postForm("/checkout/review", { acceptTerms: "on", orderKey, shownTotalCents: total }))!;
    const orderId = Number(/\/checkout\/success\/(\d+)$/.exec(placed)![1]);
    const order = await app().db.selectFrom("orders").select("email").where("id", "=", orderId).executeTakeFirstOrThrow();
    expect(order.email).toBe("giulia.rossi@example.com");
  });

  it("shows the sandbox's page in the order's language, with the method's label as the shop names it", async () => {
    const { paypalInstalments } = await getShopSettings(app().db);
    for (const [prefix, lang, title, method, pay] of [
      ["", "it", "Pagamento di prova", `PayPal in ${paypalInstalments} rate`, "Paga "],
      ["/en", "en", "Test payment", `PayPal in ${paypalInstalments} instalments`, "Pay "],
    ] as const) {
      const shopper = await withBag(prefix);
      const { orderKey, total } = await guestToReview(shopper, "paypalInstalments", prefix);
      const hosted = location(await shopper.postForm(`${prefix}/checkout/review`, { acceptTerms: "on", orderKey, shownTotalCents: total }))!;
      expect(new URL(hosted).pathname).toMatch(new RegExp(`^${prefix}/pay/sandbox/sbx_`));
      const html = await (await shopper.get(hosted)).text();
      expect(html).toContain(`<html lang="${lang}"`);
      expect(html).toContain(title);
      expect(html).toContain(`<dd>${method}</dd>`);
      expect(html).toContain(`>${pay}`);
      const paid = await shopper.postForm(hosted, { outcome: "pay" });
      expect(location(paid)).toMatch(new RegExp(`^${prefix}/checkout/success/\\d+$`));
      expect(await (await shopper.get(location(paid)!)).text()).toContain('data-state="paid"');
    }
  });

  it("after an event of the wrong amount, the order is not confirmed and the shopper is offered the retry at once", async () => {
    const shopper = await withBag();
    const { orderKey, total } = await guestToReview(shopper, "card");
    const hosted = location(await shopper.postForm("/checkout/review", { acceptTerms: "on", orderKey, shownTotalCents: total }))!;
    const ref = hosted.split("/").pop()!;
    const wrong = signSandboxEvent(sandboxSecret(app().env), { ref, outcome: "succeeded", amountCents: Number(total) - 1 });
    const hook = await app().client().fetch("/api/payments/webhook/sandbox", { method: "POST", headers: wrong.headers, body: wrong.body });
    expect(await hook.json()).toEqual({ received: true, result: "applied" });
    const order = await app().db.selectFrom("payments").select(["order_id", "status"]).where("provider_ref", "=", ref).executeTakeFirstOrThrow();
    expect(order.status).toBe("refunded");
    const errorPath = `/checkout/error/${order.order_id}`;

    // The return from the provider, and the provider's page itself, lead to the retry.
    expect(location(await shopper.get(`/checkout/success/${order.order_id}`))).toBe(errorPath);
    const closed = await (await shopper.get(hosted)).text();
    expect(closed).toContain("Questo pagamento è chiuso e non ha pagato l&#x27;ordine");
    expect(closed).toContain(`href="${errorPath}"`);
    expect(closed).not.toContain('value="pay"');
    const errorPage = await (await shopper.get(errorPath)).text();
    expect(errorPage).toContain('name="paymentMethod"');

    // The retry pays the order.
    const retry = await shopper.postForm(errorPath, { paymentMethod: "card" });
    const again = location(retry)!;
    expect(again).toMatch(/\/pay\/sandbox\/sbx_/);
    expect(again).not.toBe(hosted);
    const paid = await shopper.postForm(again, { outcome: "pay" });
    expect(location(paid)).toBe(`/checkout/success/${order.order_id}`);
    expect(await (await shopper.get(location(paid)!)).text()).toContain('data-state="paid"');
  });
});

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { registrationForm, shippingStepForm } from "../support/forms";
import { type HttpClient, ORIGIN, describeEachApp } from "../support/http";
import { paidOrder } from "../support/order-fixtures";
import { deliverOrder, shipOrder } from "~/modules/order/fulfilment.service.server";
import { createSandboxProvider } from "~/modules/payment/sandbox.server";
import { alertsToken, setPriceDropAlerts } from "~/modules/wishlist/wishlist.service.server";

// Post/redirect/get (issue 22): every page form, posted with a valid submission as a browser
// without JavaScript posts it (what the server renders for it: hidden redirectTo fields
// included), answers with a redirect, so that a refresh shows a page instead of posting again.
// JSON /api calls are out of scope (they answer JSON); with JavaScript, the fetcher forms
// (newsletter, back in stock, bag, cookie banner) may answer their fetcher with data. The
// withdrawal's lookup step changes nothing and answers with the confirmation step; its
// confirmation is in the table.

const ROUTES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../app/routes");
/** Route modules with an action that no page form posts to. */
const NOT_PAGE_FORMS: Record<string, string> = {
  "not-found.tsx": "answers every post with 404: no form posts there",
};
const PASSWORD = "una frase lunga e sicura";
const NEW_PASSWORD = "un'altra frase lunga e sicura";
const provider = createSandboxProvider({
  secret: "http-post-redirect-get",
  publicUrl: ORIGIN,
});

/** A minimal well-formed PDF (header, three objects, cross-reference table, trailer). */
function minimalPdf(): string {
  const objects = ["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>", "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>"];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return body;
}

describeEachApp("every page form redirects after success (no JavaScript)", (app) => {
  let nextEmail = 0;
  const newEmail = (name: string) => `${name}-${++nextEmail}-${app().kind}@example.it`;
  // Two-letter names: the one name rule lets them through every form.
  const registration = (email: string) => registrationForm(email, { firstName: "Li", lastName: "Bo" });
  const sellable = (offset: number) => app().db.selectFrom("variants").select(["id", "sku"]).where("stock", ">=", 5).orderBy("id").offset(offset).limit(1).executeTakeFirstOrThrow();
  const field = (html: string, name: string) => new RegExp(`name="${name}" value="([^"]+)"`).exec(html)?.[1];

  /** What the rows share: one account holder, one guest going through the checkout. */
  const state: {
    holder?: HttpClient;
    holderEmail?: string;
    holderId?: number;
    guest?: HttpClient;
    orderId?: number;
    hostedPage?: string;
    errorPage?: string;
  } = {};
  async function holder() {
    if (state.holder) return state.holder;
    state.holder = app().client();
    state.holderEmail = newEmail("holder");
    expect((await state.holder.postForm("/login/register", registration(state.holderEmail))).status).toBe(302);
    state.holderId = (await app().db.selectFrom("users").select("id").where("email_key", "=", state.holderEmail).executeTakeFirstOrThrow()).id;
    return state.holder;
  }
  async function lineIdOf(shopper: HttpClient) {
    const id = field(await (await shopper.get("/cart")).text(), "lineId");
    expect(id, "a bag line").toBeDefined();
    return id!;
  }

  /** Route module → its forms, each posted as a browser without JavaScript would, and where success leads. */
  const FORMS: Array<{
    route: string;
    form: string;
    to: string | RegExp;
    post: () => Promise<Response>;
  }> = [
    {
      route: "login-register.tsx",
      form: "registration",
      to: "/",
      post: () =>
        app()
          .client()
          .postForm("/login/register", registration(newEmail("register"))),
    },
    {
      route: "login.tsx",
      form: "login",
      to: "/",
      post: async () => {
        await holder();
        return app().client().postForm("/login", {
          email: state.holderEmail!,
          password: PASSWORD,
        });
      },
    },
    {
      route: "login-lost-password.tsx",
      form: "lost password",
      to: "/login/lost-password",
      post: async () => (await holder(), app().client().postForm("/login/lost-password", { email: state.holderEmail! })),
    },
    {
      route: "login-reset.tsx",
      form: "new password from the e-mailed link",
      to: "/login",
      post: async () => {
        const email = newEmail("reset");
        await app().client().postForm("/login/register", registration(email));
        await app().client().postForm("/login/lost-password", { email });
        const mail = await app().db.selectFrom("mail_outbox").select("text_body").where("recipient", "=", email).where("template", "=", "password-reset").executeTakeFirstOrThrow();
        const token = /\/login\/reset\?token=([\w-]+)/.exec(mail.text_body)![1];
        return app().client().postForm("/login/reset", {
          token,
          password: NEW_PASSWORD,
          confirmPassword: NEW_PASSWORD,
        });
      },
    },
    {
      route: "confirm-email.tsx",
      form: "address confirmation from the welcome e-mail's link",
      to: "/",
      post: async () => {
        const email = newEmail("confirm");
        await app().client().postForm("/login/register", registration(email));
        const mail = await app().db.selectFrom("mail_outbox").select("text_body").where("recipient", "=", email).where("template", "=", "welcome").executeTakeFirstOrThrow();
        const token = /\/account\/confirm-email\?token=([\w-]+)/.exec(mail.text_body)![1];
        return app().client().postForm("/account/confirm-email", { token });
      },
    },
    {
      route: "account.tsx",
      form: "send the confirmation again",
      to: "/account",
      post: async () => (await holder()).postForm("/account", { intent: "confirm-email" }),
    },
    {
      route: "account.tsx",
      form: "profile",
      to: "/account",
      post: async () =>
        (await holder()).postForm("/account", {
          intent: "profile",
          firstName: "O",
          lastName: "Li",
          email: state.holderEmail!,
          fiscalCode: "RSSMRA85T10A562S",
          interests: "both",
        }),
    },
    {
      route: "account.tsx",
      form: "password change",
      to: "/account",
      post: async () =>
        (await holder()).postForm("/account", {
          intent: "password",
          currentPassword: PASSWORD,
          password: NEW_PASSWORD,
          confirmPassword: NEW_PASSWORD,
        }),
    },
    {
      route: "account-addresses.tsx",
      form: "new address",
      to: "/account/addresses",
      post: async () =>
        (await holder()).postForm("/account/addresses", {
          intent: "save",
          firstName: "Li",
          lastName: "Bo",
          street: "Via Roma",
          streetNumber: "1",
          city: "Milano",
          province: "MI",
          zip: "20121",
          country: "IT",
          phonePrefix: "+39",
          phone: "3331234567",
        }),
    },
    {
      route: "account-addresses.tsx",
      form: "make default",
      to: "/account/addresses",
      post: async () => {
        const { id } = await app().db.selectFrom("addresses").select("id").where("user_id", "=", state.holderId!).executeTakeFirstOrThrow();
        return (await holder()).postForm("/account/addresses", {
          intent: "default",
          id: String(id),
        });
      },
    },
    {
      route: "account-addresses.tsx",
      form: "delete address",
      to: "/account/addresses",
      post: async () => {
        const { id } = await app().db.selectFrom("addresses").select("id").where("user_id", "=", state.holderId!).executeTakeFirstOrThrow();
        return (await holder()).postForm("/account/addresses", {
          intent: "delete",
          id: String(id),
        });
      },
    },
    {
      route: "account-order.tsx",
      form: "return request",
      to: /^\/account\/orders\/\d+$/,
      post: async () => {
        await holder();
        const variant = await sellable(2);
        const { orderId } = await paidOrder(app().db, provider, {
          lines: [{ sku: variant.sku, quantity: 1 }],
          userId: state.holderId!,
          email: state.holderEmail!,
        });
        await shipOrder(app().db, orderId, "1Z999AA10123456784");
        await deliverOrder(app().db, orderId);
        const { id } = await app().db.selectFrom("order_lines").select("id").where("order_id", "=", orderId).executeTakeFirstOrThrow();
        state.orderId = orderId;
        return state.holder!.postForm(`/account/orders/${orderId}`, {
          "lines[0].orderLineId": String(id),
          "lines[0].quantity": "1",
          "lines[0].reason": "too_small",
        });
      },
    },
    {
      route: "cart.tsx",
      form: "reorder (order page)",
      to: "/account/orders",
      post: async () =>
        (await holder()).postForm("/cart", {
          intent: "reorder",
          orderId: String(state.orderId),
          redirectTo: "/account/orders",
        }),
    },
    {
      route: "wishlist.tsx",
      form: "heart (a product card, a product page)",
      to: "/categories/donna",
      post: async () => {
        const product = await app().db.selectFrom("products").select("id").where("status", "=", "published").orderBy("id").executeTakeFirstOrThrow();
        return app().client().postForm("/preferiti", { intent: "add", productId: String(product.id), redirectTo: "/categories/donna" });
      },
    },
    {
      route: "wishlist.tsx",
      form: "remove (the wishlist page)",
      to: "/preferiti",
      post: async () => {
        const product = await app().db.selectFrom("products").select("id").where("status", "=", "published").orderBy("id").executeTakeFirstOrThrow();
        return app().client().postForm("/preferiti", { intent: "remove", productId: String(product.id), redirectTo: "/preferiti" });
      },
    },
    {
      route: "cart.tsx",
      form: "add to bag (product page)",
      to: "/cart",
      post: async () => {
        state.guest = app().client();
        return state.guest.postForm("/cart", {
          intent: "add",
          sku: (await sellable(4)).sku,
          quantity: "1",
          redirectTo: "/cart",
        });
      },
    },
    {
      route: "cart.tsx",
      form: "change a quantity",
      to: "/cart",
      post: async () =>
        state.guest!.postForm("/cart", {
          intent: "edit",
          lineId: await lineIdOf(state.guest!),
          quantity: "2",
          redirectTo: "/cart",
        }),
    },
    {
      route: "cart.tsx",
      form: "discount code",
      to: "/cart",
      post: () =>
        state.guest!.postForm("/cart", {
          intent: "addDiscount",
          code: "BENVENUTO10",
          redirectTo: "/cart",
        }),
    },
    {
      route: "cart.tsx",
      form: "remove the discount code",
      to: "/cart",
      post: () =>
        state.guest!.postForm("/cart", {
          intent: "removeDiscount",
          redirectTo: "/cart",
        }),
    },
    {
      route: "cart.tsx",
      form: "remove a line",
      to: "/cart",
      post: async () => {
        await state.guest!.postForm("/cart", {
          intent: "add",
          sku: (await sellable(6)).sku,
          quantity: "1",
          redirectTo: "/cart",
        });
        return state.guest!.postForm("/cart", {
          intent: "remove",
          lineId: await lineIdOf(state.guest!),
          redirectTo: "/cart",
        });
      },
    },
    {
      route: "checkout-personal.tsx",
      form: "continue as a guest",
      to: "/checkout",
      post: () =>
        state.guest!.postForm("/checkout/registrationLogin", {
          intent: "guest",
          email: newEmail("guest"),
          firstName: "O",
          lastName: "Li",
        }),
    },
    {
      route: "checkout-personal.tsx",
      form: "login at checkout",
      to: "/checkout",
      post: async () => {
        const shopper = app().client();
        await shopper.postForm("/cart", {
          intent: "add",
          sku: (await sellable(8)).sku,
          quantity: "1",
          redirectTo: "/cart",
        });
        await holder();
        return shopper.postForm("/checkout/registrationLogin", {
          intent: "login",
          email: state.holderEmail!,
          password: NEW_PASSWORD,
        });
      },
    },
    {
      route: "checkout-shipping.tsx",
      form: "shipping",
      to: "/checkout/payment",
      post: () =>
        state.guest!.postForm("/checkout", shippingStepForm({ "shipping.firstName": "O", "shipping.lastName": "Li" })),
    },
    {
      route: "checkout-payment.tsx",
      form: "payment method",
      to: "/checkout/review",
      post: () => state.guest!.postForm("/checkout/payment", { paymentMethod: "card" }),
    },
    {
      route: "checkout-review.tsx",
      form: "place the order",
      to: /\/pay\/sandbox\/[\w-]+$/,
      post: async () => {
        const html = await (await state.guest!.get("/checkout/review")).text();
        const answer = await state.guest!.postForm("/checkout/review", {
          acceptTerms: "on",
          orderKey: field(html, "orderKey")!,
          shownTotalCents: field(html, "shownTotalCents")!,
        });
        state.hostedPage = answer.headers.get("Location") ?? undefined;
        return answer;
      },
    },
    {
      route: "pay-sandbox.tsx",
      form: "sandbox payment (declined)",
      to: /^\/checkout\/error\/\d+$/,
      post: async () => {
        const answer = await state.guest!.postForm(new URL(state.hostedPage!, ORIGIN).pathname, { outcome: "fail" });
        state.errorPage = answer.headers.get("Location") ?? undefined;
        return answer;
      },
    },
    {
      route: "checkout-error.tsx",
      form: "pay again",
      to: /^\/checkout\/success\/\d+$/,
      post: () =>
        state.guest!.postForm(state.errorPage!, {
          paymentMethod: "bankTransfer",
        }),
    },
    {
      route: "withdrawal.tsx",
      form: "withdrawal",
      to: "/pages/recesso",
      post: async () => {
        const email = newEmail("withdraw");
        const { orderId } = await paidOrder(app().db, provider, {
          lines: [{ sku: (await sellable(10)).sku, quantity: 1 }],
          email,
        });
        const { number } = await app().db.selectFrom("orders").select("number").where("id", "=", orderId).executeTakeFirstOrThrow();
        return app().client().postForm("/pages/recesso", {
          intent: "confirm",
          number,
          email,
          confirm: "on",
        });
      },
    },
    {
      route: "newsletter.tsx",
      form: "newsletter (footer and page)",
      to: "/pages/Faq",
      post: () =>
        app()
          .client()
          .postForm("/pages/newsletter", {
            email: newEmail("news"),
            privacy: "on",
            source: "footer",
            redirectTo: "/pages/Faq",
          }),
    },
    {
      route: "newsletter-confirm.tsx",
      form: "newsletter confirmation from the e-mailed link",
      to: "/",
      post: async () => {
        const email = newEmail("optin");
        await app().client().postForm("/pages/newsletter", { email, privacy: "on" });
        const mail = await app().db.selectFrom("mail_outbox").select("text_body").where("recipient", "=", email).where("template", "=", "newsletter-confirmation").executeTakeFirstOrThrow();
        const token = /\/newsletter\/confirm\?token=([\w-]+)/.exec(mail.text_body)![1];
        return app().client().postForm("/newsletter/confirm", { token });
      },
    },
    {
      route: "newsletter-unsubscribe.tsx",
      form: "newsletter unsubscribe page's button",
      to: /^\/newsletter\/unsubscribe\?token=[\w.-]+$/,
      post: async () => {
        const email = newEmail("optout");
        await app().client().postForm("/pages/newsletter", { email, privacy: "on" });
        const mail = await app().db.selectFrom("mail_outbox").select("text_body").where("recipient", "=", email).where("template", "=", "newsletter-confirmation").executeTakeFirstOrThrow();
        const token = /\/newsletter\/unsubscribe\?token=([\w.-]+)/.exec(mail.text_body)![1];
        return app().client().postForm("/newsletter/unsubscribe", { token });
      },
    },
    {
      route: "wishlist-alerts.tsx",
      form: "the price-drop e-mails' stop button",
      to: /^\/preferiti\/avvisi\?token=[\w.-]+$/,
      post: async () => {
        const user = await app().db.selectFrom("users").select("id").orderBy("id").executeTakeFirstOrThrow();
        await setPriceDropAlerts(app().db, { userId: user.id, on: true, locale: "it" });
        return app().client().postForm("/preferiti/avvisi", { token: alertsToken(user.id) });
      },
    },
    {
      route: "product.tsx",
      form: "back in stock",
      to: /^\/products\/[\w-]+$/,
      post: async () => {
        const { slug } = await app().db.selectFrom("product_translations").select("slug").where("locale", "=", "it").orderBy("product_id").executeTakeFirstOrThrow();
        const variant = await sellable(12);
        await app().db.updateTable("variants").set({ stock: 0 }).where("id", "=", variant.id).execute();
        return app()
          .client()
          .postForm(`/products/${slug}`, {
            intent: "backstock",
            sku: variant.sku,
            email: newEmail("alert"),
            privacy: "on",
            redirectTo: `/products/${slug}`,
          });
      },
    },
    {
      route: "cookies.tsx",
      form: "cookie choices",
      to: "/pages/cookies",
      post: () =>
        app().client().postForm("/pages/cookies", {
          intent: "save",
          analytics: "on",
          redirectTo: "/pages/cookies",
        }),
    },
    {
      route: "country.tsx",
      form: "country chooser",
      to: "/pages/Faq",
      post: () => app().client().postForm("/pages/country", { country: "IT", path: "/pages/Faq" }),
    },
    {
      route: "lite-mode.ts",
      form: "lite version (footer) and back (the lite notice)",
      to: "/pages/Faq",
      post: async () => {
        const shopper = app().client();
        await shopper.postForm("/preferenze/versione-leggera", { lite: "1", redirectTo: "/pages/Faq" });
        return shopper.postForm("/preferenze/versione-leggera", { lite: "0", redirectTo: "/pages/Faq" });
      },
    },
    {
      route: "career.tsx",
      form: "work with us",
      to: "/pages/career",
      post: () => {
        const body = new FormData();
        for (const [name, value] of Object.entries({
          firstName: "José",
          lastName: "D'Angelo",
          email: newEmail("career"),
          phone: "+39 02 1234 5678",
          department: "atelier",
          message: "Vorrei lavorare in atelier.",
          privacy: "on",
        }))
          body.append(name, value);
        body.append("cv", new File([minimalPdf()], "cv.pdf", { type: "application/pdf" }));
        return app()
          .client()
          .fetch("/pages/career", {
            method: "POST",
            headers: { Origin: ORIGIN },
            body,
          });
      },
    },
    {
      route: "account.tsx",
      form: "logout",
      to: "/",
      post: async () => (await holder()).postForm("/account", { intent: "logout" }),
    },
    {
      route: "account.tsx",
      form: "delete the account",
      to: "/",
      post: async () => {
        const email = newEmail("delete");
        const shopper = app().client();
        await shopper.postForm("/login/register", registration(email));
        return shopper.postForm("/account", {
          intent: "delete",
          password: PASSWORD,
        });
      },
    },
  ];

  it("covers every route module with an action: each has its forms in the table, or a reason", () => {
    const withAction = fs
      .readdirSync(ROUTES_DIR, { withFileTypes: true })
      // Atelier's pages (app/routes/atelier/) have their own HTTP tests (tests/http/atelier-*.test.ts),
      // each action's redirect and notice included.
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name)
      .filter((file) => !file.startsWith("api.") && /export (async )?function action\b|export const action\b/.test(fs.readFileSync(path.join(ROUTES_DIR, file), "utf8")));
    const covered = new Set([...FORMS.map((row) => row.route), ...Object.keys(NOT_PAGE_FORMS)]);
    expect(withAction.filter((file) => !covered.has(file))).toEqual([]);
    expect([...covered].filter((file) => !withAction.includes(file))).toEqual([]);
  });

  for (const row of FORMS) {
    it(`${row.route}: ${row.form} → 3xx`, async () => {
      const answer = await row.post();
      const body = answer.status < 300 || answer.status >= 400 ? (await answer.text()).slice(0, 2000) : "";
      expect(answer.status, `${row.form}: ${body}`).toBeGreaterThanOrEqual(300);
      expect(answer.status, row.form).toBeLessThan(400);
      // The page a success leads to (not a guard's redirect to /login or the bag).
      const location = answer.headers.get("Location") ?? "";
      if (typeof row.to === "string") expect(location, row.form).toBe(row.to);
      else expect(location, row.form).toMatch(row.to);
    });
  }
});

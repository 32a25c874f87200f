import { expect, it } from "vitest";
import { ORIGIN, describeEachApp } from "../support/http";
import { paidOrder } from "../support/order-fixtures";
import { createSandboxProvider } from "~/modules/payment/sandbox.server";

// The account's overview and order list as a browser without JavaScript gets them (issue 26):
// the latest order as a card with its lines' pictures, thumbnails on every row of the list, and
// signing out a POST form at the foot of the menu.

const PASSWORD = "una frase lunga e sicura";
const provider = createSandboxProvider({ secret: "http-account-overview", publicUrl: ORIGIN });

describeEachApp("account overview", (app) => {
  async function accountHolder(name: string) {
    const shopper = app().client();
    const email = `${name}-${Date.now()}@example.com`;
    const registered = await shopper.fetch("/api/auth/register", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: ORIGIN },
      body: JSON.stringify({ firstName: "Chiara", lastName: "Verdi", email, password: PASSWORD, confirmPassword: PASSWORD, birthDay: "12", birthMonth: "6", birthYear: "1991", interests: "woman", privacy: true }),
    });
    expect(registered.status).toBe(200);
    const user = await app().db.selectFrom("users").select("id").where("email_key", "=", email).executeTakeFirstOrThrow();
    return { shopper, userId: user.id, email };
  }
  const section = (html: string, testId: string) => new RegExp(`<section\\b[^>]*data-testid="${testId}"[\\s\\S]*?</section>`).exec(html)?.[0] ?? null;
  const pictures = (html: string) => [...html.matchAll(/<img\b[^>]*src="([^"]+)"[^>]*alt="([^"]*)"/g)].map((m) => ({ src: m[1]!, alt: m[2]! }));

  it("opens with the latest order as a card with its lines' pictures; the list shows every order's; sign-out stays a POST", async () => {
    const { shopper, userId, email } = await accountHolder("overview");

    // Before the first order: the card says so and leads to the collection.
    const before = section(await (await shopper.get("/account")).text(), "latest-order");
    expect(before).toContain("Il tuo ultimo ordine");
    expect(before).toContain("Non hai ancora fatto ordini");
    expect(before).toContain('href="/categories/donna"');

    // One variant of each of six products: six lines, six pictures.
    const all = await app().db.selectFrom("variants").select(["sku", "product_id"]).where("stock", ">=", 5).orderBy("id").execute();
    const variants = all.filter((v, i) => all.findIndex((w) => w.product_id === v.product_id) === i).slice(0, 6);
    await paidOrder(app().db, provider, { lines: [{ sku: variants[0]!.sku, quantity: 1 }], userId, email });
    const { orderId } = await paidOrder(app().db, provider, { lines: variants.slice(1).map((v) => ({ sku: v.sku, quantity: 1 })), userId, email });
    const { number } = await app().db.selectFrom("orders").select("number").where("id", "=", orderId).executeTakeFirstOrThrow();

    const html = await (await shopper.get("/account")).text();
    const card = section(html, "latest-order")!;
    expect(card).toContain(`>${number}</a>`);
    expect(card).toContain(`href="/account/orders/${orderId}"`);
    expect(card).toContain("5 articoli");
    // At most four pictures, each the line's drawing (no photographs in the demo) with its name and colour.
    const shown = pictures(card);
    expect(shown).toHaveLength(4);
    for (const picture of shown) {
      expect(picture.src).toMatch(/^\/media\/g\d+\//);
      expect(picture.alt).toMatch(/^.+, .+$/);
    }
    // The pictures repeat the order's link for the pointer only.
    expect(card).toMatch(/<a [^>]*tabindex="-1"[^>]*aria-hidden="true"[^>]*data-testid="order-pictures"/);

    // One h1, and every heading its own.
    const headings = [...html.matchAll(/<h([1-3])\b[^>]*>([\s\S]*?)<\/h\1>/g)].map(([, level, inner]) => `${level}:${inner.replace(/<[^>]+>/g, "")}`);
    expect(headings.filter((heading) => heading.startsWith("1:"))).toEqual(["1:Panoramica del tuo account"]);
    expect(headings).toEqual(expect.arrayContaining(["2:Il tuo ultimo ordine", "2:Il tuo profilo", "2:Esporta i tuoi dati"]));

    // Signing out: a form posting to the account page, its button the menu's last entry.
    const nav = /<nav\b[^>]*aria-label="Sezioni dell&#x27;account"[\s\S]*?<\/nav>/.exec(html)![0];
    const form = /<form\b([^>]*)>([\s\S]*?)<\/form><\/nav>$/.exec(nav);
    expect(form, "the nav ends with a form").not.toBeNull();
    expect(form![1]).toContain('method="post"');
    expect(form![1]).toContain('action="/account"');
    expect(form![2]).toMatch(/^<button type="submit"[^>]*>[\s\S]*Esci<\/button>$/);
    expect(form![2]).toContain('name="intent"');
    expect(form![2]).toContain('value="logout"');

    // The list: each row its pictures, the newest first.
    const list = await (await shopper.get("/account/orders")).text();
    const rows = [...list.matchAll(/<li\b[^>]*data-testid="order-row"[\s\S]*?<\/li>/g)].map((m) => m[0]);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain(number);
    expect(pictures(rows[0]!)).toHaveLength(4);
    expect(pictures(rows[1]!)).toHaveLength(1);

    const english = section(await (await shopper.get("/en/account")).text(), "latest-order")!;
    expect(english).toContain("Your latest order");
    expect(english).toContain("5 items");
  });
});

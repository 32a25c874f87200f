import { expect, it } from "vitest";
import { type DemoOrder, insertDemoOrders } from "~/db/seed/grow-orders.server";
import { romeDay, romeMidnight } from "~/modules/order/working-days";
import { type HttpClient, ORIGIN, describeEachApp } from "../support/http";
import { signInStaff } from "../support/staff";

// Atelier's dashboard and back-in-stock page over HTTP (issue 23): only signed-in staff get in
// (no cookie and a shopper's cookie go to the Atelier login), the figures and the SVG chart are
// in the server's HTML, and bad query values fall back to the defaults, never a 500.

const json = { "Content-Type": "application/json", Origin: ORIGIN };
const PASSWORD = "una frase lunga e sicura";

let serial = 0;
function paidToday(cents: number, more: Partial<DemoOrder> = {}): DemoOrder {
  serial++;
  // A minute ago, but never before today began in Rome.
  const now = Date.now();
  const at = new Date(Math.max(now - 60_000, romeMidnight(romeDay(new Date(now))).getTime())).toISOString();
  return {
    number: `BT2${String(serial).padStart(8, "0")}`,
    email: `dash${serial}@example.com`,
    firstName: "Giulia",
    lastName: "Rossi",
    locale: "it",
    paymentMethod: "card",
    status: "confirmed",
    paymentStatus: "paid",
    shippingStatus: "not_shipped",
    placedAt: at,
    paidAt: at,
    lines: [{ variantId: 1, productId: 1, sku: "TEST", productName: "Prova", size: "M", colorName: "Nero", unitCents: cents, quantity: 1 }],
    shippingCents: 0,
    ...more,
  };
}

describeEachApp("Atelier dashboard", (app) => {
  const location = (response: Response) => response.headers.get("Location") ?? "";

  async function shopper(): Promise<HttpClient> {
    const client = app().client();
    const email = `dash-shopper-${Date.now()}@example.com`;
    const registered = await client.fetch("/api/auth/register", {
      method: "POST",
      headers: json,
      body: JSON.stringify({ firstName: "Chiara", lastName: "Verdi", email, password: PASSWORD, confirmPassword: PASSWORD, birthDay: "12", birthMonth: "6", birthYear: "1991", interests: "woman", privacy: true }),
    });
    expect(registered.status).toBe(200);
    return client;
  }

  it("sends visitors and shoppers to the Atelier login", async () => {
    const visitor = app().client();
    const signedShopper = await shopper();
    for (const path of ["/atelier", "/en/atelier", "/atelier/backstock", "/en/atelier/backstock?sort=oldest"]) {
      for (const client of [visitor, signedShopper]) {
        const answer = await client.get(path);
        expect([302, 303]).toContain(answer.status);
        expect(location(answer)).toMatch(/\/atelier\/login/);
      }
    }
  });

  it("shows the sales, the desk's work and the chart as server-rendered SVG with its numbers", async () => {
    await app().db.transaction().execute((trx) =>
      insertDemoOrders(trx, [
        paidToday(12_345),
        paidToday(20_000),
        paidToday(99_999, { status: "pending_payment", paymentStatus: "awaiting_transfer", paymentMethod: "bankTransfer", paidAt: null }),
      ]),
    );
    const { client } = await signInStaff(app(), { role: "staff" });
    const answer = await client.get("/atelier");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Cache-Control")).toMatch(/no-store|private/);
    const html = await answer.text();
    expect(html).toContain("<h1");
    expect(html).toContain("Cruscotto");
    // The chart: an SVG image with its title and description, and its numbers as a table.
    expect(html).toMatch(/<svg[^>]*role="img"[^>]*aria-labelledby="sales-chart-title sales-chart-desc"/);
    expect(html).toContain('<title id="sales-chart-title">Incasso degli ultimi 30 giorni</title>');
    expect(html).toMatch(/<desc id="sales-chart-desc">Grafico a barre/);
    expect(html).toMatch(/<rect [^>]*class="fill-ink"/);
    expect(html).toContain("Incasso e rimborsi giorno per giorno</caption>");
    // Today's figures: two paid orders, 323,45 € (the transfer still awaited is no sale).
    const today = html.slice(html.indexOf('data-testid="sales-today"'), html.indexOf('data-testid="sales-7"'));
    expect(today).toMatch(/323,45\s€/);
    expect(today).toMatch(/161,73\s€/);
    // The desk's work links to the lists it counts.
    expect(html).toContain('href="/atelier/orders?status=confirmed"');
    expect(html).toContain('href="/atelier/orders?status=pending_payment&amp;payment=awaiting_transfer"');
    expect(html).toContain('href="/atelier/returns"');
    expect(html).toContain('href="/atelier/backstock"');

    const english = await (await client.get("/en/atelier?anything=goes")).text();
    expect(english).toContain("Revenue over the last 30 days</title>");
    expect(english).toMatch(/€323\.45/);
    expect(english).toContain('href="/en/atelier/orders?status=confirmed"');
  });

  it("lists back-in-stock demand by variant, sorted and paged, bad values falling back calmly", async () => {
    const { db } = app();
    const variants = await db.selectFrom("variants").select(["id", "sku"]).orderBy("id").offset(40).limit(3).execute();
    await db.updateTable("variants").set({ stock: 0 }).where("id", "in", variants.map((v) => v.id)).execute();
    const at = (day: number) => `2026-10-${String(day).padStart(2, "0")}T10:00:00.000Z`;
    await db
      .insertInto("back_in_stock_requests")
      .values([
        ...[1, 2, 3].map((k) => ({ variant_id: variants[0].id, email: `a${k}@example.com`, locale: "it" as const, consent_at: at(10 + k), created_at: at(10 + k), notified_at: null })),
        { variant_id: variants[1].id, email: "b1@example.com", locale: "en" as const, consent_at: at(2), created_at: at(2), notified_at: null },
        { variant_id: variants[2].id, email: "c1@example.com", locale: "it" as const, consent_at: at(3), created_at: at(3), notified_at: at(4) },
      ])
      .execute();
    const { client } = await signInStaff(app(), { role: "staff" });
    const page = await client.get("/atelier/backstock");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("2 varianti con richieste in attesa.");
    expect(html.indexOf(variants[0].sku)).toBeGreaterThan(0);
    expect(html.indexOf(variants[0].sku)).toBeLessThan(html.indexOf(variants[1].sku));
    expect(html).not.toContain(variants[2].sku);
    expect(html).toMatch(/<form[^>]*method="get"/);

    const oldest = await (await client.get("/atelier/backstock?sort=oldest")).text();
    expect(oldest.indexOf(variants[1].sku)).toBeLessThan(oldest.indexOf(variants[0].sku));
    expect(oldest).toMatch(/<option value="oldest" selected="">/);

    for (const query of ["sort=evil&page=-3", "page=abc", "page=1e9", "page=99", "sort[]=x&page=2.5", "sort=%00"]) {
      const answer = await client.get(`/atelier/backstock?${query}`);
      expect(answer.status, query).toBe(200);
      const text = await answer.text();
      expect(text, query).toContain(variants[0].sku);
    }
    // The dashboard shows the same demand among the sold-out sizes.
    const dashboard = await (await client.get("/en/atelier")).text();
    expect(dashboard).toContain("Most-requested sold-out sizes");
    expect(dashboard).toMatch(/Sold out|Waiting/);
  });
});

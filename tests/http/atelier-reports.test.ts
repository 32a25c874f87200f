import { beforeAll, expect, it } from "vitest";
import { ORIGIN, describeEachApp } from "../support/http";
import { paidOrder } from "../support/order-fixtures";
import { signInStaff } from "../support/staff";
import { createSandboxProvider } from "~/modules/payment/sandbox.server";

// Atelier's reports (issue 42 part 6) over HTTP, as a member without JavaScript: one GET form
// chooses the report and its days; figures on Italy's calendar, against the previous period of
// the same length; the same report as CSV; bad parameters fall back with a note, never an error.
// The orders are moved to March 2024, days no other test writes to, so every figure is exact.

const provider = createSandboxProvider({ secret: "http-atelier-reports", publicUrl: ORIGIN });

/** A CSV body as rows of cells (the reports' cells hold no commas, quotes or line breaks here). */
const csvRows = (text: string) =>
  text
    .replace(/^\uFEFF/, "")
    .trim()
    .split(/\r?\n/)
    .map((line) => line.split(","));

const decimal = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;

describeEachApp("Atelier's reports", (app) => {
  const orders: Record<"monday" | "tuesday" | "before" | "unpaid", { id: number; total: number }> = {} as never;
  let variants: { id: number; sku: string; size: string; product_id: number }[];
  const code = `REPORT${Date.now().toString(36).toUpperCase()}`;

  beforeAll(async () => {
    // Two pieces of two different products, with stock enough for every order below.
    const first = await app().db.selectFrom("variants").select(["id", "sku", "size", "product_id"]).where("stock", ">=", 6).orderBy("id").offset(23).limit(1).executeTakeFirstOrThrow();
    const second = await app().db.selectFrom("variants").select(["id", "sku", "size", "product_id"]).where("stock", ">=", 6).where("product_id", "!=", first.product_id).orderBy("id").offset(23).limit(1).executeTakeFirstOrThrow();
    variants = [first, second];
    const place = async (key: keyof typeof orders, sku: string, quantity: number, placedAt: string, paid = true) => {
      const { orderId } = await paidOrder(app().db, provider, { lines: [{ sku, quantity }], email: `report-${key}-${Date.now()}@example.com` });
      await app()
        .db.updateTable("orders")
        .set({ placed_at: placedAt, paid_at: paid ? placedAt : null })
        .where("id", "=", orderId)
        .execute();
      const { total_cents } = await app().db.selectFrom("orders").select("total_cents").where("id", "=", orderId).executeTakeFirstOrThrow();
      orders[key] = { id: orderId, total: total_cents };
    };
    // Monday 4 March 2024, 11:00 in Italy.
    await place("monday", variants[0].sku, 2, "2024-03-04T10:00:00.000Z");
    // 23:30 UTC on the 4th is 00:30 on Tuesday the 5th in Italy: Tuesday's sale.
    await place("tuesday", variants[1].sku, 1, "2024-03-04T23:30:00.000Z");
    // The previous period of 4–10 March is 26 February – 3 March; Monday the 26th is the 4th's twin.
    await place("before", variants[0].sku, 1, "2024-02-26T12:00:00.000Z");
    // Never paid: no sale.
    await place("unpaid", variants[0].sku, 3, "2024-03-06T12:00:00.000Z", false);
    await app().db.updateTable("orders").set({ coupon_code: code, discount_cents: 500 }).where("id", "=", orders.tuesday.id).execute();
    // One of Monday's two pieces came back, too small.
    const line = await app().db.selectFrom("order_lines").select("id").where("order_id", "=", orders.monday.id).executeTakeFirstOrThrow();
    const at = "2024-03-12T09:00:00.000Z";
    const returned = await app()
      .db.insertInto("returns")
      .values({ order_id: orders.monday.id, kind: "return", status: "received", goods_cents: 0, fee_cents: 0, refund_cents: 0, created_at: at, received_at: at, refunded_at: null, updated_at: at })
      .returning("id")
      .executeTakeFirstOrThrow();
    await app().db.insertInto("return_lines").values({ return_id: returned.id, order_line_id: line.id, quantity: 1, reason: "too_small" }).execute();
    // Two shoppers asked for the second variant that week.
    for (const email of ["a", "b"]) {
      await app()
        .db.insertInto("back_in_stock_requests")
        .values({ variant_id: variants[1].id, email: `report-demand-${email}-${Date.now()}@example.com`, locale: "it", consent_at: "2024-03-06T12:00:00.000Z", created_at: "2024-03-06T12:00:00.000Z", notified_at: "2024-03-20T12:00:00.000Z" })
        .execute();
    }
  });

  const week = "from=2024-03-04&to=2024-03-10";

  it("reports sales by Italian day against the previous period, and the same figures as CSV, audit-logged", async () => {
    expect((await app().client().get(`/atelier/reports?${week}`)).headers.get("Location")).toMatch(/^\/atelier\/login/);
    const { client, staffId } = await signInStaff(app(), { role: "manager" });

    const page = await client.get(`/atelier/reports?kind=sales&${week}&by=day`);
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toContain("private");
    const html = await page.text();
    expect(html).toContain(">Vendite nel tempo<");
    expect(html).toContain('aria-current="page"');
    expect(html).toContain('data-testid="report-chart"');
    expect(html).toContain("<tfoot");
    expect(html).toContain('href="/atelier/reports.csv?kind=sales&amp;from=2024-03-04&amp;to=2024-03-10&amp;by=day"');

    const csv = await client.get(`/atelier/reports.csv?kind=sales&${week}&by=day`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Type")).toContain("text/csv");
    const [header, ...rows] = csvRows(await csv.text());
    expect(header).toEqual(["Periodo", "Ordini", "Incasso", "Ordine medio", "Rimborsi", "Incasso periodo precedente", "Variazione"]);
    expect(rows).toHaveLength(8);
    const monday = orders.monday.total;
    const tuesday = orders.tuesday.total;
    const permille = Math.round(((monday - orders.before.total) * 1000) / orders.before.total);
    const change = `${permille < 0 ? "-" : ""}${Math.floor(Math.abs(permille) / 10)}.${Math.abs(permille) % 10}`;
    expect(rows[0]).toEqual(["2024-03-04/2024-03-04", "1", decimal(monday), decimal(monday), "0.00", decimal(orders.before.total), change]);
    expect(rows[1].slice(0, 3)).toEqual(["2024-03-05/2024-03-05", "1", decimal(tuesday)]);
    // The unpaid order of the 6th is no sale.
    expect(rows[2].slice(0, 3)).toEqual(["2024-03-06/2024-03-06", "0", "0.00"]);
    const total = rows[7];
    expect(total.slice(0, 3)).toEqual(["Totale", "2", decimal(monday + tuesday)]);
    expect(total[5]).toBe(decimal(orders.before.total));
    const audit = await app().db.selectFrom("audit_log").select(["action", "entity_id"]).where("staff_id", "=", staffId).where("action", "=", "export.report-csv").execute();
    expect(audit).toEqual([{ action: "export.report-csv", entity_id: "report-sales" }]);

    // By month over a quarter: one row a month, the first one named by its month.
    const quarter = csvRows(await (await client.get("/atelier/reports.csv?kind=sales&from=2024-01-01&to=2024-03-31&by=month")).text());
    expect(quarter.slice(1, 4).map((row) => row[0])).toEqual(["2024-01-01/2024-01-31", "2024-02-01/2024-02-29", "2024-03-01/2024-03-31"]);
    expect(quarter[3][1]).toBe("2");
    const monthly = await (await client.get("/atelier/reports?kind=sales&from=2024-01-01&to=2024-03-31&by=month")).text();
    expect(monthly).toContain(">marzo 2024<");
    // English texts, English names.
    const english = await (await client.get(`/en/atelier/reports?kind=sales&${week}`)).text();
    expect(english).toContain(">Sales over time<");
  });

  it("reports products by size, returns by product and reason, discount codes, stock and demand", async () => {
    const { client } = await signInStaff(app(), { role: "manager" });
    const report = async (query: string) => csvRows(await (await client.get(`/atelier/reports.csv?${query}&${week}`)).text());

    const bySize = await report("kind=products&group=size");
    expect(bySize[0]).toEqual(["Nome", "Pezzi", "Ordini", "Vendite nette", "Vendite nette periodo precedente", "Variazione"]);
    const units = (size: string) => bySize.find((row) => row[0] === size)?.[1];
    if (variants[0].size === variants[1].size) expect(units(variants[0].size)).toBe("3");
    else expect([units(variants[0].size), units(variants[1].size)]).toEqual(["2", "1"]);
    expect(bySize.at(-1)?.slice(0, 2)).toEqual(["Totale", "3"]);
    const byProduct = await (await client.get(`/atelier/reports?kind=products&group=product&${week}`)).text();
    expect(byProduct).toContain(">Vendite per prodotto<");

    const returnsByProduct = await report("kind=returns&group=product");
    expect(returnsByProduct[0]).toEqual(["Nome", "Pezzi venduti", "Pezzi resi", "Tasso di reso", "Tasso periodo precedente"]);
    // Monday's product: 2 sold, 1 back (50 %); the week before, 1 sold, none back.
    expect(returnsByProduct[1].slice(1)).toEqual(["2", "1", "50.0", "0.0"]);
    const reasons = await report("kind=returns&group=reason");
    expect(reasons.slice(1)).toEqual([
      ["Troppo piccolo", "1", "100.0", "0"],
      ["Totale", "1", "100.0", "0"],
    ]);

    const discounts = await report("kind=discounts");
    const used = discounts.find((row) => row[0] === code);
    expect(used).toEqual([code, "1", "5.00", decimal(orders.tuesday.total), "0", ""]);

    const stock = await report("kind=stock");
    expect(stock[0]).toEqual(["Nome", "Pezzi disponibili", "Valore", "Pezzi venduti", "Venduto sul totale", "Venduti periodo precedente"]);
    const names = await app()
      .db.selectFrom("product_translations")
      .select(["product_id", "name"])
      .where("locale", "=", "it")
      .where("product_id", "in", [variants[0].product_id, variants[1].product_id])
      .execute();
    const mondayName = names.find((row) => row.product_id === variants[0].product_id)!.name;
    const mondayStock = stock.find((row) => row[0] === mondayName);
    expect(mondayStock?.[3]).toBe("2");
    expect(mondayStock?.[5]).toBe("1");

    const demand = await report("kind=demand");
    const asked = demand.find((row) => row[2] === variants[1].size && row[5] === "2");
    expect(asked, "two requests in the week").toBeTruthy();
    const demandPage = await (await client.get(`/atelier/reports?kind=demand&${week}`)).text();
    expect(demandPage).toContain(">Richieste di riassortimento<");
  });

  it("falls back on bad parameters with a note, and is only for members who work on orders", async () => {
    const { client } = await signInStaff(app(), { role: "owner" });
    const swapped = await client.get("/atelier/reports?kind=sales&from=2024-03-10&to=2024-03-04");
    expect(swapped.status).toBe(200);
    const swappedHtml = await swapped.text();
    expect(swappedHtml).toContain("Le date erano invertite: le abbiamo scambiate.");
    expect(swappedHtml).toContain('value="2024-03-04"');
    const long = await (await client.get("/atelier/reports?kind=sales&from=2020-01-01&to=2024-03-10&by=day")).text();
    expect(long).toContain("Un report copre al massimo 2 anni: abbiamo accorciato il periodo.");
    expect(long).toContain("Per più di 92 giorni il report va per settimane.");
    for (const query of ["kind=nothing&from=2024-02-30&to=zzz&by=year&group=%00", "kind=products&group=reason", "from=9999-99-99", "kind=demand&from=%E0%A4%A"]) {
      const response = await client.get(`/atelier/reports?${query}`);
      expect(response.status, query).toBe(200);
      expect((await client.get(`/atelier/reports.csv?${query}`)).status, query).toBe(200);
    }

    // A shop assistant works on orders but downloads nothing: the page, not its CSV.
    const assistant = await signInStaff(app(), { role: "staff" });
    expect((await assistant.client.get("/atelier/reports")).status).toBe(200);
    expect((await assistant.client.get("/atelier/reports.csv")).status).toBe(403);
    const member = await signInStaff(app(), { role: "staff" });
    await app().db.updateTable("staff").set({ capabilities: JSON.stringify(["catalogue"]) }).where("id", "=", member.staffId).execute();
    expect((await member.client.get("/atelier/reports")).status).toBe(403);
    expect((await member.client.get("/atelier/reports.csv")).status).toBe(403);
  });
});

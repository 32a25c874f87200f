import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "../support/databases";
import { registrationForm } from "../support/forms";
import { describeEachApp } from "../support/http";
import { COMPANY_INVOICE, insertOrder, setOwnSeller } from "../support/invoice-fixtures";
import { paidOrder } from "../support/order-fixtures";
import { STAFF_PASSWORD, createTestStaff, signInStaff } from "../support/staff";
import { type DatabaseHandle, openDatabase } from "~/db/connection.server";
import { validateFatturaXml } from "~/modules/invoice/fatturapa-schema.server";
import { romeDate } from "~/modules/invoice/invoice.service.server";
import { createSandboxProvider } from "~/modules/payment/sandbox.server";
import { totpCode } from "~/modules/staff/totp.server";
import { getEnv } from "~/utils/env.server";
import { type BuiltServer, builtServerClient, startBuiltServer } from "./built-server";

// Atelier's electronic invoices over HTTP, as a browser without JavaScript uses them: who may
// issue and download, the issue's redirect and notice, the stored file as an attachment that
// passes the official schema, one invoice per order, refusals with nothing stored, forged ids,
// the month's list and CSV with bad values falling back; and another site's post refused on the
// production build.

describeEachApp("Atelier invoices", (app) => {
  const location = (response: Response) => response.headers.get("Location");
  const decode = (html: string) => html.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&");
  const invoiceRows = (orderId: number) => app().db.selectFrom("invoices").selectAll().where("order_id", "=", orderId).execute();
  const counters = () => app().db.selectFrom("invoice_counters").selectAll().orderBy("year").execute();
  const auditOf = (orderId: number) => app().db.selectFrom("audit_log").select("action").where("entity_type", "=", "order").where("entity_id", "=", String(orderId)).execute();
  const thisMonth = () => romeDate(new Date()).slice(0, 7);
  // The demo shop's identity refuses every invoice (atelier-seller-identity.test.ts): the shop's own.
  beforeAll(async () => {
    await setOwnSeller(app().db);
  });

  it("sends no cookie and a shopper's cookie to Atelier's login, issuing and handing out nothing", async () => {
    const { orderId } = await insertOrder(app().db);
    const shopper = app().client();
    expect((await shopper.postForm("/login/register", registrationForm(`fatture-${app().kind}@example.it`))).status).toBe(302);
    for (const client of [app().client(), shopper]) {
      expect(location(await client.get("/atelier/invoices?month=2026-12"))).toBe("/atelier/login?redirectTo=%2Fatelier%2Finvoices%3Fmonth%3D2026-12");
      expect(location(await client.get("/en/atelier/invoices.csv"))).toMatch(/^\/en\/atelier\/login/);
      expect(location(await client.get(`/atelier/orders/${orderId}/invoice.xml`))).toMatch(/^\/atelier\/login/);
      expect(location(await client.get(`/atelier/orders/${orderId}/invoice`))).toMatch(/^\/atelier\/login/);
      const post = await client.postForm(`/atelier/orders/${orderId}/invoice`, {});
      expect(post.status).toBe(302);
      expect(location(post)).toMatch(/^\/atelier\/login/);
    }
    expect(await invoiceRows(orderId)).toEqual([]);
    expect(await auditOf(orderId)).toEqual([]);
  });

  it("issues the invoice, goes back to the order with a notice, and hands out the stored file as a valid attachment; a second issue gives the same invoice", async () => {
    const { client } = await signInStaff(app(), { role: "manager" });
    const { orderId, number } = await insertOrder(app().db, { invoice: COMPANY_INVOICE });

    const issued = await client.postForm(`/atelier/orders/${orderId}/invoice`, {});
    expect(issued.status).toBe(303);
    expect(location(issued)).toBe(`/atelier/orders/${orderId}`);
    const [row] = await invoiceRows(orderId);
    const invoiceNumber = `${row.year}/${String(row.number).padStart(6, "0")}`;
    expect(row.file_name).toMatch(/^IT09876543217_[0-9A-Z]{5}\.xml$/);
    expect(decode(await (await client.get("/atelier/invoices")).text())).toContain(`Fattura ${invoiceNumber} emessa.`);
    expect((await auditOf(orderId)).filter((a) => !a.action.startsWith("export."))).toEqual([{ action: "invoice.issue" }]);

    const file = await client.get(`/atelier/orders/${orderId}/invoice.xml`);
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    expect(file.headers.get("Content-Disposition")).toBe(`attachment; filename="${row.file_name}"`);
    expect(file.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(file.headers.get("Cache-Control")).toContain("no-store");
    const xml = await file.text();
    expect(xml).toBe(row.xml);
    expect(xml).toContain(`<Numero>${invoiceNumber}</Numero>`);
    expect(xml).toContain(`Ordine ${number}`);
    expect(await validateFatturaXml(xml)).toEqual({ valid: true, errors: [] });
    expect(await (await client.get(`/en/atelier/orders/${orderId}/invoice.xml`)).text()).toBe(xml);
    // Each download of the file is in the log (issue 37): who, from where, which file.
    const downloads = await app().db.selectFrom("audit_log").select(["ip", "summary", "staff_id"]).where("action", "=", "export.invoice-xml").where("entity_id", "=", String(orderId)).execute();
    expect(downloads).toHaveLength(2);
    expect(downloads[0]).toMatchObject({ summary: row.file_name });
    expect(downloads[0].ip).toMatch(/^10\./);

    // Again, in English: the same invoice, no new number, no second audit entry.
    const again = await client.postForm(`/en/atelier/orders/${orderId}/invoice`, {});
    expect(again.status).toBe(303);
    expect(location(again)).toBe(`/en/atelier/orders/${orderId}`);
    expect(decode(await (await client.get("/en/atelier/invoices")).text())).toContain(`The order already had invoice ${invoiceNumber}: no new invoice.`);
    expect(await invoiceRows(orderId)).toEqual([row]);
    expect((await auditOf(orderId)).filter((a) => !a.action.startsWith("export."))).toEqual([{ action: "invoice.issue" }]);

    // The invoice's own page (where the form posts) shows it too.
    const page = decode(await (await client.get(`/atelier/orders/${orderId}/invoice`)).text());
    expect(page).toContain(`Fattura n. ${invoiceNumber}`);
    expect(page).toContain(`href="/atelier/orders/${orderId}/invoice.xml"`);
  });

  it("refuses an order without an invoice request and an unpaid one with the table's status and message, storing and numbering nothing", async () => {
    const { client } = await signInStaff(app(), { role: "owner" });
    const [v] = await app().db.selectFrom("variants").select("sku").where("stock", ">=", 5).orderBy("id").offset(30).limit(1).execute();
    const provider = createSandboxProvider({ secret: "http-atelier-invoices", publicUrl: "http://localhost:3000" });
    // A real checkout's order, paid, whose shopper asked for no invoice.
    const plain = await paidOrder(app().db, provider, { lines: [{ sku: v.sku, quantity: 1 }] });
    const unpaid = await insertOrder(app().db, { paymentStatus: "awaiting_transfer", paymentMethod: "bankTransfer" });
    const refunded = await insertOrder(app().db, { paymentStatus: "refunded" });
    const before = await counters();

    const none = await client.postForm(`/atelier/orders/${plain.orderId}/invoice`, {});
    expect(none.status).toBe(409);
    const noneHtml = decode(await none.text());
    expect(noneHtml).toContain('role="alert"');
    expect(noneHtml).toContain("Il cliente non ha chiesto la fattura per questo ordine.");
    for (const { orderId } of [unpaid, refunded]) {
      const refused = await client.postForm(`/en/atelier/orders/${orderId}/invoice`, {});
      expect(refused.status).toBe(409);
      expect(decode(await refused.text())).toContain("Only a paid order that has not been refunded can be invoiced.");
    }
    for (const { orderId } of [plain, unpaid, refunded]) {
      expect(await invoiceRows(orderId)).toEqual([]);
      expect(await auditOf(orderId)).toEqual([]);
      expect((await client.get(`/atelier/orders/${orderId}/invoice.xml`)).status).toBe(404);
    }
    expect(await counters()).toEqual(before);
  });

  it("answers forged and unknown ids with 404", async () => {
    const { client } = await signInStaff(app(), { role: "manager" });
    for (const id of ["abc", "0", "-1", "99999999", "99999999999", "1e3"]) {
      expect((await client.postForm(`/atelier/orders/${id}/invoice`, {})).status, `POST ${id}`).toBe(404);
      expect((await client.get(`/atelier/orders/${id}/invoice`)).status, `GET ${id}`).toBe(404);
      const file = await client.get(`/en/atelier/orders/${id}/invoice.xml`);
      expect(file.status, `file ${id}`).toBe(404);
      expect(file.headers.get("Content-Disposition")).toBeNull();
    }
    expect(await app().db.selectFrom("invoices").select("id").where("order_id", "=", 99_999_999).execute()).toEqual([]);
  });

  it("lists a month's invoices with links and totals, exports its CSV, and falls back calmly on bad values", async () => {
    const { client } = await signInStaff(app(), { role: "manager" });
    const orders = [await insertOrder(app().db), await insertOrder(app().db, { invoice: COMPANY_INVOICE, lines: [{ unitCents: 12_900, quantity: 2 }] })];
    for (const { orderId } of orders) expect((await client.postForm(`/atelier/orders/${orderId}/invoice`, {})).status).toBe(303);
    const rows = await app().db.selectFrom("invoices").selectAll().where("order_id", "in", orders.map((o) => o.orderId)).orderBy("number").execute();
    const month = thisMonth();
    expect(rows.every((row) => row.issue_date.startsWith(month))).toBe(true);

    const list = await client.get(`/atelier/invoices?month=${month}`);
    expect(list.status).toBe(200);
    expect(list.headers.get("Cache-Control")).toContain("no-store");
    const html = decode(await list.text());
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(html).toContain(`value="${month}"`);
    for (const [i, row] of rows.entries()) {
      expect(html).toContain(`${row.year}/${String(row.number).padStart(6, "0")}`);
      expect(html).toMatch(new RegExp(`href="/atelier/orders/${row.order_id}"[^>]*>${orders.find((o) => o.orderId === row.order_id)!.number}</a>`));
      expect(html).toContain(`href="/atelier/orders/${row.order_id}/invoice.xml"`);
      expect(i === 0 || row.number > rows[i - 1].number).toBe(true);
    }
    expect(html).toContain("Sartoria Rossi & Figli S.r.l.");
    const monthCount = (await app().db.selectFrom("invoices").select("id").where("issue_date", "like", `${month}-%`).execute()).length;
    expect(html).toContain(`Totale del mese (${monthCount} fatture)`);
    expect(html).toContain(`href="/atelier/invoices.csv?month=${month}"`);

    const csv = await client.get(`/atelier/invoices.csv?month=${month}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Type")).toMatch(/^text\/csv/);
    expect(csv.headers.get("Content-Disposition")).toContain(`fatture-${month}.csv`);
    const lines = (await csv.text()).replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(lines[0]).toBe("numero,data,ordine,cliente,imponibile,iva,totale,file");
    for (const row of rows) expect(lines.some((line) => line.includes(row.file_name) && line.includes(row.issue_date))).toBe(true);

    // Bad months and pages: this month, page 1, never an error.
    for (const query of ["month=2026-13", "month=x'%20or%201%3D1", "month=", "month=99999-01", "page=abc", "page=-4", "page=99999999999999999999", `month=${month}&page=2`]) {
      const answer = await client.get(`/atelier/invoices?${query}`);
      expect(answer.status, query).toBe(200);
      expect(decode(await answer.text()), query).toContain(`value="${month}"`);
    }
    const badCsv = await client.get("/en/atelier/invoices.csv?month=2026-00");
    expect(badCsv.status).toBe(200);
    expect(badCsv.headers.get("Content-Disposition")).toContain(`fatture-${month}.csv`);
    // A month without invoices.
    const empty = decode(await (await client.get("/en/atelier/invoices?month=2001-01")).text());
    expect(empty).toContain("No invoices this month.");
    expect((await (await client.get("/atelier/invoices.csv?month=2001-01")).text()).replace(/^\uFEFF/, "").trim().split("\r\n")).toHaveLength(1);
  });
});

// Server.ts's same-origin check on the production build, with a signed-in staff member's cookie:
// another site's post issues nothing; the same post from Atelier's own page issues the invoice
// (and so the built server finds the schemas and the validator).
for (const kind of DIALECTS) {
  describe(`Atelier invoices: cross-site posts [${kind}]`, () => {
    let server: BuiltServer;
    let handle: DatabaseHandle;
    let client: ReturnType<typeof builtServerClient>;

    const send = (path: string, init?: RequestInit) => client.send(path, init);
    const form = (fields: Record<string, string>, headers: Record<string, string>) => client.form(fields, headers);

    beforeAll(async () => {
      server = await startBuiltServer(kind);
      client = builtServerClient(server);
      handle = openDatabase(server.databaseUrl, { poolSize: 2 });
      await setOwnSeller(handle.db);
      const secret = getEnv({ ...process.env, NODE_ENV: "production", ALLOW_DEV_SECRET: "1" }).SESSION_SECRET;
      const staff = await createTestStaff(handle.db, secret, { role: "manager" });
      const own = { Origin: server.url };
      expect((await send("/atelier/login", form({ email: staff.email, password: STAFF_PASSWORD }, own))).status).toBe(302);
      expect((await send("/atelier/login/code", form({ code: totpCode(staff.totpSecret, new Date()) }, own))).headers.get("Location")).toBe("/atelier");
    }, 60_000);
    afterAll(async () => {
      await handle?.close();
      await server?.stop();
    });

    it("refuses another site's post with 403 and nothing issued; the shop's own post issues the invoice", async () => {
      const { orderId } = await insertOrder(handle.db);
      const stored = () => handle.db.selectFrom("invoices").select(["file_name", "xml"]).where("order_id", "=", orderId).execute();
      for (const headers of [{ Origin: "https://evil.example" }, { Referer: "https://evil.example/page" }, {}, { Origin: "null" }] as Record<string, string>[]) {
        expect((await send(`/atelier/orders/${orderId}/invoice`, form({}, headers))).status, JSON.stringify(headers)).toBe(403);
      }
      expect(await stored()).toEqual([]);
      expect(await handle.db.selectFrom("invoice_counters").selectAll().execute()).toEqual([]);

      const own = await send(`/atelier/orders/${orderId}/invoice`, form({}, { Origin: server.url }));
      expect(own.status).toBe(303);
      const [file] = await stored();
      const download = await send(`/atelier/orders/${orderId}/invoice.xml`);
      expect(download.status).toBe(200);
      expect(download.headers.get("Content-Disposition")).toBe(`attachment; filename="${file.file_name}"`);
      expect(await download.text()).toBe(file.xml);
    });
  });
}

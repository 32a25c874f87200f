import { XMLParser } from "fast-xml-parser";
import { beforeAll, expect, it } from "vitest";
import { auditOfRecord } from "~/modules/audit/audit.service.server";
import { ADDRESS } from "../../../tests/support/order-fixtures";
import { describeEachDatabase } from "../../../tests/support/databases";
import { COMPANY_INVOICE, insertOrder, PEC_INVOICE, setOwnSeller } from "../../../tests/support/invoice-fixtures";
import { validateFatturaXml } from "./fatturapa-schema.server";
import { invoiceFile, invoiceOfOrder, invoicePanelData, invoiceProgressive, issueInvoice, listMonthInvoices, monthInvoices, monthInvoicesCsv, parseInvoiceMonth } from "./invoice.service.server";

const owner = { kind: "staff" as const, staffId: 1, email: "titolare@bottega.example" };
const at = (iso: string) => ({ actor: owner, now: new Date(iso) });
const parser = new XMLParser({ parseTagValue: false, removeNSPrefix: true, isArray: (name) => name === "DettaglioLinee" });
const cents = (value: string) => Math.round(Number(value) * 100);

function read(xml: string) {
  const doc = parser.parse(xml).FatturaElettronica;
  const header = doc.FatturaElettronicaHeader;
  const body = doc.FatturaElettronicaBody;
  return { header, body, lines: body.DatiBeniServizi.DettaglioLinee as Record<string, string>[], summary: body.DatiBeniServizi.DatiRiepilogo as Record<string, string> };
}

it("gives each invoice of a year its own file progressive", () => {
  expect([invoiceProgressive(2026, 1), invoiceProgressive(2027, 1), invoiceProgressive(2026, 36 ** 4 - 1)]).toEqual(["60001", "70001", "6ZZZZ"]);
  expect(() => invoiceProgressive(2026, 36 ** 4)).toThrow();
  expect([parseInvoiceMonth("2026-12"), parseInvoiceMonth("2026-13", new Date("2026-03-05T12:00:00Z")), parseInvoiceMonth("x' or 1=1", new Date("2026-12-31T23:30:00Z"))]).toEqual(["2026-12", "2026-03", "2027-01"]);
});

describeEachDatabase("electronic invoices", (ctx) => {
  beforeAll(async () => {
    await setOwnSeller(ctx().db);
  });

  it("issues a consumer's invoice once: FPR12, CodiceDestinatario 0000000, the codice fiscale, stored and handed out unchanged, in the audit log", async () => {
    const { db } = ctx();
    const { orderId, number } = await insertOrder(db);
    const first = await issueInvoice(db, orderId, at("2026-12-02T10:00:00Z"));
    expect(first).toMatchObject({ created: true, invoice: { number: "2026/000001", issueDate: "2026-12-02", fileName: "IT09876543217_60001.xml", customerName: "Giulia Rossi", totalCents: 9_690, orderNumber: number } });
    const again = await issueInvoice(db, orderId, at("2026-12-03T10:00:00Z"));
    expect(again).toEqual({ created: false, invoice: first.invoice });

    const file = await invoiceFile(db, orderId);
    expect(file.fileName).toBe("IT09876543217_60001.xml");
    expect((await validateFatturaXml(file.xml)).valid).toBe(true);
    const { header, body } = read(file.xml);
    expect(header.DatiTrasmissione).toMatchObject({ FormatoTrasmissione: "FPR12", CodiceDestinatario: "0000000", ProgressivoInvio: "60001" });
    expect(header.DatiTrasmissione.PECDestinatario).toBeUndefined();
    expect(header.CessionarioCommittente.DatiAnagrafici).toEqual({ CodiceFiscale: "RSSGLI80A41F205Z", Anagrafica: { Nome: "Giulia", Cognome: "Rossi" } });
    expect(header.CedentePrestatore.DatiAnagrafici).toMatchObject({ IdFiscaleIVA: { IdPaese: "IT", IdCodice: "09876543217" }, RegimeFiscale: "RF01" });
    expect(body.DatiGenerali.DatiGeneraliDocumento).toMatchObject({ TipoDocumento: "TD01", Data: "2026-12-02", Numero: "2026/000001", ImportoTotaleDocumento: "96.90" });
    expect((await invoiceFile(db, orderId)).xml).toBe(file.xml);

    const audit = await auditOfRecord(db, "order", orderId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "invoice.issue", actor: owner.email, after: { invoiceNumber: "2026/000001", fileName: "IT09876543217_60001.xml" } });
  });

  it("splits the VAT per line, with the discount and the shipping as lines of their own, adding up to the order's total to the cent", async () => {
    const { db } = ctx();
    const { orderId, totalCents } = await insertOrder(db, { lines: [{ unitCents: 8_990, quantity: 2 }, { unitCents: 3_333, quantity: 3 }, { unitCents: 12_901, quantity: 1 }], discountCents: 3_987, shippingCents: 700 });
    const { invoice } = await issueInvoice(db, orderId, at("2026-12-04T10:00:00Z"));
    const { lines, summary, body } = read((await invoiceFile(db, orderId)).xml);
    expect(lines.map((line) => [line.TipoCessionePrestazione, line.Quantita])).toEqual([[undefined, "2.00"], [undefined, "3.00"], [undefined, "1.00"], ["SC", "1.00"], ["AC", "1.00"]]);
    expect(lines[3].Descrizione).toBe("Sconto BENVENUTO10");
    expect(lines.every((line) => line.AliquotaIVA === "22.00")).toBe(true);
    const nets = lines.map((line) => cents(line.PrezzoTotale));
    expect(nets[3]).toBeLessThan(0);
    // Each line's total is its unit price times its quantity within the SDI's cent.
    for (const line of lines) expect(Math.abs(Number(line.PrezzoUnitario) * Number(line.Quantita) - Number(line.PrezzoTotale))).toBeLessThan(0.01);
    expect(nets.reduce((a, b) => a + b, 0)).toBe(cents(summary.ImponibileImporto));
    expect(cents(summary.ImponibileImporto) + cents(summary.Imposta)).toBe(totalCents);
    expect(Math.abs(cents(summary.Imposta) - cents(summary.ImponibileImporto) * 0.22)).toBeLessThanOrEqual(1);
    expect(cents(body.DatiGenerali.DatiGeneraliDocumento.ImportoTotaleDocumento)).toBe(totalCents);
    expect(invoice).toMatchObject({ taxableCents: cents(summary.ImponibileImporto), vatCents: cents(summary.Imposta), totalCents });
  });

  it("names a company by its partita IVA, with its SDI code, or with 0000000 and its PEC", async () => {
    const { db } = ctx();
    const bySdi = await insertOrder(db, { invoice: COMPANY_INVOICE, paymentMethod: "bankTransfer" });
    await issueInvoice(db, bySdi.orderId, at("2026-12-05T10:00:00Z"));
    const sdi = read((await invoiceFile(db, bySdi.orderId)).xml);
    expect(sdi.header.DatiTrasmissione.CodiceDestinatario).toBe("M5UXCR1");
    expect(sdi.header.CessionarioCommittente.DatiAnagrafici).toEqual({ IdFiscaleIVA: { IdPaese: "IT", IdCodice: "01234567897" }, Anagrafica: { Denominazione: "Sartoria Rossi & Figli S.r.l." } });
    expect(sdi.body.DatiPagamento.DettaglioPagamento.ModalitaPagamento).toBe("MP05");
    expect((await invoiceOfOrder(db, bySdi.orderId))?.customerName).toBe("Sartoria Rossi & Figli S.r.l.");

    const byPec = await insertOrder(db, { invoice: PEC_INVOICE });
    await issueInvoice(db, byPec.orderId, at("2026-12-05T11:00:00Z"));
    const pec = read((await invoiceFile(db, byPec.orderId)).xml);
    expect(pec.header.DatiTrasmissione).toMatchObject({ CodiceDestinatario: "0000000", PECDestinatario: "fatture@pec.bianchi.example" });
  });

  it("numbers each calendar year of Italy from 1 without gaps: refusals and invalid files use no number", async () => {
    const { db } = ctx();
    const issue = async (iso: string, options: Parameters<typeof insertOrder>[1] = {}) => (await issueInvoice(db, (await insertOrder(db, options)).orderId, at(iso))).invoice.number;
    expect(await issue("2028-12-31T22:30:00Z")).toBe("2028/000001");
    // 00:30 on 1 January in Rome, still 31 December in UTC: the new year's first.
    expect(await issue("2028-12-31T23:30:00Z")).toBe("2029/000001");

    const refused = [
      await insertOrder(db, { invoice: null }),
      await insertOrder(db, { paymentStatus: "awaiting_transfer", paymentMethod: "bankTransfer" }),
      await insertOrder(db, { paymentStatus: "refunded" }),
      await insertOrder(db, { billing: { ...ADDRESS, zip: "2012" } }),
    ];
    const codes = [];
    for (const { orderId } of refused) codes.push(await issueInvoice(db, orderId, at("2029-01-02T10:00:00Z")).catch((error) => error.code));
    expect(codes).toEqual(["INVOICE_NOT_REQUESTED", "INVOICE_NOT_PAID", "INVOICE_NOT_PAID", "INVOICE_INVALID"]);
    await expect(issueInvoice(db, 2_000_000_000, at("2029-01-02T10:00:00Z"))).rejects.toMatchObject({ code: "ORDER_NOT_FOUND" });
    for (const { orderId } of refused) expect(await invoiceOfOrder(db, orderId)).toBeNull();

    expect(await issue("2029-01-03T10:00:00Z")).toBe("2029/000002");
    expect(await issue("2028-12-31T10:00:00Z")).toBe("2028/000002");
    const counters = await db.selectFrom("invoice_counters").selectAll().where("year", "in", [2028, 2029]).orderBy("year").execute();
    expect(counters).toEqual([{ year: 2028, last_number: 2 }, { year: 2029, last_number: 2 }]);
  });

  it("gives concurrent issues consecutive numbers, and one order one invoice however many ask at once", async () => {
    const { db } = ctx();
    const orders = await Promise.all(Array.from({ length: 8 }, () => insertOrder(db)));
    const issued = await Promise.all(orders.map(({ orderId }) => issueInvoice(db, orderId, at("2030-06-01T10:00:00Z"))));
    expect(issued.map((result) => result.invoice.sequence).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);

    const one = await insertOrder(db);
    const racing = await Promise.all(Array.from({ length: 4 }, () => issueInvoice(db, one.orderId, at("2030-06-01T11:00:00Z"))));
    expect(new Set(racing.map((result) => result.invoice.number))).toEqual(new Set(["2030/000009"]));
    expect(racing.filter((result) => result.created)).toHaveLength(1);
    expect(await db.selectFrom("invoice_counters").select("last_number").where("year", "=", 2030).executeTakeFirst()).toEqual({ last_number: 9 });
    expect(await auditOfRecord(db, "order", one.orderId)).toHaveLength(1);
  });

  it("lists a month's invoices by number with their totals, a page at a time and all of them for the CSV", async () => {
    const { db } = ctx();
    for (const day of ["2031-03-31T21:00:00Z", "2031-03-31T22:30:00Z", "2031-04-01T10:00:00Z"]) await issueInvoice(db, (await insertOrder(db)).orderId, at(day));
    const march = await listMonthInvoices(db, "2031-03", 1);
    // 22:30 UTC on 31 March is 1 April in Rome (summer time).
    expect(march.invoices.map((invoice) => invoice.number)).toEqual(["2031/000001"]);
    const april = await listMonthInvoices(db, "2031-04", 7);
    expect(april).toMatchObject({ page: 1, pageCount: 1, totals: { count: 2, totalCents: 2 * 9_690 } });
    expect(april.totals.taxableCents + april.totals.vatCents).toBe(april.totals.totalCents);
    const all = [];
    for await (const invoice of monthInvoices(db, "2031-04", 1)) all.push(invoice.number);
    expect(all).toEqual(["2031/000002", "2031/000003"]);
    const csv = monthInvoicesCsv(db, "2031-04");
    const rows = [];
    for await (const row of csv.rows) rows.push(row);
    expect(csv.fileName).toBe("fatture-2031-04.csv");
    expect(rows[0]).toEqual(["2031/000002", "2031-04-01", expect.stringMatching(/^BT\d{9}$/), "Giulia Rossi", "79.43", "17.47", "96.90", "IT09876543217_B0002.xml"]);
  });

  it("gives the order page's panel what it shows: nothing asked, a button, or the invoice", async () => {
    const { db } = ctx();
    const none = await insertOrder(db, { invoice: null });
    expect(await invoicePanelData(db, { id: none.orderId, invoice: null, paymentStatus: "paid" })).toMatchObject({ request: null, invoice: null });
    const unpaid = await insertOrder(db, { paymentStatus: "awaiting_transfer" });
    expect(await invoicePanelData(db, { id: unpaid.orderId, invoice: { type: "person", fiscalCode: "RSSGLI80A41F205Z" }, paymentStatus: "awaiting_transfer" })).toMatchObject({ invoiceable: false, invoice: null });
    const paid = await insertOrder(db);
    await issueInvoice(db, paid.orderId, at("2032-01-10T10:00:00Z"));
    expect(await invoicePanelData(db, { id: paid.orderId, invoice: { type: "person", fiscalCode: "RSSGLI80A41F205Z" }, paymentStatus: "paid" })).toMatchObject({
      invoiceable: true,
      invoice: { number: "2032/000001", issueDate: "2032-01-10", fileName: "IT09876543217_C0001.xml" },
    });
  });
});

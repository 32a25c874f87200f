import { XMLParser } from "fast-xml-parser";
import { beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/support/databases";
import { PERSON_INVOICE, setOwnSeller } from "../../../tests/support/invoice-fixtures";
import { paidOrder, variantWithStock } from "../../../tests/support/order-fixtures";
import { seedDatabase } from "~/db/seed/seed.server";
import { auditOfRecord } from "~/modules/audit/audit.service.server";
import { shipOrder } from "~/modules/order/fulfilment.service.server";
import { refundAmount } from "~/modules/order/refund-desk.service.server";
import { cancelOrder } from "~/modules/order/returns.service.server";
import { createSandboxProvider } from "~/modules/payment/sandbox.server";
import { creditNoteFile, creditNoteProgressive, creditNotesPanelData, issueCreditNotes, refundInvoiceEffect } from "./credit-note.service.server";
import { validateFatturaXml } from "./fatturapa-schema.server";
import { issueInvoice } from "./invoice.service.server";

// Issue 37: a refund of an invoiced order issues a credit note (FatturaPA TD04) for the refunded
// amount, referring to the invoice (DatiFattureCollegate), numbered in its own yearly series,
// valid against the official schema (the one the invoices are checked against), and downloadable.

const owner = { kind: "staff" as const, staffId: 31, email: "titolare@bottega.test" };
const by = { actor: owner, owner: true };
const provider = createSandboxProvider({ secret: "credit-notes", publicUrl: "http://shop.test" });
const parser = new XMLParser({ parseTagValue: false, removeNSPrefix: true });

it("gives each credit note of a year a file progressive of its own, apart from the invoices'", () => {
  expect([creditNoteProgressive(2026, 1), creditNoteProgressive(2027, 36 ** 3 - 1)]).toEqual(["6Z001", "7ZZZZ"]);
  expect(() => creditNoteProgressive(2026, 36 ** 3)).toThrow();
});

describeEachDatabase("credit notes", (ctx) => {
  beforeAll(async () => {
    await seedDatabase(ctx().db);
    // The demo shop's identity issues nothing (issue 37, item 1): the owner has set a real one.
    await setOwnSeller(ctx().db);
  });

  async function invoicedOrder(index: number) {
    const { db } = ctx();
    const v = await variantWithStock(db, 9, index);
    const { orderId } = await paidOrder(db, provider, { lines: [{ sku: v.sku, quantity: 2 }] });
    await db.updateTable("orders").set({ invoice: JSON.stringify(PERSON_INVOICE) }).where("id", "=", orderId).execute();
    const { invoice } = await issueInvoice(db, orderId, { actor: owner });
    return { orderId, invoice };
  }

  it("issues a TD04 for each refund of an invoiced order, linked to the invoice, numbered in its own series, valid against the schema, stored and downloadable", async () => {
    const { db } = ctx();
    const { orderId, invoice } = await invoicedOrder(50);
    const invoiceCounter = await db.selectFrom("invoice_counters").selectAll().execute();
    expect(await refundInvoiceEffect(db, { id: orderId, invoice: PERSON_INVOICE })).toEqual({ kind: "creditNote", invoiceNumber: invoice.number });

    await refundAmount(db, provider, orderId, { amountCents: 1_999, reason: "Orlo scucito" }, new Date(), by);
    expect(await issueCreditNotes(db, orderId, { actor: owner })).toBe(1);
    // Once per refund: a second call issues nothing.
    expect(await issueCreditNotes(db, orderId, { actor: owner })).toBe(0);

    const panel = await creditNotesPanelData(db, orderId);
    expect(panel).toMatchObject({ invoiced: true, missing: 0, notes: [{ totalCents: 1_999 }] });
    const [note] = panel.notes;
    const year = invoice.issueDate.slice(0, 4);
    expect(note.number).toBe(`NC${year}/000001`);
    expect(note.fileName).toMatch(/^IT\d{11}_[0-9A-Z]Z001\.xml$/);
    const file = await creditNoteFile(db, orderId, note.id);
    expect(await validateFatturaXml(file.xml)).toEqual({ valid: true, errors: [] });
    const doc = parser.parse(file.xml).FatturaElettronica.FatturaElettronicaBody;
    expect(doc.DatiGenerali.DatiGeneraliDocumento).toMatchObject({ TipoDocumento: "TD04", Numero: `NC${year}/000001`, ImportoTotaleDocumento: "19.99" });
    expect(doc.DatiGenerali.DatiFattureCollegate).toEqual({ IdDocumento: invoice.number, Data: invoice.issueDate });
    expect(doc.DatiBeniServizi.DettaglioLinee.Descrizione).toContain("Orlo scucito");
    // Its own series: the invoices' counter did not move.
    expect(await db.selectFrom("invoice_counters").selectAll().execute()).toEqual(invoiceCounter);
    expect((await auditOfRecord(db, "order", orderId))[0]).toMatchObject({ action: "invoice.credit-note", after: { creditNoteNumber: `NC${year}/000001`, invoiceNumber: invoice.number } });

    // After shipping, the rest: the second note of the series.
    await shipOrder(db, orderId, { trackingNumber: "BRT99887766", carrier: "brt" });
    const { total_cents } = await db.selectFrom("orders").select("total_cents").where("id", "=", orderId).executeTakeFirstOrThrow();
    await refundAmount(db, provider, orderId, { amountCents: total_cents - 1_999, reason: "Reso concordato" }, new Date(), by);
    expect(await issueCreditNotes(db, orderId, { actor: owner })).toBe(1);
    expect((await creditNotesPanelData(db, orderId)).notes.map((n) => n.number)).toEqual([`NC${year}/000001`, `NC${year}/000002`]);
  });

  it("issues a credit note for a cancelled invoiced order's refund, and none for an order without an invoice", async () => {
    const { db } = ctx();
    const { orderId, invoice } = await invoicedOrder(51);
    await cancelOrder(db, provider, orderId, new Date(), by, { reason: "out_of_stock" });
    expect(await issueCreditNotes(db, orderId, { actor: owner })).toBe(1);
    const [note] = (await creditNotesPanelData(db, orderId)).notes;
    const file = await creditNoteFile(db, orderId, note.id);
    expect((await validateFatturaXml(file.xml)).valid).toBe(true);
    expect(file.xml).toContain(`<IdDocumento>${invoice.number}</IdDocumento>`);
    expect(file.xml).toContain("Annullamento dell&apos;ordine");

    const v = await variantWithStock(db, 9, 52);
    const plain = await paidOrder(db, provider, { lines: [{ sku: v.sku, quantity: 1 }] });
    await cancelOrder(db, provider, plain.orderId, new Date(), by);
    expect(await issueCreditNotes(db, plain.orderId, { actor: owner })).toBe(0);
    expect(await refundInvoiceEffect(db, { id: plain.orderId, invoice: null })).toEqual({ kind: "none" });
  });
});

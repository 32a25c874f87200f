import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { isUniqueViolation } from "~/db/errors.server";
import { type AuditActor, recordAudit } from "~/modules/audit/audit.service.server";
import { VAT_PERCENT } from "~/modules/bag/bag-pricing";
import { loadOrderView, type OrderView } from "~/modules/order/order.service.server";
import type { ShopSettings } from "~/modules/settings/shop-settings";
import { getShopSettings } from "~/modules/settings/shop-settings.server";
import { invoiceSeller } from "~/modules/settings/seller";
import { DomainError } from "~/utils/domain-error";
import { log } from "~/utils/log.server";
import { buildFatturaXml } from "./fatturapa-xml";
import { splitVat } from "./invoice-amounts";
import { AlreadyIssued, buyerOf, formatInvoiceNumber, issuedDocumentColumns, requireValidFile, romeDate } from "./invoice.service.server";
import { findInvoiceOfOrder, type InvoiceListRow } from "./invoice.repository.server";
import {
  type CreditNoteListRow,
  findCreditNoteFile,
  findCreditNoteOfRefund,
  insertCreditNote,
  lastCreditNoteNumber,
  listCreditNotesOfOrder,
  listRefundsWithoutCreditNote,
  takeCreditNoteNumber,
} from "./credit-note.repository.server";

// The credit notes of an invoiced order (FatturaPA TD04, issue 37): every refund of an order that
// has its electronic invoice issues one, for the refunded amount (VAT included, split as the
// invoice splits it), referring to the invoice (DatiFattureCollegate: its number and date),
// numbered in a series of its own per calendar year ("NC2026/000001"), validated against the
// official schema before it is stored (as the invoices are: fatturapa-schema.server.ts), and
// handed out unchanged after. A refund whose note could not be issued (the schema refused it)
// stays listed on the invoice panel, whose button issues it again.

type RefundDue = Awaited<ReturnType<typeof listRefundsWithoutCreditNote>>[number];

export const formatCreditNoteNumber = (year: number, sequence: number) => `NC${year}/${String(sequence).padStart(6, "0")}`;

/**
 * The file's progressive (SDI naming: five letters or digits, unique per sender, shared with the
 * invoices): the year after 2020 as one base-36 digit, a "Z", then the number in base 36 on three
 * (46 655 a year). An invoice's progressive has its number on four digits after the year: its
 * second character is a "Z" only past its 1 632 959th invoice of a year.
 */
export function creditNoteProgressive(year: number, sequence: number): string {
  const yearDigit = year - 2020;
  if (yearDigit < 0 || yearDigit >= 36 || sequence >= 36 ** 3) throw new Error(`No progressive for credit note ${sequence} of ${year}`);
  return `${yearDigit.toString(36)}Z${sequence.toString(36).padStart(3, "0")}`.toUpperCase();
}

/** What the refund's note says it is for. */
function descriptionOf(order: OrderView, refund: RefundDue): string {
  if (refund.return_id !== null) return `Reso n. ${refund.return_id} dell'ordine ${order.number}`;
  if (refund.reason) return `Rimborso sull'ordine ${order.number}: ${refund.reason}`;
  return order.status === "cancelled" ? `Annullamento dell'ordine ${order.number}` : `Rimborso sull'ordine ${order.number}`;
}

function composeCreditNote(order: OrderView, invoice: InvoiceListRow, refund: RefundDue, settings: ShopSettings, issueDate: string, sequence: number) {
  const { buyer, name } = buyerOf(order);
  const amounts = splitVat([{ description: descriptionOf(order, refund), quantity: 1, grossCents: refund.amount_cents, kind: "goods" }], VAT_PERCENT);
  const year = Number(issueDate.slice(0, 4));
  const number = formatCreditNoteNumber(year, sequence);
  const progressive = creditNoteProgressive(year, sequence);
  const invoiceNumber = formatInvoiceNumber(invoice.year, invoice.number);
  // The seller as the invoices name it (one place: settings/seller.ts).
  const seller = invoiceSeller(settings);
  const xml = buildFatturaXml({
    progressive,
    seller,
    buyer,
    buyerAddress: order.billingAddress,
    number,
    date: issueDate,
    causale: `Nota di credito per la fattura ${invoiceNumber} (ordine ${order.number})`,
    ratePercent: VAT_PERCENT,
    amounts,
    paymentMode: order.paymentMethod === "bankTransfer" ? "MP05" : "MP08",
    documentType: "TD04",
    linkedInvoice: { number: invoiceNumber, date: invoice.issue_date },
  });
  return { xml, number, name, amounts, fileName: `IT${seller.vatNumber}_${progressive}.xml` };
}

const creditNoteFileOf = (orderId: number) => ({ orderId, what: "a credit note", subject: `Order ${orderId}'s credit note` });

/**
 * Issues a credit note for each refund of the order that has none, when the order has its
 * invoice (none otherwise: nothing to correct). As the invoices: built and checked with the
 * number the counter promises, then stored with the number taken in the transaction (checked
 * again only if the file came out different). Returns the notes issued now. Throws
 * INVOICE_INVALID when a note fails the schema (the ones before it stay issued).
 */
export async function issueCreditNotes(db: Kysely<Database>, orderId: number, { actor, now = new Date() }: { actor: AuditActor; now?: Date }): Promise<number> {
  const invoice = await findInvoiceOfOrder(db, orderId);
  if (!invoice) return 0;
  const due = await listRefundsWithoutCreditNote(db, orderId);
  if (!due.length) return 0;
  const settings = await getShopSettings(db);
  const issueDate = romeDate(now);
  const year = Number(issueDate.slice(0, 4));
  let issued = 0;
  for (const refund of due) {
    const draft = composeCreditNote(await loadOrderView(db, orderId), invoice, refund, settings, issueDate, (await lastCreditNoteNumber(db, year)) + 1);
    await requireValidFile(draft.xml, creditNoteFileOf(orderId));
    try {
      await db.transaction().execute(async (trx) => {
        const sequence = await takeCreditNoteNumber(trx, year);
        if (await findCreditNoteOfRefund(trx, refund.id)) throw new AlreadyIssued();
        const order = await loadOrderView(trx, orderId);
        const { xml, number, name, amounts, fileName } = composeCreditNote(order, invoice, refund, settings, issueDate, sequence);
        if (xml !== draft.xml) await requireValidFile(xml, creditNoteFileOf(orderId));
        await insertCreditNote(trx, { order_id: orderId, invoice_id: invoice.id, refund_id: refund.id, ...issuedDocumentColumns({ year, sequence, issueDate, now, fileName, name, amounts, xml }) });
        await recordAudit(trx, {
          actor,
          action: "invoice.credit-note",
          entityType: "order",
          entityId: orderId,
          after: { creditNoteNumber: number, invoiceNumber: formatInvoiceNumber(invoice.year, invoice.number), refundId: refund.id, issueDate, fileName, totalCents: amounts.totalCents },
          summary: `${order.number} ${number}`,
          at: now,
        });
      });
      issued++;
    } catch (error) {
      // Another request issued it meanwhile: nothing of this one is left.
      if (!(error instanceof AlreadyIssued) && !isUniqueViolation(error)) throw error;
    }
  }
  return issued;
}

export interface CreditNoteSummary {
  id: number;
  number: string;
  issueDate: string;
  fileName: string;
  totalCents: number;
  refundId: number;
}

const toSummary = (row: CreditNoteListRow): CreditNoteSummary => ({
  id: row.id,
  number: formatCreditNoteNumber(row.year, row.number),
  issueDate: row.issue_date,
  fileName: row.file_name,
  totalCents: row.total_cents,
  refundId: row.refund_id,
});

/** The order page's credit notes (components/atelier/credit-notes.tsx): those issued, and how many refunds still wait for theirs. */
export async function creditNotesPanelData(db: Kysely<Database>, orderId: number) {
  const [invoice, notes] = await Promise.all([findInvoiceOfOrder(db, orderId), listCreditNotesOfOrder(db, orderId)]);
  const missing = invoice ? (await listRefundsWithoutCreditNote(db, orderId)).length : 0;
  return { orderId, invoiced: !!invoice, notes: notes.map(toSummary), missing };
}

/** What a refund does to the order's invoice (the refund's and the cancellation's confirmation pages). */
export type InvoiceEffect = { kind: "creditNote"; invoiceNumber: string } | { kind: "notIssued" } | { kind: "none" };

export async function refundInvoiceEffect(db: Kysely<Database>, order: Pick<OrderView, "id" | "invoice">): Promise<InvoiceEffect> {
  const invoice = await findInvoiceOfOrder(db, order.id);
  if (invoice) return { kind: "creditNote", invoiceNumber: formatInvoiceNumber(invoice.year, invoice.number) };
  return order.invoice ? { kind: "notIssued" } : { kind: "none" };
}

/** The stored credit note, byte for byte as issued. Throws INVOICE_NOT_FOUND. */
export async function creditNoteFile(db: Kysely<Database>, orderId: number, noteId: number): Promise<{ fileName: string; xml: string }> {
  const row = await findCreditNoteFile(db, orderId, noteId);
  if (!row) throw new DomainError("INVOICE_NOT_FOUND", `Order ${orderId} has no credit note ${noteId}.`);
  return { fileName: row.file_name, xml: row.xml };
}

/**
 * After a refund (Atelier): its credit note, if the order is invoiced. A note the schema refuses
 * is no reason to undo the refund: it is logged, and false tells the page to say so (the invoice
 * panel offers to issue it again).
 */
export async function creditNotesAfterRefund(db: Kysely<Database>, orderId: number, actor: AuditActor): Promise<boolean> {
  try {
    await issueCreditNotes(db, orderId, { actor });
    return true;
  } catch (error) {
    log.error("a refund's credit note was not issued", { orderId, error: error instanceof Error ? error.message : String(error) });
    return false;
  }
}

import { type Kysely, NoResultError, type Transaction } from "kysely";
import type { Database } from "~/db/schema";
import { isUniqueViolation } from "~/db/errors.server";
import { type AuditActor, recordAudit } from "~/modules/audit/audit.service.server";
import { VAT_PERCENT } from "~/modules/bag/bag-pricing";
import { loadOrderView, type OrderView } from "~/modules/order/order.service.server";
import { invoiceSeller } from "~/modules/settings/seller";
import type { ShopSettings } from "~/modules/settings/shop-settings";
import { getShopSettings } from "~/modules/settings/shop-settings.server";
import { DomainError } from "~/utils/domain-error";
import { log } from "~/utils/log.server";
import { buildFatturaXml, type InvoiceBuyer } from "./fatturapa-xml";
import { validateFatturaXml } from "./fatturapa-schema.server";
import { toDecimal } from "~/utils/money";
import { type InvoiceLineInput, splitVat } from "./invoice-amounts";
import { findInvoiceFile, findInvoiceOfOrder, insertInvoice, type InvoiceListRow, lastInvoiceNumber, listInvoicesBetween, sumInvoicesBetween, takeInvoiceNumber } from "./invoice.repository.server";

// The electronic invoice of an order (FatturaPA FPR12, docs/decisions/022): issued once, for a
// paid order whose shopper asked for one, numbered in the calendar year's sequence without gaps,
// validated against the official schema before it is stored, and handed out unchanged after.

export interface InvoiceSummary {
  orderId: number;
  orderNumber: string;
  /** "2026/000001". */
  number: string;
  year: number;
  sequence: number;
  /** YYYY-MM-DD, Italy's calendar. */
  issueDate: string;
  issuedAt: string;
  fileName: string;
  customerName: string;
  taxableCents: number;
  vatCents: number;
  totalCents: number;
}

export interface IssuedInvoice {
  invoice: InvoiceSummary;
  /** False when the order already had its invoice (a second request): nothing new was made. */
  created: boolean;
}

export const formatInvoiceNumber = (year: number, sequence: number) => `${year}/${String(sequence).padStart(6, "0")}`;

/**
 * The file's progressive (SDI naming: up to five letters or digits, unique per sender): the year
 * after 2020 as one base-36 digit, then the number in base 36 on four (1 679 615 a year).
 */
export function invoiceProgressive(year: number, sequence: number): string {
  const yearDigit = year - 2020;
  if (yearDigit < 0 || yearDigit >= 36 || sequence >= 36 ** 4) throw new Error(`No progressive for invoice ${sequence} of ${year}`);
  return (yearDigit.toString(36) + sequence.toString(36).padStart(4, "0")).toUpperCase();
}

/** The day in Italy (YYYY-MM-DD) of a moment. */
export function romeDate(at: Date): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Rome", year: "numeric", month: "2-digit", day: "2-digit" }).format(at);
}

function toSummary(row: InvoiceListRow): InvoiceSummary {
  return {
    orderId: row.order_id,
    orderNumber: row.order_number,
    number: formatInvoiceNumber(row.year, row.number),
    year: row.year,
    sequence: row.number,
    issueDate: row.issue_date,
    issuedAt: row.issued_at,
    fileName: row.file_name,
    customerName: row.customer_name,
    taxableCents: row.taxable_cents,
    vatCents: row.vat_cents,
    totalCents: row.total_cents,
  };
}

/** What the order's page shows: whether the shopper asked for an invoice, and the invoice if issued. */
export async function invoiceOfOrder(db: Kysely<Database>, orderId: number): Promise<InvoiceSummary | null> {
  const row = await findInvoiceOfOrder(db, orderId);
  return row ? toSummary(row) : null;
}

/** The order page's invoice panel (components/atelier/invoice-panel.tsx) for an order the page has loaded. */
export async function invoicePanelData(db: Kysely<Database>, order: Pick<OrderView, "id" | "invoice" | "paymentStatus">) {
  const invoice = order.invoice ? await invoiceOfOrder(db, order.id) : null;
  return {
    orderId: order.id,
    request: order.invoice,
    invoiceable: order.paymentStatus === "paid",
    invoice: invoice ? { number: invoice.number, issueDate: invoice.issueDate, fileName: invoice.fileName } : null,
  };
}

/** The stored file, byte for byte as issued. Throws INVOICE_NOT_FOUND. */
export async function invoiceFile(db: Kysely<Database>, orderId: number): Promise<{ fileName: string; xml: string }> {
  const row = await findInvoiceFile(db, orderId);
  if (!row) throw new DomainError("INVOICE_NOT_FOUND", `Order ${orderId} has no invoice.`);
  return { fileName: row.file_name, xml: row.xml };
}

async function orderOf(db: Kysely<Database> | Transaction<Database>, orderId: number): Promise<OrderView> {
  try {
    return await loadOrderView(db, orderId);
  } catch (error) {
    if (error instanceof NoResultError) throw new DomainError("ORDER_NOT_FOUND", `No order ${orderId}.`);
    throw error;
  }
}

export function buyerOf(order: OrderView): { buyer: InvoiceBuyer; name: string } {
  const invoice = order.invoice;
  if (!invoice) throw new DomainError("INVOICE_NOT_REQUESTED", `Order ${order.number} asked for no invoice.`);
  if (invoice.type === "person") {
    const { firstName, lastName } = order.billingAddress;
    return { buyer: { kind: "person", fiscalCode: invoice.fiscalCode, firstName, lastName }, name: `${firstName} ${lastName}` };
  }
  return { buyer: { kind: "company", vatNumber: invoice.vatNumber, name: invoice.companyName, sdiCode: invoice.sdiCode, pec: invoice.pec }, name: invoice.companyName };
}

/** The order's lines as the invoice lists them: each article, the discount, the shipping. */
function invoiceLines(order: OrderView): InvoiceLineInput[] {
  const lines: InvoiceLineInput[] = order.lines.map((line) => ({
    description: `${line.name} - ${line.color}, ${line.size}`,
    quantity: line.quantity,
    grossCents: line.totalCents,
    kind: "goods",
    code: line.sku,
  }));
  if (order.discountCents > 0) lines.push({ description: order.couponCode ? `Sconto ${order.couponCode}` : "Sconto", quantity: 1, grossCents: -order.discountCents, kind: "discount" });
  if (order.shippingCents > 0) lines.push({ description: "Spese di spedizione", quantity: 1, grossCents: order.shippingCents, kind: "shipping" });
  return lines;
}

/** Rolls the issuing transaction back when the order (or the refund) turns out to have its document already. */
export class AlreadyIssued extends Error {}

/**
 * The columns an issued document (an invoice, or a credit note: credit-note.service.server.ts)
 * stores: its number in the year's series, its dates, its file and the amounts it says.
 */
export function issuedDocumentColumns(document: { year: number; sequence: number; issueDate: string; now: Date; fileName: string; name: string; amounts: { taxableCents: number; vatCents: number; totalCents: number }; xml: string }) {
  return {
    year: document.year,
    number: document.sequence,
    issue_date: document.issueDate,
    issued_at: document.now.toISOString(),
    file_name: document.fileName,
    customer_name: document.name.slice(0, 200),
    taxable_cents: document.amounts.taxableCents,
    vat_cents: document.amounts.vatCents,
    total_cents: document.amounts.totalCents,
    xml: document.xml,
  };
}

/** The order's file with the given number: checks the request and the payment, builds the XML. */
function composeInvoice(order: OrderView, settings: ShopSettings, issueDate: string, sequence: number) {
  const seller = invoiceSeller(settings);
  const { buyer, name } = buyerOf(order);
  if (order.paymentStatus !== "paid") throw new DomainError("INVOICE_NOT_PAID", `Order ${order.number} is ${order.paymentStatus}.`);
  const amounts = splitVat(invoiceLines(order), VAT_PERCENT);
  if (amounts.totalCents !== order.totalCents) throw new Error(`Order ${order.number}: lines add up to ${amounts.totalCents}, the total is ${order.totalCents}`);
  const year = Number(issueDate.slice(0, 4));
  const number = formatInvoiceNumber(year, sequence);
  const progressive = invoiceProgressive(year, sequence);
  const xml = buildFatturaXml({
    progressive,
    seller,
    buyer,
    buyerAddress: order.billingAddress,
    number,
    date: issueDate,
    causale: `Ordine ${order.number}`,
    ratePercent: VAT_PERCENT,
    amounts,
    paymentMode: order.paymentMethod === "bankTransfer" ? "MP05" : "MP08",
  });
  return { xml, number, name, amounts, fileName: `IT${seller.vatNumber}_${progressive}.xml` };
}

/**
 * Throws INVOICE_INVALID when an issued document's file (an invoice, a credit note) fails the
 * official schema, and logs it as `what` of the order.
 */
export async function requireValidFile(xml: string, { orderId, what, subject }: { orderId: number; what: string; subject: string }) {
  const validation = await validateFatturaXml(xml);
  if (validation.valid) return;
  log.warn(`${what} failed the FatturaPA schema`, { orderId, errors: validation.errors });
  throw new DomainError("INVOICE_INVALID", `${subject}: ${validation.errors.join("; ")}`);
}

const invoiceFileOf = (order: OrderView) => ({ orderId: order.id, what: "an invoice", subject: `Order ${order.number}` });

/**
 * Issues the order's electronic invoice, or returns the one it has. Throws ORDER_NOT_FOUND,
 * SELLER_IDENTITY_MISSING (the owner has not set the seller's identity), INVOICE_NOT_REQUESTED, INVOICE_NOT_PAID (only a paid order that nothing was refunded from),
 * INVOICE_INVALID (the file fails the schema: nothing is stored and no number is used).
 *
 * The schema check takes a worker thread and a few hundred milliseconds, too long to hold the
 * year's counter (and, on SQLite, the database's only connection). So the file is built and
 * checked first with the number the year's counter promises; the storing transaction takes the
 * number, builds the file again from the order as it is then, and checks it again only if it came
 * out different (another invoice took that number meanwhile, or the order changed).
 */
export async function issueInvoice(db: Kysely<Database>, orderId: number, { actor, now = new Date() }: { actor: AuditActor; now?: Date }): Promise<IssuedInvoice> {
  const existing = await invoiceOfOrder(db, orderId);
  if (existing) return { invoice: existing, created: false };
  const settings = await getShopSettings(db);
  const issueDate = romeDate(now);
  const year = Number(issueDate.slice(0, 4));
  const draftOrder = await orderOf(db, orderId);
  const draft = composeInvoice(draftOrder, settings, issueDate, (await lastInvoiceNumber(db, year)) + 1);
  await requireValidFile(draft.xml, invoiceFileOf(draftOrder));
  try {
    await db.transaction().execute(async (trx) => {
      // The counter first: from here on, issues of this year run one at a time.
      const sequence = await takeInvoiceNumber(trx, year);
      if (await findInvoiceOfOrder(trx, orderId)) throw new AlreadyIssued();
      const order = await orderOf(trx, orderId);
      const { xml, number, name, amounts, fileName } = composeInvoice(order, settings, issueDate, sequence);
      if (xml !== draft.xml) await requireValidFile(xml, invoiceFileOf(order));
      await insertInvoice(trx, { order_id: orderId, ...issuedDocumentColumns({ year, sequence, issueDate, now, fileName, name, amounts, xml }) });
      await recordAudit(trx, {
        actor,
        action: "invoice.issue",
        entityType: "order",
        entityId: orderId,
        after: { invoiceNumber: number, issueDate, fileName, totalCents: amounts.totalCents },
        summary: `${order.number} ${number}`,
        at: now,
      });
    });
  } catch (error) {
    // Another request issued it meanwhile: its invoice is the answer, this one left no trace.
    if (!(error instanceof AlreadyIssued) && !isUniqueViolation(error)) throw error;
    const issued = await invoiceOfOrder(db, orderId);
    if (!issued) throw error;
    return { invoice: issued, created: false };
  }
  return { invoice: (await invoiceOfOrder(db, orderId))!, created: true };
}

/** A month as the list's filter takes it ("2026-12"); anything else is the current month in Italy. */
export function parseInvoiceMonth(value: string | null | undefined, now = new Date()): string {
  if (value && /^\d{4}-(0[1-9]|1[0-2])$/.test(value) && Number(value.slice(0, 4)) >= 2000 && Number(value.slice(0, 4)) <= 2099) return value;
  return romeDate(now).slice(0, 7);
}

function monthRange(month: string): { from: string; to: string } {
  const [year, m] = month.split("-").map(Number);
  const next = m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, "0")}`;
  return { from: `${month}-01`, to: `${next}-01` };
}

export const INVOICES_PER_PAGE = 50;

/** One page of a month's invoices, by number, with the month's totals. */
export async function listMonthInvoices(db: Kysely<Database>, month: string, page: number) {
  const { from, to } = monthRange(month);
  const totals = await sumInvoicesBetween(db, from, to);
  const pageCount = Math.max(1, Math.ceil(totals.count / INVOICES_PER_PAGE));
  const current = Math.min(Math.max(1, Number.isSafeInteger(page) ? page : 1), pageCount);
  const rows = await listInvoicesBetween(db, from, to, { limit: INVOICES_PER_PAGE, offset: (current - 1) * INVOICES_PER_PAGE });
  return { month, invoices: rows.map(toSummary), totals, page: current, pageCount };
}

/** Every invoice of a month, by number, fetched a page at a time (the CSV export). */
export async function* monthInvoices(db: Kysely<Database>, month: string, pageSize = 500): AsyncGenerator<InvoiceSummary> {
  const { from, to } = monthRange(month);
  let after: { year: number; number: number } | undefined;
  for (;;) {
    const rows = await listInvoicesBetween(db, from, to, { limit: pageSize, after });
    for (const row of rows) yield toSummary(row);
    if (rows.length < pageSize) return;
    const last = rows[rows.length - 1];
    after = { year: last.year, number: last.number };
  }
}

/**
 * The month's CSV for the accountant (utils/csv.server.ts's csvResponse takes the three parts):
 * amounts as euro decimals with a point, dates YYYY-MM-DD, one invoice per row by number.
 */
export function monthInvoicesCsv(db: Kysely<Database>, month: string) {
  const header = ["numero", "data", "ordine", "cliente", "imponibile", "iva", "totale", "file"];
  async function* rows() {
    for await (const invoice of monthInvoices(db, month)) {
      yield [invoice.number, invoice.issueDate, invoice.orderNumber, invoice.customerName, toDecimal(invoice.taxableCents), toDecimal(invoice.vatCents), toDecimal(invoice.totalCents), invoice.fileName];
    }
  }
  return { fileName: `fatture-${month}.csv`, header, rows: rows() };
}

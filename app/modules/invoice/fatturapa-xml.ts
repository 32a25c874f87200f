import type { SellerIdentity } from "~/modules/settings/shop-settings";
import { toDecimal } from "~/utils/money";
import { type InvoiceAmounts, unitPrice8 } from "./invoice-amounts";

// Writes a FatturaPA document in the format for private parties (FatturaElettronica versione
// FPR12, schema v1.2), the file the owner hands to their SDI intermediary. Pure: the data in, the
// XML text out; fatturapa-schema.server.ts validates it before anything stores it.

export const FATTURAPA_NAMESPACE = "http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2";

/** CodiceDestinatario of a recipient without one: a consumer, or a company reached by PEC. */
export const NO_SDI_CODE = "0000000";

export type InvoiceBuyer =
  | { kind: "person"; fiscalCode: string; firstName: string; lastName: string }
  | { kind: "company"; vatNumber: string; name: string; sdiCode: string | null; pec: string | null };

export interface InvoiceAddress {
  street: string;
  streetNumber: string;
  zip: string;
  city: string;
  province: string;
  country: string;
}

export interface FatturaInput {
  /** The file's progressive (ProgressivoInvio and the file name's suffix). */
  progressive: string;
  seller: SellerIdentity;
  buyer: InvoiceBuyer;
  buyerAddress: InvoiceAddress;
  /** The invoice's number as printed ("2026/000001") and its date (YYYY-MM-DD). */
  number: string;
  date: string;
  /** Why: the order it invoices. */
  causale: string;
  ratePercent: number;
  amounts: InvoiceAmounts;
  /** ModalitaPagamento: MP05 bank transfer, MP08 card (and the wallets and PayPal that charge one). */
  paymentMode: "MP05" | "MP08";
  /** TipoDocumento: TD01 an invoice (the default), TD04 a credit note (credit-note.service.server.ts). */
  documentType?: "TD01" | "TD04";
  /** The invoice a credit note corrects (DatiFattureCollegate): its number and date. */
  linkedInvoice?: { number: string; date: string };
}

const PUNCTUATION: Record<string, string> = { "\u2013": "-", "\u2014": "-", "\u2018": "'", "\u2019": "'", "\u201C": '"', "\u201D": '"', "\u2026": "...", "\u20AC": "EUR", "\u0141": "L", "\u0142": "l", "\u0110": "D", "\u0111": "d", "\u0152": "OE", "\u0153": "oe" };

/**
 * Text as the schema's Latin types allow it: letters outside ISO 8859-1 lose their accents
 * ("Łódź" → "Lódz", "Città" → "Citta" where only ASCII is allowed), anything else outside it becomes "?", control characters and runs of spaces
 * one space, typographic dashes, quotes and the euro sign their plain forms, cut to `max`
 * characters. `basic`: 7-bit ASCII only (the String…Type fields).
 */
export function latinText(value: string, max: number, basic = false): string {
  const limit = basic ? 0x7e : 0xff;
  const out = [...value.normalize("NFC").replace(/[\u2013\u2014\u2018\u2019\u201C\u201D\u2026\u20AC\u0141\u0142\u0110\u0111\u0152\u0153]/g, (char) => PUNCTUATION[char])]
    .map((char) => {
      const code = char.codePointAt(0)!;
      if (code < 0x20 || code === 0x7f || (code >= 0x80 && code < 0xa0)) return " ";
      if (code <= limit) return char;
      const stripped = char.normalize("NFD").replace(/\p{M}/gu, "");
      return [...stripped].every((c) => c.codePointAt(0)! <= limit) && stripped ? stripped : "?";
    })
    .join("")
    .replace(/\s+/g, " ")
    .trim();
  return [...out].slice(0, max).join("").trim();
}

function escapeXml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}

type Node = [name: string, children: Node[] | string | null];

/** One element per line, indented; empty/absent ones (null) are left out. */
function render(nodes: Node[], depth: number): string {
  const pad = "  ".repeat(depth);
  return nodes
    .map(([name, content]) => {
      if (content === null) return "";
      if (typeof content === "string") return `${pad}<${name}>${escapeXml(content)}</${name}>\n`;
      return `${pad}<${name}>\n${render(content, depth + 1)}${pad}</${name}>\n`;
    })
    .join("");
}

function address(value: InvoiceAddress): Node[] {
  const italian = value.country === "IT";
  return [
    ["Indirizzo", latinText(value.street, 60)],
    ["NumeroCivico", latinText(value.streetNumber, 8, true) || null],
    // A foreign address has no Italian CAP: the specification asks for 00000. An Italian one is
    // written as it is: a wrong one fails the schema rather than being quietly replaced.
    ["CAP", italian ? value.zip : "00000"],
    ["Comune", latinText(value.city, 60)],
    ["Provincia", italian ? value.province : null],
    ["Nazione", value.country],
  ];
}

/** The seller's entry in the companies register: office, number, share capital (fully paid up), shareholders, liquidation. */
function reaNodes(rea: NonNullable<SellerIdentity["rea"]>): Node[] {
  return [
    ["Ufficio", rea.office],
    ["NumeroREA", latinText(rea.number, 20, true)],
    ["CapitaleSociale", rea.shareCapitalCents ? toDecimal(rea.shareCapitalCents) : null],
    ["SocioUnico", rea.soleShareholder],
    ["StatoLiquidazione", rea.liquidation],
  ];
}

/** The FatturaPA XML of one invoice (FPR12). */
export function buildFatturaXml(input: FatturaInput): string {
  const { seller, buyer, amounts } = input;
  const rate = toDecimal(Math.round(input.ratePercent * 100));
  const sdiCode = buyer.kind === "company" && buyer.sdiCode ? buyer.sdiCode : NO_SDI_CODE;
  const pec = buyer.kind === "company" && sdiCode === NO_SDI_CODE ? buyer.pec : null;
  const header: Node[] = [
    [
      "DatiTrasmissione",
      [
        ["IdTrasmittente", [["IdPaese", "IT"], ["IdCodice", seller.fiscalCode]]],
        ["ProgressivoInvio", input.progressive],
        ["FormatoTrasmissione", "FPR12"],
        ["CodiceDestinatario", sdiCode],
        ["PECDestinatario", pec],
      ],
    ],
    [
      "CedentePrestatore",
      [
        [
          "DatiAnagrafici",
          [
            ["IdFiscaleIVA", [["IdPaese", "IT"], ["IdCodice", seller.vatNumber]]],
            ["CodiceFiscale", seller.fiscalCode],
            ["Anagrafica", [["Denominazione", latinText(seller.name, 80)]]],
            ["RegimeFiscale", seller.regimeFiscale],
          ],
        ],
        ["Sede", address(seller.address)],
        ["IscrizioneREA", seller.rea ? reaNodes(seller.rea) : null],
        // The PEC as the seller's contact e-mail.
        ["Contatti", [["Email", seller.pec]]],
      ],
    ],
    [
      "CessionarioCommittente",
      [
        [
          "DatiAnagrafici",
          buyer.kind === "person"
            ? [
                ["CodiceFiscale", buyer.fiscalCode],
                ["Anagrafica", [["Nome", latinText(buyer.firstName, 60)], ["Cognome", latinText(buyer.lastName, 60)]]],
              ]
            : [
                ["IdFiscaleIVA", [["IdPaese", "IT"], ["IdCodice", buyer.vatNumber]]],
                ["Anagrafica", [["Denominazione", latinText(buyer.name, 80)]]],
              ],
        ],
        ["Sede", address(input.buyerAddress)],
      ],
    ],
  ];
  const lines: Node[] = amounts.lines.map((line, i) => [
    "DettaglioLinee",
    [
      ["NumeroLinea", String(i + 1)],
      ["TipoCessionePrestazione", line.kind === "discount" ? "SC" : line.kind === "shipping" ? "AC" : null],
      line.code ? ["CodiceArticolo", [["CodiceTipo", "SKU"], ["CodiceValore", latinText(line.code, 35, true)]]] : ["CodiceArticolo", null],
      ["Descrizione", latinText(line.description, 1000)],
      ["Quantita", `${line.quantity}.00`],
      ["PrezzoUnitario", unitPrice8(line.netCents, line.quantity)],
      ["PrezzoTotale", toDecimal(line.netCents)],
      ["AliquotaIVA", rate],
    ],
  ]);
  const body: Node[] = [
    [
      "DatiGenerali",
      [
        [
          "DatiGeneraliDocumento",
          [
            ["TipoDocumento", input.documentType ?? "TD01"],
            ["Divisa", "EUR"],
            ["Data", input.date],
            ["Numero", input.number],
            ["ImportoTotaleDocumento", toDecimal(amounts.totalCents)],
            ["Causale", latinText(input.causale, 200)],
          ],
        ],
        input.linkedInvoice ? ["DatiFattureCollegate", [["IdDocumento", latinText(input.linkedInvoice.number, 20, true)], ["Data", input.linkedInvoice.date]]] : ["DatiFattureCollegate", null],
      ],
    ],
    [
      "DatiBeniServizi",
      [
        ...lines,
        [
          "DatiRiepilogo",
          [
            ["AliquotaIVA", rate],
            ["ImponibileImporto", toDecimal(amounts.taxableCents)],
            ["Imposta", toDecimal(amounts.vatCents)],
            // Immediate: the VAT is due when the invoice is issued.
            ["EsigibilitaIVA", "I"],
          ],
        ],
      ],
    ],
    [
      "DatiPagamento",
      [
        // TP02: paid in full, at once.
        ["CondizioniPagamento", "TP02"],
        ["DettaglioPagamento", [["ModalitaPagamento", input.paymentMode], ["ImportoPagamento", toDecimal(amounts.totalCents)]]],
      ],
    ],
  ];
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<p:FatturaElettronica xmlns:p="${FATTURAPA_NAMESPACE}" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" versione="FPR12">\n` +
    render([["FatturaElettronicaHeader", header], ["FatturaElettronicaBody", body]], 1) +
    `</p:FatturaElettronica>\n`
  );
}

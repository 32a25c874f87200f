import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/support/databases";
import { COMPANY_INVOICE, insertOrder } from "../../../tests/support/invoice-fixtures";
import { auditOfRecord } from "~/modules/audit/audit.service.server";
import { validateFatturaXml } from "~/modules/invoice/fatturapa-schema.server";
import { invoiceFile, issueInvoice } from "~/modules/invoice/invoice.service.server";
import { isValidPartitaIva } from "~/utils/invoice-codes";
import { parseForm } from "~/utils/form.server";
import { DomainError } from "~/utils/domain-error";
import { legalNotice } from "./seller";
import { SellerIdentityFormSchema, sellerFormValues, sellerFromForm } from "./seller.schema";
import { getSellerIdentity, saveSellerIdentity, sellerIdentityMissing } from "./seller.service.server";
import { DEFAULT_SHOP_SETTINGS } from "./shop-settings";

// The seller's fiscal identity (issue 37, item 1): the owner's form with its check digits, the
// demo's identity that refuses invoices, and the owner's identity on the invoice (still valid
// against the FatturaPA schema), in the footer's words and in the audit log.

const form = (overrides: Record<string, string> = {}): Record<string, string> => ({
  legalName: "Sartoria Verdi S.r.l.",
  vatNumber: "IT 0987 6543 217",
  fiscalCode: "",
  regimeFiscale: "RF01",
  street: "Corso Magenta",
  streetNumber: "5/a",
  zip: "20123",
  city: "Milano",
  province: "MI",
  pec: "Amministrazione@PEC.verdi.example",
  reaOffice: "MI",
  reaNumber: "2034 567",
  shareCapital: "50.000,00",
  soleShareholder: "SU",
  liquidation: "LN",
  ...overrides,
});
const issues = (overrides: Record<string, string>) => (SellerIdentityFormSchema.safeParse(form(overrides)).error?.issues ?? []).map((i) => `${i.path.join(".")}:${i.message}`);

describe("the fiscal identity form", () => {
  it("gives the demo shop an identity whose partita IVA passes its own check digit, marked as a demo", () => {
    expect(isValidPartitaIva(DEFAULT_SHOP_SETTINGS.seller.vatNumber)).toBe(true);
    expect(isValidPartitaIva(DEFAULT_SHOP_SETTINGS.seller.fiscalCode)).toBe(true);
    expect(DEFAULT_SHOP_SETTINGS.seller.demo).toBe(true);
  });

  it("turns the form into the owner's identity: no IT, the codice fiscale defaulting to the partita IVA, the REA in capitals, the capital in cents", () => {
    const seller = sellerFromForm(SellerIdentityFormSchema.parse(form()));
    expect(seller).toEqual({
      name: "Sartoria Verdi S.r.l.",
      vatNumber: "09876543217",
      fiscalCode: "09876543217",
      regimeFiscale: "RF01",
      address: { street: "Corso Magenta", streetNumber: "5/A", zip: "20123", city: "Milano", province: "MI", country: "IT" },
      rea: { office: "MI", number: "2034567", shareCapitalCents: 5_000_000, soleShareholder: "SU", liquidation: "LN" },
      pec: "amministrazione@pec.verdi.example",
      demo: false,
    });
    // The page shows the stored identity as the same form again.
    expect(SellerIdentityFormSchema.parse(sellerFormValues(seller, (cents) => String(cents / 100)))).toMatchObject({ vatNumber: "09876543217", fiscalCode: "", reaNumber: "2034567", shareCapital: 5_000_000 });
    // A sole trader: the person's codice fiscale, no REA, no capital.
    expect(sellerFromForm(SellerIdentityFormSchema.parse(form({ fiscalCode: "rssmra85t10a562s", reaOffice: "", reaNumber: "", shareCapital: "", soleShareholder: "", regimeFiscale: "RF19" })))).toMatchObject({ fiscalCode: "RSSMRA85T10A562S", rea: null, regimeFiscale: "RF19" });
  });

  it("reads the form as the form kit does, where an empty field arrives as none: a sole trader's empty REA, capital and shareholders", () => {
    const data = new FormData();
    for (const [name, value] of Object.entries(form({ reaOffice: "", reaNumber: "", shareCapital: "", soleShareholder: "", fiscalCode: "" }))) data.append(name, value);
    const submission = parseForm(data, SellerIdentityFormSchema);
    expect(submission.status === "success" ? sellerFromForm(submission.value) : submission.reply().error).toMatchObject({ rea: null, fiscalCode: "09876543217" });
    data.set("reaOffice", "MI");
    data.set("reaNumber", "2034567");
    const withRea = parseForm(data, SellerIdentityFormSchema);
    expect(withRea.status === "success" ? sellerFromForm(withRea.value).rea : withRea.reply().error).toEqual({ office: "MI", number: "2034567", shareCapitalCents: null, soleShareholder: null, liquidation: "LN" });
  });

  it("refuses a partita IVA or a codice fiscale whose check digit is wrong", () => {
    // The old demo number, 01234567890, fails its own check digit.
    expect(issues({ vatNumber: "01234567890" })).toEqual(["vatNumber:atelier-shop:validation.vatNumber"]);
    expect(issues({ vatNumber: "00000000000" })).toEqual(["vatNumber:atelier-shop:validation.vatNumber"]);
    expect(issues({ vatNumber: "0987654321" })).toEqual(["vatNumber:atelier-shop:validation.vatNumber"]);
    expect(issues({ vatNumber: "" })).toEqual(["vatNumber:validation.required"]);
    expect(issues({ fiscalCode: "09876543210" })).toEqual(["fiscalCode:atelier-shop:validation.fiscalCode"]);
    expect(issues({ fiscalCode: "RSSMRA85T10A562X" })).toEqual(["fiscalCode:atelier-shop:validation.fiscalCode"]);
    expect(issues({ fiscalCode: "12345678903" })).toEqual([]);
  });

  it("refuses a REA office that is no province, a number of other characters or over 20, half a REA, and a capital without one", () => {
    expect(issues({ reaOffice: "XX" })).toEqual(["reaOffice:atelier-shop:validation.reaOffice"]);
    expect(issues({ reaNumber: "MI/123" })).toEqual(["reaNumber:atelier-shop:validation.reaNumber"]);
    expect(issues({ reaNumber: "1".repeat(21) })).toEqual(["reaNumber:atelier-shop:validation.reaNumber"]);
    expect(issues({ reaNumber: "" })).toEqual(["reaNumber:atelier-shop:validation.reaBoth"]);
    expect(issues({ reaOffice: "" })).toEqual(["reaOffice:atelier-shop:validation.reaBoth"]);
    expect(issues({ reaOffice: "", reaNumber: "", soleShareholder: "" })).toEqual(["shareCapital:atelier-shop:validation.capitalNeedsRea"]);
    expect(issues({ shareCapital: "0" })).toEqual(["shareCapital:atelier-shop:validation.shareCapital"]);
    expect(issues({ shareCapital: "diecimila" })).toEqual(["shareCapital:atelier-shop:validation.shareCapital"]);
  });

  it("refuses a regime, a shareholding or a liquidation FatturaPA does not know, a province that is not one, a bad CAP and PEC", () => {
    expect(issues({ regimeFiscale: "RF03", soleShareholder: "SX", liquidation: "LX", province: "ZZ", zip: "2012", pec: "non una pec" })).toEqual([
      "zip:atelier-shop:validation.zip",
      "province:atelier-shop:validation.province",
      "soleShareholder:atelier-shop:validation.choice",
      "liquidation:atelier-shop:validation.choice",
      "regimeFiscale:atelier-shop:validation.choice",
      "pec:atelier-shop:validation.pec",
    ]);
    expect(issues({ legalName: "x".repeat(81), city: "y".repeat(61) })).toEqual(["legalName:atelier-shop:validation.max80", "city:atelier-shop:validation.max60"]);
    expect(issues({ legalName: "Bottega\u0000 S.r.l.", street: "Via\u0007 Roma" })).toEqual(["legalName:validation.characters", "street:validation.characters"]);
  });

  it("writes the legal notice the footer, packing slips and e-mails show", () => {
    const seller = sellerFromForm(SellerIdentityFormSchema.parse(form()));
    expect(legalNotice(seller, "it")).toEqual({
      name: "Sartoria Verdi S.r.l.",
      address: "Corso Magenta 5/A, 20123 Milano (MI)",
      vatNumber: "IT09876543217",
      reaNumber: "MI-2034567",
      shareCapital: "50.000,00\u00a0€",
      pec: "amministrazione@pec.verdi.example",
    });
    expect(legalNotice({ ...seller, rea: null }, "en")).toMatchObject({ reaNumber: null, shareCapital: null });
  });
});

describeEachDatabase("the seller's fiscal identity", (ctx) => {
  const owner = { kind: "staff" as const, staffId: 1, email: "titolare@bottega.example" };
  const parser = new XMLParser({ parseTagValue: false, removeNSPrefix: true });

  it("refuses every invoice while the identity is the demo's, and after the owner saves it issues them in the owner's name, valid against the schema, with an audit entry", async () => {
    const { db } = ctx();
    expect(await sellerIdentityMissing(db)).toBe(true);
    const { orderId } = await insertOrder(db, { invoice: COMPANY_INVOICE });
    const refused = await issueInvoice(db, orderId, { actor: owner, now: new Date("2026-12-02T10:00:00Z") }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ code: "SELLER_IDENTITY_MISSING", status: 409, messageKey: "atelier-invoices:errors.sellerMissing" });
    expect(await db.selectFrom("invoices").select("id").execute()).toEqual([]);
    expect(await db.selectFrom("invoice_counters").selectAll().execute()).toEqual([]);

    const seller = sellerFromForm(SellerIdentityFormSchema.parse(form()));
    await saveSellerIdentity(db, seller, owner, new Date("2026-12-02T11:00:00Z"));
    expect(await getSellerIdentity(db)).toEqual(seller);
    expect(await sellerIdentityMissing(db)).toBe(false);
    const [entry] = await auditOfRecord(db, "settings", "seller");
    expect(entry).toMatchObject({ action: "settings.seller", actor: owner.email, before: { name: "Bottega S.r.l.", vatNumber: "12345678903", demo: true }, after: { name: "Sartoria Verdi S.r.l.", vatNumber: "09876543217", demo: false } });

    const { invoice } = await issueInvoice(db, orderId, { actor: owner, now: new Date("2026-12-02T12:00:00Z") });
    expect(invoice.fileName).toBe("IT09876543217_60001.xml");
    const { xml } = await invoiceFile(db, orderId);
    expect(await validateFatturaXml(xml)).toEqual({ valid: true, errors: [] });
    const header = parser.parse(xml).FatturaElettronica.FatturaElettronicaHeader;
    expect(header.DatiTrasmissione.IdTrasmittente).toEqual({ IdPaese: "IT", IdCodice: "09876543217" });
    expect(header.CedentePrestatore).toEqual({
      DatiAnagrafici: { IdFiscaleIVA: { IdPaese: "IT", IdCodice: "09876543217" }, CodiceFiscale: "09876543217", Anagrafica: { Denominazione: "Sartoria Verdi S.r.l." }, RegimeFiscale: "RF01" },
      Sede: { Indirizzo: "Corso Magenta", NumeroCivico: "5/A", CAP: "20123", Comune: "Milano", Provincia: "MI", Nazione: "IT" },
      IscrizioneREA: { Ufficio: "MI", NumeroREA: "2034567", CapitaleSociale: "50000.00", SocioUnico: "SU", StatoLiquidazione: "LN" },
      Contatti: { Email: "amministrazione@pec.verdi.example" },
    });
  });

  it("writes a sole trader without a REA, and a company being wound up, as the schema wants them", async () => {
    const { db } = ctx();
    const cases: Record<string, string>[] = [
      { fiscalCode: "RSSMRA85T10A562S", reaOffice: "", reaNumber: "", shareCapital: "", soleShareholder: "", regimeFiscale: "RF19" },
      { shareCapital: "", soleShareholder: "SM", liquidation: "LS" },
    ];
    for (const overrides of cases) {
      await saveSellerIdentity(db, sellerFromForm(SellerIdentityFormSchema.parse(form(overrides))), owner);
      const { orderId } = await insertOrder(db);
      await issueInvoice(db, orderId, { actor: owner });
      const { xml } = await invoiceFile(db, orderId);
      expect(await validateFatturaXml(xml), JSON.stringify(overrides)).toEqual({ valid: true, errors: [] });
      const seller = parser.parse(xml).FatturaElettronica.FatturaElettronicaHeader.CedentePrestatore;
      if (overrides.reaOffice === "") {
        expect(seller.IscrizioneREA).toBeUndefined();
        expect(seller.DatiAnagrafici).toMatchObject({ CodiceFiscale: "RSSMRA85T10A562S", RegimeFiscale: "RF19" });
      } else {
        expect(seller.IscrizioneREA).toEqual({ Ufficio: "MI", NumeroREA: "2034567", SocioUnico: "SM", StatoLiquidazione: "LS" });
      }
    }
  });
});

import { describe, expect, it } from "vitest";
import { DEFAULT_SHOP_SETTINGS } from "~/modules/settings/shop-settings";
import { buildFatturaXml, type FatturaInput } from "./fatturapa-xml";
import fatturaSchemaText from "@digitalia/fatturapa/src/schemas/Schema_1.2.1.xsd?raw";
import signatureSchemaText from "./schemas/xmldsig-core-schema.xsd?raw";
import { fatturaSchemaFiles, prepareSchemaFiles, validateFatturaXml } from "./fatturapa-schema.server";
import { splitVat } from "./invoice-amounts";

const base: FatturaInput = {
  progressive: "60001",
  seller: DEFAULT_SHOP_SETTINGS.seller,
  buyer: { kind: "person", fiscalCode: "RSSGLI80A41F205Z", firstName: "Giulia", lastName: "Rossi" },
  buyerAddress: { street: "Via Montenapoleone", streetNumber: "8", zip: "20121", city: "Milano", province: "MI", country: "IT" },
  number: "2026/000001",
  date: "2026-12-01",
  causale: "Ordine BT000000001",
  ratePercent: 22,
  amounts: splitVat(
    [
      { description: "Camicia in popeline - Bianco, M", quantity: 2, grossCents: 17_980, kind: "goods", code: "BTG-1-M" },
      { description: "Sconto BENVENUTO10", quantity: 1, grossCents: -1_798, kind: "discount" },
      { description: "Spese di spedizione", quantity: 1, grossCents: 700, kind: "shipping" },
    ],
    22,
  ),
  paymentMode: "MP08",
};
const person = buildFatturaXml(base);
const company = buildFatturaXml({ ...base, buyer: { kind: "company", vatNumber: "01234567897", name: "Atelier Bianchi S.n.c.", sdiCode: null, pec: "fatture@pec.bianchi.example" }, paymentMode: "MP05" });

/** Documents the schema must refuse, each a small change to a valid one. */
const broken: Record<string, string> = {
  "a CAP of four digits": person.replace("<CAP>20121</CAP>", "<CAP>2012</CAP>"),
  "a required element missing": person.replace(/\s*<Divisa>EUR<\/Divisa>/, ""),
  "two elements swapped": person.replace("<Data>2026-12-01</Data>\n        <Numero>2026/000001</Numero>", "<Numero>2026/000001</Numero>\n        <Data>2026-12-01</Data>"),
  "a number outside ASCII": person.replace("<Numero>2026/000001</Numero>", "<Numero>2026/€1</Numero>"),
  "an unknown element": person.replace("<Causale>", "<Nota>x</Nota>\n        <Causale>"),
  "another namespace": person.replace("fatture/v1.2", "fatture/v1.3"),
  "an unknown format": person.replace('versione="FPR12"', 'versione="FPR13"'),
  "an impossible date": person.replace("<Data>2026-12-01</Data>", "<Data>2026-02-30</Data>"),
  "an amount with one decimal": person.replace("<ImportoTotaleDocumento>168.82</ImportoTotaleDocumento>", "<ImportoTotaleDocumento>168.8</ImportoTotaleDocumento>"),
  "a name and a company name at once": person.replace("<Nome>Giulia</Nome>", "<Denominazione>Rossi</Denominazione>\n          <Nome>Giulia</Nome>"),
  "an attribute the schema lacks": person.replace("<Numero>", '<Numero lang="it">'),
  "text among elements": person.replace("<Divisa>", "testo<Divisa>"),
  "an empty causale": person.replace(/<Causale>[^<]*<\/Causale>/, "<Causale></Causale>"),
  "a tax regime that does not exist": person.replace("<RegimeFiscale>RF01</RegimeFiscale>", "<RegimeFiscale>RF03</RegimeFiscale>"),
  "an SDI code of eight characters": person.replace("<CodiceDestinatario>0000000</CodiceDestinatario>", "<CodiceDestinatario>00000000</CodiceDestinatario>"),
  "a second body's worth of header": person.replace("</FatturaElettronicaHeader>", "</FatturaElettronicaHeader>\n  <FatturaElettronicaHeader/>"),
  "not well-formed": person.replace("</Numero>", "</Numer>"),
};

describe("the FatturaPA schema check (libxml2)", () => {
  it("accepts the shop's invoices: a consumer's (0000000, no PEC) and a company's by PEC", async () => {
    expect(await validateFatturaXml(person)).toEqual({ valid: true, errors: [] });
    expect(await validateFatturaXml(company)).toEqual({ valid: true, errors: [] });
    expect(company).toContain("<PECDestinatario>fatture@pec.bianchi.example</PECDestinatario>");
  });

  it.each(Object.entries(broken))("refuses %s", async (_, xml) => {
    const result = await validateFatturaXml(xml);
    expect(result.valid).toBe(false);
    expect(result.errors.length).toBeGreaterThan(0);
  });

  it("names the line and the element at fault", async () => {
    const { errors } = await validateFatturaXml(broken["a CAP of four digits"]);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^line \d+: Element 'CAP': \[facet 'pattern'\] The value '2012' is not accepted by the pattern/);
    expect((await validateFatturaXml(broken["not well-formed"])).errors[0]).toMatch(/^line \d+: .*mismatch/);
  });

  // The optional ds:Signature is checked against the W3C schema kept beside ours: the import resolves.
  it("checks a signature against the W3C's XML Signature schema", async () => {
    const signature = (inner: string) => person.replace("</p:FatturaElettronica>", `  <ds:Signature xmlns:ds="http://www.w3.org/2000/09/xmldsig#">${inner}</ds:Signature>\n</p:FatturaElettronica>`);
    const signedInfo = '<ds:SignedInfo><ds:CanonicalizationMethod Algorithm="http://www.w3.org/2001/10/xml-exc-c14n#"/><ds:SignatureMethod Algorithm="http://www.w3.org/2001/04/xmldsig-more#rsa-sha256"/><ds:Reference URI=""><ds:DigestMethod Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"/><ds:DigestValue>AAAA</ds:DigestValue></ds:Reference></ds:SignedInfo>';
    expect(person).toContain("</p:FatturaElettronica>");
    expect(await validateFatturaXml(signature(`${signedInfo}<ds:SignatureValue>AAAA</ds:SignatureValue>`))).toEqual({ valid: true, errors: [] });
    const unsigned = await validateFatturaXml(signature(signedInfo));
    expect(unsigned.valid).toBe(false);
    expect(unsigned.errors.join("\n")).toMatch(/SignatureValue/);
  });

  it("loads the shipped schema with its one import, and fails loudly on a schema it cannot use", async () => {
    expect(fatturaSchemaFiles().schema.contents).toContain('schemaLocation="xmldsig-core-schema.xsd"');
    expect(fatturaSchemaFiles().schema.contents.startsWith("<?xml")).toBe(true);
    expect(() => prepareSchemaFiles(fatturaSchemaText.replace(/<xs:import [^>]*\/>/, ""), signatureSchemaText)).toThrow(/expected one import/);
    const broken = prepareSchemaFiles(fatturaSchemaText.replace("</xs:sequence>", "</xs:sequenc>"), signatureSchemaText);
    await expect(validateFatturaXml(person, broken)).rejects.toThrow(/failed to compile/);
  });
});

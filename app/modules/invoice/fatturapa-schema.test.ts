import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_SHOP_SETTINGS } from "~/modules/settings/shop-settings";
import { buildFatturaXml, type FatturaInput } from "./fatturapa-xml";
import { compileSchema, officialSchemaPath, validateFatturaXml } from "./fatturapa-schema.server";
import { splitVat } from "./invoice-amounts";

const base: FatturaInput = {
  progressive: "60001",
  seller: { ...DEFAULT_SHOP_SETTINGS.invoicing, name: "Bottega S.r.l." },
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

describe("the FatturaPA schema check", () => {
  it("accepts the shop's invoices: a consumer's (0000000, no PEC) and a company's by PEC", () => {
    expect(validateFatturaXml(person)).toEqual({ valid: true, errors: [] });
    expect(validateFatturaXml(company)).toEqual({ valid: true, errors: [] });
    expect(company).toContain("<PECDestinatario>fatture@pec.bianchi.example</PECDestinatario>");
  });

  it.each(Object.entries(broken))("refuses %s", (_, xml) => {
    const result = validateFatturaXml(xml);
    expect(result.valid).toBe(false);
    expect(result.errors.length).toBeGreaterThan(0);
  });

  it("names the element at fault", () => {
    expect(validateFatturaXml(broken["a CAP of four digits"]).errors).toEqual(['FatturaElettronica/FatturaElettronicaHeader/CedentePrestatore/Sede/CAP: "2012" does not match CAPType']);
  });

  it("refuses to load a schema with constructs it does not check", () => {
    const xsd = readFileSync(officialSchemaPath(), "utf8").replace(/^\uFEFF/, "");
    expect(() => compileSchema(xsd)).not.toThrow();
    expect(() => compileSchema(xsd.replace('<xs:whiteSpace value="collapse" />', '<xs:totalDigits value="5" />'))).toThrow(/unsupported facet/);
    expect(() => compileSchema(xsd.replace("<xs:sequence>", "<xs:all>").replace("</xs:sequence>", "</xs:all>"))).toThrow(/unsupported|no content model/);
  });

  // A second opinion: the JDK's XML Schema validator on the same documents, where Java is installed.
  const java = spawnSync("java", ["-version"]).status === 0;
  it.skipIf(!java)("agrees with the JDK's schema validator on every document", () => {
    const dir = mkdtempSync(join(tmpdir(), "fatturapa-"));
    try {
      // The signature's import points at the W3C's server: the JDK would fetch it; the shop never signs.
      const xsd = readFileSync(officialSchemaPath(), "utf8")
        .replace(/<xs:import [^>]*\/>/, "")
        .replace(/<xs:element ref="ds:Signature"[^>]*\/>/, "");
      writeFileSync(join(dir, "schema.xsd"), xsd);
      const documents = [person, company, ...Object.values(broken)];
      const files = documents.map((xml, i) => {
        const file = join(dir, `${i}.xml`);
        writeFileSync(file, xml);
        return file;
      });
      const verdicts = execFileSync("java", [join(process.cwd(), "tests/support/XsdValidate.java"), join(dir, "schema.xsd"), ...files], { encoding: "utf8", timeout: 60_000 }).trim().split("\n");
      expect(verdicts.map((line) => line.startsWith("valid"))).toEqual(documents.map((xml) => validateFatturaXml(xml).valid));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});

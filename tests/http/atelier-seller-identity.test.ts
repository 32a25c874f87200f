import { expect, it } from "vitest";
import { type HttpClient, ORIGIN, describeEachApp } from "../support/http";
import { COMPANY_INVOICE, insertOrder } from "../support/invoice-fixtures";
import { paidOrder } from "../support/order-fixtures";
import { textOf } from "../support/markup";
import { signInStaff } from "../support/staff";
import { validateFatturaXml } from "~/modules/invoice/fatturapa-schema.server";
import { createSandboxProvider } from "~/modules/payment/sandbox.server";

// The seller's fiscal identity over HTTP, without JavaScript (issue 37, item 1): while the shop
// runs on the demo's identity the dashboard says so and an invoice is refused with that message;
// only an owner saves the identity (validated, audited); then every invoice is issued in it (and
// passes the FatturaPA schema), and the footer, packing slips and order e-mails show it.

const OWN = {
  legalName: "Sartoria Verdi S.r.l.",
  vatNumber: "IT09876543217",
  fiscalCode: "",
  regimeFiscale: "RF01",
  street: "Corso Magenta",
  streetNumber: "5",
  zip: "20123",
  city: "Milano",
  province: "MI",
  pec: "amministrazione@pec.verdi.example",
  reaOffice: "MI",
  reaNumber: "2034567",
  shareCapital: "50000",
  soleShareholder: "SU",
  liquidation: "LN",
};

describeEachApp("Atelier: the seller's fiscal identity", (app) => {
  const decode = (html: string) => html.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&").replace(/&gt;/g, ">").replace(/&lt;/g, "<");
  const location = (response: Response) => response.headers.get("Location");
  /** What a reader sees of a page (its scripts, which carry the page's translations, left out). */
  const shown = async (response: Response | Promise<Response>) => textOf(decode(await (await response).text()));
  const snapshot = async () => ({
    settings: await app().db.selectFrom("shop_settings").selectAll().orderBy("key").execute(),
    audit: (await app().db.selectFrom("audit_log").select("id").execute()).length,
    invoices: (await app().db.selectFrom("invoices").select("id").execute()).length,
  });
  const provider = createSandboxProvider({ secret: "http-seller-identity", publicUrl: ORIGIN });
  let owner: HttpClient;
  let staff: HttpClient;
  let invoiced: { orderId: number };

  it("while the identity is the demo's: the dashboard says so (the owner with a link to the settings), the footer shows the demo's, and an invoice is refused with that message, nothing stored", async () => {
    ({ client: owner } = await signInStaff(app(), { role: "owner", name: "Olga Titolare" }));
    ({ client: staff } = await signInStaff(app(), { role: "staff", name: "Sara Collaboratrice" }));
    const dashboard = decode(await (await owner.get("/atelier")).text());
    expect(textOf(dashboard)).toContain("Dati fiscali da completare Il negozio usa ancora i dati fiscali dimostrativi");
    expect(dashboard).toMatch(/data-testid="seller-missing"[\s\S]*href="\/atelier\/settings\/fiscal"/);
    const staffDashboard = decode(await (await staff.get("/en/atelier")).text());
    expect(textOf(staffDashboard)).toContain("Fiscal identity to complete");
    expect(textOf(staffDashboard)).toContain("Only an owner can enter it");
    expect(staffDashboard).not.toContain('href="/en/atelier/settings/fiscal"');

    expect(await shown(app().client().get("/"))).toContain("Bottega S.r.l. — Via della Spiga 12, 20121 Milano (MI) — P. IVA IT12345678903 — REA MI-1234567 — Capitale sociale 10.000,00 € i.v.");

    invoiced = await insertOrder(app().db, { invoice: COMPANY_INVOICE });
    const before = await snapshot();
    const refused = await owner.postForm(`/atelier/orders/${invoiced.orderId}/invoice`, {});
    expect(refused.status).toBe(409);
    const html = decode(await refused.text());
    expect(html).toMatch(/role="alert"[^>]*>Le fatture non vengono emesse finché il negozio usa i dati fiscali dimostrativi/);
    const refusedEn = await staff.postForm(`/en/atelier/orders/${invoiced.orderId}/invoice`, {});
    expect(refusedEn.status).toBe(409);
    expect(await shown(refusedEn)).toContain("No invoice is issued while the shop uses the demo fiscal identity");
    expect(await snapshot()).toEqual(before);
  });

  it("refuses a staff member who is not an owner: 403 on the page and on a post, nothing changed", async () => {
    const before = await snapshot();
    for (const path of ["/atelier/settings/fiscal", "/en/atelier/settings/fiscal"]) {
      const page = await staff.get(path);
      expect(page.status, path).toBe(403);
      expect(await shown(page)).toMatch(/Accesso riservato|Owner only/);
    }
    expect((await staff.postForm("/atelier/settings/fiscal", OWN)).status).toBe(403);
    expect(location(await app().client().postForm("/atelier/settings/fiscal", OWN))).toMatch(/^\/atelier\/login/);
    expect(await snapshot()).toEqual(before);
  });

  it("keeps bad input at its field with the check digits' messages, changing nothing; saves the owner's identity with a notice and an audit entry", async () => {
    const page = decode(await (await owner.get("/atelier/settings/fiscal")).text());
    expect(textOf(page)).toContain("Il negozio usa ancora i dati fiscali dimostrativi");
    expect(page).toContain('value="12345678903"');
    expect(page).toContain('<option value="RF19">RF19 · Regime forfettario');
    expect(decode(await (await owner.get("/atelier/settings")).text())).toContain('href="/atelier/settings/fiscal"');

    const before = await snapshot();
    const bad = await owner.postForm("/atelier/settings/fiscal", { ...OWN, vatNumber: "01234567890", fiscalCode: "RSSMRA85T10A562X", reaOffice: "XX", reaNumber: "12/34" });
    expect(bad.status).toBe(400);
    const badHtml = decode(await bad.text());
    expect(badHtml).toContain('value="01234567890"');
    expect(badHtml).toContain('value="Sartoria Verdi S.r.l."');
    const badText = textOf(badHtml);
    expect(badText).toContain("Questa partita IVA non è valida: controlla le cifre.");
    expect(badText).toContain("Questo codice fiscale non è valido");
    expect(badText).toContain("Scegli la provincia dell’ufficio del registro.");
    expect(badText).toContain("Scrivi il numero REA con sole lettere e cifre, al massimo 20.");
    expect(badHtml).toMatch(/id="seller-vatNumber"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="seller-vatNumber"/);
    expect(await snapshot()).toEqual(before);

    const saved = await owner.postForm("/en/atelier/settings/fiscal", OWN);
    expect(saved.status).toBe(302);
    expect(location(saved)).toBe("/en/atelier/settings/fiscal");
    const after = decode(await (await owner.get("/en/atelier/settings/fiscal")).text());
    expect(textOf(after)).toContain("Fiscal identity saved");
    expect(textOf(after)).not.toContain("still uses the demo fiscal identity");
    expect(after).toContain('value="09876543217"');
    const entry = await app().db.selectFrom("audit_log").selectAll().where("action", "=", "settings.seller").executeTakeFirstOrThrow();
    expect(JSON.parse(entry.before!)).toMatchObject({ vatNumber: "12345678903", demo: true });
    expect(JSON.parse(entry.after!)).toMatchObject({ name: "Sartoria Verdi S.r.l.", vatNumber: "09876543217", demo: false });
    expect(await shown(owner.get("/atelier"))).not.toContain("Dati fiscali da completare");
  });

  it("issues the invoice in the owner's name, valid against the FatturaPA schema", async () => {
    const issued = await owner.postForm(`/atelier/orders/${invoiced.orderId}/invoice`, {});
    expect(issued.status).toBe(303);
    const file = await owner.get(`/atelier/orders/${invoiced.orderId}/invoice.xml`);
    expect(file.headers.get("Content-Disposition")).toMatch(/filename="IT09876543217_[0-9A-Z]{5}\.xml"/);
    const xml = await file.text();
    expect(await validateFatturaXml(xml)).toEqual({ valid: true, errors: [] });
    expect(xml).toContain("<Denominazione>Sartoria Verdi S.r.l.</Denominazione>");
    expect(xml).toMatch(/<IdFiscaleIVA>\s*<IdPaese>IT<\/IdPaese>\s*<IdCodice>09876543217<\/IdCodice>/);
    expect(xml).toMatch(/<IscrizioneREA>\s*<Ufficio>MI<\/Ufficio>\s*<NumeroREA>2034567<\/NumeroREA>\s*<CapitaleSociale>50000.00<\/CapitaleSociale>\s*<SocioUnico>SU<\/SocioUnico>\s*<StatoLiquidazione>LN<\/StatoLiquidazione>/);
  });

  it("shows the owner's identity in the footer of every page (P. IVA, REA, share capital), on the packing slip and in the order e-mail", async () => {
    const home = decode(await (await app().client().get("/")).text());
    expect(textOf(home)).toContain("Sartoria Verdi S.r.l. — Corso Magenta 5, 20123 Milano (MI) — P. IVA IT09876543217 — REA MI-2034567 — Capitale sociale 50.000,00 € i.v.");
    // The home page's organisation data too.
    expect(home).toContain('"vatID":"IT09876543217"');
    expect(home).not.toContain("IT12345678903");
    expect(await shown(app().client().get("/en/pages/Contact"))).toContain("VAT IT09876543217 — REA MI-2034567 — Share capital €50,000.00 fully paid up");
    // The checkout's own footer too.
    expect(await shown(app().client().get("/login"))).toContain("P. IVA IT09876543217");

    const [variant] = await app().db.selectFrom("variants").select("sku").where("stock", ">=", 5).orderBy("id").offset(40).limit(1).execute();
    const { orderId } = await paidOrder(app().db, provider, { lines: [{ sku: variant.sku, quantity: 1 }], email: "fiscale@example.com" });
    const slip = await shown(owner.get(`/atelier/orders/${orderId}/packing-slip`));
    expect(slip).toContain("Sartoria Verdi S.r.l., Corso Magenta 5, 20123 Milano (MI)");
    expect(slip).toContain("P. IVA IT09876543217");
    const mail = await app().db.selectFrom("mail_outbox").select(["text_body", "html_body"]).where("recipient", "=", "fiscale@example.com").where("template", "=", "order-confirmation").executeTakeFirstOrThrow();
    expect(mail.text_body).toContain("Sartoria Verdi S.r.l. — Corso Magenta 5, 20123 Milano (MI) — P. IVA IT09876543217");
    expect(mail.text_body).toContain("REA MI-2034567 — PEC amministrazione@pec.verdi.example");
  });
});

import { expect, it } from "vitest";
import { registrationForm } from "../support/forms";
import { describeEachApp } from "../support/http";

// The spec's last gaps (issue 22) at the HTTP level, as a browser without JavaScript meets
// them: price strings in the listing's filter (spec §5), the fiscal code of the person (spec §3),
// and one rule for names in every form.

const GOOD_CODE = "RSSMRA85T10A562S";
const BAD_CODE = "RSSMRA85T10A562T";

describeEachApp("the spec's last gaps", (app) => {
  let nextEmail = 0;
  const newEmail = (name: string) => `${name}-${++nextEmail}-${app().kind}@example.it`;
  const registration = (email: string, extra: Record<string, string> = {}) => registrationForm(email, { firstName: "Li", lastName: "Bo", ...extra });
  const fiscalCodeOf = async (email: string) => (await app().db.selectFrom("users").select("fiscal_code").where("email_key", "=", email).executeTakeFirst())?.fiscal_code;
  const inputValue = (html: string, name: string) => new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0].match(/value="([^"]*)"/)?.[1];

  it("filters the listing and the search by €100 and 1,000 as by 100 and 1000", async () => {
    const visitor = app().client();
    const count = async (path: string) => {
      const answer = await visitor.get(path);
      expect(answer.status, path).toBe(200);
      const match = /(\d[\d.,]*) (?:prodotti|products)\b/.exec(await answer.text());
      expect(match, path).not.toBeNull();
      return Number(match![1].replace(/[.,]/g, ""));
    };
    const all = await count("/categories/donna");
    const from100 = await count("/categories/donna?min=100");
    expect(from100).toBeGreaterThan(0);
    expect(from100).toBeLessThan(all);
    expect(await count(`/categories/donna?min=${encodeURIComponent("€100")}`)).toBe(from100);
    expect(await count(`/categories/donna?min=${encodeURIComponent("100 €")}`)).toBe(from100);
    const chip = await (await visitor.get(`/categories/donna?min=${encodeURIComponent("€100")}`)).text();
    expect(chip).toContain("Prezzo: da 100,00");

    const women = await count("/en/categories/women");
    const upTo1000 = await count("/en/categories/women?min=150&max=1000");
    expect(upTo1000).toBeLessThan(women);
    expect(await count(`/en/categories/women?min=150&max=${encodeURIComponent("1,000")}`)).toBe(upTo1000);
    // The comma is a thousands separator: the bound is 1000 €, not 1 € (and not dropped).
    const thousands = await (await visitor.get(`/en/categories/women?max=${encodeURIComponent("1,000")}`)).text();
    expect(thousands).toMatch(/Price: up to €1,000\.00|Price: up to 1,000\.00/);

    const search = await count("/search?q=lino");
    const searchFrom100 = await count("/search?q=lino&min=100");
    expect(searchFrom100).toBeLessThan(search);
    expect(await count(`/search?q=lino&min=${encodeURIComponent("€100")}`)).toBe(searchFrom100);
  });

  it("registers with an optional fiscal code: a bad checksum is refused at the field with the input kept, a good one is stored", async () => {
    const email = newEmail("cf");
    const refused = await app().client().postForm("/login/register", registration(email, { fiscalCode: BAD_CODE }));
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain("Il codice fiscale non è valido");
    expect(inputValue(html, "fiscalCode")).toBe(BAD_CODE);
    expect(/<input[^>]*name="fiscalCode"[^>]*aria-invalid="true"|<input[^>]*aria-invalid="true"[^>]*name="fiscalCode"/.test(html)).toBe(true);
    expect(inputValue(html, "email")).toBe(email);
    expect(await fiscalCodeOf(email)).toBeUndefined();

    expect((await app().client().postForm("/login/register", registration(email, { fiscalCode: "rssmra 85t10 a562s" }))).status).toBe(302);
    expect(await fiscalCodeOf(email)).toBe(GOOD_CODE);
    const without = newEmail("no-cf");
    expect((await app().client().postForm("/login/register", registration(without))).status).toBe(302);
    expect(await fiscalCodeOf(without)).toBeNull();
  });

  it("keeps the fiscal code in the profile and prefills it at the checkout's invoice request", async () => {
    const email = newEmail("profile-cf");
    const shopper = app().client();
    expect((await shopper.postForm("/login/register", registration(email))).status).toBe(302);
    const profile = { intent: "profile", firstName: "O", lastName: "Li", email, interests: "both" };

    const refused = await shopper.postForm("/account", { ...profile, fiscalCode: BAD_CODE });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain("Il codice fiscale non è valido");
    expect(inputValue(html, "fiscalCode")).toBe(BAD_CODE);
    expect(await fiscalCodeOf(email)).toBeNull();

    const saved = await shopper.postForm("/account", { ...profile, fiscalCode: GOOD_CODE });
    expect(saved.status).toBe(303);
    expect(await fiscalCodeOf(email)).toBe(GOOD_CODE);
    const page = await (await shopper.get("/account")).text();
    expect(inputValue(page, "fiscalCode")).toBe(GOOD_CODE);
    expect(page).toContain("I tuoi dati sono stati aggiornati.");

    const { sku } = await app().db.selectFrom("variants").select("sku").where("stock", ">=", 5).orderBy("id").executeTakeFirstOrThrow();
    expect((await shopper.postForm("/cart", { intent: "add", sku, quantity: "1", redirectTo: "/cart" })).status).toBe(303);
    const shipping = await shopper.get("/checkout");
    expect(shipping.status).toBe(200);
    const form = await shipping.text();
    expect(inputValue(form, "fiscalCode")).toBe(GOOD_CODE);
    // Offered, not chosen: the invoice request stays "none" until the shopper asks for one.
    const invoiceChoices = [...form.matchAll(/<input[^>]*name="invoiceType"[^>]*>/g)].map((m) => m[0]);
    expect(invoiceChoices.filter((input) => /\schecked/.test(input)).map((input) => /value="([^"]*)"/.exec(input)?.[1])).toEqual(["none"]);
  });

  it("lets every form take one- and two-letter names and names of any script", async () => {
    const email = newEmail("names");
    const shopper = app().client();
    expect((await shopper.postForm("/login/register", registration(email, { firstName: "O", lastName: "Li" }))).status).toBe(302);
    expect((await shopper.postForm("/account", { intent: "profile", firstName: "李", lastName: "Bo", email, interests: "both" })).status).toBe(303);
    const address = { intent: "save", street: "Via Roma", streetNumber: "1", city: "Milano", province: "MI", zip: "20121", country: "IT", phonePrefix: "+39", phone: "3331234567" };
    expect((await shopper.postForm("/account/addresses", { ...address, firstName: "Anne-Marie", lastName: "D'Angelo" })).status).toBe(302);
    const row = await app().db.selectFrom("users").select(["first_name", "last_name"]).where("email_key", "=", email).executeTakeFirstOrThrow();
    expect(row).toEqual({ first_name: "李", last_name: "Bo" });

    const refused = await shopper.postForm("/account/addresses", { ...address, firstName: "R2D2", lastName: "Bo" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Usa solo lettere, spazi, apostrofi, trattini e punti");

    const guest = app().client();
    const { sku } = await app().db.selectFrom("variants").select("sku").where("stock", ">=", 5).orderBy("id").limit(1).offset(1).executeTakeFirstOrThrow();
    await guest.postForm("/cart", { intent: "add", sku, quantity: "1", redirectTo: "/cart" });
    expect((await guest.postForm("/checkout/registrationLogin", { intent: "guest", email: newEmail("guest"), firstName: "Ødegaard", lastName: "Bo" })).status).toBe(303);
  });
});

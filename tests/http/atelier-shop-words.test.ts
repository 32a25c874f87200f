import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "../support/databases";
import { shippingStepForm, shopSettingsForm } from "../support/forms";
import { type HttpClient, describeEachApp } from "../support/http";
import { STAFF_PASSWORD, createTestStaff, signInStaff } from "../support/staff";
import { type DatabaseHandle, openDatabase } from "~/db/connection.server";
import { totpCode } from "~/modules/staff/totp.server";
import { getEnv } from "~/utils/env.server";
import { romeDayOf } from "~/utils/rome-time";
import { type BuiltServer, builtServerClient, startBuiltServer } from "./built-server";

// Atelier's Banner (messages and closures), Free shipping (dated promotions) and Settings pages
// through the request handler, without JavaScript, on both databases: who may open and post
// them, bad input at its field with the input kept and nothing stored, forged ids 404, unknown
// intents 400, the audit entries, and what the storefront then shows (the new banner message, a
// closure in the banner and at checkout, the promotion's threshold in the bag, the footer's
// profiles). Cross-site posts: the production build's same-origin check, at the end.

const decode = (html: string) => html.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&");
const location = (response: Response) => response.headers.get("Location");
/** A Rome day `days` away from today. */
const dayFromToday = (days: number) => romeDayOf(new Date(Date.now() + days * 86_400_000));

describeEachApp("Atelier: the shop's words", (app) => {
  let staff: HttpClient;
  let owner: HttpClient;
  beforeAll(async () => {
    staff = (await signInStaff(app(), { role: "manager" })).client;
    owner = (await signInStaff(app(), { role: "owner" })).client;
  });

  const audit = (action: string) => app().db.selectFrom("audit_log").selectAll().where("action", "=", action).orderBy("id").execute();
  const messageRows = () => app().db.selectFrom("banner_messages").selectAll().orderBy("position").execute();

  it("sends a visitor without Atelier's cookie to the login, and a staff member's posts to the owner's settings to a 403", async () => {
    const anonymous = app().client();
    for (const path of ["/atelier/banner", "/atelier/promotions", "/atelier/settings", "/en/atelier/banner?edit=1"]) {
      expect(location(await anonymous.get(path)), path).toMatch(/\/atelier\/login\?redirectTo=/);
    }
    for (const [path, form] of [
      ["/atelier/banner", { intent: "save-message", textIt: "x", textEn: "x", background: "#1B1B1B", color: "#FAF8F5" }],
      ["/atelier/promotions", { intent: "save", threshold: "1", startsOn: "2026-12-01", endsOn: "2026-12-02" }],
      ["/atelier/settings", shopSettingsForm({ shippingFee: "0" })],
    ] as const) {
      expect(location(await anonymous.postForm(path, form)), path).toMatch(/^\/atelier\/login/);
    }
    // Banner and promotions: any staff; settings: owners only.
    expect((await staff.get("/atelier/banner")).status).toBe(200);
    expect((await staff.get("/atelier/promotions")).status).toBe(200);
    expect((await staff.get("/atelier/settings")).status).toBe(403);
    expect((await staff.postForm("/atelier/settings", shopSettingsForm({ shippingFee: "0" }))).status).toBe(403);
    expect((await app().db.selectFrom("shop_settings").select("value").where("key", "=", "shippingFeeCents").executeTakeFirstOrThrow()).value).toBe("700");
    expect(await app().db.selectFrom("banner_messages").select("id").where("text_it", "=", "x").execute()).toEqual([]);
    expect(await app().db.selectFrom("free_shipping_promotions").select("id").execute()).toEqual([]);
    // The navigation shows the owner's section to owners only.
    const staffNav = await (await staff.get("/atelier/banner")).text();
    expect(staffNav).toContain('href="/atelier/promotions"');
    expect(staffNav).not.toContain('href="/atelier/settings"');
  });

  it("adds a message (audited) that the storefront shows at once, moves it, edits it, deletes it", async () => {
    const page = decode(await (await staff.get("/atelier/banner")).text());
    expect(page).toContain("Spedizione gratuita da 250 €");
    const added = await staff.postForm("/atelier/banner", {
      intent: "save-message",
      textIt: "Saldi d’inverno fino al 50%",
      textEn: "Winter sale up to 50%",
      linkIt: "/categories/donna",
      linkEn: "/en/categories/women",
      background: "#a4472f",
      color: "#ffffff",
      startsOn: "",
      endsOn: "",
    });
    expect(added.status).toBe(303);
    expect(location(added)).toBe("/atelier/banner");
    const row = (await messageRows()).at(-1)!;
    expect(row).toMatchObject({ text_it: "Saldi d’inverno fino al 50%", link_en: "/en/categories/women", background: "#A4472F", color: "#FFFFFF", starts_at: null });
    const [created] = (await audit("banner.create")).filter((entry) => entry.entity_id === String(row.id));
    expect(JSON.parse(created!.after!)).toMatchObject({ textIt: "Saldi d’inverno fino al 50%", background: "#A4472F" });
    expect(created!.actor).toMatch(/@bottega\.test$/);

    // The storefront, in both languages: the message, its link, its colours.
    const home = decode(await (await app().client().get("/")).text());
    expect(home).toContain("Saldi d’inverno fino al 50%");
    expect(home).toContain(`.global-banner[data-message="${row.id}"]{background:#A4472F;color:#FFFFFF}`);
    const english = decode(await (await app().client().get("/en")).text());
    expect(english).toMatch(/<a[^>]*href="\/en\/categories\/women"[^>]*>Winter sale up to 50%<\/a>/);

    // Up one place, then edited with dates that ended yesterday: gone from the storefront.
    expect((await staff.postForm("/atelier/banner", { intent: "move-message", id: String(row.id), direction: "up" })).status).toBe(303);
    const order = await messageRows();
    expect(order.at(-2)!.id).toBe(row.id);
    const edit = decode(await (await staff.get(`/atelier/banner?edit=${row.id}`)).text());
    expect(edit).toContain('value="Winter sale up to 50%"');
    expect(edit).toContain("banner.create");
    const ended = await staff.postForm(`/atelier/banner?edit=${row.id}`, {
      intent: "save-message",
      id: String(row.id),
      textIt: "Saldi d’inverno fino al 50%",
      textEn: "Winter sale up to 50%",
      background: "#A4472F",
      color: "#FFFFFF",
      startsOn: dayFromToday(-3),
      endsOn: dayFromToday(-1),
    });
    expect(ended.status).toBe(303);
    expect(decode(await (await app().client().get("/")).text())).not.toContain("Saldi d’inverno fino al 50%");
    const [updated] = (await audit("banner.update")).filter((entry) => entry.entity_id === String(row.id));
    expect(JSON.parse(updated!.after!)).toMatchObject({ linkIt: null, startsOn: dayFromToday(-3), endsOn: dayFromToday(-1) });

    expect((await staff.postForm("/atelier/banner", { intent: "delete-message", id: String(row.id) })).status).toBe(303);
    expect((await messageRows()).map((m) => m.id)).not.toContain(row.id);
    expect((await audit("banner.delete")).map((entry) => entry.entity_id)).toContain(String(row.id));
  });

  it("keeps bad input at its field and stores nothing: low contrast, a foreign link, reversed dates", async () => {
    const before = await messageRows();
    const auditBefore = (await app().db.selectFrom("audit_log").select("id").execute()).length;
    const answer = await staff.postForm("/atelier/banner", {
      intent: "save-message",
      textIt: "Avviso illeggibile",
      textEn: "Unreadable notice",
      linkIt: "https://evil.example/phish",
      linkEn: "//evil.example",
      background: "#FFFFFF",
      color: "#777777",
      startsOn: "2026-12-10",
      endsOn: "2026-12-01",
    });
    expect(answer.status).toBe(400);
    const html = decode(await answer.text());
    expect(html).toContain('value="Avviso illeggibile"');
    expect(html).toContain('value="https://evil.example/phish"');
    expect(html).toContain("Testo e sfondo hanno poco contrasto");
    expect(html).toContain("Scrivi un indirizzo del negozio che inizia con /");
    expect(html).toContain("L’ultimo giorno viene prima del primo.");
    expect(html).toMatch(/<input[^>]*aria-invalid="true"[^>]*name="color"|<input[^>]*name="color"[^>]*aria-invalid="true"/);
    const closure = await staff.postForm("/en/atelier/banner", { intent: "save-closure", startsOn: "2026-08-10", endsOn: "2026-08-01", shipsFrom: "", textIt: "Ferie", textEn: "" });
    expect(closure.status).toBe(400);
    const closureHtml = decode(await closure.text());
    expect(closureHtml).toContain('value="Ferie"');
    expect(closureHtml).toContain("The last day comes before the first.");
    const promotion = await staff.postForm("/atelier/promotions", { intent: "save", threshold: "cento", startsOn: "2026-12-01", endsOn: "" });
    expect(promotion.status).toBe(400);
    expect(decode(await promotion.text())).toContain('value="cento"');
    expect(await messageRows()).toEqual(before);
    expect(await app().db.selectFrom("closure_notices").select("id").execute()).toEqual([]);
    expect(await app().db.selectFrom("free_shipping_promotions").select("id").execute()).toEqual([]);
    expect((await app().db.selectFrom("audit_log").select("id").execute()).length).toBe(auditBefore);
  });

  it("answers 404 for ids that name nothing and 400 for forged forms, never a 500", async () => {
    for (const path of ["/atelier/banner?edit=999999", "/atelier/banner?edit=abc", "/atelier/banner?closure=0", "/atelier/promotions?edit=999999", "/atelier/promotions?edit=1e3", "/en/atelier/banner?edit=-1"]) {
      expect((await staff.get(path)).status, path).toBe(404);
    }
    const posts: Array<[string, Record<string, string>, number]> = [
      ["/atelier/banner", { intent: "delete-message", id: "999999" }, 404],
      ["/atelier/banner", { intent: "move-message", id: "999999", direction: "up" }, 404],
      ["/atelier/banner", { intent: "save-message", id: "999999", textIt: "a", textEn: "b", background: "#1B1B1B", color: "#FAF8F5" }, 404],
      ["/atelier/banner", { intent: "delete-closure", id: "999999" }, 404],
      ["/atelier/promotions", { intent: "delete", id: "999999" }, 404],
      ["/atelier/promotions", { intent: "save", id: "999999", threshold: "10", startsOn: "2026-12-01", endsOn: "2026-12-02" }, 404],
      ["/atelier/banner", { intent: "drop-table" }, 400],
      ["/atelier/banner", { intent: "move-message", id: "1", direction: "sideways" }, 400],
      ["/atelier/banner", { intent: "delete-message", id: "x" }, 400],
      ["/atelier/promotions", {}, 400],
    ];
    for (const [path, form, status] of posts) expect((await staff.postForm(path, form)).status, JSON.stringify(form)).toBe(status);
    expect((await staff.fetch("/atelier/banner", { method: "POST", headers: { "Content-Type": "application/json", Origin: "http://localhost:3000" }, body: "{}" })).status).toBe(400);
  });

  it("announces a closure in the banner and at checkout during its days", async () => {
    const created = await staff.postForm("/atelier/banner", {
      intent: "save-closure",
      startsOn: dayFromToday(-1),
      endsOn: dayFromToday(2),
      shipsFrom: "2099-01-07",
      textIt: "Siamo chiusi per inventario.",
      textEn: "We are closed for stocktaking.",
    });
    expect(created.status).toBe(303);
    const [row] = await app().db.selectFrom("closure_notices").selectAll().execute();
    expect((await audit("closure.create")).map((entry) => entry.entity_id)).toEqual([String(row!.id)]);
    try {
      const home = decode(await (await app().client().get("/")).text());
      expect(home).toContain("Siamo chiusi per inventario. · Gli ordini effettuati ora verranno spediti dal 7 gennaio 2099");
      // The checkout's shipping step and review say it too.
      const shopper = app().client();
      const { sku } = await app().db.selectFrom("variants").select("sku").where("stock", ">=", 5).orderBy("id").executeTakeFirstOrThrow();
      expect((await shopper.postForm("/cart", { intent: "add", sku, quantity: "1", redirectTo: "/cart" })).status).toBe(303);
      await shopper.postForm("/checkout/registrationLogin", { intent: "guest", email: "chiusura@example.com", firstName: "Giulia", lastName: "Rossi" });
      const shipping = decode(await (await shopper.get("/checkout")).text());
      expect(shipping.replaceAll("<!-- -->", "")).toContain("Siamo chiusi per inventario.</span> Gli ordini effettuati ora verranno spediti dal 7 gennaio 2099.");
      expect(location(await shopper.postForm("/checkout", shippingStepForm()))).toBe("/checkout/payment");
      expect(location(await shopper.postForm("/checkout/payment", { paymentMethod: "card" }))).toBe("/checkout/review");
      expect(decode(await (await shopper.get("/en/checkout/review")).text()).replaceAll("<!-- -->", "")).toContain("We are closed for stocktaking.</span> Orders placed now ship from 7 January 2099.");
    } finally {
      expect((await staff.postForm("/atelier/banner", { intent: "delete-closure", id: String(row!.id) })).status).toBe(303);
    }
    expect(decode(await (await app().client().get("/")).text())).not.toContain("Siamo chiusi per inventario.");
  });

  it("runs a free-shipping promotion in the bag while its days last", async () => {
    const shopper = app().client();
    const variant = await app().db.selectFrom("variants").select(["sku", "price_cents"]).where("stock", ">=", 5).where("price_cents", "<", 20_000).orderBy("id").executeTakeFirstOrThrow();
    expect((await shopper.postForm("/cart", { intent: "add", sku: variant.sku, quantity: "1", redirectTo: "/cart" })).status).toBe(303);
    expect(decode(await (await shopper.get("/cart")).text())).toContain("Ti mancano");
    const created = await staff.postForm("/atelier/promotions", { intent: "save", threshold: (variant.price_cents / 100).toFixed(2).replace(".", ","), startsOn: dayFromToday(0), endsOn: dayFromToday(0) });
    expect(created.status).toBe(303);
    const [row] = await app().db.selectFrom("free_shipping_promotions").selectAll().execute();
    expect(row!.threshold_cents).toBe(variant.price_cents);
    try {
      const bag = decode(await (await shopper.get("/cart")).text());
      expect(bag).toContain("La spedizione è gratuita.");
      expect(bag).toMatch(/data-testid="shipping">Gratuita</);
      const list = decode(await (await staff.get("/atelier/promotions")).text());
      expect(list).toContain("In corso");
      expect((await audit("promotion.create")).map((entry) => entry.entity_id)).toEqual([String(row!.id)]);
    } finally {
      expect((await staff.postForm("/atelier/promotions", { intent: "delete", id: String(row!.id) })).status).toBe(303);
    }
    expect(decode(await (await shopper.get("/cart")).text())).toContain("Ti mancano");
  });

  it("saves the owner's settings (audited): the bag's fee, the footer's profiles; bad input kept at its field", async () => {
    const page = decode(await (await owner.get("/atelier/settings")).text());
    expect(page).toContain('value="IT60X0542811101000000123456"');
    expect(page).not.toContain('aria-label="Instagram"');
    // No profile set: the footer shows none.
    expect(await (await app().client().get("/")).text()).not.toContain('aria-label="Instagram"');

    const bad = await owner.postForm("/atelier/settings", shopSettingsForm({ bankIban: "IT00X0542811101000000123456", instagram: "http://instagram.com/x", supportClose: "7:00", payCard: "", payApplePay: "", payGooglePay: "", payPaypalInstalments: "", payBankTransfer: "" }));
    expect(bad.status).toBe(400);
    const badHtml = decode(await bad.text());
    expect(badHtml).toContain('value="IT00X0542811101000000123456"');
    expect(badHtml).toContain("Questo IBAN non è valido");
    expect(badHtml).toContain("Scrivi un indirizzo che inizia con https://");
    expect(badHtml).toContain("La chiusura viene prima dell’apertura.");
    expect(badHtml).toContain("Tieni attivo almeno un metodo di pagamento.");
    expect(await audit("settings.update")).toEqual([]);

    const saved = await owner.postForm("/atelier/settings", shopSettingsForm({ shippingFee: "9,90", instagram: "https://www.instagram.com/bottega.atelier", youtube: "https://www.youtube.com/@bottega", payGooglePay: "" }));
    expect(saved.status).toBe(302);
    const [entry] = await audit("settings.update");
    expect(JSON.parse(entry!.before!)).toMatchObject({ shippingFeeCents: 700, paymentMethods: ["card", "applePay", "googlePay", "paypalInstalments", "bankTransfer"] });
    expect(JSON.parse(entry!.after!)).toMatchObject({ shippingFeeCents: 990, paymentMethods: ["card", "applePay", "paypalInstalments", "bankTransfer"], socialLinks: { instagram: "https://www.instagram.com/bottega.atelier" } });
    try {
      const home = decode(await (await app().client().get("/")).text());
      expect(home).toMatch(/<a href="https:\/\/www\.instagram\.com\/bottega\.atelier"[^>]*aria-label="Instagram"/);
      expect(home).toMatch(/<a href="https:\/\/www\.youtube\.com\/@bottega"[^>]*aria-label="YouTube"/);
      expect(home).not.toContain('aria-label="Facebook"');
      // The bag charges the new fee.
      const shopper = app().client();
      const { sku } = await app().db.selectFrom("variants").select("sku").where("stock", ">=", 5).where("price_cents", "<", 20_000).orderBy("id").executeTakeFirstOrThrow();
      await shopper.postForm("/cart", { intent: "add", sku, quantity: "1", redirectTo: "/cart" });
      expect(decode(await (await shopper.get("/cart")).text())).toMatch(/data-testid="shipping">9,90\s€</);
    } finally {
      expect((await owner.postForm("/atelier/settings", shopSettingsForm())).status).toBe(302);
    }
  });
});

// The three pages' posts sent by another site's page with a signed-in owner's cookie, on the
// production build (server.ts's same-origin check), both databases: each a 403 with nothing
// changed; the same post from Atelier's own page works.
for (const kind of DIALECTS) {
  describe(`Atelier, the shop's words: cross-site posts [${kind}]`, () => {
    let server: BuiltServer;
    let handle: DatabaseHandle;
    let client: ReturnType<typeof builtServerClient>;

    beforeAll(async () => {
      server = await startBuiltServer(kind);
      client = builtServerClient(server);
      handle = openDatabase(server.databaseUrl, { poolSize: 2 });
      const secret = getEnv({ ...process.env, NODE_ENV: "production", ALLOW_DEV_SECRET: "1" }).SESSION_SECRET;
      const owner = await createTestStaff(handle.db, secret, { role: "owner" });
      const own = { Origin: server.url };
      expect((await client.send("/atelier/login", client.form({ email: owner.email, password: STAFF_PASSWORD }, own))).status).toBe(302);
      expect((await client.send("/atelier/login/code", client.form({ code: totpCode(owner.totpSecret, new Date()) }, own))).headers.get("Location")).toBe("/atelier");
    });
    afterAll(async () => {
      await handle?.close();
      await server?.stop();
    });

    it("refuses another site's banner, promotion and settings posts with 403, nothing changed; the shop's own post works", async () => {
      const message = { intent: "save-message", textIt: "Da fuori", textEn: "From outside", background: "#1B1B1B", color: "#FAF8F5" };
      const foreign: Record<string, string>[] = [{ Origin: "https://evil.example" }, { Referer: "https://evil.example/page" }, {}, { Origin: "null" }];
      for (const headers of foreign) {
        expect((await client.send("/atelier/banner", client.form(message, headers))).status, JSON.stringify(headers)).toBe(403);
        expect((await client.send("/atelier/promotions", client.form({ intent: "save", threshold: "0", startsOn: "2026-12-01", endsOn: "2026-12-31" }, headers))).status).toBe(403);
        expect((await client.send("/atelier/settings", client.form(shopSettingsForm({ bankIban: "DE89370400440532013000" }), headers))).status).toBe(403);
      }
      expect(await handle.db.selectFrom("banner_messages").select("id").where("text_it", "=", "Da fuori").execute()).toEqual([]);
      expect(await handle.db.selectFrom("free_shipping_promotions").select("id").execute()).toEqual([]);
      expect(await handle.db.selectFrom("audit_log").select("action").where("action", "in", ["banner.create", "promotion.create", "settings.update"]).execute()).toEqual([]);

      const own = await client.send("/atelier/banner", client.form(message, { Origin: server.url }));
      expect(own.status).toBe(303);
      expect(await handle.db.selectFrom("audit_log").select("action").where("action", "=", "banner.create").execute()).toEqual([{ action: "banner.create" }]);
    });
  });
}

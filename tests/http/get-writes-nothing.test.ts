// GETs write nothing (issue 37, item 25), both databases: the social login's callback and the
// country chooser's hand-over from the other shop's host used to put a notice in the session on a
// GET. The notice now travels in the redirect's address (`?notice=…`, a closed list of notices)
// and the page it lands on shows it; the shopper's session row is the same before and after.
import { expect, it } from "vitest";
import { type HttpClient, describeEachApp } from "../support/http";
import { handoffParams } from "~/modules/country/preference.server";

describeEachApp("GETs that used to write a notice", (app) => {
  /** A shopper with a session row (a line in the bag makes one). */
  async function shopperWithSession(): Promise<HttpClient> {
    const shopper = app().client();
    const variant = await app().db.selectFrom("variants").select("sku").where("stock", ">=", 5).orderBy("id").limit(1).executeTakeFirstOrThrow();
    expect((await shopper.postForm("/cart", { intent: "add", sku: variant.sku, quantity: "1" })).status).toBeLessThan(400);
    // The add's own notice, read (and cleared) by a page before the GET under test.
    expect((await shopper.get("/cart")).status).toBe(200);
    return shopper;
  }

  const sessions = () => app().db.selectFrom("sessions").selectAll().orderBy("id").execute();

  it("the social login's callback with a stale sign-in: back to the login page with the notice in the address, the session row unchanged", async () => {
    const shopper = await shopperWithSession();
    const before = await sessions();
    const back = await shopper.get("/api/auth/socialLogin/callback?code=x&state=y");
    expect(back.status).toBe(303);
    const location = back.headers.get("Location")!;
    expect(location).toBe("/login?notice=social-expired");
    expect(back.headers.getSetCookie().filter((cookie) => !/^__login_redirect=/.test(cookie))).toEqual([]);
    expect(await sessions()).toEqual(before);
    // The login page says it, and reading it writes nothing either.
    const page = await shopper.get(location);
    expect(await page.text()).toContain("L&#x27;accesso è stato annullato o è scaduto.");
    expect(await sessions()).toEqual(before);
  });

  it("a notice in the address is one of the list: anything else is ignored", async () => {
    const page = await app().client().get("/login?notice=account%3Aerrors.invalidCredentials");
    expect(page.status).toBe(200);
    expect(await page.text()).not.toContain("L&#x27;indirizzo email o la password");
  });

  it("the country chooser's hand-over: the preference cookie set, the session row unchanged, its notice waiting for the page", async () => {
    const shopper = await shopperWithSession();
    // A notice waiting in the session row: a page would take it, a hand-over must not.
    await app().db.updateTable("sessions").set({ flash: JSON.stringify([{ kind: "success", key: "account:login.success" }]) }).execute();
    const before = await sessions();
    expect(before.some((row) => row.flash !== null)).toBe(true);
    const params = handoffParams(app().env.SESSION_SECRET, "DE", "/en");
    const answer = await shopper.get(`/en/pages/country?${params}`);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/en");
    expect(answer.headers.getSetCookie().some((cookie) => cookie.startsWith("preference="))).toBe(true);
    expect(await sessions()).toEqual(before);
    // The hand-over of a choice that emptied the bag on the other host: its notice on the page.
    const emptied = new URLSearchParams(handoffParams(app().env.SESSION_SECRET, "DE", "/en"));
    emptied.set("notice", "bag-emptied-by-country");
    const withNotice = await shopper.get(`/en/pages/country?${emptied}`);
    expect(withNotice.headers.get("Location")).toBe("/en?notice=bag-emptied-by-country");
    expect(await sessions()).toEqual(before);
    const landed = await (await shopper.get("/en?notice=bag-emptied-by-country")).text();
    expect(landed).toContain("You changed country: your bag has been emptied.");
    // The session's own notice was kept for that page too.
    expect(landed).toContain("You are signed in");
  });
});

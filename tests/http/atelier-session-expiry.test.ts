import { expect, it } from "vitest";
import { describeEachApp } from "../support/http";
import { STAFF_PASSWORD, createTestStaff, signInStaffClient } from "../support/staff";
import { totpCode } from "~/modules/staff/totp.server";

// A form sent after the staff session ended (issue 37, item 5), without JavaScript, on both
// databases: the text fields are kept on the server under a short signed cookie (never a
// password, never a file), the sign-in comes back to the page, and the page offers the form
// again, filled, with "sessione scaduta: controlla e salva di nuovo", rather than replaying it.
describeEachApp("Atelier: a form sent after the session ended", (app) => {
  const decode = (html: string) => html.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&").replace(/&#39;/g, "'");
  const article = "Un testo lungo, scritto con calma.\nSeconda riga dell'articolo: non deve andare perso.";

  it("keeps the fields of a post after 30 idle minutes and offers them again on the page after sign-in", async () => {
    const staff = await createTestStaff(app().db, app().env.SESSION_SECRET, { role: "staff" });
    const client = app().client();
    await signInStaffClient(client, staff);
    const idle = new Date(Date.now() - 31 * 60_000).toISOString();
    await app().db.updateTable("staff_sessions").set({ last_seen_at: idle }).where("staff_id", "=", staff.staffId).execute();

    const late = await client.postForm("/atelier/stores/new", [["intent", "save"], ["name", "Boutique di Brera"], ["address", article], ["password", "non si tiene"], ["city", "Milano"]]);
    expect(late.status).toBe(302);
    expect(late.headers.get("Location")).toBe("/atelier/login?redirectTo=%2Fatelier%2Fstores%2Fnew");
    expect(client.cookies.get("__atelier_draft")).toBeTruthy();
    const kept = await app().db.selectFrom("staff_form_drafts").select(["path", "fields"]).execute();
    expect(kept).toHaveLength(1);
    expect(kept[0].path).toBe("/atelier/stores/new");
    expect(JSON.parse(kept[0].fields)).toEqual([["intent", "save"], ["name", "Boutique di Brera"], ["address", article], ["city", "Milano"]]);
    expect(await app().db.selectFrom("stores").select("id").where("name", "=", "Boutique di Brera").execute()).toEqual([]);

    // The login page says what happened; the sign-in (password, then a code of the next step) comes back to the page.
    const login = decode(await (await client.get("/atelier/login?redirectTo=%2Fatelier%2Fstores%2Fnew")).text());
    expect(login).toContain("La sessione era scaduta e il modulo non è stato salvato");
    const password = await client.postForm("/atelier/login", { email: staff.email, password: STAFF_PASSWORD, redirectTo: "/atelier/stores/new" });
    expect(password.headers.get("Location")).toBe("/atelier/login/code?redirectTo=%2Fatelier%2Fstores%2Fnew");
    const code = await client.postForm("/atelier/login/code", { code: totpCode(staff.totpSecret, new Date(Date.now() + 30_000)), redirectTo: "/atelier/stores/new" });
    expect(code.headers.get("Location")).toBe("/atelier/stores/new");

    const page = decode(await (await client.get("/atelier/stores/new")).text());
    expect(page).toMatch(/<h2 id="kept-form-title"[^>]*>Sessione scaduta: controlla e salva di nuovo<\/h2>/);
    expect(page).toMatch(/<form(?=[^>]*method="post")(?=[^>]*action="\/atelier\/stores\/new")(?=[^>]*aria-labelledby="kept-form-title")/);
    expect(page).toContain('value="Boutique di Brera"');
    expect(page).toContain(`>${article}</textarea>`);
    expect(page).toContain('<input type="hidden" name="intent" value="save"/>');
    expect(page).not.toContain("non si tiene");
    // Offered once: the row and the cookie go.
    expect(await app().db.selectFrom("staff_form_drafts").select("id").execute()).toEqual([]);
    expect(client.cookies.get("__atelier_draft")).toBeUndefined();
    expect(await (await client.get("/atelier/stores/new")).text()).not.toContain('id="kept-form-title"');
  });

  it("sends a signed-out post to the login without keeping anything when there is nothing typed, and another browser never sees a kept form", async () => {
    const staff = await createTestStaff(app().db, app().env.SESSION_SECRET, { role: "staff" });
    const stranger = app().client();
    const empty = await stranger.postForm("/atelier/stores/new", { intent: "save" });
    expect(empty.headers.get("Location")).toBe("/atelier/login?redirectTo=%2Fatelier%2Fstores%2Fnew");
    expect(stranger.cookies.get("__atelier_draft")).toBeUndefined();
    await stranger.postForm("/atelier/stores/new", { intent: "save", name: "Negozio di un altro" });
    const other = app().client();
    await signInStaffClient(other, staff);
    expect(decode(await (await other.get("/atelier/stores/new")).text())).not.toContain("Negozio di un altro");
  });
});

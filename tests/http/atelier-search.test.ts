import { expect, it } from "vitest";
import { describeEachApp } from "../support/http";
import { markupErrors } from "../support/markup";
import { signInStaff } from "../support/staff";

// Atelier's search pages through the request handler, without JavaScript, on both databases
// (issue 39): the synonyms page (add, edit, delete with real forms, bad input at its field, the
// audit log, a change in force at the next search) and the report of what shoppers looked for;
// both refused to a member without the catalogue capability.
describeEachApp("Atelier's search synonyms and report", (app) => {
  const decode = (html: string) => html.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&").replace(/&gt;/g, ">").replace(/&lt;/g, "<");
  const html = async (response: Response | Promise<Response>) => decode(await (await response).text());
  const shopperSearch = (q: string, prefix = "") => html(app().client().get(`${prefix}/search?q=${encodeURIComponent(q)}`));
  const auditOf = (action: string) => app().db.selectFrom("audit_log").selectAll().where("action", "=", action).orderBy("id").execute();

  it("sends the anonymous to the login, refuses a member without the catalogue capability, shows both pages in the navigation", async () => {
    const anonymous = app().client();
    for (const path of ["/atelier/catalog/synonyms", "/atelier/catalog/search-report"]) {
      const answer = await anonymous.get(path);
      expect(answer.status, path).toBe(302);
      expect(answer.headers.get("Location")).toBe(`/atelier/login?redirectTo=${encodeURIComponent(path)}`);
    }
    const member = await signInStaff(app(), { role: "staff", name: "Sara Senza Catalogo" });
    await app().db.updateTable("staff").set({ capabilities: JSON.stringify(["orders"]) }).where("id", "=", member.staffId).execute();
    const groups = (await app().db.selectFrom("search_synonyms").select("id").execute()).length;
    for (const path of ["/atelier/catalog/synonyms", "/atelier/catalog/search-report", "/en/atelier/catalog/synonyms"]) expect((await member.client.get(path)).status, path).toBe(403);
    expect((await member.client.postForm("/atelier/catalog/synonyms", { intent: "save", locale: "it", terms: "intruso, poncho" })).status).toBe(403);
    expect((await app().db.selectFrom("search_synonyms").select("id").execute()).length).toBe(groups);

    const { client } = await signInStaff(app(), { role: "manager" });
    const nav = await html(client.get("/atelier"));
    expect(nav).toContain('href="/atelier/catalog/synonyms"');
    expect(nav).toContain('href="/atelier/catalog/search-report"');
    for (const path of ["/atelier/catalog/synonyms", "/en/atelier/catalog/synonyms", "/atelier/catalog/synonyms?edit=1", "/atelier/catalog/search-report", "/en/atelier/catalog/search-report"]) {
      const answer = await client.get(path);
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
      // The shop's markup rules (tests/support/markup.ts).
      expect(markupErrors(await answer.text()), path).toEqual([]);
    }
  });

  it("adds, edits and deletes a synonym group with real forms, audit-logged; the next search follows each change", async () => {
    const { client } = await signInStaff(app(), { role: "manager" });
    const list = await html(client.get("/atelier/catalog/synonyms"));
    expect(list).toContain("vestito, abito");
    expect(list).toMatch(/<form[^>]*method="post"/);
    expect(await shopperSearch("zanzara")).toContain("Nessun risultato per «zanzara»");

    // Bad input: the message at the field, the input kept, nothing written.
    const bad = await client.postForm("/atelier/catalog/synonyms", { intent: "save", locale: "it", terms: "zanzara" });
    expect(bad.status).toBe(400);
    const badHtml = decode(await bad.text());
    expect(badHtml).toContain("Scrivi almeno due parole, separate da una virgola.");
    expect(badHtml).toContain('value="zanzara"');
    expect((await client.postForm("/atelier/catalog/synonyms", { intent: "save", locale: "fr", terms: "a, b" })).status).toBe(400);
    expect((await client.postForm("/atelier/catalog/synonyms", { intent: "explode", id: "1" })).status).toBe(400);

    const created = await client.postForm("/atelier/catalog/synonyms", { intent: "save", locale: "it", terms: " zanzara ,  poncho, Zanzara " });
    expect(created.status).toBe(303);
    expect(created.headers.get("Location")).toBe("/atelier/catalog/synonyms");
    const group = await app().db.selectFrom("search_synonyms").selectAll().where("terms", "=", "zanzara, poncho").executeTakeFirstOrThrow();
    expect(await auditOf("search-synonym.create")).toEqual([expect.objectContaining({ entity_id: String(group.id), actor: expect.stringContaining("@") })]);
    expect(await shopperSearch("zanzara")).toContain("Poncho in lana e cashmere");

    const editPage = await html(client.get(`/atelier/catalog/synonyms?edit=${group.id}`));
    expect(editPage).toContain('value="zanzara, poncho"');
    expect((await client.get("/atelier/catalog/synonyms?edit=987654")).status).toBe(404);
    const saved = await client.postForm("/atelier/catalog/synonyms", { intent: "save", id: String(group.id), locale: "it", terms: "zanzara, cardigan" });
    expect(saved.status).toBe(303);
    expect(await auditOf("search-synonym.update")).toHaveLength(1);
    const afterEdit = await shopperSearch("zanzara");
    expect(afterEdit).toContain("Cardigan in cashmere");
    expect(afterEdit).not.toContain("Poncho in lana e cashmere");

    expect((await client.postForm("/atelier/catalog/synonyms", { intent: "delete", id: "987654" })).status).toBe(404);
    const deleted = await client.postForm("/atelier/catalog/synonyms", { intent: "delete", id: String(group.id) });
    expect(deleted.status).toBe(303);
    expect(await auditOf("search-synonym.delete")).toHaveLength(1);
    expect(await shopperSearch("zanzara")).toContain("Nessun risultato per «zanzara»");
  });

  it("reports the week's searches and those that found nothing, counted, without any personal data", async () => {
    await shopperSearch("ombrellino");
    await shopperSearch("ombrellino", "/en");
    await shopperSearch("lino");
    const { client } = await signInStaff(app(), { role: "manager" });
    const report = await html(client.get("/atelier/catalog/search-report"));
    const zero = report.slice(report.indexOf('id="search-report-zero"'), report.indexOf('id="search-report-top"'));
    expect(zero).toContain(">ombrellino</a>");
    expect(zero).not.toContain(">lino</a>");
    const top = report.slice(report.indexOf('id="search-report-top"'));
    expect(top).toContain(">lino</a>");
    expect(top).toContain('href="/en/search?q=ombrellino"');
    const columns = Object.keys((await app().db.selectFrom("search_queries").selectAll().limit(1).executeTakeFirstOrThrow()) ?? {});
    expect(columns.sort()).toEqual(["day", "locale", "query", "results", "searches"]);
  });
});

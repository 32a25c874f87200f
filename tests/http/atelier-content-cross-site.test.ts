import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "../support/databases";
import { STAFF_PASSWORD, createTestStaff } from "../support/staff";
import { type DatabaseHandle, openDatabase } from "~/db/connection.server";
import { totpCode } from "~/modules/staff/totp.server";
import { getEnv } from "~/utils/env.server";
import { type BuiltServer, builtServerClient, startBuiltServer } from "./built-server";

// The content and store editors' posts sent by another site's page with a signed-in staff
// member's cookie, on the production build (server.ts's same-origin check), both databases: each
// a 403 with nothing written and nothing audited; the same posts from Atelier's own page work.
for (const kind of DIALECTS) {
  describe(`Atelier content and stores: cross-site posts [${kind}]`, () => {
    let server: BuiltServer;
    let handle: DatabaseHandle;
    let client: ReturnType<typeof builtServerClient>;

    const POST = {
      intent: "save",
      status: "published",
      "it.title": "Da fuori",
      "it.slug": "da-fuori",
      "it.excerpt": "Estratto.",
      "it.body": "Testo.",
      "en.title": "From outside",
      "en.slug": "from-outside",
      "en.excerpt": "Excerpt.",
      "en.body": "Text.",
    };
    const STORE = {
      intent: "save",
      name: "Bottega Da Fuori",
      kind: "corner",
      address: "Via Esterna 1",
      city: "Lecce",
      country: "IT",
      region: "southern-europe",
      phone: "+39 0832 123 456",
      ...Object.fromEntries(["mon", "tue", "wed", "thu", "fri", "sat", "sun"].map((day) => [`hours.${day}`, "10:00-19:00"])),
      latitude: "40.35",
      longitude: "18.17",
    };
    const written = async () => ({
      content: await handle.db.selectFrom("content").select("id").where("key", "=", "da-fuori").execute(),
      stores: await handle.db.selectFrom("stores").select("id").where("name", "=", STORE.name).execute(),
      audit: await handle.db.selectFrom("audit_log").select("action").where("entity_type", "in", ["content", "store"]).execute(),
    });

    beforeAll(async () => {
      server = await startBuiltServer(kind);
      client = builtServerClient(server);
      handle = openDatabase(server.databaseUrl, { poolSize: 2 });
      const secret = getEnv({ ...process.env, NODE_ENV: "production", ALLOW_DEV_SECRET: "1" }).SESSION_SECRET;
      const staff = await createTestStaff(handle.db, secret, { role: "staff" });
      const own = { Origin: server.url };
      expect((await client.send("/atelier/login", client.form({ email: staff.email, password: STAFF_PASSWORD }, own))).status).toBe(302);
      expect((await client.send("/atelier/login/code", client.form({ code: totpCode(staff.totpSecret, new Date()) }, own))).headers.get("Location")).toBe("/atelier");
    });
    afterAll(async () => {
      await handle?.close();
      await server?.stop();
    });

    it("refuses another site's posts with 403, nothing written; the shop's own posts work", async () => {
      for (const headers of [{ Origin: "https://evil.example" }, { Referer: "https://evil.example/page" }, {}, { Origin: "null" }] as Record<string, string>[]) {
        expect((await client.send("/atelier/content/new?kind=blog", client.form(POST, headers))).status, JSON.stringify(headers)).toBe(403);
        expect((await client.send("/atelier/stores/new", client.form(STORE, headers))).status, JSON.stringify(headers)).toBe(403);
        expect((await client.send("/atelier/content/page/Faq", client.form({ intent: "preview", "it.body": "x" }, headers))).status).toBe(403);
      }
      expect(await written()).toEqual({ content: [], stores: [], audit: [] });

      const own = { Origin: server.url };
      expect((await client.send("/atelier/content/new?kind=blog", client.form(POST, own))).status).toBe(303);
      expect((await client.send("/atelier/stores/new", client.form(STORE, own))).status).toBe(303);
      const after = await written();
      expect(after.content).toHaveLength(2);
      expect(after.stores).toHaveLength(1);
      expect(after.audit.map((a) => a.action).sort()).toEqual(["content.create", "store.create"]);
    });
  });
}

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "../support/databases";
import { STAFF_PASSWORD, createTestStaff } from "../support/staff";
import { type DatabaseHandle, openDatabase } from "~/db/connection.server";
import { totpCode } from "~/modules/staff/totp.server";
import { getEnv } from "~/utils/env.server";
import { type BuiltServer, builtServerClient, startBuiltServer } from "./built-server";

// Categories' and discount codes' posts sent by another site's page with a signed-in staff
// member's cookie, on the production build (server.ts's same-origin check), both databases: each
// a 403 with nothing changed and no audit entry; the same posts from Atelier's own page work.
for (const kind of DIALECTS) {
  describe(`Atelier categories and codes: cross-site posts [${kind}]`, () => {
    let server: BuiltServer;
    let handle: DatabaseHandle;
    let client: ReturnType<typeof builtServerClient>;

    const send = (path: string, init?: RequestInit) => client.send(path, init);
    const form = (fields: Record<string, string>, headers: Record<string, string>) => client.form(fields, headers);
    const audit = () => handle.db.selectFrom("audit_log").select("action").where("entity_type", "in", ["category", "discount-code"]).orderBy("id").execute();

    beforeAll(async () => {
      server = await startBuiltServer(kind);
      client = builtServerClient(server);
      handle = openDatabase(server.databaseUrl, { poolSize: 2 });
      const secret = getEnv({ ...process.env, NODE_ENV: "production", ALLOW_DEV_SECRET: "1" }).SESSION_SECRET;
      const staff = await createTestStaff(handle.db, secret, { role: "manager" });
      const own = { Origin: server.url };
      expect((await send("/atelier/login", form({ email: staff.email, password: STAFF_PASSWORD }, own))).status).toBe(302);
      expect((await send("/atelier/login/code", form({ code: totpCode(staff.totpSecret, new Date()) }, own))).headers.get("Location")).toBe("/atelier");
    });
    afterAll(async () => {
      await handle?.close();
      await server?.stop();
    });

    it("refuses another site's category and code posts with 403, nothing changed; the shop's own posts work", async () => {
      const top = await handle.db.selectFrom("categories").select(["id", "position"]).where("parent_id", "is", null).orderBy("position").execute();
      const code = await handle.db.selectFrom("discount_codes").select(["id", "ends_at"]).where("code", "=", "BENVENUTO10").executeTakeFirstOrThrow();
      const posts: [string, Record<string, string>][] = [
        ["/atelier/categories/new", { intent: "save", "it.name": "Estranea", "en.name": "Foreign" }],
        ["/atelier/categories", { intent: "move-down", categoryId: String(top[0]!.id) }],
        [`/atelier/categories/${top[0]!.id}`, { intent: "delete" }],
        ["/atelier/discount-codes/new", { intent: "save", code: "ESTRANEO", kind: "percentage", amount: "90" }],
        [`/atelier/discount-codes/${code.id}`, { intent: "end" }],
      ];
      for (const headers of [{ Origin: "https://evil.example" }, { Referer: "https://evil.example/page" }, {}, { Origin: "null" }] as Record<string, string>[]) {
        for (const [path, fields] of posts) expect((await send(path, form(fields, headers))).status, `${path} ${JSON.stringify(headers)}`).toBe(403);
      }
      expect(await handle.db.selectFrom("categories").select(["id", "position"]).where("parent_id", "is", null).orderBy("position").execute()).toEqual(top);
      expect(await handle.db.selectFrom("category_translations").select("path").where("name", "=", "Estranea").execute()).toEqual([]);
      expect(await handle.db.selectFrom("discount_codes").select("id").where("code", "=", "ESTRANEO").execute()).toEqual([]);
      expect((await handle.db.selectFrom("discount_codes").select("ends_at").where("id", "=", code.id).executeTakeFirstOrThrow()).ends_at).toBe(code.ends_at);
      expect(await audit()).toEqual([]);

      const own = { Origin: server.url };
      expect((await send("/atelier/categories", form({ intent: "move-down", categoryId: String(top[0]!.id) }, own))).status).toBe(302);
      expect((await send("/atelier/discount-codes/new", form({ intent: "save", code: "PROPRIO", kind: "percentage", amount: "5" }, own))).status).toBe(303);
      expect(await audit()).toEqual([{ action: "category.reorder" }, { action: "discount-code.create" }]);
    });
  });
}

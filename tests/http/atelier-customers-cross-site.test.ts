import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "../support/databases";
import { STAFF_PASSWORD, createTestStaff } from "../support/staff";
import { type DatabaseHandle, openDatabase } from "~/db/connection.server";
import { emailKey, insertUser } from "~/modules/account/user.repository.server";
import { totpCode } from "~/modules/staff/totp.server";
import { getEnv } from "~/utils/env.server";
import { type BuiltServer, builtServerClient, startBuiltServer } from "./built-server";

// The customer desk's two posts (erase, export) sent by another site's page with a signed-in
// staff member's cookie, on the production build (server.ts's same-origin check), both
// databases: each a 403 with nothing changed and nothing exported; the same posts from Atelier's
// own page work.
for (const kind of DIALECTS) {
  describe(`Atelier customers: cross-site posts [${kind}]`, () => {
    let server: BuiltServer;
    let handle: DatabaseHandle;
    let client: ReturnType<typeof builtServerClient>;
    let userId = 0;

    const send = (path: string, init?: RequestInit) => client.send(path, init);
    const form = (fields: Record<string, string>, headers: Record<string, string>) => client.form(fields, headers);
    const audit = () => handle.db.selectFrom("audit_log").select("action").where("entity_type", "=", "customer").execute();

    beforeAll(async () => {
      server = await startBuiltServer(kind);
      client = builtServerClient(server);
      handle = openDatabase(server.databaseUrl, { poolSize: 2 });
      const secret = getEnv({ ...process.env, NODE_ENV: "production", ALLOW_DEV_SECRET: "1" }).SESSION_SECRET;
      const staff = await createTestStaff(handle.db, secret, { role: "manager" });
      const at = new Date().toISOString();
      userId = await insertUser(handle.db, {
        email: "bersaglio@esempio.it",
        email_key: emailKey("bersaglio@esempio.it"),
        password_hash: null,
        first_name: "Bersaglio",
        last_name: "Cliente",
        birth_date: null,
        gender: null,
        interests: "both",
        locale: "it",
        privacy_consent_at: at,
        created_at: at,
        updated_at: at,
      });
      const own = { Origin: server.url };
      expect((await send("/atelier/login", form({ email: staff.email, password: STAFF_PASSWORD }, own))).status).toBe(302);
      expect((await send("/atelier/login/code", form({ code: totpCode(staff.totpSecret, new Date()) }, own))).headers.get("Location")).toBe("/atelier");
    });
    afterAll(async () => {
      await handle?.close();
      await server?.stop();
    });

    it("refuses another site's erase and export with 403, nothing changed; the shop's own post works", async () => {
      const foreign: Record<string, string>[] = [{ Origin: "https://evil.example" }, { Referer: "https://evil.example/page" }, {}, { Origin: "null" }];
      for (const headers of foreign) {
        const erase = await send(`/atelier/customers/${userId}`, form({ intent: "erase", confirm: "on" }, headers));
        expect(erase.status, JSON.stringify(headers)).toBe(403);
        const file = await send(`/atelier/customers/${userId}/export`, form({}, headers));
        expect(file.status, JSON.stringify(headers)).toBe(403);
        expect(file.headers.get("Content-Disposition")).toBeNull();
      }
      expect(await handle.db.selectFrom("users").select("id").where("id", "=", userId).execute()).toHaveLength(1);
      expect(await audit()).toEqual([]);

      const own = await send(`/atelier/customers/${userId}`, form({ intent: "erase", confirm: "on" }, { Origin: server.url }));
      expect(own.status).toBe(303);
      expect(await handle.db.selectFrom("users").select("id").where("id", "=", userId).execute()).toEqual([]);
      expect(await audit()).toEqual([{ action: "customer.erase" }]);
    });
  });
}

// A staff member for the benchmark's Atelier pages: made through the staff service (enrolled with
// a TOTP secret known here) and signed in over HTTP as a browser does it, the password and then a
// code, so the benchmark holds a real Atelier cookie.
import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../../app/db/schema";
import { hashPassword } from "../../app/modules/account/password.server";
import { createStaffMember } from "../../app/modules/staff/staff.service.server";
import { newTotpSecret, staffKey, totpCode } from "../../app/modules/staff/totp.server";
import { getEnv } from "../../app/utils/env.server";

const PASSWORD = "bench staff password for atelier";

/** The `Cookie` header of a signed-in staff member of the server at `baseUrl` (which runs on `db`). */
export async function benchStaffCookie(db: Kysely<Database>, baseUrl: string): Promise<string> {
  // The server runs with the same environment as this process (ServerProcess.start), so its
  // session secret, and the key sealing TOTP secrets, is this one.
  const env = getEnv({ ...process.env, NODE_ENV: "production", ALLOW_DEV_SECRET: "1" });
  const email = `bench-${randomBytes(4).toString("hex")}@bottega.test`;
  const secret = newTotpSecret();
  await createStaffMember(db, { email, name: "Bench Staff", role: "staff", passwordHash: await hashPassword(PASSWORD), totpSecret: secret, actor: { kind: "cli" } }, staffKey(env.SESSION_SECRET));
  const jar = new Map<string, string>();
  const post = async (path: string, fields: Record<string, string>) => {
    const response = await fetch(baseUrl + path, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseUrl, Cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") },
      body: new URLSearchParams(fields).toString(),
      redirect: "manual",
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair.indexOf("=");
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    if (response.status !== 302 && response.status !== 303) throw new Error(`POST ${path} answers ${response.status} for the benchmark's staff member`);
    return response.headers.get("Location");
  };
  await post("/atelier/login", { email, password: PASSWORD });
  const landing = await post("/atelier/login/code", { code: totpCode(secret) });
  if (landing !== "/atelier") throw new Error(`the second factor led to ${landing}, not /atelier`);
  return [...jar].filter(([, value]) => value !== "").map(([k, v]) => `${k}=${v}`).join("; ");
}

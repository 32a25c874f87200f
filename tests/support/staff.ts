// Atelier's staff for HTTP tests: an account made through the staff service (enrolled, with a
// TOTP secret the test knows) and signed in over HTTP as a browser does it: the password, then a
// code computed here (tests/http/atelier-sign-in.test.ts tests the steps themselves).
import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { expect } from "vitest";
import type { Database, StaffRole } from "~/db/schema";
import { hashPassword } from "~/modules/account/password.server";
import { createStaffMember } from "~/modules/staff/staff.service.server";
import { newTotpSecret, staffKey, totpCode } from "~/modules/staff/totp.server";
import { getEnv } from "~/utils/env.server";
import type { HttpApp, HttpClient } from "./http";

/** The password of every test staff account. */
export const STAFF_PASSWORD = "tre parole lunghe per atelier";

// One hash for every test account of the process: hashing costs half a second of a core.
let passwordHash: Promise<string> | undefined;
const sharedHash = () => (passwordHash ??= hashPassword(STAFF_PASSWORD));

export interface TestStaff {
  staffId: number;
  email: string;
  /** The base32 TOTP secret, to compute codes with totpCode(). */
  totpSecret: string;
}

/** A staff account made through the service: enrolled (a known TOTP secret) unless `enrolled: false`. */
export async function createTestStaff(
  db: Kysely<Database>,
  sessionSecret: string,
  { role = "staff", email, name = "Marta Rossi", enrolled = true }: { role?: StaffRole; email?: string; name?: string; enrolled?: boolean } = {},
): Promise<TestStaff> {
  const address = email ?? `${role}-${randomBytes(4).toString("hex")}@bottega.test`;
  const totpSecret = newTotpSecret();
  const staffId = await createStaffMember(
    db,
    { email: address, name, role, passwordHash: await sharedHash(), totpSecret: enrolled ? totpSecret : undefined, actor: { kind: "cli" } },
    staffKey(sessionSecret),
  );
  return { staffId, email: address, totpSecret };
}

/** Signs a client in to Atelier over HTTP: the password step, then a TOTP code. */
export async function signInStaffClient(client: HttpClient, staff: TestStaff, { at = new Date() }: { at?: Date } = {}): Promise<void> {
  const login = await client.postForm("/atelier/login", { email: staff.email, password: STAFF_PASSWORD });
  expect(login.status, "password step").toBe(302);
  expect(login.headers.get("Location")).toBe("/atelier/login/code");
  const code = await client.postForm("/atelier/login/code", { code: totpCode(staff.totpSecret, at) });
  expect(code.status, "code step").toBe(302);
  expect(code.headers.get("Location")).toBe("/atelier");
}

/**
 * A staff member of the given role, created through the staff service and signed in over HTTP
 * (password and a TOTP code): `client` holds Atelier's cookie.
 */
export async function signInStaff(app: HttpApp, { role, email, name }: { role: StaffRole; email?: string; name?: string }): Promise<{ client: HttpClient; staffId: number; email: string; totpSecret: string }> {
  const staff = await createTestStaff(app.db, app.env.SESSION_SECRET, { role, email, name });
  const client = app.client();
  await signInStaffClient(client, staff);
  return { client, ...staff };
}

/**
 * A staff member of the given role made in a built server's database and signed in through its
 * client (tests/http/built-server.ts): the password, then a TOTP code, sent as the shop's own
 * pages send them (its Origin).
 */
export async function signInBuiltServerStaff(
  server: { url: string },
  client: { send(path: string, init?: RequestInit): Promise<Response>; form(fields: Record<string, string>, headers: Record<string, string>): RequestInit },
  db: Kysely<Database>,
  role: StaffRole,
): Promise<TestStaff> {
  // The built server runs in production mode with the development secret allowed (startBuiltServer).
  const secret = getEnv({ ...process.env, NODE_ENV: "production", ALLOW_DEV_SECRET: "1" }).SESSION_SECRET;
  const staff = await createTestStaff(db, secret, { role });
  const own = { Origin: server.url };
  expect((await client.send("/atelier/login", client.form({ email: staff.email, password: STAFF_PASSWORD }, own))).status).toBe(302);
  expect((await client.send("/atelier/login/code", client.form({ code: totpCode(staff.totpSecret, new Date()) }, own))).headers.get("Location")).toBe("/atelier");
  return staff;
}

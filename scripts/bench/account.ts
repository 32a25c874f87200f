// Account holders for the login benchmark. A login is dominated by its password hash, and the
// shop rate-limits logins per client address (10 a minute) and per account (10 in 10 minutes):
// the benchmark signs in as many accounts from many addresses, each request the next pair, so it
// measures logins rather than 429s. The accounts are written straight into the benchmark's
// database, all with one hash made by the shop's own function (one hash, not hundreds).
import Database from "better-sqlite3";
import { hashPassword } from "../../app/modules/account/password.server";

export const BENCH_PASSWORD = "bench password for login";

export async function createBenchAccounts(databaseFile: string, count: number): Promise<string[]> {
  const hash = await hashPassword(BENCH_PASSWORD);
  const db = new Database(databaseFile);
  try {
    const at = new Date().toISOString();
    const insert = db.prepare(
      `insert into users (email, email_key, password_hash, first_name, last_name, birth_date, gender, interests, locale, privacy_consent_at, created_at, updated_at)
       values (?, ?, ?, 'Bench', 'Shopper', '1990-01-01', null, 'both', 'it', ?, ?, ?)`,
    );
    const emails = Array.from({ length: count }, (_, i) => `bench.${i}@example.com`);
    db.transaction(() => {
      for (const email of emails) insert.run(email, email, hash, at, at, at);
    })();
    return emails;
  } finally {
    db.close();
  }
}

/** The login form as a browser with JavaScript posts it, for the next account from the next address. */
export function loginRequests(emails: string[]): () => { body: string; headers: Record<string, string> } {
  let next = 0;
  return () => {
    const i = next++;
    return {
      body: new URLSearchParams({ email: emails[i % emails.length], password: BENCH_PASSWORD }).toString(),
      headers: { "X-Forwarded-For": `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` },
    };
  };
}

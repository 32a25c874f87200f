// `npm run staff -- COMMAND`: Atelier's staff from the command line (the server's console link
// makes the first owner; an owner invites from Atelier's Staff page too).
//
//   invite EMAIL --role owner|staff [--lang it|en]   prints an invitation link (3 days, one use) and e-mails it
//   list                                             every staff account, its role and state
//
// Invitations go through the same service as Atelier's (the audit log records them as "cli").
import { openDatabase } from "../app/db/connection.server";
import { migrateToLatest } from "../app/db/migrate.server";
import { getMailer } from "../app/modules/mail/mail.server";
import { createMailWorker } from "../app/modules/mail/mail-worker.server";
import { inviteStaff, listStaff } from "../app/modules/staff/staff.service.server";
import { isDomainError } from "../app/utils/domain-error";
import { getEnv } from "../app/utils/env.server";
import { absoluteUrl } from "../app/utils/public-url";

const USAGE = `Usage: npm run staff -- invite EMAIL --role owner|staff [--lang it|en]
       npm run staff -- list`;

type Command = { name: "list" } | { name: "invite"; email: string; role: "owner" | "staff"; locale: "it" | "en" };

function parseCommand(args: string[]): Command | null {
  const [name, ...rest] = args;
  if (name === "list" && rest.length === 0) return { name };
  if (name !== "invite") return null;
  let email: string | null = null;
  let role: string | null = null;
  let locale = "it";
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i];
    if (arg === "--role") role = rest[++i] ?? null;
    else if (arg.startsWith("--role=")) role = arg.slice(7);
    else if (arg === "--lang") locale = rest[++i] ?? "";
    else if (arg.startsWith("--lang=")) locale = arg.slice(7);
    else if (!arg.startsWith("--") && email === null) email = arg;
    else return null;
  }
  if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254) return null;
  if (role !== "owner" && role !== "staff") return null;
  if (locale !== "it" && locale !== "en") return null;
  return { name: "invite", email, role, locale };
}

const command = parseCommand(process.argv.slice(2));
if (!command) {
  console.error(USAGE);
  process.exit(2);
}

const env = getEnv();
const handle = openDatabase(env.DATABASE_URL);
const db = handle.db;

try {
  await migrateToLatest(db);
  if (command.name === "list") {
    const rows = await listStaff(db);
    if (!rows.length) console.log("No staff yet: start the server (npm start) for the first owner's set-up link, or invite one.");
    for (const s of rows) {
      const state = s.disabledAt ? "disabled" : s.enrolledAt ? "active" : "not enrolled";
      console.log(`${s.email}  ${s.name}  ${s.role}  ${state}  last sign-in ${s.lastSignInAt ?? "never"}`);
    }
  } else {
    const { token } = await inviteStaff(db, {
      email: command.email,
      role: command.role,
      locale: command.locale,
      actor: { kind: "cli" },
      inviteUrl: (t) => absoluteUrl(env.PUBLIC_URL, `${command.locale === "en" ? "/en" : ""}/atelier/invite?token=${t}`),
    });
    const url = absoluteUrl(env.PUBLIC_URL, `${command.locale === "en" ? "/en" : ""}/atelier/invite?token=${token}`);
    console.log(`Invitation for ${command.email} (${command.role}), valid 3 days, one use:\n${url}`);
    const { sent, retrying } = await createMailWorker(db, getMailer(env)).runOnce();
    console.log(`${sent} e-mail(s) sent${retrying ? `, ${retrying} left in the outbox for the shop server to retry` : ""}.`);
  }
} catch (error) {
  if (isDomainError(error)) {
    console.error(error.code === "STAFF_EMAIL_TAKEN" && command.name === "invite" ? `${command.email} already has a staff account.` : error.message);
    process.exitCode = 1;
  } else throw error;
} finally {
  await handle.close();
}

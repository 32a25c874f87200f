// For the e2e walks (tests/e2e/atelier.spec.ts, atelier-catalogue.spec.ts): the link an owner
// starts from. While Atelier has no staff, the first owner's set-up link, as the server prints it
// at start (the e2e server's console is not read, so this asks the same service for one);
// afterwards an owner's invitation, as `npm run staff -- invite` makes it. Prints the URL.
import fs from "node:fs";
import path from "node:path";
import { openDatabase } from "../../app/db/connection.server";
import { createSetupToken, inviteStaff } from "../../app/modules/staff/staff.service.server";
import { getEnv } from "../../app/utils/env.server";

const [email, mode] = process.argv.slice(2);
const env = getEnv();

/**
 * Two runs at once would each get a set-up link, and the first used closes the other; an owner
 * invited before the set-up link is used closes it too. So one run per e2e server claims the
 * set-up link (a file in its mail directory, which the server empties at start: created or found,
 * atomically); every other run ("invite", or a "setup" that lost the claim) lets that one make
 * the first owner, waiting for it a while, then is invited.
 */
function claimSetup(): boolean {
  const dir = path.resolve(env.MAIL_OUTBOX_DIR);
  fs.mkdirSync(dir, { recursive: true });
  try {
    fs.writeFileSync(path.join(dir, "atelier-setup.claim"), `${email}\n`, { flag: "wx" });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

const handle = openDatabase(env.DATABASE_URL);
try {
  const setup = mode !== "invite" && claimSetup();
  if (!setup) {
    for (let i = 0; i < 40 && !(await handle.db.selectFrom("staff").select("id").limit(1).executeTakeFirst()); i++) await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const token = setup ? await createSetupToken(handle.db) : null;
  if (token) console.log(`${env.PUBLIC_URL}/atelier/setup?token=${token}`);
  else {
    const inviteUrl = (t: string) => `${env.PUBLIC_URL}/atelier/invite?token=${t}`;
    const invited = await inviteStaff(handle.db, { email, role: "owner", locale: "it", actor: { kind: "cli" }, inviteUrl });
    console.log(inviteUrl(invited.token));
  }
} finally {
  await handle.close();
}

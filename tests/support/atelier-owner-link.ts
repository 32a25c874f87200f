// For the e2e walk (tests/e2e/atelier.spec.ts): the link an owner starts from. While Atelier has no
// staff, the first owner's set-up link, as the server prints it at start (the e2e server's console
// is not read, so this asks the same service for one); afterwards (the other JavaScript mode's run
// came first) an owner's invitation, as `npm run staff -- invite` makes it. Prints the URL.
import { openDatabase } from "../../app/db/connection.server";
import { createSetupToken, inviteStaff } from "../../app/modules/staff/staff.service.server";
import { getEnv } from "../../app/utils/env.server";

const [email, mode] = process.argv.slice(2);
const env = getEnv();
const handle = openDatabase(env.DATABASE_URL);
try {
  // Two runs at once would each get a set-up link, and the first used closes the other: the run
  // "invite" lets the other make the first owner (waiting for it a while), then is invited.
  if (mode === "invite") {
    for (let i = 0; i < 40 && !(await handle.db.selectFrom("staff").select("id").limit(1).executeTakeFirst()); i++) await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const token = mode === "invite" ? null : await createSetupToken(handle.db);
  if (token) console.log(`${env.PUBLIC_URL}/atelier/setup?token=${token}`);
  else {
    const inviteUrl = (t: string) => `${env.PUBLIC_URL}/atelier/invite?token=${t}`;
    const invited = await inviteStaff(handle.db, { email, role: "owner", locale: "it", actor: { kind: "cli" }, inviteUrl });
    console.log(inviteUrl(invited.token));
  }
} finally {
  await handle.close();
}

// `npm run applications -- purge`: erases now the job applications (and their CVs) older than the
// shop's applicationRetentionMonths, as the server's hourly sweep does, each purge recorded in the
// audit log as the CLI's. Nothing of the applicants is printed.
import { openDatabase } from "../app/db/connection.server";
import { migrateToLatest } from "../app/db/migrate.server";
import { purgeExpiredApplications } from "../app/modules/career/applications.service.server";
import { getEnv } from "../app/utils/env.server";

const USAGE = "Usage: npm run applications -- purge";

if (process.argv.slice(2).join(" ") !== "purge") {
  console.error(USAGE);
  process.exit(2);
}

const handle = openDatabase(getEnv().DATABASE_URL);
try {
  await migrateToLatest(handle.db);
  const purged = await purgeExpiredApplications(handle.db, { actor: { kind: "cli" } });
  console.log(`${purged} ${purged === 1 ? "application" : "applications"} purged.`);
} finally {
  await handle.close();
}

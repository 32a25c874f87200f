// `npm run backup -- FILE`: a consistent copy of DATABASE_URL's database in FILE, taken while the
// shop runs (SQLite's online backup; pg_dump's custom format for PostgreSQL). FILE appears only
// once complete. See app/db/backup.server.ts and the README's Scripts.
import { backupDatabase, databaseLocation, oneLineReason } from "../app/db/backup.server";
import { getEnv } from "../app/utils/env.server";

const [file, ...extra] = process.argv.slice(2);
if (!file || extra.length > 0 || file.startsWith("-")) {
  console.error("Usage: npm run backup -- FILE");
  process.exit(2);
}

try {
  const { DATABASE_URL } = getEnv();
  const { file: written, bytes } = await backupDatabase(DATABASE_URL, file);
  const kind = databaseLocation(DATABASE_URL).kind === "postgres" ? "PostgreSQL" : "SQLite";
  console.log(`Backed up the ${kind} database to ${written} (${bytes} bytes).`);
} catch (error) {
  // One line whatever went wrong (a refusal, a full disk, a bad environment): what cron mails.
  console.error(`Backup failed: ${oneLineReason(error)}`);
  process.exitCode = 1;
}

// `npm run backup -- FILE`: a consistent copy of DATABASE_URL's database in FILE, taken while the
// shop runs (SQLite's online backup; pg_dump's custom format for PostgreSQL). FILE appears only
// once complete. See app/db/backup.server.ts and the README's Scripts.
import { BackupError, backupDatabase } from "../app/db/backup.server";
import { getEnv } from "../app/utils/env.server";

const [file, ...extra] = process.argv.slice(2);
if (!file || extra.length > 0 || file.startsWith("-")) {
  console.error("Usage: npm run backup -- FILE");
  process.exit(2);
}

try {
  const { file: written, bytes } = await backupDatabase(getEnv().DATABASE_URL, file);
  console.log(`Backed up the ${getEnv().databaseKind === "postgres" ? "PostgreSQL" : "SQLite"} database to ${written} (${bytes} bytes).`);
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(`Backup failed: ${error.message}`);
  process.exitCode = 1;
}

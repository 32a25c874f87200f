// `npm run restore -- FILE`: replaces DATABASE_URL's database with the backup in FILE (made by
// `npm run backup`). Stop the shop first: the restore refuses while the database is in use.
// It checks the backup is a whole Bottega database before touching anything; the server
// migrates a restored older schema when it starts. See app/db/backup.server.ts.
import { displayUrl, oneLineReason, restoreDatabase } from "../app/db/backup.server";
import { getEnv } from "../app/utils/env.server";

const [file, ...extra] = process.argv.slice(2);
if (!file || extra.length > 0 || file.startsWith("-")) {
  console.error("Usage: npm run restore -- FILE   (stop the shop first)");
  process.exit(2);
}

try {
  const { DATABASE_URL } = getEnv();
  const { replacedKeptAs, createdDatabase } = await restoreDatabase(DATABASE_URL, file);
  const notes = [createdDatabase ? "created the database" : "", replacedKeptAs ? `the replaced database is kept as ${replacedKeptAs}` : ""].filter(Boolean);
  console.log(`Restored ${file} into ${displayUrl(DATABASE_URL)}${notes.length ? ` (${notes.join("; ")})` : ""}. Start the shop.`);
} catch (error) {
  console.error(`Restore failed: ${oneLineReason(error)}`);
  process.exitCode = 1;
}

// `npm run db:seed`: migrates, then writes the demo catalogue into an empty database.
// A database that already has a catalogue is left alone (pass --force to wipe it first).
import { openDatabase } from "../app/db/connection.server";
import { migrateToBottom, migrateToLatest } from "../app/db/migrate.server";
import { isDatabaseEmpty, seedDatabase } from "../app/db/seed/seed.server";
import { getEnv } from "../app/utils/env.server";

const env = getEnv();
const handle = openDatabase(env.DATABASE_URL);
try {
  if (process.argv.includes("--force")) {
    await migrateToBottom(handle.db);
    console.log("Wiped the database.");
  }
  await migrateToLatest(handle.db);
  if (!(await isDatabaseEmpty(handle.db))) {
    console.log("The database already has a catalogue: nothing to do (use --force to start over).");
  } else {
    const result = await seedDatabase(handle.db);
    console.log(`Seeded ${result.products} products and ${result.variants} variants.`);
  }
} finally {
  await handle.close();
}

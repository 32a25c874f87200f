// `npm run db:migrate`: applies pending migrations to DATABASE_URL (a no-op when current).
import { openDatabase } from "../app/db/connection.server";
import { migrateToLatest } from "../app/db/migrate.server";
import { getEnv } from "../app/utils/env.server";

const env = getEnv();
const handle = openDatabase(env.DATABASE_URL);
try {
  const applied = await migrateToLatest(handle.db);
  console.log(applied.length ? `Applied: ${applied.join(", ")}` : "The database is up to date.");
} finally {
  await handle.close();
}

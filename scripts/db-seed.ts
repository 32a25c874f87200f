// `npm run db:seed`: migrates, then writes the demo catalogue into an empty database.
// A database that already has a catalogue is left alone (pass --force to wipe it first).
// `--products N` then grows the catalogue to N products by copying the demo's (see
// app/db/seed/grow.server.ts): the same N gives the same catalogue, on SQLite and PostgreSQL.
// It grows the demo's orders with it, to 10 000 over the last six months (`--orders M` for
// another count, also alone; app/db/seed/grow-orders.server.ts), for Atelier's figures at size.
import { parseArgs } from "node:util";
import { openDatabase } from "../app/db/connection.server";
import { migrateToBottom, migrateToLatest } from "../app/db/migrate.server";
import { growCatalogue } from "../app/db/seed/grow.server";
import { growOrders } from "../app/db/seed/grow-orders.server";
import { isDatabaseEmpty, seedDatabase } from "../app/db/seed/seed.server";
import { analyzeDatabase } from "../app/db/statistics.server";
import { getEnv } from "../app/utils/env.server";

const USAGE = "Usage: npm run db:seed -- [--force] [--products N] [--orders M]";
const { values } = parseArgs({ options: { force: { type: "boolean", default: false }, products: { type: "string" }, orders: { type: "string" } }, strict: true });
const target = values.products === undefined ? null : Number(values.products);
if (target !== null && (!Number.isInteger(target) || target < 1 || target > 10_000_000)) {
  console.error(`--products must be a whole number from 1 to 10 000 000 (got "${values.products}").\n${USAGE}`);
  process.exit(2);
}
/** Orders to grow to: --orders, else 10 000 when the catalogue grows, else none. */
const orderTarget = values.orders === undefined ? (target === null ? null : 10_000) : Number(values.orders);
if (orderTarget !== null && (!Number.isInteger(orderTarget) || orderTarget < 0 || orderTarget > 10_000_000)) {
  console.error(`--orders must be a whole number from 0 to 10 000 000 (got "${values.orders}").\n${USAGE}`);
  process.exit(2);
}

const env = getEnv();
const handle = openDatabase(env.DATABASE_URL);
try {
  if (values.force) {
    await migrateToBottom(handle.db);
    console.log("Wiped the database.");
  }
  await migrateToLatest(handle.db);
  if (!(await isDatabaseEmpty(handle.db))) {
    if (target === null) console.log("The database already has a catalogue: nothing to do (use --force to start over).");
  } else {
    const result = await seedDatabase(handle.db);
    await analyzeDatabase(handle.db);
    console.log(`Seeded ${result.products} products and ${result.variants} variants.`);
  }
  if (target !== null) {
    const grown = await growCatalogue(handle.db, target, (step) => console.log(`  ${step}`));
    console.log(
      grown.after > grown.before
        ? `Grew the catalogue from ${grown.before} to ${grown.after} products in ${grown.seconds.toFixed(1)} s.`
        : `The catalogue already has ${grown.before} products (at least ${target}): nothing to add.`,
    );
  }
  if (orderTarget !== null) {
    const grown = await growOrders(handle.db, orderTarget);
    console.log(
      grown.after > grown.before
        ? `Grew the orders from ${grown.before} to ${grown.after} in ${grown.seconds.toFixed(1)} s.`
        : `The shop already has ${grown.before} orders (at least ${orderTarget}): nothing to add.`,
    );
  }
} finally {
  await handle.close();
}

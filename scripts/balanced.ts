// `npm run balanced -- [--processes N] [--port P] [--database-url URL]`: the shop as several
// machines would run it, on this machine — N app processes on one PostgreSQL database behind
// HAProxy (Debian's package) on port P. Stops on Ctrl-C. The database is DATABASE_URL (or
// --database-url), a PostgreSQL URL; an empty database is migrated and seeded by the first process.
import { parseArgs } from "node:util";
import { startBalancedShop } from "./balancer/shop";

const { values } = parseArgs({
  options: {
    processes: { type: "string", default: "3" },
    port: { type: "string", default: "8080" },
    "database-url": { type: "string" },
  },
});
const databaseUrl = values["database-url"] ?? process.env.DATABASE_URL;
if (!databaseUrl?.startsWith("postgres")) {
  console.error("Set DATABASE_URL (or --database-url) to a PostgreSQL database: several processes share it.");
  process.exit(2);
}
const processes = Number(values.processes);
const port = Number(values.port);
if (!Number.isInteger(processes) || processes < 1 || processes > 32 || !Number.isInteger(port) || port < 1 || port > 65_535) {
  console.error("--processes must be 1–32 and --port a TCP port.");
  process.exit(2);
}
const shop = await startBalancedShop({ databaseUrl, processes, port, logLevel: process.env.LOG_LEVEL ?? "warn" });
console.log(`The shop: ${shop.url} (${processes} processes: ${shop.apps.map((app) => `${app.name} on ${app.port}`).join(", ")})`);
console.log(`HAProxy's stats: ${shop.haproxy.statsUrl}`);
const stop = async () => {
  await shop.stop();
  process.exit(0);
};
process.once("SIGINT", stop);
process.once("SIGTERM", stop);

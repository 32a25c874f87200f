// `npm run stock -- set SKU QTY`: sets the stock of a variant; when a sold-out variant comes
// back, the shoppers waiting for it get their e-mail. `npm run stock -- get SKU` shows it.
// The e-mails go through the mail outbox like every other: queued with the new stock, claimed
// by this process's mail worker, and sent by it right away; one it cannot send stays in the
// outbox, where the shop server's worker retries it.
import { openDatabase } from "../app/db/connection.server";
import { migrateToLatest } from "../app/db/migrate.server";
import { getVariantStock, setVariantStock } from "../app/modules/catalog/stock.service.server";
import { getMailer } from "../app/modules/mail/mail.server";
import { createMailWorker } from "../app/modules/mail/mail-worker.server";
import { isDomainError } from "../app/utils/domain-error";
import { getEnv } from "../app/utils/env.server";

const USAGE = "Usage: npm run stock -- set SKU QUANTITY\n       npm run stock -- get SKU";

type Command = { name: "get"; sku: string } | { name: "set"; sku: string; quantity: number };

function parseCommand(args: string[]): Command | null {
  const [name, sku, quantity, ...extra] = args;
  if (!sku || extra.length > 0) return null;
  if (name === "get" && quantity === undefined) return { name, sku };
  // Only plain digits: "5", not "5.0", "1e3" or " 5".
  if (name === "set" && quantity !== undefined && /^\d+$/.test(quantity)) return { name, sku, quantity: Number(quantity) };
  return null;
}

const command = parseCommand(process.argv.slice(2));
if (!command) {
  console.error(USAGE);
  process.exit(2);
}

const env = getEnv();
const handle = openDatabase(env.DATABASE_URL);
try {
  await migrateToLatest(handle.db);
  if (command.name === "get") {
    const { sku, stock, waiting } = await getVariantStock(handle.db, command.sku);
    console.log(`${sku}: ${stock} in stock (${waiting} waiting for an alert)`);
  } else {
    const mailWorker = createMailWorker(handle.db, getMailer(env));
    const change = await setVariantStock(handle.db, { sku: command.sku, quantity: command.quantity, origin: env.PUBLIC_URL, claimMailFor: mailWorker.id });
    const { sent } = await mailWorker.deliverClaimed();
    console.log(`${change.sku}: ${change.previous} → ${change.quantity} (${sent} ${sent === 1 ? "alert" : "alerts"} sent)`);
    const waiting = change.notified - sent;
    if (waiting > 0) console.log(`${waiting} ${waiting === 1 ? "alert waits" : "alerts wait"} in the mail outbox: the shop server will retry.`);
  }
} catch (error) {
  if (!isDomainError(error)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await handle.close();
}

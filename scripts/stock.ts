// `npm run stock -- set SKU QTY`: sets the stock of a variant; when a sold-out variant comes
// back, the shoppers waiting for it get their e-mail. `npm run stock -- get SKU` shows it.
import { openDatabase } from "../app/db/connection.server";
import { migrateToLatest } from "../app/db/migrate.server";
import { getVariantStock, setVariantStock } from "../app/modules/catalog/stock.service.server";
import { getMailer } from "../app/modules/mail/mail.server";
import { DomainError } from "../app/utils/domain-error";
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
    const change = await setVariantStock(handle.db, { sku: command.sku, quantity: command.quantity, mailer: getMailer(env), origin: env.PUBLIC_URL });
    console.log(`${change.sku}: ${change.previous} → ${change.quantity} (${change.notified} ${change.notified === 1 ? "alert" : "alerts"} sent)`);
  }
} catch (error) {
  if (!(error instanceof DomainError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await handle.close();
}

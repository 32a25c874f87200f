// One "app process" of the concurrency tests (app/modules/order/order.test.ts): opens its own
// connection to the shared database and places every order it is given at once, then prints
// each attempt's outcome as JSON. Two of these run side by side, as two shop servers would.
import { readFileSync } from "node:fs";
import { openDatabase } from "../../app/db/connection.server";
import { type PlaceOrderInput, placeOrder } from "../../app/modules/order/order.service.server";

const [url, inputsFile] = process.argv.slice(2);
const inputs = JSON.parse(readFileSync(inputsFile, "utf8")) as PlaceOrderInput[];
const handle = openDatabase(url, { poolSize: 8 });
const results = await Promise.all(
  inputs.map((input) =>
    placeOrder(handle.db, input).then(
      (placed) => ({ ok: true as const, orderId: placed.orderId, created: placed.created }),
      (error: unknown) => ({ ok: false as const, code: (error as { code?: string }).code ?? String(error) }),
    ),
  ),
);
await handle.close();
process.stdout.write(JSON.stringify(results));

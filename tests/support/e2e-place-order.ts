// Places (and pays) an order in the end-to-end shop's database through the shop's own services,
// as a shopper who went through the checkout would: the setup of the after-the-order tests,
// whose checkout itself tests/e2e/checkout.spec.ts walks through in the browser.
//
//   node --import tsx tests/support/e2e-place-order.ts '{"lines":[{"sku":"…","quantity":1}],"account":"a@b.it"}'
//
// Prints the order's id, number and email as JSON.
import { openDatabase } from "../../app/db/connection.server";
import { createSandboxProvider } from "../../app/modules/payment/sandbox.server";
import { paidOrder } from "./order-fixtures";

const input = JSON.parse(process.argv[2] ?? "{}") as { lines: { sku: string; quantity: number }[]; account?: string; email?: string };
const handle = openDatabase(process.env.DATABASE_URL!);
try {
  const db = handle.db;
  const user = input.account ? await db.selectFrom("users").select(["id", "email"]).where("email_key", "=", input.account.toLowerCase()).executeTakeFirstOrThrow() : null;
  // The event is applied directly (no webhook signature to check), so any sandbox secret will do.
  const provider = createSandboxProvider({ secret: "e2e", publicUrl: process.env.PUBLIC_URL ?? "http://localhost" });
  const placed = await paidOrder(db, provider, { lines: input.lines, userId: user?.id ?? null, email: user?.email ?? input.email });
  const order = await db.selectFrom("orders").select(["id", "number", "email"]).where("id", "=", placed.orderId).executeTakeFirstOrThrow();
  console.log(JSON.stringify(order));
} finally {
  await handle.close();
}

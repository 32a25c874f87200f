// `npm run mail -- status`: how much mail is pending, sent and failed, and why each failed one
// failed (never to whom). `npm run mail -- retry ID…` or `retry --failed` gives failed messages a
// new round of attempts once the cause is fixed; the shop server's mail worker sends them.
import { openDatabase } from "../app/db/connection.server";
import { migrateToLatest } from "../app/db/migrate.server";
import { retryFailedMail, summarizeOutbox } from "../app/modules/mail/outbox.server";
import { getEnv } from "../app/utils/env.server";

const USAGE = "Usage: npm run mail -- status\n       npm run mail -- retry ID [ID…]\n       npm run mail -- retry --failed";

type Command = { name: "status" } | { name: "retry"; ids?: number[] };

function parseCommand([name, ...rest]: string[]): Command | null {
  if (name === "status" && rest.length === 0) return { name };
  if (name === "retry" && rest.length === 1 && rest[0] === "--failed") return { name };
  if (name === "retry" && rest.length > 0 && rest.every((id) => /^\d+$/.test(id))) return { name, ids: rest.map(Number) };
  return null;
}

const command = parseCommand(process.argv.slice(2));
if (!command) {
  console.error(USAGE);
  process.exit(2);
}

const handle = openDatabase(getEnv().DATABASE_URL);
try {
  await migrateToLatest(handle.db);
  if (command.name === "status") {
    const summary = await summarizeOutbox(handle.db);
    console.log(`${summary.pending} pending, ${summary.sent} sent, ${summary.failed} failed`);
    for (const failure of summary.failures) {
      console.log(`#${failure.id} ${failure.template}, queued ${failure.created_at}, ${failure.attempts} attempts: ${failure.last_error ?? "no error recorded"}`);
    }
  } else {
    const retried = await retryFailedMail(handle.db, { ids: command.ids });
    console.log(`${retried} ${retried === 1 ? "message" : "messages"} queued again.`);
  }
} finally {
  await handle.close();
}

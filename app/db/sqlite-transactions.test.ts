import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "./connection.server";

// A transaction that reads and then writes, while another connection to the same file commits
// in between (a CLI command beside the server): begun deferred, it could not upgrade past that
// commit and failed at once with "database is locked"; begun immediate, it waits its turn.
describe("SQLite transactions beside another connection", () => {
  let handle: DatabaseHandle | undefined;
  let dir: string | undefined;
  afterEach(async () => {
    await handle?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("a read-then-write transaction waits for another connection's writes instead of failing", async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "bottega-sqlite-tx-"));
    const file = path.join(dir, "shop.sqlite");
    handle = openDatabase(`file:${file}`);
    const { db } = handle;
    await sql`create table counters (id integer primary key, value integer not null)`.execute(db);
    await sql`insert into counters (id, value) values (1, 0), (2, 0)`.execute(db);

    // Another connection, in another thread, commits a write every millisecond or so.
    const writer = new Worker(
      `const Database = require(${JSON.stringify(require.resolve("better-sqlite3"))});
       const { workerData, parentPort } = require("node:worker_threads");
       const db = new Database(workerData.file);
       db.pragma("busy_timeout = 5000");
       const bump = db.prepare("update counters set value = value + 1 where id = 2");
       const until = Date.now() + workerData.ms;
       let writes = 0;
       while (Date.now() < until) { bump.run(); writes++; const t = Date.now() + 1; while (Date.now() < t); }
       db.close();
       parentPort.postMessage(writes);`,
      { eval: true, workerData: { file, ms: 1_500 } },
    );
    const writes = new Promise<number>((resolve, reject) => {
      writer.once("message", resolve);
      writer.once("error", reject);
    });

    let transactions = 0;
    const deadline = Date.now() + 1_000;
    while (Date.now() < deadline) {
      await db.transaction().execute(async (trx) => {
        const row = await sql<{ value: number }>`select value from counters where id = 1`.execute(trx);
        // Let the other thread commit between this transaction's read and its write.
        await new Promise((resolve) => setTimeout(resolve, 2));
        await sql`update counters set value = ${row.rows[0].value + 1} where id = 1`.execute(trx);
      });
      transactions += 1;
    }
    expect(await writes).toBeGreaterThan(50);
    const counted = await sql<{ value: number }>`select value from counters where id = 1`.execute(db);
    // Every transaction committed, none lost an increment.
    expect(counted.rows[0].value).toBe(transactions);
    expect(transactions).toBeGreaterThan(20);
  });
});

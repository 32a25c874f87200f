import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, pingDatabase } from "./connection.server";
import { migrateToLatest } from "./migrate.server";
import { type RecordedQuery, isReleasedCode, normaliseStatement } from "./query-recorder.server";

describe("normaliseStatement", () => {
  it("folds placeholder lists and repeated rows, and numbers PostgreSQL's placeholders again", () => {
    expect(normaliseStatement('select * from "a" where "id" in ($1, $2, $3) and "b" = $4 limit $5', "postgres")).toBe('select * from "a" where "id" in ($1) and "b" = $2 limit $3');
    expect(normaliseStatement('insert into "a" ("x", "y") values (?, ?), (?, ?), (?, ?)', "sqlite")).toBe('insert into "a" ("x", "y") values (?, ?)');
    expect(normaliseStatement('insert into "a" ("x", "y") values ($1, $2), ($3, $4) returning "id"', "postgres")).toBe('insert into "a" ("x", "y") values ($1, $2) returning "id"');
  });
  it("leaves rows of different shapes alone", () => {
    expect(normaliseStatement("insert into a (x) values (?), (1)", "sqlite")).toBe("insert into a (x) values (?), (1)");
  });
});

describe("isReleasedCode", () => {
  it("keeps the app's modules, and leaves out tests, fixtures, migrations and the seed", () => {
    expect(isReleasedCode("app/modules/bag/bag.repository.server.ts")).toBe(true);
    for (const file of ["app/modules/bag/bag.test.ts", "tests/support/order-fixtures.ts", "app/db/migrations/20261122000000-foundation.ts", "app/db/migrate.server.ts", "app/db/seed/grow.server.ts", undefined]) {
      expect(isReleasedCode(file)).toBe(false);
    }
  });
});

describe("the recorder", () => {
  const previous = process.env.RECORD_QUERIES_FILE;
  afterEach(() => {
    if (previous === undefined) delete process.env.RECORD_QUERIES_FILE;
    else process.env.RECORD_QUERIES_FILE = previous;
  });

  it("records the app's statements once each, and neither the migrations' nor a test's own", async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "recorder-")), "queries.jsonl");
    process.env.RECORD_QUERIES_FILE = file;
    const handle = openDatabase("file::memory:");
    try {
      await migrateToLatest(handle.db);
      await pingDatabase(handle.db);
      await pingDatabase(handle.db);
      await sql`select 2`.execute(handle.db);
    } finally {
      await handle.close();
    }
    const lines = fs.readFileSync(file, "utf8").trim().split("\n").map((line) => JSON.parse(line) as RecordedQuery);
    expect(lines).toEqual([{ dialect: "sqlite", sql: "select 1", from: "app/db/connection.server.ts" }]);
  });

  it("is not there without RECORD_QUERIES_FILE", () => {
    delete process.env.RECORD_QUERIES_FILE;
    const handle = openDatabase("file::memory:");
    expect(handle.db.getExecutor().plugins).toEqual([]);
    return handle.close();
  });
});

import SQLite from "better-sqlite3";
import { type Generated, Kysely, SqliteDialect } from "kysely";
import { afterEach, describe, expect, it, vi } from "vitest";
import { withStatementCache } from "./sqlite-statement-cache.server";

describe("SQLite statement cache", () => {
  const opened: SQLite.Database[] = [];
  afterEach(() => {
    for (const database of opened.splice(0)) if (database.open) database.close();
  });
  const open = () => {
    const database = new SQLite(":memory:");
    opened.push(database);
    database.exec("create table t (id integer primary key, name text)");
    database.exec("insert into t (name) values ('a'), ('b'), ('c')");
    return database;
  };

  it("prepares each SQL text once and answers like the plain connection", async () => {
    const database = open();
    const prepare = vi.spyOn(database, "prepare");
    const cached = withStatementCache(database);
    const db = new Kysely<{ t: { id: Generated<number>; name: string } }>({ dialect: new SqliteDialect({ database: cached }) });
    for (const id of [1, 2, 3, 2]) {
      const row = await db.selectFrom("t").select("name").where("id", "=", id).executeTakeFirstOrThrow();
      expect(row.name).toBe(["a", "b", "c"][id - 1]);
    }
    await db.insertInto("t").values({ name: "d" }).execute();
    await db.insertInto("t").values({ name: "e" }).execute();
    expect(await db.selectFrom("t").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).toEqual({ n: 5 });
    // One select, one insert, one count.
    expect(prepare).toHaveBeenCalledTimes(3);
    expect(cached.cachedStatements()).toBe(3);
    await db.destroy();
    expect(database.open).toBe(false);
  });

  it("drops the least recently used statement beyond its size", () => {
    const database = open();
    const prepare = vi.spyOn(database, "prepare");
    const cached = withStatementCache(database, 2);
    cached.prepare("select 1");
    cached.prepare("select 2");
    cached.prepare("select 1"); // now the most recent
    cached.prepare("select 3"); // evicts "select 2"
    expect(cached.cachedStatements()).toBe(2);
    cached.prepare("select 1");
    expect(prepare).toHaveBeenCalledTimes(3);
    cached.prepare("select 2");
    expect(prepare).toHaveBeenCalledTimes(4);
  });

  it("prepares a fresh statement while the cached one is still being iterated", () => {
    // Kysely's stream() iterates a statement; the same SQL must stay runnable meanwhile.
    const database = open();
    const cached = withStatementCache(database);
    const iterating = cached.prepare("select name from t order by id");
    const rows = iterating.iterate([]);
    expect(rows.next().value).toEqual({ name: "a" });
    const second = cached.prepare("select name from t order by id");
    expect(second).not.toBe(iterating);
    expect(second.all([])).toEqual([{ name: "a" }, { name: "b" }, { name: "c" }]);
    expect([...rows]).toEqual([{ name: "b" }, { name: "c" }]);
    expect(cached.prepare("select name from t order by id")).toBe(iterating);
  });
});

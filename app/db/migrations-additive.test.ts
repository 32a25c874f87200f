import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The static half of the rolling-migration rule (docs/decisions/031): a migration's `up` only
// adds. One that drops, renames or tightens to NOT NULL is the "contract" step, and may land only
// once no released code reads the old shape: it is listed here, saying which release stopped
// reading it. (app/db/release-queries.test.ts is the other half: it catches what this misses,
// such as SQL built in helpers.)
const CONTRACTS: Record<string, string> = {
  // e.g. "20270115000000-drop-legacy-column": "release 2027.01 stopped reading products.legacy_column",
  // Both predate the rule, and the tables they drop were never read by a release: each went in
  // the same change that stopped using it, before the shop's first release.
  "20261202050000-banner-and-promotions": "before the rule: global_settings, which the releases before it read, replaced by banner_messages in one step (a rolling restart then would have broken the old processes' banner)",
  "20261202080000-import-photographs": "before the rule: catalog_import_images, the import's staging table, read by the release before it, replaced in one step",
};

const DESTRUCTIVE = [
  /\.dropColumn\(/,
  /\.dropTable\(/,
  /\.renameColumn\(/,
  /\.renameTo\(/,
  /\.setNotNull\(/,
  /\.dropView\(/,
  /\bdrop\s+(column|table|view)\b/i,
  /\brename\s+(column|to)\b/i,
  /\bset\s+not\s+null\b/i,
];

const folder = path.join(path.dirname(new URL(import.meta.url).pathname), "migrations");

/**
 * Columns added to an existing table as NOT NULL without a default: the released code's inserts,
 * which do not name them, would fail (the replay cannot see that: the inserts still compile).
 */
export function notNullWithoutDefault(body: string): string[] {
  return body
    .split(/\.execute\(\)/)
    .filter((statement) => statement.includes("alterTable("))
    .flatMap((statement) => statement.split(".addColumn(").slice(1))
    .filter((column) => /notNull/.test(column) && !/defaultTo\(/.test(column))
    .map((column) => `addColumn(${column.split(",")[0]}) NOT NULL without a default`);
}

/** The text of a migration's `up` function: from its declaration to the next top-level export. */
export function upBody(source: string): string {
  const start = source.search(/export (async )?function up\b/);
  if (start < 0) return "";
  const rest = source.slice(start + 1);
  const next = rest.search(/\nexport /);
  return next < 0 ? rest : rest.slice(0, next);
}

describe("migrations only add (expand), unless listed as a contract step", () => {
  const files = fs.readdirSync(folder).filter((file) => /^\d{14}-.+\.ts$/.test(file));

  it("finds the migrations", () => {
    expect(files.length).toBeGreaterThan(30);
  });

  it("no unlisted migration drops, renames or sets NOT NULL in its up", () => {
    const offenders = files.flatMap((file) => {
      const name = file.replace(/\.ts$/, "");
      if (CONTRACTS[name]) return [];
      const body = upBody(fs.readFileSync(path.join(folder, file), "utf8"));
      const found = [...DESTRUCTIVE.filter((pattern) => pattern.test(body)).map(String), ...notNullWithoutDefault(body)];
      return found.length ? [`${name}: ${found.join(", ")}`] : [];
    });
    expect(offenders, "a destructive migration must wait for a later release (docs/decisions/031)").toEqual([]);
  });

  it("catches a destructive up, and leaves a down alone", () => {
    const source = `export async function up(db) {\n  await db.schema.alterTable("users").renameColumn("a", "b").execute();\n}\n\nexport async function down(db) {\n  await db.schema.dropTable("x").execute();\n}\n`;
    expect(DESTRUCTIVE.some((pattern) => pattern.test(upBody(source)))).toBe(true);
    expect(DESTRUCTIVE.some((pattern) => pattern.test(upBody(source.replace("renameColumn", "addColumn"))))).toBe(false);
  });

  it("catches a NOT NULL column added without a default to an existing table", () => {
    const body = (options: string) => `await db.schema.alterTable("users").addColumn("a", "text").addColumn("b", "text", (c) => ${options}).execute();`;
    expect(notNullWithoutDefault(body("c.notNull()"))).toEqual(['addColumn("b") NOT NULL without a default']);
    expect(notNullWithoutDefault(body("c.notNull().defaultTo('x')"))).toEqual([]);
    expect(notNullWithoutDefault(`await db.schema.createTable("t").addColumn("b", "text", notNull).execute();`)).toEqual([]);
  });

  it("lists only migrations that exist", () => {
    for (const name of Object.keys(CONTRACTS)) expect(files).toContain(`${name}.ts`);
  });
});

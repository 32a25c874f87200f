import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, PostgresAdapter, sql } from "kysely";

// Migrations take Kysely<any>: they describe the schema at their own point in time.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type MigrationDb = Kysely<any>;

export function isPostgres(db: MigrationDb): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** An auto-increment integer primary key on either dialect. */
export function withId<T extends string>(db: MigrationDb, table: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? table.addColumn("id", "serial", (c) => c.primaryKey())
    : table.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());
}

/** A UTC timestamp column: timestamptz on PostgreSQL, ISO-8601 text on SQLite. */
export function timestampType(db: MigrationDb) {
  return isPostgres(db) ? sql`timestamptz` : sql`text`;
}

export const notNull = (c: ColumnDefinitionBuilder) => c.notNull();

// The start and the end every owner's command-line tool shares (npm run orders, stock, staff):
// its arguments read (the usage and exit code 2 when they do not parse), the environment, the
// database opened and migrated, a refused step (a DomainError) printed as one line with exit
// code 1 rather than a stack, and the database closed whatever happened.
import type { Kysely } from "kysely";
import { openDatabase } from "../app/db/connection.server";
import { migrateToLatest } from "../app/db/migrate.server";
import type { Database } from "../app/db/schema";
import { type DomainError, isDomainError } from "../app/utils/domain-error";
import { type Env, getEnv } from "../app/utils/env.server";

/** The command the arguments name, or (after the usage on stderr) exit code 2. */
export function readCommand<C>(usage: string, parse: (args: string[]) => C | null): C {
  const command = parse(process.argv.slice(2));
  if (!command) {
    console.error(usage);
    process.exit(2);
  }
  return command;
}

export interface Cli {
  env: Env;
  db: Kysely<Database>;
  /**
   * Migrates the database and runs the tool's steps; a DomainError is printed (its message, or
   * what `refusal` says of it) and sets exit code 1; the database is closed at the end.
   */
  run(steps: () => Promise<void>, refusal?: (error: DomainError) => string): Promise<void>;
}

export function openCli(): Cli {
  const env = getEnv();
  const handle = openDatabase(env.DATABASE_URL);
  return {
    env,
    db: handle.db,
    async run(steps, refusal = (error) => error.message) {
      try {
        await migrateToLatest(handle.db);
        await steps();
      } catch (error) {
        if (!isDomainError(error)) throw error;
        console.error(refusal(error));
        process.exitCode = 1;
      } finally {
        await handle.close();
      }
    },
  };
}

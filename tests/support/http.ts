// HTTP-level tests: loaders and actions called through React Router's request handler, as the
// production build serves them, on a fresh SQLite or PostgreSQL database, with Fetch API
// requests and no port. What this level does not see: server.ts's Express middleware (security
// headers, compression, the same-origin check on posts, static files); end-to-end tests cover it.
//
// The build must be current: `npm run build` first (`npm run test:http` does it). A build older
// than the app's sources is refused, so a test never passes against yesterday's code.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Kysely } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe } from "vitest";
import type { Database } from "~/db/schema";
import type { App } from "~/server/app.server";
import { getEnv } from "~/utils/env.server";
import { type HttpClient, cookieJarClient } from "./cookie-client";
import { copySqliteTemplate, createPostgresDatabaseFromTemplate } from "./database-templates";
import { DIALECTS } from "./databases";

export { type HttpClient, createUrlClient } from "./cookie-client";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const SERVER_BUILD = path.join(ROOT, "build/server/index.js");
/** The shop's public origin in these tests: requests go to it, form posts come from it. */
export const ORIGIN = "http://localhost:3000";

export interface HttpApp {
  kind: "sqlite" | "postgres";
  /** The app's own database (migrated and seeded with the demo catalogue), to arrange and check rows. */
  db: Kysely<Database>;
  /** The environment the app runs with (its secrets, to sign what a provider would). */
  env: ReturnType<typeof getEnv>;
  /** A new visitor: its own cookie jar and client address. */
  client(options?: { clientIp?: string }): HttpClient;
}


let buildModule: Promise<{ createApp(env?: ReturnType<typeof getEnv>): Promise<App> }> | undefined;

function loadBuild() {
  buildModule ??= (async () => {
    if (!fs.existsSync(SERVER_BUILD)) throw new Error("tests/support/http.ts: build/server/index.js is missing: run `npm run build` first.");
    const newestSource = newestMtime(path.join(ROOT, "app"), path.join(ROOT, "locales"));
    if (fs.statSync(SERVER_BUILD).mtimeMs < newestSource) {
      throw new Error("tests/support/http.ts: build/server/index.js is older than app/ or locales/: run `npm run build` first.");
    }
    // The build's modules read LOG_LEVEL once, at load: keep start-up chatter out of test output.
    process.env.LOG_LEVEL ??= "warn";
    return import(pathToFileURL(SERVER_BUILD).href);
  })();
  return buildModule;
}

function newestMtime(...dirs: string[]): number {
  let newest = 0;
  for (const dir of dirs) {
    for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || /\.test\.tsx?$/.test(entry.name)) continue;
      newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
    }
  }
  return newest;
}

/** A fresh database URL of the given kind, already migrated and seeded (a copy of a template), and how to get rid of it. */
async function freshDatabase(kind: "sqlite" | "postgres"): Promise<{ url: string; drop(): Promise<void> }> {
  if (kind === "sqlite") {
    const file = path.join(os.tmpdir(), `bottega-http-${randomBytes(6).toString("hex")}.sqlite`);
    await copySqliteTemplate(file, "seeded");
    return {
      url: `file:${file}`,
      async drop() {
        for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(file + suffix, { force: true });
      },
    };
  }
  const base = process.env.TEST_POSTGRES_URL!;
  const name = `bottega_http_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await createPostgresDatabaseFromTemplate(admin, base, name, "seeded");
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      // The app's pool has said goodbye but its backends may still be leaving: wait until they
      // have, so that dropping does not terminate them (and log it as an error).
      while ((await admin.query("select 1 from pg_stat_activity where datname = $1", [name])).rowCount) {
        await new Promise((resolve) => setImmediate(resolve));
      }
      await admin.query(`drop database ${name} with (force)`);
      await admin.end();
    },
  };
}

/** Starts the built app on a fresh database of the given kind (migrated and seeded). */
export async function startApp(kind: "sqlite" | "postgres"): Promise<HttpApp & { close(): Promise<void> }> {
  const [{ createApp }, database] = await Promise.all([loadBuild(), freshDatabase(kind)]);
  const env = getEnv({
    ...process.env,
    NODE_ENV: "production",
    ALLOW_DEV_SECRET: "1",
    DATABASE_URL: database.url,
    PUBLIC_URL: ORIGIN,
    IT_SHOP_HOST: ORIGIN,
    EU_SHOP_HOST: ORIGIN,
  });
  const app = await createApp(env);
  return {
    kind,
    db: app.database.db,
    env,
    client: (options) => createClient(app, options),
    async close() {
      await app.close();
      await database.drop();
    },
  };
}

function createClient(app: App, { clientIp = `10.${octet()}.${octet()}.${octet()}` } = {}): HttpClient {
  return cookieJarClient(ORIGIN, (request) => app.fetch(request, { clientIp }));
}

const octet = () => Math.floor(Math.random() * 254) + 1;

/**
 * Runs a suite once per database kind (SQLite always, PostgreSQL when TEST_POSTGRES_URL is set),
 * each against its own freshly started app.
 */
export function describeEachApp(name: string, suite: (app: () => HttpApp) => void) {
  for (const kind of DIALECTS) {
    describe(`${name} [${kind}]`, () => {
      let current: Awaited<ReturnType<typeof startApp>> | undefined;
      beforeAll(async () => {
        current = await startApp(kind);
      });
      afterAll(async () => {
        await current?.close();
      });
      suite(() => {
        if (!current) throw new Error("app not started");
        return current;
      });
    });
  }
}

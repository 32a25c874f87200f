// The application half of the server, built into the React Router server bundle: server.ts
// (the HTTP half) loads it with Vite in development and from build/server in production.
import type { RequestHandler } from "express";
import { RouterContextProvider } from "react-router";
import { type DatabaseHandle, openDatabase, pingDatabase } from "~/db/connection.server";
import { migrateToLatest } from "~/db/migrate.server";
import { seedIfEmpty } from "~/db/seed/seed.server";
import { isSearchIndexMissing, rebuildSearchIndex } from "~/modules/catalog/search.repository.server";
import { purgeExpiredSessions } from "~/modules/session/session.server";
import { getEnv } from "~/utils/env.server";
import { log } from "~/utils/log.server";
import { purgeRateLimits } from "~/utils/rate-limit.server";
import { appContext } from "./context.server";
import { createExpressHandler } from "./express-handler.server";

export interface App {
  handler: RequestHandler;
  database: DatabaseHandle;
  health(): Promise<{ ok: boolean; database: DatabaseHandle["kind"] }>;
  close(): Promise<void>;
}

/** Opens the database, migrates it, seeds an empty one, and returns the request handler. */
export async function createApp(): Promise<App> {
  const env = getEnv();
  const database = openDatabase(env.DATABASE_URL);
  const applied = await migrateToLatest(database.db);
  if (applied.length) log.info("migrations applied", { migrations: applied });
  const seeded = await seedIfEmpty(database.db);
  if (seeded) log.info("demo catalogue seeded", seeded);
  // A catalogue written before search existed gets its index once (two small queries otherwise).
  else if (await isSearchIndexMissing(database.db)) log.info("search index built", { documents: await rebuildSearchIndex(database.db) });

  const housekeeping = setInterval(() => {
    const now = new Date();
    Promise.all([purgeExpiredSessions(database.db, now), purgeRateLimits(database.db, new Date(now.getTime() - 86_400_000))]).catch(
      (error: Error) => log.warn("housekeeping failed", { error: error.message }),
    );
  }, 3_600_000);
  housekeeping.unref();

  // In production the build is an object, so React Router derives its route table once; a
  // function (development) makes it re-derive the table on every request, for hot reloads.
  const build = env.NODE_ENV === "production" ? await import("virtual:react-router/server-build") : () => import("virtual:react-router/server-build");
  const handler = createExpressHandler({
    build,
    getLoadContext(req, res) {
      const context = new RouterContextProvider();
      context.set(appContext, {
        db: database.db,
        env,
        cspNonce: String(res.locals.cspNonce ?? ""),
        clientIp: req.ip ?? "unknown",
      });
      return context;
    },
  });

  return {
    handler,
    database,
    async health() {
      return { ok: await pingDatabase(database.db), database: database.kind };
    },
    async close() {
      clearInterval(housekeeping);
      await database.close();
    },
  };
}

// The application half of the server, built into the React Router server bundle: server.ts
// (the HTTP half) loads it with Vite in development and from build/server in production.
import type { RequestHandler } from "express";
import { RouterContextProvider, createRequestHandler as createFetchHandler } from "react-router";
import { type DatabaseHandle, openDatabase, pingDatabase } from "~/db/connection.server";
import { migrateToLatest, pendingMigrations } from "~/db/migrate.server";
import { seedIfEmpty } from "~/db/seed/seed.server";
import { analyzeDatabase, refreshStatistics } from "~/db/statistics.server";
import { isSearchIndexMissing, rebuildSearchIndex } from "~/modules/catalog/search.repository.server";
import { pruneSearchQueries } from "~/modules/catalog/search-admin.service.server";
import { areListingEntriesMissing, publishDueProducts, rebuildListingEntries } from "~/modules/catalog/listing-entries.server";
import { applyDueSales } from "~/modules/catalog/variant-admin.service.server";
import { getMailer } from "~/modules/mail/mail.server";
import { createMailWorker } from "~/modules/mail/mail-worker.server";
import { createMediaWorker } from "~/modules/media/media-worker.server";
import { createImportWorker } from "~/modules/catalog/catalog-import-jobs.server";
import { getMediaStorage, mediaStorageWritable } from "~/modules/media/storage.server";
import { purgeExpiredResetTokens } from "~/modules/account/account.service.server";
import { purgeExpiredSocialFlows } from "~/modules/account/social-login.server";
import { sweepAbandonedBags } from "~/modules/bag/bag.service.server";
import { sweepExpiredOrders } from "~/modules/order/order.service.server";
import { cancelUncollectedOrders } from "~/modules/order/fulfilment.service.server";
import { sendPriceDropAlerts } from "~/modules/wishlist/wishlist.service.server";
import { createScheduler } from "~/modules/schedule/scheduler.server";
import { issuePendingRefunds } from "~/modules/order/returns.service.server";
import { paymentProvider } from "~/modules/payment/payment.service.server";
import { retryPendingRefunds } from "~/modules/order/order-payment.service.server";
import { purgeExpiredSessions } from "~/modules/session/session.server";
import { purgeExpiredApplications } from "~/modules/career/applications.service.server";
import { purgeUnconfirmedSubscriptions } from "~/modules/newsletter/newsletter.service.server";
import { createSetupToken, purgeExpiredStaffSessions } from "~/modules/staff/staff.service.server";
import { type Env, getEnv } from "~/utils/env.server";
import { log } from "~/utils/log.server";
import { absoluteUrl } from "~/utils/public-url";
import { purgeBackoffs, purgeRateLimits } from "~/modules/rate-limit/rate-limit.server";
import { appContext } from "./context.server";
import { contentSecurityPolicyFor } from "./content-security-policy.server";
import { createExpressHandler, requestUrl, schemesByHost } from "./express-handler.server";
import { metricsEndpoint, observeQuery, requestMetrics, watchDatabase } from "./metrics.server";
import { type PageCacheCandidate, createPageCache } from "./page-cache.server";

export interface App {
  handler: RequestHandler;
  /**
   * The anonymous page cache's answer from memory (docs/decisions/028): server.ts mounts it before
   * compression. It passes every request on when the cache is off (development, PAGE_CACHE_MB=0).
   */
  pageCache: RequestHandler;
  /**
   * The same routes for a Fetch API request, without Express (no port, no server.ts middleware):
   * what tests use to call loaders and actions through React Router (tests/support/http.ts).
   */
  fetch(request: Request, options?: { clientIp?: string; cspNonce?: string }): Promise<Response>;
  database: DatabaseHandle;
  health(): Promise<{ ok: boolean; database: DatabaseHandle["kind"] }>;
  /**
   * Whether this process should get traffic: the database answers, every migration this code
   * knows is applied, and its media store takes writes (a full disk: not ready for uploads until
   * a write succeeds again) (server.ts adds "not while shutting down" for /readyz).
   */
  ready(): Promise<{ ok: boolean; database: boolean; pendingMigrations: string[]; media: boolean }>;
  /** Counts and times every request (mounted first), and GET /metrics when METRICS_TOKEN or METRICS_ALLOW is set (null otherwise). */
  requestMetrics: RequestHandler;
  metrics: RequestHandler | null;
  /**
   * While no staff exists: a new one-time link (30 minutes) to create Atelier's first owner, for
   * server.ts to print at start; null once someone has access.
   */
  atelierSetupUrl(): Promise<string | null>;
  close(): Promise<void>;
}

/**
 * Opens the database, migrates it, seeds an empty one, and returns the request handler. The
 * environment is the process's unless a test hands in its own.
 */
export async function createApp(env: Env = getEnv()): Promise<App> {
  const database = openDatabase(env.DATABASE_URL, { onQuery: observeQuery });
  watchDatabase(database);
  const applied = await migrateToLatest(database.db);
  if (applied.length) log.info("migrations applied", { migrations: applied });
  const seeded = await seedIfEmpty(database.db);
  if (seeded) {
    log.info("demo catalogue seeded", seeded);
    await analyzeDatabase(database.db);
  } else {
    // A catalogue written before search existed gets its index once (two small queries otherwise).
    if (await isSearchIndexMissing(database.db)) log.info("search index built", { documents: await rebuildSearchIndex(database.db) });
    // A catalogue written before the listing entries gets them once, in one transaction.
    if (await areListingEntriesMissing(database.db)) {
      log.info("listing entries built", { products: await database.db.transaction().execute((trx) => rebuildListingEntries(trx)) });
    }
    await refreshStatistics(database.db);
    await publishDueProducts(database.db, new Date(), 3_650);
  }
  // Scheduled sales whose start or end came while no server ran.
  await applyDueSales(database.db);

  // Periodic work, once per period for the whole shop however many processes share the database
  // (app/modules/schedule/, docs/decisions/032).
  const scheduler = createScheduler(database.db, [
    {
      name: "housekeeping",
      periodMs: 3_600_000,
      run: (now) =>
        Promise.all([
          purgeExpiredSessions(database.db, now),
          purgeExpiredStaffSessions(database.db, now),
          purgeRateLimits(database.db, new Date(now.getTime() - 86_400_000)),
          // Back-offs whose last failure is older than their reset (a day): a week's margin.
          purgeBackoffs(database.db, new Date(now.getTime() - 7 * 86_400_000)),
          purgeExpiredResetTokens(database.db, now),
          purgeExpiredSocialFlows(database.db, now),
          // Anonymous bags untouched for 30 days.
          sweepAbandonedBags(database.db, now),
          // Newsletter sign-ups whose confirmation link expired unused.
          purgeUnconfirmedSubscriptions(database.db, now),
          // Job applications and their CVs past applicationRetentionMonths, each purge in the audit log.
          purgeExpiredApplications(database.db, { now }).then((purged) => {
            if (purged) log.info("job applications purged", { applications: purged });
          }),
          // What shoppers looked for, counted per day: 90 days kept (issue 39).
          pruneSearchQueries(database.db, now),
          refreshStatistics(database.db),
        ]),
    },
    {
      // The wishlist's price-drop e-mails: each reduction of a saved piece announced once (issue 41).
      name: "wishlist-price-drops",
      periodMs: 15 * 60_000,
      run: (now) => sendPriceDropAlerts(database.db, { origin: env.PUBLIC_URL }, now),
    },
    {
      // Pick-up orders uncollected 10 days after they were ready: cancelled, refunded, their pieces back on the shelf (issue 41).
      name: "uncollected-orders",
      periodMs: 15 * 60_000,
      run: (now) => cancelUncollectedOrders(database.db, paymentProvider(env), now),
    },
    {
      // Unpaid orders past their 30-minute hold give their stock back within a minute (each
      // cancellation is also a compare-and-set); refunds the provider could not make at once (a
      // late payment's, a return's) are retried on the same beat.
      name: "order-sweep",
      periodMs: 60_000,
      run: () => {
        const provider = paymentProvider(env);
        return Promise.all([
          sweepExpiredOrders(database.db),
          retryPendingRefunds(database.db, provider),
          issuePendingRefunds(database.db, provider),
          // Scheduled products whose time has come: dated in the sitemaps, and every cache renewed.
          publishDueProducts(database.db),
          // Scheduled sales starting or ending: prices through the price history, every cache renewed.
          applyDueSales(database.db),
        ]);
      },
    },
  ]);
  scheduler.start();
  // Sends the mail outbox (app/modules/mail/): polls, and services wake it after an enqueue.
  const mailWorker = createMailWorker(database.db, getMailer(env));
  mailWorker.start();
  // Makes uploaded images' variants (app/modules/media/): polls, and services wake it after an upload.
  const mediaWorker = createMediaWorker(database.db, getMediaStorage(env));
  mediaWorker.start();
  // Checks and runs catalogue imports (app/modules/catalog/catalog-import-jobs.server.ts): one at a
  // time for the shop, whichever process holds the lease; a job a dead process held is taken again.
  const importWorker = createImportWorker(database.db, getMediaStorage(env));
  importWorker.start();

  // In production the build is an object, so React Router derives its route table once; a
  // function (development) makes it re-derive the table on every request, for hot reloads.
  const build = env.NODE_ENV === "production" ? await import("virtual:react-router/server-build") : () => import("virtual:react-router/server-build");
  const loadContext = ({ cspNonce, clientIp, pageCache = null }: { cspNonce: string; clientIp: string; pageCache?: PageCacheCandidate | null }) => {
    const context = new RouterContextProvider();
    context.set(appContext, { db: database.db, env, cspNonce, clientIp, pageCache });
    return context;
  };
  const publicUrls = [env.PUBLIC_URL, env.IT_SHOP_HOST, env.EU_SHOP_HOST];
  const schemes = schemesByHost(publicUrls);
  const pageCache =
    env.NODE_ENV === "production" && env.PAGE_CACHE_MB > 0
      ? createPageCache({ db: database.db, urlOf: (req) => requestUrl(req, schemes), csp: contentSecurityPolicyFor(env), maxBytes: env.PAGE_CACHE_MB * 1024 * 1024 })
      : null;
  const handler = createExpressHandler({
    build,
    publicUrls,
    pageCache,
    getLoadContext: (req, res) =>
      loadContext({ cspNonce: String(res.locals.cspNonce ?? ""), clientIp: req.ip ?? "unknown", pageCache: (res.locals.pageCache as PageCacheCandidate | undefined) ?? null }),
  });
  const fetchHandler = createFetchHandler(build, env.NODE_ENV);

  return {
    handler,
    pageCache: pageCache ? pageCache.lookup : (_req, _res, next) => next(),
    fetch: (request, { clientIp = "unknown", cspNonce = "" } = {}) => fetchHandler(request, loadContext({ cspNonce, clientIp })),
    database,
    async health() {
      return { ok: await pingDatabase(database.db), database: database.kind };
    },
    async ready() {
      const reachable = await pingDatabase(database.db);
      const pending = reachable ? await pendingMigrations(database.db).catch(() => ["(unknown)"]) : [];
      const media = await mediaStorageWritable(getMediaStorage(env));
      return { ok: reachable && pending.length === 0 && media, database: reachable, pendingMigrations: pending, media };
    },
    requestMetrics,
    metrics: env.METRICS_TOKEN || env.METRICS_ALLOW.length ? metricsEndpoint({ token: env.METRICS_TOKEN, allow: env.METRICS_ALLOW }) : null,
    async atelierSetupUrl() {
      const token = await createSetupToken(database.db);
      return token ? absoluteUrl(env.PUBLIC_URL, `/atelier/setup?token=${token}`) : null;
    },
    async close() {
      await scheduler.stop();
      await mailWorker.stop();
      await mediaWorker.stop();
      await importWorker.stop();
      await database.close();
    },
  };
}

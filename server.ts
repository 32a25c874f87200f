// The HTTP half of Bottega: Express, compression, static files, security headers, health,
// request logs and graceful shutdown. The application half (routes, database) lives in
// app/server/app.server.ts and is built into the React Router server bundle.
import cluster from "node:cluster";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import type { App } from "./app/server/app.server";
import {
  boundedBodies,
  plainTextErrors,
  readableBodies,
  requireCleanUrl,
  requireValidHost,
  sameOriginPosts,
  shopOrigins,
} from "./app/server/http-guards.server";
import { contentSecurityPolicyFor, nonceSource } from "./app/server/content-security-policy.server";
import { answerMetricsCollection, superviseWorkers, workerCount } from "./app/server/cluster.server";
import { createFormProof } from "./app/server/form-proof.server";
import { createHttpServer } from "./app/server/http-server.server";
import { getEnv, usesDevelopmentSecret } from "./app/utils/env.server";
import { log } from "./app/utils/log.server";
import { requestIdFrom, runInRequest } from "./app/utils/request-scope.server";
import { publicUrlIsHttps } from "./app/utils/public-url";

const env = getEnv();
if (usesDevelopmentSecret(env)) {
  console.warn(
    "\n\x1b[33m⚠  SESSION_SECRET is not set: using the public development default, so sessions are NOT secure.\n" +
      "   Set SESSION_SECRET to a long random string before deploying.\x1b[0m\n",
  );
}
const isProduction = env.NODE_ENV === "production";
if (isProduction && !process.env.UV_THREADPOOL_SIZE) {
  // Too late to set here (scripts/thread-pool.mjs says why): password checks then share 4 threads with compression.
  log.warn("UV_THREADPOOL_SIZE is not set: start with `npm start`, or set UV_THREADPOOL_SIZE=8 in the service's environment");
}
if (isProduction && env.PAYMENT_PROVIDER === "sandbox" && !usesDevelopmentSecret(env)) {
  console.warn("\n\x1b[33m⚠  PAYMENT_PROVIDER=sandbox: orders are \"paid\" on the shop's test page and no money is taken.\x1b[0m\n");
}
const here = path.dirname(fileURLToPath(import.meta.url));

// Every response's policy, with this response's nonce; a cached page sends its own (page-cache.server.ts).
const contentSecurityPolicy = contentSecurityPolicyFor(env);

function securityHeaders(req: Request, res: Response, next: NextFunction) {
  const nonce = randomBytes(16).toString("base64");
  res.locals.cspNonce = nonce;
  res.setHeader("Content-Security-Policy", contentSecurityPolicy({ script: [nonceSource(nonce)], style: [nonceSource(nonce)] }));
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader("X-Frame-Options", "DENY");
  res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(self)");
  res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
  if (isProduction && publicUrlIsHttps(env.PUBLIC_URL)) {
    res.setHeader("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  }
  next();
}

// Everything the request causes runs in its scope, so every log line carries its id; the
// response says the id too, for a shopper's or a proxy's report to find the lines.
function requestScope(req: Request, res: Response, next: NextFunction) {
  const id = requestIdFrom(req.headers["x-request-id"]);
  res.setHeader("X-Request-Id", id);
  runInRequest({ id }, next);
}

function requestLog(req: Request, res: Response, next: NextFunction) {
  const started = process.hrtime.bigint();
  res.on("finish", () => {
    const ms = Number((process.hrtime.bigint() - started) / 1000n) / 1000;
    const fields = {
      method: req.method,
      path: req.originalUrl,
      status: res.statusCode,
      ms,
      bytes: Number(res.getHeader("Content-Length") ?? 0) || undefined,
      ip: req.ip,
    };
    log.info("request", fields);
    if (env.SLOW_REQUEST_MS > 0 && ms > env.SLOW_REQUEST_MS) log.warn("slow request", { ...fields, thresholdMs: env.SLOW_REQUEST_MS });
  });
  next();
}

let stopping = false;

async function main() {
  const server = express();
  server.disable("x-powered-by");
  // Behind one reverse proxy in production; X-Forwarded-For from anyone else is ignored.
  server.set("trust proxy", process.env.TRUST_PROXY ?? "loopback");
  // The application half first: the page cache it holds answers before compression.
  const viteDevServer = isProduction ? undefined : await (await import("vite")).createServer({ server: { middlewareMode: true }, appType: "custom" });
  const appModule = viteDevServer
    ? ((await viteDevServer.ssrLoadModule("./app/server/app.server.ts")) as { createApp(): Promise<App> })
    : ((await import(path.join(here, "server/index.js"))) as { createApp(): Promise<App> });
  const app = await appModule.createApp();

  server.use(requestScope);
  server.use(app.requestMetrics);
  server.use(requestLog);
  server.use(securityHeaders);
  // Health and metrics come before the Host check: a balancer's or Prometheus's probe names the
  // process's own address (127.0.0.1:3000, a pod's IP), not the shop's host.
  // Alive: the process answers (a supervisor restarts it when not). It does not ask the database:
  // a database that is away is no reason to restart every process.
  server.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok", database: app.database.kind });
  });
  // Ready for traffic: the database answers, the schema is this code's, and the process is not
  // shutting down (a balancer's health check then takes it out before it stops listening).
  server.get("/readyz", async (_req, res) => {
    const readiness = stopping ? { ok: false, database: true, pendingMigrations: [], media: true } : await app.ready();
    res
      .status(readiness.ok ? 200 : 503)
      .set("Cache-Control", "no-store")
      .json({ status: readiness.ok ? "ready" : stopping ? "stopping" : "unavailable", database: readiness.database, pendingMigrations: readiness.pendingMigrations, media: readiness.media });
  });
  if (app.metrics) server.get("/metrics", app.metrics);
  server.use(requireValidHost);
  server.use(requireCleanUrl);
  // Anonymous pages from memory, already compressed (docs/decisions/028); other requests go on.
  // A client that sends no Fetch Metadata (a text browser) gets a form proof with its pages
  // (docs/decisions/036): never a shared page from the cache.
  const formProof = createFormProof({ secret: env.SESSION_SECRET, secure: publicUrlIsHttps(env.PUBLIC_URL) });
  server.use(formProof.pages);
  server.use(app.pageCache);
  // Brotli quality 3 rather than the package's 4: measured on the shop's pages (docs/performance.md)
  // it costs a third less server time per page for about 5 % more bytes, still fewer than gzip's.
  // A 256 KiB window rather than zlib's 4 MiB: each response gets a new encoder, and preparing the
  // large window cost more CPU than compressing a page; no page is that large, so the bytes stay
  // the same (docs/decisions/026). A page the page cache sends (X-Cache) comes compressed already,
  // with an ETag per coding.
  server.use(
    compression({
      brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 3, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 } },
      filter: (req, res) => !res.getHeader("X-Cache") && compression.filter(req, res),
    }),
  );
  server.use(sameOriginPosts(shopOrigins([env.PUBLIC_URL, env.IT_SHOP_HOST, env.EU_SHOP_HOST], { development: !isProduction }), { formProof }));

  if (viteDevServer) server.use(viteDevServer.middlewares);
  else {
    // Fingerprinted build assets never change; everything else in public/ may.
    server.use("/assets", express.static(path.join(here, "client/assets"), { immutable: true, maxAge: "1y", index: false }));
    server.use(express.static(path.join(here, "client"), { maxAge: "1h", index: false }));
  }

  // Bodies are read (bounded) only now, past static files and health, for the app's routes.
  server.all("/{*path}", boundedBodies, readableBodies, app.handler);
  server.use(plainTextErrors);

  const http = createHttpServer(server);
  const listener = http.server.listen(env.PORT, () => {
    const address = listener.address();
    const port = typeof address === "object" && address ? address.port : env.PORT;
    log.info("listening", { url: `http://localhost:${port}`, database: app.database.kind, mode: env.NODE_ENV });
    // Atelier's first owner: a one-time link while nobody has access (each process prints its own;
    // the first one used closes them all).
    app
      .atelierSetupUrl()
      .then((url) => {
        if (url) console.log(`\nAtelier: no staff yet. Open ${url} within 30 minutes to create the owner.\n`);
      })
      .catch((error: Error) => log.warn("atelier setup link failed", { error: error.message }));
  });

  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info("shutting down", { signal, drainMs: env.SHUTDOWN_DRAIN_MS });
    // /readyz answers 503 from now; behind a balancer the process keeps serving for
    // SHUTDOWN_DRAIN_MS, long enough for the health check to take it out. Then it stops
    // accepting, answers every request already received, and closes the database. A connection
    // that stays silent is ended by the headers timeout (15 s), well before the forced exit.
    setTimeout(() => {
      log.warn("forced exit after 30 s");
      process.exit(1);
    }, 30_000 + env.SHUTDOWN_DRAIN_MS).unref();
    const drained = new Promise((resolve) => setTimeout(resolve, env.SHUTDOWN_DRAIN_MS));
    drained.then(() => http.stop()).then(async () => {
      await app.close();
      log.info("stopped");
      process.exit(0);
    });
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

// WEB_CONCURRENCY processes: this one supervises them (cluster.server.ts); a worker, or the
// only process, serves.
const workers = workerCount(env);
if (cluster.isPrimary && workers > 1) superviseWorkers(workers, { drainMs: env.SHUTDOWN_DRAIN_MS });
else {
  answerMetricsCollection();
  main().catch((error: Error) => {
    log.error("failed to start", { error: error.message, stack: error.stack });
    process.exit(1);
  });
}

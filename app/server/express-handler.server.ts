// React Router behind Express: what @react-router/express's createRequestHandler does, with
// two differences. A body the HTTP layer already read and bounded (req.body, a Buffer; see
// http-guards.server.ts) is handed over from memory, since the request stream is consumed;
// only uploads still stream. The answer's body goes out in batches (see writeBody). A 503 (the
// database is unreachable) says when to retry and is never cached. And a request for one of the
// shop's configured hosts gets that host's scheme (see toFetchRequest).
import { createReadableStreamFromReadable } from "@react-router/node";
import type { Request as ExpressRequest, Response as ExpressResponse, RequestHandler } from "express";
import { type RouterContextProvider, type ServerBuild, createRequestHandler } from "react-router";
import { type PageFormProof, withFormProof } from "./form-proof.server";
import type { PageCache } from "./page-cache.server";

export interface ExpressHandlerOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode?: string;
  getLoadContext(req: ExpressRequest, res: ExpressResponse): RouterContextProvider;
  /** The shop's public URLs (PUBLIC_URL and the shop hosts): their scheme is the authority for their host. */
  publicUrls?: readonly string[];
  /** Keeps anonymous pages (page-cache.server.ts); its `lookup` runs earlier, in server.ts. */
  pageCache?: PageCache | null;
}

/** Host ("shop.example", "shop.example:8443") → scheme ("https:") of each configured public URL. */
export function schemesByHost(urls: readonly string[]): Map<string, string> {
  const schemes = new Map<string, string>();
  for (const value of urls) {
    try {
      const url = new URL(value);
      if ((url.protocol === "http:" || url.protocol === "https:") && !schemes.has(url.host)) schemes.set(url.host, url.protocol);
    } catch {
      // Not a URL: env.server.ts refuses it at start; nothing to learn from it here.
    }
  }
  return schemes;
}

export function createExpressHandler({ build, mode = process.env.NODE_ENV, getLoadContext, publicUrls = [], pageCache = null }: ExpressHandlerOptions): RequestHandler {
  const handleRequest = createRequestHandler(build, mode);
  const schemes = schemesByHost(publicUrls);
  return async (req, res, next) => {
    try {
      const request = toFetchRequest(req, res, schemes);
      const response = await handleRequest(request, getLoadContext(req, res));
      // A page rendered for the page cache is kept and sent from there.
      const unsent = pageCache ? await pageCache.store(req, res, response) : response;
      // A client that posts without Origin gets its proof in every form (form-proof.server.ts).
      const formProof = res.locals.formProof as PageFormProof | undefined;
      if (unsent) await sendResponse(res, formProof ? withFormProof(unsent, formProof) : unsent);
    } catch (error) {
      next(error);
    }
  };
}

/** The URL React Router sees for a request (the page cache keys pages by it too). */
export function requestUrl(req: ExpressRequest, schemes: ReadonlyMap<string, string>): URL {
  // As @react-router/express 7.18.4 builds it, but behind a trusted proxy that names the host
  // (X-Forwarded-Host) only that header's port counts: the Host's is the proxy's upstream port.
  const forwardedHost = req.app.enabled("trust proxy") ? req.get("X-Forwarded-Host") : undefined;
  const [, forwardedPort] = forwardedHost?.split(":") ?? [];
  const [, hostPort] = forwardedHost ? [] : (req.get("Host")?.split(":") ?? []);
  const port = [forwardedPort, hostPort].map((value) => Number.parseInt(value ?? "", 10)).find((value) => value > 0 && value < 65_536);
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || "localhost";
  const url = new URL(`${req.protocol}://${hostname}${port ? `:${port}` : ""}${req.originalUrl}`);
  // Behind a TLS proxy that sends no X-Forwarded-Proto, a page of https://shop.example arrives
  // as http://shop.example, and React Router's own origin check refuses its form posts (400).
  // The host is one the shop is configured for: its public URL says the scheme. A client that
  // names that host over plain HTTP only gets the https URLs the shop would write anyway.
  const scheme = schemes.get(url.host);
  if (scheme && url.protocol !== scheme) url.protocol = scheme;
  return url;
}

function toFetchRequest(req: ExpressRequest, res: ExpressResponse, schemes: ReadonlyMap<string, string>): Request {
  const url = requestUrl(req, schemes);
  const controller = new AbortController();
  let answered = false;
  res.on("finish", () => {
    answered = true;
  });
  res.on("close", () => {
    if (!answered) controller.abort();
  });

  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    if (Buffer.isBuffer(req.body)) init.body = new Uint8Array(req.body);
    else if (req.readableEnded) init.body = null;
    else {
      init.body = createReadableStreamFromReadable(req);
      init.duplex = "half";
    }
  }
  return new Request(url.href, init);
}

async function sendResponse(res: ExpressResponse, response: Response) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  // Appended (Set-Cookie comes several times), but a value server.ts already set is not repeated
  // (a route's own X-Content-Type-Options: nosniff would read "nosniff, nosniff").
  for (const [name, value] of response.headers.entries()) if (res.getHeader(name) !== value) res.append(name, value);
  if (response.status === 503) res.set({ "Retry-After": "5", "Cache-Control": "no-store" });
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeBody(response.body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}

/** A batch is sent once it reaches this size, even while more is ready. */
const MAX_BATCH_BYTES = 256 * 1024;

/** Resolves true when `pending` settles before the event loop's next turn, false otherwise. */
function settlesNow(pending: Promise<unknown>): Promise<boolean> {
  return Promise.race([
    pending.then(
      () => true,
      () => true,
    ),
    new Promise<boolean>((resolve) => setImmediate(resolve, false)),
  ]);
}

/**
 * Writes a response body, sending what is ready as one batch and flushing the compressor only
 * when the body has to wait for more (a streamed Suspense boundary, say). React renders a page
 * in ≈ 2 KB chunks; @react-router/node writes and flushes each one, and each flush makes the
 * compressor emit a block: on a 120 KB listing that cost more than rendering its product cards.
 */
async function writeBody(body: ReadableStream<Uint8Array>, res: ExpressResponse & { flush?: () => void }): Promise<void> {
  const reader = body.getReader();
  const batch: Uint8Array[] = [];
  let batchBytes = 0;
  let closed = false;
  const onClose = () => {
    closed = true;
  };
  res.once("close", onClose);
  const send = async () => {
    if (!batchBytes) return;
    const chunk = batch.length === 1 ? batch[0] : Buffer.concat(batch, batchBytes);
    batch.length = 0;
    batchBytes = 0;
    const canContinue = res.write(chunk);
    res.flush?.();
    if (!canContinue && !closed) {
      await new Promise<void>((resolve) => {
        const done = () => {
          res.off("drain", done);
          res.off("close", done);
          resolve();
        };
        res.on("drain", done);
        res.on("close", done);
      });
    }
  };
  try {
    for (;;) {
      const next = reader.read();
      if (batchBytes && (batchBytes >= MAX_BATCH_BYTES || !(await settlesNow(next)))) await send();
      const { done, value } = await next;
      if (closed) {
        await reader.cancel().catch(() => {});
        return;
      }
      if (done) break;
      batch.push(value);
      batchBytes += value.byteLength;
    }
    await send();
    res.end();
  } catch (error) {
    await reader.cancel(error).catch(() => {});
    if (!res.destroyed) res.destroy(error instanceof Error ? error : new Error(String(error)));
    throw error;
  } finally {
    res.off("close", onClose);
  }
}

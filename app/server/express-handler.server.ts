// React Router behind Express: what @react-router/express's createRequestHandler does, with
// two differences. A body the HTTP layer already read and bounded (req.body, a Buffer; see
// http-guards.server.ts) is handed over from memory, since the request stream is consumed;
// only uploads still stream. And a 503 (the database is unreachable) says when to retry and is
// never cached.
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import type { Request as ExpressRequest, Response as ExpressResponse, RequestHandler } from "express";
import { type RouterContextProvider, type ServerBuild, createRequestHandler } from "react-router";

export interface ExpressHandlerOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode?: string;
  getLoadContext(req: ExpressRequest, res: ExpressResponse): RouterContextProvider;
}

export function createExpressHandler({ build, mode = process.env.NODE_ENV, getLoadContext }: ExpressHandlerOptions): RequestHandler {
  const handleRequest = createRequestHandler(build, mode);
  return async (req, res, next) => {
    try {
      const request = toFetchRequest(req, res);
      const response = await handleRequest(request, getLoadContext(req, res));
      await sendResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}

function toFetchRequest(req: ExpressRequest, res: ExpressResponse): Request {
  // As @react-router/express 7.18.4 builds it (X-Forwarded-Host's port when behind a trusted proxy).
  const [, forwardedPort] = req.app.enabled("trust proxy") ? (req.get("X-Forwarded-Host")?.split(":") ?? []) : [];
  const [, hostPort] = req.get("Host")?.split(":") ?? [];
  const port = [forwardedPort, hostPort].map((value) => Number.parseInt(value ?? "", 10)).find(Number.isSafeInteger);
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || "localhost";
  const url = new URL(`${req.protocol}://${hostname}${port ? `:${port}` : ""}${req.originalUrl}`);

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
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  if (response.status === 503) res.set({ "Retry-After": "5", "Cache-Control": "no-store" });
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}

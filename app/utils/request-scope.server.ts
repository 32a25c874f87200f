import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";

/** What every log line and the request metrics know about the request being answered. */
export interface RequestScope {
  /** The X-Request-Id the response carries: the proxy's when it sent a sane one, else a new UUID. */
  readonly id: string;
  /** The route pattern React Router matched ("en?/products/*"), once the root middleware ran. */
  routePattern?: string;
}

// server.ts is bundled apart from the application (scripts/build-server.mjs), so this module
// exists twice in a production process: the store lives on globalThis so that both copies, and
// the logs each writes, read the same request.
const KEY = Symbol.for("bottega.requestScope");
const holder = globalThis as typeof globalThis & { [KEY]?: AsyncLocalStorage<RequestScope> };
const storage = (holder[KEY] ??= new AsyncLocalStorage<RequestScope>());

/** The request being answered, or undefined outside one (start-up, sweeps, workers). */
export function currentRequest(): RequestScope | undefined {
  return storage.getStore();
}

/** Runs `fn` (and everything it starts) as the given request. */
export function runInRequest<T>(scope: RequestScope, fn: () => T): T {
  return storage.run(scope, fn);
}

// An id from the proxy in front is kept so its log and ours join; anything else (too long, odd
// characters that would reach log lines and headers) is replaced.
const SANE_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** The request's id: the incoming X-Request-Id when it is sane, else a new one. */
export function requestIdFrom(incoming: string | string[] | undefined): string {
  const value = Array.isArray(incoming) ? incoming[0] : incoming;
  return value && SANE_ID.test(value) ? value : randomUUID();
}

import type { Kysely } from "kysely";
import { createContext } from "react-router";
import type { Database } from "~/db/schema";
import type { Env } from "~/utils/env.server";
import type { PageCacheCandidate } from "./page-cache.server";

/** What the HTTP server hands to every request: set once in getLoadContext. */
export interface AppContext {
  db: Kysely<Database>;
  env: Env;
  /** The per-request Content-Security-Policy nonce for scripts. */
  cspNonce: string;
  /** The client address as Express resolved it (trust-proxy aware), for rate limits and logs. */
  clientIp: string;
  /**
   * Set when the page cache may keep this request's page (a shopper without a session, see
   * page-cache.server.ts): entry.server.tsx renders the whole document and says whether the
   * route allows keeping it.
   */
  pageCache?: PageCacheCandidate | null;
}

export const appContext = createContext<AppContext>();

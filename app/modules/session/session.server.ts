import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { type Cookie, createCookie } from "react-router";
import type { Database, SessionRow } from "~/db/schema";
import {
  deleteExpiredSessions,
  deleteSession,
  findSession,
  insertSession,
  renameSession,
  updateSession,
} from "./session.repository.server";

export const SESSION_ABSOLUTE_TTL_MS = 30 * 86_400_000;
export const SESSION_IDLE_TTL_MS = 7 * 86_400_000;
/** last_seen_at is refreshed at most this often, so reading pages does not write on every request. */
const TOUCH_INTERVAL_MS = 5 * 60_000;

export type FlashKind = "success" | "warning" | "error";
/** A one-time notice, stored as a translation key so it renders in the shopper's language. */
export interface FlashNotice {
  kind: FlashKind;
  key: string;
}

export function createSessionCookie(secret: string, secure: boolean): Cookie {
  return createCookie("__session", {
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/",
    secrets: [secret],
    maxAge: SESSION_ABSOLUTE_TTL_MS / 1000,
  });
}

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
const newToken = () => randomBytes(32).toString("base64url");

/**
 * The shopper's server-side session for one request. The cookie holds only a random token; the
 * row (keyed by the token's hash) holds everything else, so deleting the row revokes it.
 * A row is created only when something needs storing: browsing creates no sessions.
 */
export class Session {
  private row: SessionRow | null;
  private token: string | null;
  /** What the response must do with the cookie. */
  cookieChange: "set" | "clear" | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    row: SessionRow | null,
    token: string | null,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.row = row;
    this.token = token;
  }

  get exists(): boolean {
    return this.row !== null;
  }
  get userId(): number | null {
    return this.row?.user_id ?? null;
  }
  get cartId(): number | null {
    return this.row?.cart_id ?? null;
  }
  get isGuest(): boolean {
    return this.row?.is_guest === 1;
  }
  /** The cookie value to send (the raw token), when one must be set. */
  get cookieToken(): string | null {
    return this.token;
  }

  /** Creates the row on first need. */
  async ensure(): Promise<SessionRow> {
    if (this.row) return this.row;
    const now = this.now();
    const token = newToken();
    const row: SessionRow = {
      id: hashToken(token),
      user_id: null,
      cart_id: null,
      is_guest: 0,
      flash: null,
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      expires_at: new Date(now.getTime() + SESSION_ABSOLUTE_TTL_MS).toISOString(),
    };
    await insertSession(this.db, row);
    this.row = row;
    this.token = token;
    this.cookieChange = "set";
    return row;
  }

  async addFlash(notice: FlashNotice): Promise<void> {
    const row = await this.ensure();
    const flash = [...parseFlash(row.flash), notice];
    row.flash = JSON.stringify(flash);
    await updateSession(this.db, row.id, { flash: row.flash });
  }

  /** Returns and clears pending notices. */
  async takeFlash(): Promise<FlashNotice[]> {
    if (!this.row?.flash) return [];
    const notices = parseFlash(this.row.flash);
    this.row.flash = null;
    await updateSession(this.db, this.row.id, { flash: null });
    return notices;
  }

  async set(changes: Partial<Pick<SessionRow, "user_id" | "cart_id" | "is_guest">>): Promise<void> {
    const row = await this.ensure();
    Object.assign(row, changes);
    await updateSession(this.db, row.id, changes);
  }

  /** Gives the session a fresh id and cookie, keeping its contents (on login). */
  async rotate(): Promise<void> {
    const row = await this.ensure();
    const token = newToken();
    const id = hashToken(token);
    await renameSession(this.db, row.id, id, this.now().toISOString());
    row.id = id;
    this.token = token;
    this.cookieChange = "set";
  }

  async destroy(): Promise<void> {
    if (this.row) await deleteSession(this.db, this.row.id);
    this.row = null;
    this.token = null;
    this.cookieChange = "clear";
  }
}

function parseFlash(value: string | null): FlashNotice[] {
  if (!value) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? (parsed as FlashNotice[]) : [];
  } catch {
    return [];
  }
}

/** Loads the session a request's cookie points to; an unknown, expired or idle one is ignored. */
export async function loadSession(
  db: Kysely<Database>,
  cookie: Cookie,
  cookieHeader: string | null,
  now: Date = new Date(),
): Promise<Session> {
  const clock = () => now;
  const token: unknown = await cookie.parse(cookieHeader);
  if (typeof token !== "string" || token.length < 20) return new Session(db, null, null, clock);
  const row = await findSession(db, hashToken(token));
  if (!row) return withStaleCookie(new Session(db, null, null, clock));
  const idle = now.getTime() - Date.parse(row.last_seen_at) > SESSION_IDLE_TTL_MS;
  if (idle || Date.parse(row.expires_at) <= now.getTime()) {
    await deleteSession(db, row.id);
    return withStaleCookie(new Session(db, null, null, clock));
  }
  if (now.getTime() - Date.parse(row.last_seen_at) > TOUCH_INTERVAL_MS) {
    row.last_seen_at = now.toISOString();
    await updateSession(db, row.id, { last_seen_at: row.last_seen_at });
  }
  return new Session(db, row, token, clock);
}

function withStaleCookie(session: Session): Session {
  session.cookieChange = "clear";
  return session;
}

export function purgeExpiredSessions(db: Kysely<Database>, now = new Date()): Promise<number> {
  return deleteExpiredSessions(db, now.toISOString(), new Date(now.getTime() - SESSION_IDLE_TTL_MS).toISOString());
}

/** The Set-Cookie header a response needs after this request, if any. */
export async function commitSessionCookie(session: Session, cookie: Cookie): Promise<string | null> {
  if (session.cookieChange === "set" && session.cookieToken) return cookie.serialize(session.cookieToken);
  if (session.cookieChange === "clear") return cookie.serialize("", { maxAge: 0 });
  return null;
}

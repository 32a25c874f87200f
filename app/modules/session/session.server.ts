import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { type Cookie, createCookie } from "react-router";
import type { Database, SessionRow } from "~/db/schema";
import {
  claimSessionCart,
  deleteExpiredSessions,
  deleteGuestSessions,
  deleteSession,
  deleteUserSessions,
  findSession,
  insertSession,
  listUserSessions,
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
  /** Values the text interpolates (the products a reorder could not add). */
  values?: Record<string, string>;
}

/** At most this many notices wait at once (a flash cookie stays far below the 4 KB cookie limit). */
const MAX_FLASH = 5;
const FLASH_KINDS: readonly FlashKind[] = ["success", "warning", "error"];

/**
 * Notices for a shopper without a session row travel in a signed cookie of their own: a notice
 * must not create a database session (a public form posted in a loop would fill the table).
 */
export function createFlashCookie(secret: string, secure: boolean): Cookie {
  return createCookie("__flash", { httpOnly: true, sameSite: "lax", secure, path: "/", secrets: [secret], maxAge: 600 });
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
  /** Notices held in the flash cookie (shoppers without a row). */
  private cookieFlash: FlashNotice[] = [];
  /** What the response must do with the flash cookie. */
  flashCookieChange: "set" | "clear" | null = null;

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
  /** The row's key (the token's hash), to spare this session when ending a user's others. */
  get id(): string | null {
    return this.row?.id ?? null;
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
  /** The email a guest gave at checkout. */
  get guestEmail(): string | null {
    return this.row?.guest_email ?? null;
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
      guest_email: null,
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

  /** Notices the flash cookie brought (see createFlashCookie). */
  receiveFlashCookie(value: unknown): void {
    this.cookieFlash = parseFlashList(value);
  }

  /** The flash cookie's value to send, when it must be set. */
  get flashCookieValue(): FlashNotice[] {
    return this.cookieFlash;
  }

  /** Queues a notice for the next page: in the session row when there is one, else in the flash cookie. */
  async addFlash(notice: FlashNotice): Promise<void> {
    if (!this.row) {
      this.cookieFlash = [...this.cookieFlash, notice].slice(-MAX_FLASH);
      this.flashCookieChange = "set";
      return;
    }
    const flash = [...parseFlash(this.row.flash), notice].slice(-MAX_FLASH);
    this.row.flash = JSON.stringify(flash);
    await updateSession(this.db, this.row.id, { flash: this.row.flash });
  }

  /** Returns and clears pending notices (from the row and from the flash cookie). */
  async takeFlash(): Promise<FlashNotice[]> {
    const notices = [...this.cookieFlash];
    if (this.cookieFlash.length || this.flashCookieChange === "set") {
      this.cookieFlash = [];
      this.flashCookieChange = "clear";
    }
    if (this.row?.flash) {
      notices.push(...parseFlash(this.row.flash));
      this.row.flash = null;
      await updateSession(this.db, this.row.id, { flash: null });
    }
    return notices;
  }

  async set(changes: Partial<Pick<SessionRow, "user_id" | "cart_id" | "is_guest" | "guest_email">>): Promise<void> {
    const row = await this.ensure();
    Object.assign(row, changes);
    await updateSession(this.db, row.id, changes);
  }

  /**
   * Points the session at a new bag unless another request got there first: a compare-and-set on
   * the row, so two first adds at the same moment cannot each leave a bag behind. Returns the bag
   * the session holds afterwards: `bagId` when it won, the other request's bag when it lost.
   */
  async claimCart(bagId: number, expected: number | null): Promise<number> {
    const row = await this.ensure();
    if (await claimSessionCart(this.db, row.id, bagId, expected)) {
      row.cart_id = bagId;
      return bagId;
    }
    const current = await findSession(this.db, row.id);
    row.cart_id = current?.cart_id ?? null;
    return row.cart_id ?? bagId;
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

  /**
   * Signs a user in (or a guest identity): a fresh id and cookie at every change of privilege, so
   * an id planted in the shopper's browser before login is worthless after it.
   */
  async signIn(changes: Pick<SessionRow, "user_id" | "cart_id" | "is_guest"> & { guest_email?: string | null }): Promise<void> {
    if (this.row) await this.rotate();
    await this.set(changes);
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
    return parseFlashList(JSON.parse(value));
  } catch {
    return [];
  }
}

/** Keeps only well-formed notices: a cookie or a row is data from outside this request. */
function parseFlashList(value: unknown): FlashNotice[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter(
      (item): item is FlashNotice =>
        !!item &&
        typeof item === "object" &&
        FLASH_KINDS.includes((item as FlashNotice).kind) &&
        typeof (item as FlashNotice).key === "string" &&
        /^[\w:.-]{1,100}$/.test((item as FlashNotice).key),
    )
    .slice(-MAX_FLASH)
    .map(({ kind, key, values }) => (isFlashValues(values) ? { kind, key, values } : { kind, key }));
}

/** A notice's values: a few short strings (a cookie holds them when the shopper has no row). */
function isFlashValues(value: unknown): value is Record<string, string> {
  if (!value || typeof value !== "object" || Array.isArray(value)) return false;
  const entries = Object.entries(value);
  return entries.length <= 4 && entries.every(([k, v]) => /^\w{1,30}$/.test(k) && typeof v === "string" && v.length <= 600);
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

/** The flash cookie's Set-Cookie header after this request, if any. */
export async function commitFlashCookie(session: Session, cookie: Cookie): Promise<string | null> {
  if (session.flashCookieChange === "set" && session.flashCookieValue.length) return cookie.serialize(session.flashCookieValue);
  if (session.flashCookieChange === "clear") return cookie.serialize("", { maxAge: 0 });
  return null;
}

/** A user's sessions, as a data export shows them, with the bags they hold. */
export async function sessionsOf(db: Kysely<Database>, userId: number) {
  return (await listUserSessions(db, userId)).map((s) => ({ bagId: s.cart_id, createdAt: s.created_at, lastSeenAt: s.last_seen_at, expiresAt: s.expires_at }));
}

/**
 * Ends every session of an account but `exceptId` (a password change keeps the session that made
 * it; a reset and an erasure end them all). How many ended.
 */
export function endSessionsOf(db: Kysely<Database>, userId: number, exceptId: string | null = null): Promise<number> {
  return deleteUserSessions(db, userId, exceptId);
}

/** Ends every guest session that checked out with an address (account deletion). */
export function endGuestSessionsOf(db: Kysely<Database>, email: string): Promise<void> {
  return deleteGuestSessions(db, email);
}

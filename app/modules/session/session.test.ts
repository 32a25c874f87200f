import { createCookie } from "react-router";
import { expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/support/databases";
import {
  SESSION_ABSOLUTE_TTL_MS,
  SESSION_IDLE_TTL_MS,
  commitFlashCookie,
  commitSessionCookie,
  createFlashCookie,
  createSessionCookie,
  loadSession,
  purgeExpiredSessions,
} from "./session.server";

const cookie = createSessionCookie("test-secret-test-secret-test-secret", false);
const flashCookie = createFlashCookie("test-secret-test-secret-test-secret", false);

/** The Cookie request header a browser would send back for a Set-Cookie value. */
const asRequestCookie = (setCookie: string) => setCookie.split(";")[0];

describeEachDatabase("sessions", (ctx) => {
  it("creates no row for a visitor with nothing to store", async () => {
    const session = await loadSession(ctx().db, cookie, null);
    expect(session.exists).toBe(false);
    expect(await commitSessionCookie(session, cookie)).toBeNull();
  });

  it("keeps a notice for a shopper without a session in a signed flash cookie, never in a new row", async () => {
    const { db } = ctx();
    const before = await db.selectFrom("sessions").select("id").execute();
    const session = await loadSession(db, cookie, null);
    await session.addFlash({ kind: "success", key: "country:consent.notice.accepted" });
    expect(await commitSessionCookie(session, cookie)).toBeNull();
    const header = await commitFlashCookie(session, flashCookie);
    expect(header).toMatch(/^__flash=/);
    expect(header).toMatch(/HttpOnly/i);
    expect(await db.selectFrom("sessions").select("id").execute()).toEqual(before);

    // The next page shows it once and clears the cookie.
    const next = await loadSession(db, cookie, null);
    next.receiveFlashCookie(await flashCookie.parse(asRequestCookie(header!)));
    expect(await next.takeFlash()).toEqual([{ kind: "success", key: "country:consent.notice.accepted" }]);
    expect(await commitFlashCookie(next, flashCookie)).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);

    // A forged or malformed flash cookie shows nothing.
    const forged = await createFlashCookie("another-secret", false).serialize([{ kind: "success", key: "x" }]);
    const third = await loadSession(db, cookie, null);
    third.receiveFlashCookie(await flashCookie.parse(asRequestCookie(forged)));
    third.receiveFlashCookie([{ kind: "alert('x')", key: 1 }]);
    expect(await third.takeFlash()).toEqual([]);
  });

  it("keeps only a random token in a signed cookie; the row holds the data", async () => {
    const { db } = ctx();
    const session = await loadSession(db, cookie, null);
    await session.ensure();
    await session.addFlash({ kind: "success", key: "newsletter.success" });
    const header = await commitSessionCookie(session, cookie);
    expect(header).toMatch(/^__session=/);
    expect(header).toMatch(/HttpOnly/i);
    expect(header).toMatch(/SameSite=Lax/i);
    expect(header).not.toContain("newsletter");

    const next = await loadSession(db, cookie, asRequestCookie(header!));
    expect(next.exists).toBe(true);
    expect(await next.takeFlash()).toEqual([{ kind: "success", key: "newsletter.success" }]);
    // Flash notices are shown once.
    const third = await loadSession(db, cookie, asRequestCookie(header!));
    expect(await third.takeFlash()).toEqual([]);
    // The table stores a hash, never the token itself.
    const token = await cookie.parse(asRequestCookie(header!));
    const rows = await db.selectFrom("sessions").select("id").execute();
    expect(rows.map((r) => r.id)).not.toContain(token);
  });

  it("ignores a cookie with a forged signature", async () => {
    const session = await loadSession(ctx().db, cookie, null);
    await session.ensure();
    const header = await commitSessionCookie(session, cookie);
    const token = await cookie.parse(asRequestCookie(header!));
    const forged = await createCookie("__session", { secrets: ["another-secret"] }).serialize(token);
    const loaded = await loadSession(ctx().db, cookie, asRequestCookie(forged));
    expect(loaded.exists).toBe(false);
  });

  it("revokes: a destroyed session's cookie no longer works, and rotation retires the old token", async () => {
    const { db } = ctx();
    const session = await loadSession(db, cookie, null);
    await session.set({ user_id: 42 });
    const oldHeader = asRequestCookie((await commitSessionCookie(session, cookie))!);
    await session.rotate();
    const newHeader = asRequestCookie((await commitSessionCookie(session, cookie))!);
    expect(newHeader).not.toBe(oldHeader);
    expect((await loadSession(db, cookie, oldHeader)).exists).toBe(false);
    const rotated = await loadSession(db, cookie, newHeader);
    expect(rotated.userId).toBe(42);
    await rotated.destroy();
    expect(await commitSessionCookie(rotated, cookie)).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    expect((await loadSession(db, cookie, newHeader)).exists).toBe(false);
  });

  it("expires idle and old sessions, and purges them", async () => {
    const { db } = ctx();
    const start = new Date("2026-01-01T00:00:00Z");
    const session = await loadSession(db, cookie, null, start);
    await session.ensure();
    const header = asRequestCookie((await commitSessionCookie(session, cookie))!);
    const beforeIdle = new Date(start.getTime() + SESSION_IDLE_TTL_MS - 60_000);
    expect((await loadSession(db, cookie, header, beforeIdle)).exists).toBe(true);
    const afterIdle = new Date(beforeIdle.getTime() + SESSION_IDLE_TTL_MS + 60_000);
    const expired = await loadSession(db, cookie, header, afterIdle);
    expect(expired.exists).toBe(false);
    expect(expired.cookieChange).toBe("clear");

    const old = await loadSession(db, cookie, null, start);
    await old.ensure();
    const purged = await purgeExpiredSessions(db, new Date(start.getTime() + SESSION_ABSOLUTE_TTL_MS + 1));
    expect(purged).toBeGreaterThanOrEqual(1);
  });
});

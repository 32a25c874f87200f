import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readMessage, startTestSmtpServer } from "../../../tests/support/mail";
import { describeEachDatabase } from "../../../tests/support/databases";
import type { Database } from "~/db/schema";
import { seedDatabase } from "~/db/seed/seed.server";
import { addToBag, getBag } from "~/modules/bag/bag.service.server";
import { createMailer } from "~/modules/mail/mail.server";
import { createMailWorker } from "~/modules/mail/mail-worker.server";
import { Session } from "~/modules/session/session.server";
import { DomainError, isDomainError } from "~/utils/domain-error";
import { registerSchema } from "./account.schema";
import {
  LOGIN_IP_RATE_LIMIT,
  authenticate,
  changePassword,
  continueAsGuest,
  getAccount,
  isResetTokenLive,
  purgeExpiredResetTokens,
  registerAccount,
  requestPasswordReset,
  resetPassword,
  signIn,
  signOut,
  updateProfile,
} from "./account.service.server";
import { hashParamsFor, hashPassword } from "./password.server";

const code = (error: unknown) => (isDomainError(error) ? error.code : error);
const schema = registerSchema({ minimumAge: 16, today: "2026-11-23" });
const PASSWORD = "una frase lunga e sicura";
let nextIp = 0;
const ip = () => `10.9.${Math.floor(++nextIp / 250)}.${nextIp % 250}`;

const confirmUrl = (token: string) => `https://shop.example/account/confirm-email?token=${token}`;

function registration(email: string, extra: Record<string, unknown> = {}) {
  const value = schema.parse({
    firstName: "Giulia",
    lastName: "Verdi",
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    birthDay: "12",
    birthMonth: "6",
    birthYear: "1991",
    interests: "woman",
    privacy: true,
    ...extra,
  });
  return { ...value, locale: "it" as const, clientIp: ip(), accountUrl: "https://shop.example/account", confirmUrl };
}

const sessionRows = (db: Kysely<Database>, userId: number) => db.selectFrom("sessions").select("id").where("user_id", "=", userId).execute();
const outbox = (db: Kysely<Database>, to: string) => db.selectFrom("mail_outbox").selectAll().where("recipient", "=", to).orderBy("id").execute();

describeEachDatabase("accounts", (ctx) => {
  let sku: string;
  let otherSku: string;
  beforeAll(async () => {
    await seedDatabase(ctx().db);
    const rows = await ctx().db.selectFrom("variants").select("sku").where("stock", ">=", 5).orderBy("id").limit(2).execute();
    [sku, otherSku] = rows.map((r) => r.sku);
  });

  describe("registration", () => {
    it("creates the account with a scrypt hash, queues the welcome e-mail and, when asked, the newsletter sign-up with its confirmation", async () => {
      const { db } = ctx();
      const id = await registerAccount(db, registration("Giulia.Verdi@Example.it", { newsletter: true }));
      expect(id).toEqual(expect.any(Number));
      const row = await db.selectFrom("users").selectAll().where("id", "=", id!).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ email: "Giulia.Verdi@Example.it", email_key: "giulia.verdi@example.it", birth_date: "1991-06-12", interests: "woman", gender: null });
      expect(row.password_hash).toMatch(new RegExp(`^\\$scrypt\\$ln=${hashParamsFor(process.env).ln},r=8,p=1\\$`));
      const [mail] = await outbox(db, "Giulia.Verdi@Example.it");
      expect(mail).toMatchObject({ template: "welcome", locale: "it", subject: "Benvenuto in Bottega, Giulia" });
      // The opt-in is a sign-up like the footer's: pending until its own link confirms it.
      expect(await db.selectFrom("newsletter_subscriptions").select(["source", "status"]).where("email", "=", "giulia.verdi@example.it").executeTakeFirst()).toEqual({ source: "register", status: "pending" });
      expect((await outbox(db, "giulia.verdi@example.it")).map((m) => m.template)).toEqual(["newsletter-confirmation"]);
    });

    it("refuses an address already registered, whatever its case, and a common password", async () => {
      const { db } = ctx();
      const error = await registerAccount(db, registration("GIULIA.verdi@example.IT")).catch((e: unknown) => e);
      expect(code(error)).toBe("EMAIL_TAKEN");
      expect((error as DomainError).field).toBe("email");
      await expect(registerAccount(db, registration("nuova@example.it", { password: "Password1", confirmPassword: "Password1" })).catch(code)).resolves.toBe("COMMON_PASSWORD");
      expect(await db.selectFrom("users").select("id").where("email_key", "=", "nuova@example.it").executeTakeFirst()).toBeUndefined();
    });

    it("makes one account of two registrations of one address at the same moment", async () => {
      const { db } = ctx();
      const results = await Promise.allSettled([registerAccount(db, registration("gemelli@example.it")), registerAccount(db, registration("Gemelli@example.it"))]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      const rejected = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
      expect(code(rejected.reason)).toBe("EMAIL_TAKEN");
    });

    it("stores nothing for a filled honeypot", async () => {
      const { db } = ctx();
      expect(await registerAccount(db, { ...registration("bot@example.it"), honeypot: "https://spam.example" })).toBeNull();
      expect(await db.selectFrom("users").select("id").where("email_key", "=", "bot@example.it").executeTakeFirst()).toBeUndefined();
    });
  });

  describe("login", () => {
    let userId: number;
    beforeAll(async () => {
      userId = (await registerAccount(ctx().db, registration("login@example.it")))!;
    });

    it("accepts the right password (any case of the address) and gives one answer for a wrong password or an unknown address", async () => {
      const { db } = ctx();
      expect(await authenticate(db, { email: "LOGIN@example.it", password: PASSWORD, clientIp: ip() })).toBe(userId);
      const wrong = await authenticate(db, { email: "login@example.it", password: "sbagliata!", clientIp: ip() }).catch((e: unknown) => e);
      const unknown = await authenticate(db, { email: "nessuno@example.it", password: PASSWORD, clientIp: ip() }).catch((e: unknown) => e);
      expect(code(wrong)).toBe("INVALID_CREDENTIALS");
      expect(code(unknown)).toBe("INVALID_CREDENTIALS");
      expect((wrong as DomainError).messageKey).toBe((unknown as DomainError).messageKey);
    });

    it("limits tries per client address, and per account address across clients", async () => {
      const { db } = ctx();
      const now = new Date("2026-11-23T12:00:00.000Z");
      const client = "203.0.113.50";
      // A client that used up its tries (stored as the limiter stores them; no hashing needed here).
      await db
        .insertInto("rate_limits")
        .values({ key: `login:${client}`, window_start: now.toISOString(), hits: LOGIN_IP_RATE_LIMIT.limit })
        .execute();
      const limited = await authenticate(db, { email: "login@example.it", password: PASSWORD, clientIp: client }, now).catch((e: unknown) => e);
      expect(code(limited)).toBe("RATE_LIMITED");
      expect((limited as DomainError).status).toBe(429);
      expect((limited as DomainError).retryAfter).toBeGreaterThan(0);

      await db.insertInto("rate_limits").values({ key: "login-email:limite@example.it", window_start: new Date(Math.floor(now.getTime() / 600_000) * 600_000).toISOString(), hits: 10 }).execute();
      await expect(authenticate(db, { email: "Limite@Example.it", password: PASSWORD, clientIp: "198.51.100.1" }, now).catch(code)).resolves.toBe("RATE_LIMITED");
    });

    it("re-hashes a password stored with weaker parameters once it is known", async () => {
      const { db } = ctx();
      const id = (await registerAccount(db, registration("vecchio@example.it")))!;
      await db.updateTable("users").set({ password_hash: await hashPassword(PASSWORD, { ln: 10, r: 8, p: 1 }) }).where("id", "=", id).execute();
      expect(await authenticate(db, { email: "vecchio@example.it", password: PASSWORD, clientIp: ip() })).toBe(id);
      const row = await db.selectFrom("users").select("password_hash").where("id", "=", id).executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(new RegExp(`^\\$scrypt\\$ln=${hashParamsFor(process.env).ln},`));
    });
  });

  describe("sessions and the bag at login", () => {
    it("rotates the session id, keeps the flash, and merges the anonymous bag into the account's", async () => {
      const { db } = ctx();
      const userId = (await registerAccount(db, registration("borsa@example.it")))!;
      // The account already holds a bag from another device.
      const device = new Session(db, null, null);
      const accountBag = await addToBag(db, { bagId: null, sku, quantity: 1 });
      await device.claimCart(accountBag.bagId, null);
      await signIn(db, device, userId);
      expect(device.cartId).toBe(accountBag.bagId);

      const anonymous = new Session(db, null, null);
      const added = await addToBag(db, { bagId: null, sku, quantity: 2 });
      await anonymous.claimCart(added.bagId, null);
      await addToBag(db, { bagId: added.bagId, sku: otherSku, quantity: 1 });
      const before = anonymous.id;
      await signIn(db, anonymous, userId);

      expect(anonymous.id).not.toBe(before);
      expect(await db.selectFrom("sessions").select("id").where("id", "=", before!).executeTakeFirst()).toBeUndefined();
      expect(anonymous.userId).toBe(userId);
      expect(anonymous.cartId).toBe(accountBag.bagId);
      const bag = await getBag(db, "it", accountBag.bagId);
      expect(bag.lines.map((l) => [l.sku, l.quantity]).sort()).toEqual([[otherSku, 1], [sku, 3]].sort());
      expect(await db.selectFrom("bags").select("id").where("id", "=", added.bagId).executeTakeFirst()).toBeUndefined();
    });

    it("gives the anonymous bag to an account that had none, and leaves another account's bag alone", async () => {
      const { db } = ctx();
      const first = (await registerAccount(db, registration("prima@example.it")))!;
      const second = (await registerAccount(db, registration("seconda@example.it")))!;
      const session = new Session(db, null, null);
      const added = await addToBag(db, { bagId: null, sku, quantity: 1 });
      await session.claimCart(added.bagId, null);
      await signIn(db, session, first);
      expect(session.cartId).toBe(added.bagId);
      expect((await db.selectFrom("bags").select("user_id").where("id", "=", added.bagId).executeTakeFirstOrThrow()).user_id).toBe(first);
      // Signing in as someone else on the same session: the first account keeps its bag.
      await signIn(db, session, second);
      expect(session.cartId).toBeNull();
      expect((await getBag(db, "it", added.bagId)).lines).toHaveLength(1);
    });

    it("logout deletes the session row", async () => {
      const { db } = ctx();
      const userId = (await registerAccount(db, registration("esci@example.it")))!;
      const session = new Session(db, null, null);
      await signIn(db, session, userId);
      expect(await sessionRows(db, userId)).toHaveLength(1);
      await signOut(session);
      expect(await sessionRows(db, userId)).toHaveLength(0);
      expect(session.cookieChange).toBe("clear");
    });
  });

  describe("password reset", () => {
    const resetUrl = (token: string) => `https://shop.example/login/reset?token=${token}`;
    const tokenOf = async (db: Kysely<Database>, to: string) => {
      const mails = await outbox(db, to);
      const last = mails[mails.length - 1];
      return /token=([\w-]+)/.exec(last.text_body)![1];
    };

    it("sends nothing for an unknown address, and a link for a known one", async () => {
      const { db } = ctx();
      await requestPasswordReset(db, { email: "sconosciuto@example.it", locale: "it", clientIp: ip(), resetUrl });
      expect(await outbox(db, "sconosciuto@example.it")).toHaveLength(0);
      await registerAccount(db, registration("reset@example.it"));
      await requestPasswordReset(db, { email: "RESET@example.it", locale: "en", clientIp: ip(), resetUrl });
      const mails = await outbox(db, "reset@example.it");
      expect(mails.map((m) => m.template)).toEqual(["welcome", "password-reset"]);
      expect(mails[1].subject).toBe("Reset your Bottega password");
      const token = await tokenOf(db, "reset@example.it");
      // Only the token's hash is stored.
      expect(await db.selectFrom("password_reset_tokens").select("id").where("token_hash", "=", token).executeTakeFirst()).toBeUndefined();
      expect(await isResetTokenLive(db, token)).toBe(true);
    });

    it("sets the password once per link, ends every session, and refuses the link afterwards or after an hour", async () => {
      const { db } = ctx();
      const userId = (await registerAccount(db, registration("una-volta@example.it")))!;
      const phone = new Session(db, null, null);
      const laptop = new Session(db, null, null);
      await signIn(db, phone, userId);
      await signIn(db, laptop, userId);
      await requestPasswordReset(db, { email: "una-volta@example.it", locale: "it", clientIp: ip(), resetUrl });
      const token = await tokenOf(db, "una-volta@example.it");

      await expect(resetPassword(db, { token, password: "password1" }).catch(code)).resolves.toBe("COMMON_PASSWORD");
      expect(await resetPassword(db, { token, password: "nuova frase segreta" })).toBe(userId);
      expect(await sessionRows(db, userId)).toHaveLength(0);
      await expect(resetPassword(db, { token, password: "un'altra frase ancora" }).catch(code)).resolves.toBe("RESET_TOKEN_INVALID");
      expect(await authenticate(db, { email: "una-volta@example.it", password: "nuova frase segreta", clientIp: ip() })).toBe(userId);

      await requestPasswordReset(db, { email: "una-volta@example.it", locale: "it", clientIp: ip(), resetUrl });
      const late = await tokenOf(db, "una-volta@example.it");
      const inAnHour = new Date(Date.now() + 60 * 60_000 + 1000);
      expect(await isResetTokenLive(db, late, inAnHour)).toBe(false);
      await expect(resetPassword(db, { token: late, password: "nuova frase segreta" }, inAnHour).catch(code)).resolves.toBe("RESET_TOKEN_INVALID");
      await purgeExpiredResetTokens(db, inAnHour);
      // The welcome e-mail's confirmation link lasts a week: only the reset link is gone.
      expect(await db.selectFrom("password_reset_tokens").select("purpose").where("user_id", "=", userId).execute()).toEqual([{ purpose: "email-confirmation" }]);
    });

    it("lets only one of two racing resets with one link through", async () => {
      const { db } = ctx();
      await registerAccount(db, registration("gara@example.it"));
      await requestPasswordReset(db, { email: "gara@example.it", locale: "it", clientIp: ip(), resetUrl });
      const token = await tokenOf(db, "gara@example.it");
      const results = await Promise.allSettled([resetPassword(db, { token, password: "prima frase lunga" }), resetPassword(db, { token, password: "seconda frase lunga" })]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    });
  });

  describe("the account area", () => {
    it("changes the password with the current one, keeping this session and ending the others", async () => {
      const { db } = ctx();
      const userId = (await registerAccount(db, registration("cambio@example.it")))!;
      const here = new Session(db, null, null);
      const elsewhere = new Session(db, null, null);
      await signIn(db, here, userId);
      await signIn(db, elsewhere, userId);
      await expect(changePassword(db, here, { currentPassword: "sbagliata", password: "nuova frase lunga" }).catch(code)).resolves.toBe("WRONG_PASSWORD");
      await changePassword(db, here, { currentPassword: PASSWORD, password: "nuova frase lunga" });
      expect((await sessionRows(db, userId)).map((r) => r.id)).toEqual([here.id]);
    });

    it("edits the profile and refuses another account's address", async () => {
      const { db } = ctx();
      const userId = (await registerAccount(db, registration("profilo@example.it")))!;
      await updateProfile(db, userId, { firstName: "Giulietta", lastName: "Verdi", email: "Profilo.Nuovo@example.it", gender: "female", interests: "both", locale: "it", confirmUrl });
      expect(await getAccount(db, userId)).toMatchObject({ firstName: "Giulietta", email: "Profilo.Nuovo@example.it", gender: "female", interests: "both" });
      await expect(updateProfile(db, userId, { firstName: "Giulia", lastName: "Verdi", email: "login@EXAMPLE.it", interests: "both", locale: "it", confirmUrl }).catch(code)).resolves.toBe("EMAIL_TAKEN");
    });
  });

  describe("guest", () => {
    it("gives a guest identity that keeps the bag and rotates the session id", async () => {
      const { db } = ctx();
      const session = new Session(db, null, null);
      const added = await addToBag(db, { bagId: null, sku, quantity: 1 });
      await session.claimCart(added.bagId, null);
      const before = session.id;
      await continueAsGuest(db, session, { email: " ospite@example.it ", bagId: added.bagId });
      expect(session.id).not.toBe(before);
      expect(session).toMatchObject({ isGuest: true, guestEmail: "ospite@example.it", userId: null, cartId: added.bagId });
    });
  });

  describe("e-mail delivery", () => {
    let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
    beforeAll(async () => {
      smtp = await startTestSmtpServer();
    });
    afterAll(() => smtp.close());

    it("delivers the welcome and reset messages in the shopper's language, as text and HTML", async () => {
      const { db } = ctx();
      await registerAccount(db, { ...registration("posta@example.it"), locale: "en" });
      await requestPasswordReset(db, { email: "posta@example.it", locale: "en", clientIp: ip(), resetUrl: (t) => `https://shop.example/en/login/reset?token=${t}` });
      // Only this test's messages: the others stay queued.
      await db.updateTable("mail_outbox").set({ status: "sent" }).where("recipient", "!=", "posta@example.it").execute();
      const worker = createMailWorker(db, createMailer({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, outboxDir: "/nonexistent", from: "Bottega <negozio@bottega.example>" }));
      await worker.runOnce();
      const messages = smtp.received.filter((m) => m.to.includes("posta@example.it")).map((m) => readMessage(m.raw));
      expect(messages.map((m) => m.subject)).toEqual(["Welcome to Bottega, Giulia", "Reset your Bottega password"]);
      expect(messages[1].text).toMatch(/https:\/\/shop\.example\/en\/login\/reset\?token=[\w-]{43}/);
      expect(messages[1].html).toMatch(/<a href="https:\/\/shop\.example\/en\/login\/reset\?token=[\w-]{43}">/);
    });
  });
});

import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/support/databases";
import type { Database } from "~/db/schema";
import { isDomainError } from "~/utils/domain-error";
import { registerSchema } from "./account.schema";
import { exportAccountData } from "./account-data.service.server";
import {
  CONFIRMATION_ACCOUNT_RATE_LIMIT,
  EMAIL_CONFIRMATION_TTL_MS,
  confirmEmail,
  findEmailConfirmation,
  isAccountEmailProven,
  registerAccount,
  requestPasswordReset,
  resendEmailConfirmation,
  updateProfile,
} from "./account.service.server";

const code = (error: unknown) => (isDomainError(error) ? error.code : error);
const schema = registerSchema({ minimumAge: 16, today: "2026-11-23" });
const PASSWORD = "una frase lunga e sicura";
let nextIp = 0;
const ip = () => `10.11.${Math.floor(++nextIp / 250)}.${nextIp % 250}`;
const confirmUrl = (token: string) => `https://shop.example/account/confirm-email?token=${token}`;

function registration(email: string) {
  const value = schema.parse({ firstName: "Giulia", lastName: "Verdi", email, password: PASSWORD, confirmPassword: PASSWORD, birthDay: "12", birthMonth: "6", birthYear: "1991", interests: "woman", privacy: true });
  return { ...value, locale: "it" as const, clientIp: ip(), accountUrl: "https://shop.example/account", confirmUrl };
}

/** The token of the last confirmation link mailed to `to` (the welcome e-mail's, or a later one). */
async function lastToken(db: Kysely<Database>, to: string): Promise<string> {
  const mails = await db.selectFrom("mail_outbox").select("text_body").where("recipient", "=", to).orderBy("id").execute();
  const links = mails.flatMap((m) => [...m.text_body.matchAll(/confirm-email\?token=([\w-]+)/g)].map((match) => match[1]));
  return links[links.length - 1];
}

const verifiedAt = async (db: Kysely<Database>, userId: number) =>
  (await db.selectFrom("users").select("email_verified_at").where("id", "=", userId).executeTakeFirstOrThrow()).email_verified_at;

describeEachDatabase("address confirmation", (ctx) => {
  describe("the link", () => {
    it("comes with the welcome e-mail, proves the address once, and is refused when used again", async () => {
      const { db } = ctx();
      const userId = (await registerAccount(db, registration("Conferma@Example.it")))!;
      const welcome = await db.selectFrom("mail_outbox").select(["template", "text_body"]).where("recipient", "=", "Conferma@Example.it").execute();
      expect(welcome.map((m) => m.template)).toEqual(["welcome"]);
      expect(welcome[0].text_body).toContain("Conferma anche il tuo indirizzo email");
      const token = await lastToken(db, "Conferma@Example.it");
      // Only the hash is stored.
      expect(await db.selectFrom("password_reset_tokens").select("id").where("token_hash", "=", token).executeTakeFirst()).toBeUndefined();
      expect(await isAccountEmailProven(db, userId)).toBe(false);
      // Looking at the link changes nothing.
      expect(await findEmailConfirmation(db, token)).toEqual({ email: "Conferma@Example.it" });
      expect(await verifiedAt(db, userId)).toBeNull();

      expect(await confirmEmail(db, token)).toBe(userId);
      expect(await verifiedAt(db, userId)).not.toBeNull();
      expect(await isAccountEmailProven(db, userId)).toBe(true);
      expect((await exportAccountData(db, userId))!.notIncluded).toBeNull();
      expect(await findEmailConfirmation(db, token)).toBeNull();
      await expect(confirmEmail(db, token).catch(code)).resolves.toBe("EMAIL_CONFIRMATION_INVALID");
    });

    it("expires after a week", async () => {
      const { db } = ctx();
      const userId = (await registerAccount(db, registration("scade@example.it")))!;
      const token = await lastToken(db, "scade@example.it");
      const late = new Date(Date.now() + EMAIL_CONFIRMATION_TTL_MS + 1000);
      expect(await findEmailConfirmation(db, token, late)).toBeNull();
      await expect(confirmEmail(db, token, late).catch(code)).resolves.toBe("EMAIL_CONFIRMATION_INVALID");
      expect(await verifiedAt(db, userId)).toBeNull();
    });

    it("refuses an unknown token, and a reset link used as a confirmation", async () => {
      const { db } = ctx();
      const userId = (await registerAccount(db, registration("sbagliato@example.it")))!;
      await expect(confirmEmail(db, "x".repeat(43)).catch(code)).resolves.toBe("EMAIL_CONFIRMATION_INVALID");
      let resetToken = "";
      await requestPasswordReset(db, { email: "sbagliato@example.it", locale: "it", clientIp: ip(), resetUrl: (t) => ((resetToken = t), `https://shop.example/login/reset?token=${t}`) });
      await expect(confirmEmail(db, resetToken).catch(code)).resolves.toBe("EMAIL_CONFIRMATION_INVALID");
      // The reset link did not replace the confirmation link: each kind keeps its latest.
      expect(await confirmEmail(db, await lastToken(db, "sbagliato@example.it"))).toBe(userId);
    });

    it("confirms nothing once the address changed, and a new link goes to the new address", async () => {
      const { db } = ctx();
      const userId = (await registerAccount(db, registration("vecchia@example.it")))!;
      const old = await lastToken(db, "vecchia@example.it");
      await updateProfile(db, userId, { firstName: "Giulia", lastName: "Verdi", email: "nuova-casella@example.it", interests: "both", locale: "en", confirmUrl });
      await expect(confirmEmail(db, old).catch(code)).resolves.toBe("EMAIL_CONFIRMATION_INVALID");
      expect(await verifiedAt(db, userId)).toBeNull();
      const mail = await db.selectFrom("mail_outbox").select(["template", "subject"]).where("recipient", "=", "nuova-casella@example.it").execute();
      expect(mail).toEqual([{ template: "email-confirmation", subject: "Confirm your e-mail address" }]);
      expect(await confirmEmail(db, await lastToken(db, "nuova-casella@example.it"))).toBe(userId);
      expect(await verifiedAt(db, userId)).not.toBeNull();
      // Saving the profile with the same address keeps the proof and mails nothing.
      await updateProfile(db, userId, { firstName: "Giulietta", lastName: "Verdi", email: "Nuova-Casella@example.it", interests: "both", locale: "en", confirmUrl });
      expect(await verifiedAt(db, userId)).not.toBeNull();
      expect(await db.selectFrom("mail_outbox").select("id").where("recipient", "in", ["nuova-casella@example.it", "Nuova-Casella@example.it"]).execute()).toHaveLength(1);
    });

    it("lets only one of two racing confirmations with one link through", async () => {
      const { db } = ctx();
      await registerAccount(db, registration("gara-conferma@example.it"));
      const token = await lastToken(db, "gara-conferma@example.it");
      const results = await Promise.allSettled([confirmEmail(db, token), confirmEmail(db, token)]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    });
  });

  describe("sending it again", () => {
    it("replaces the earlier link, is rate limited per account, and sends nothing for a proven address", async () => {
      const { db } = ctx();
      const userId = (await registerAccount(db, registration("ancora@example.it")))!;
      const first = await lastToken(db, "ancora@example.it");
      for (let i = 0; i < CONFIRMATION_ACCOUNT_RATE_LIMIT.limit; i++) await resendEmailConfirmation(db, userId, { locale: "it", clientIp: ip(), confirmUrl });
      await expect(resendEmailConfirmation(db, userId, { locale: "it", clientIp: ip(), confirmUrl }).catch(code)).resolves.toBe("RATE_LIMITED");
      const sent = await db.selectFrom("mail_outbox").select("template").where("recipient", "=", "ancora@example.it").execute();
      expect(sent.map((m) => m.template)).toEqual(["welcome", ...Array(CONFIRMATION_ACCOUNT_RATE_LIMIT.limit).fill("email-confirmation")]);
      await expect(confirmEmail(db, first).catch(code)).resolves.toBe("EMAIL_CONFIRMATION_INVALID");
      expect(await confirmEmail(db, await lastToken(db, "ancora@example.it"))).toBe(userId);

      const proven = (await registerAccount(db, registration("provata@example.it")))!;
      await confirmEmail(db, await lastToken(db, "provata@example.it"));
      await resendEmailConfirmation(db, proven, { locale: "it", clientIp: ip(), confirmUrl });
      expect(await db.selectFrom("mail_outbox").select("template").where("recipient", "=", "provata@example.it").execute()).toHaveLength(1);
    });

    it("is rate limited per client", async () => {
      const { db } = ctx();
      const client = ip();
      const ids = [];
      for (let i = 0; i < 6; i++) ids.push((await registerAccount(db, registration(`cliente-${i}@example.it`)))!);
      const answers = [];
      for (const id of ids) answers.push(await resendEmailConfirmation(db, id, { locale: "it", clientIp: client, confirmUrl }).then(() => "sent", code));
      expect(answers).toEqual(["sent", "sent", "sent", "sent", "sent", "RATE_LIMITED"]);
    });
  });
});

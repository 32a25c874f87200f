import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_ID, CLIENT_SECRET, startOidcProvider } from "../../../tests/support/oidc-provider.mjs";
import { describeEachDatabase } from "../../../tests/support/databases";
import { freeLowPort } from "../../../tests/support/ports";
import type { Database } from "~/db/schema";
import { Session } from "~/modules/session/session.server";
import { isDomainError } from "~/utils/domain-error";
import { socialProviders, type SocialProviderConfig } from "~/utils/env.server";
import { deleteAccount, exportAccountData } from "./account-data.service.server";
import { getAccount, registerAccount } from "./account.service.server";
import { registerSchema } from "./account.schema";
import { accountForIdentity, beginSocialLogin, completeSocialLogin, purgeExpiredSocialFlows, SOCIAL_FLOW_TTL_MS } from "./social-login.server";

// Social login against a real OpenID provider (oidc-provider, in this process): the shopper's
// walk through its sign-in page is played with fetch and a cookie jar.

const CALLBACK = "https://shop.example/api/auth/socialLogin/callback";
const code = (error: unknown) => (isDomainError(error) ? error.code : error);
let nextIp = 0;
const ip = () => `10.77.${Math.floor(++nextIp / 250)}.${nextIp % 250}`;

/** Follows the provider's redirects and signs in on its development page as `login`; returns the callback URL it sends back to. */
async function signInAtProvider(authorizationUrl: URL, login: string, { cancel = false } = {}): Promise<URL> {
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  const remember = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const at = pair.indexOf("=");
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  let url = authorizationUrl.href;
  let body: URLSearchParams | undefined;
  for (let hop = 0; hop < 10; hop++) {
    const response = await fetch(url, { method: body ? "POST" : "GET", body, headers: { cookie: cookie() }, redirect: "manual" });
    remember(response);
    body = undefined;
    const location = response.headers.get("location");
    if (location) {
      const next = new URL(location, url);
      if (next.href.startsWith(CALLBACK)) return next;
      url = next.href;
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`no form at ${url}: ${html.slice(0, 300)}`);
    // The development page's login form, or its "abort" link when the shopper cancels.
    if (cancel) {
      const abort = /href="([^"]*\/abort)"/.exec(html)?.[1];
      if (!abort) throw new Error("no abort link");
      url = new URL(abort, url).href;
      continue;
    }
    url = new URL(action, url).href;
    body = new URLSearchParams({ prompt: "login", login, password: "anything" });
  }
  throw new Error("the provider never sent the shopper back");
}

describeEachDatabase("social login", (ctx) => {
  let db: Kysely<Database>;
  let providers: SocialProviderConfig[];
  let stop: () => Promise<void>;

  beforeAll(async () => {
    db = ctx().db;
    const started = await startOidcProvider({ port: await freeLowPort(), redirectUris: [CALLBACK] });
    stop = started.close;
    providers = socialProviders({ OIDC_ID_ISSUER: started.issuer, OIDC_ID_CLIENT_ID: CLIENT_ID, OIDC_ID_CLIENT_SECRET: CLIENT_SECRET, OIDC_ID_NAME: "Test ID" }, "id");
  });
  afterAll(() => stop());

  const begin = (session: Session, extra: { redirectTo?: string | null; providerId?: unknown } = {}) =>
    beginSocialLogin(db, session, { providers, providerId: extra.providerId ?? "id", callbackUrl: CALLBACK, redirectTo: extra.redirectTo ?? null, locale: "it", clientIp: ip() });
  const complete = (session: Session, currentUrl: URL) =>
    completeSocialLogin(db, session, { providers, currentUrl, callbackUrl: CALLBACK, accountUrl: () => "https://shop.example/account" });

  it("sends PKCE (S256), state and nonce, and stores the flow for this session only", async () => {
    const session = new Session(db, null, null);
    const url = await begin(session, { redirectTo: "/account" });
    for (const name of ["code_challenge", "state", "nonce"]) expect(url.searchParams.get(name)).toBeTruthy();
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("redirect_uri")).toBe(CALLBACK);
    expect(url.searchParams.get("scope")).toBe("openid email profile");
    const flow = await db.selectFrom("social_login_flows").selectAll().where("session_id", "=", session.id!).executeTakeFirstOrThrow();
    // Only a hash of the state is stored.
    expect(flow.state_hash).not.toBe(url.searchParams.get("state"));
    expect(flow.redirect_to).toBe("/account");
    // A target too long for the column is dropped, never a failed insert.
    const other = new Session(db, null, null);
    await begin(other, { redirectTo: `/${"a".repeat(5000)}` });
    expect((await db.selectFrom("social_login_flows").select("redirect_to").where("session_id", "=", other.id!).executeTakeFirstOrThrow()).redirect_to).toBeNull();
  });

  it("a new shopper gets an account without a password, signed in, with a welcome e-mail; the same identity signs in to it again", async () => {
    const session = new Session(db, null, null);
    const back = await signInAtProvider(await begin(session, { redirectTo: "/account" }), "nuova@example.com");
    const result = await complete(session, back);
    expect(result).toMatchObject({ created: true, redirectTo: "/account", locale: "it" });
    expect(session.userId).toBe(result.userId);
    const account = await getAccount(db, result.userId);
    expect(account).toMatchObject({ email: "nuova@example.com", firstName: "Giulia", lastName: "Esterna", hasPassword: false });
    const mail = await db.selectFrom("mail_outbox").select("subject").where("recipient", "=", "nuova@example.com").execute();
    expect(mail).toHaveLength(1);

    const again = new Session(db, null, null);
    const second = await complete(again, await signInAtProvider(await begin(again), "nuova@example.com"));
    expect(second).toMatchObject({ created: false, userId: result.userId });
    expect((await exportAccountData(db, result.userId))?.linkedAccounts).toEqual([expect.objectContaining({ provider: "id", email: "nuova@example.com" })]);
  });

  it("links the account registered with the same verified email, whatever its case", async () => {
    const schema = registerSchema({ minimumAge: 16, today: "2026-11-23" });
    const registered = schema.parse({
      firstName: "Anna",
      lastName: "Bianchi",
      email: "Anna.Bianchi@example.com",
      password: "una frase lunga e sicura",
      confirmPassword: "una frase lunga e sicura",
      birthDay: "1",
      birthMonth: "2",
      birthYear: "1990",
      interests: "both",
      privacy: true,
    });
    const userId = await registerAccount(db, { ...registered, locale: "it", clientIp: ip(), accountUrl: "https://shop.example/account", confirmUrl: (token) => `https://shop.example/account/confirm-email?token=${token}` });
    const session = new Session(db, null, null);
    const result = await complete(session, await signInAtProvider(await begin(session), "anna.bianchi@example.com"));
    expect(result).toMatchObject({ created: false, userId });
    expect(await getAccount(db, userId!)).toMatchObject({ firstName: "Anna", hasPassword: true });
  });

  it("refuses an identity whose email the provider has not verified", async () => {
    const session = new Session(db, null, null);
    const back = await signInAtProvider(await begin(session), "unverified@example.com");
    const error = await complete(session, back).catch((e: unknown) => e);
    expect(code(error)).toBe("SOCIAL_EMAIL_UNVERIFIED");
    expect(session.userId).toBeNull();
    expect(await db.selectFrom("users").select("id").where("email_key", "=", "unverified@example.com").execute()).toEqual([]);
  });

  it("a callback completes once, only in the browser session that started it, and not with a changed state", async () => {
    const starter = new Session(db, null, null);
    const back = await signInAtProvider(await begin(starter), "once@example.com");

    const otherBrowser = new Session(db, null, null);
    await otherBrowser.ensure();
    expect(code(await complete(otherBrowser, back).catch((e: unknown) => e))).toBe("SOCIAL_LOGIN_EXPIRED");

    const forged = new URL(back);
    forged.searchParams.set("state", "not-the-state");
    expect(code(await complete(starter, forged).catch((e: unknown) => e))).toBe("SOCIAL_LOGIN_EXPIRED");

    await complete(starter, back);
    // The same code and state a second time: the flow is gone.
    expect(code(await complete(starter, back).catch((e: unknown) => e))).toBe("SOCIAL_LOGIN_EXPIRED");
  });

  it("a code exchanged without the flow's PKCE verifier fails at the provider", async () => {
    const session = new Session(db, null, null);
    const back = await signInAtProvider(await begin(session), "pkce@example.com");
    await db.updateTable("social_login_flows").set({ code_verifier: "x".repeat(64) }).where("session_id", "=", session.id!).execute();
    expect(code(await complete(session, back).catch((e: unknown) => e))).toBe("SOCIAL_LOGIN_FAILED");
    expect(session.userId).toBeNull();
  });

  it("a cancelled sign-in answers SOCIAL_LOGIN_EXPIRED with the flow's language and target", async () => {
    const session = new Session(db, null, null);
    const back = await signInAtProvider(await begin(session, { redirectTo: "/cart" }), "cancel@example.com", { cancel: true });
    expect(back.searchParams.get("error")).toBe("access_denied");
    const error = await complete(session, back).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "SOCIAL_LOGIN_EXPIRED", flow: { locale: "it", redirectTo: "/cart" } });
  });

  it("an unknown provider is refused before anything is stored; an unreachable one is SOCIAL_LOGIN_FAILED", async () => {
    const session = new Session(db, null, null);
    expect(code(await begin(session, { providerId: "nope" }).catch((e: unknown) => e))).toBe("UNKNOWN_PROVIDER");
    // JSON can send anything: an object whose toString is not a function, an array, a number.
    for (const providerId of [{ toString: "x" }, Object.create(null), ["id"], 42]) {
      expect(code(await begin(session, { providerId }).catch((e: unknown) => e))).toBe("UNKNOWN_PROVIDER");
    }
    expect(session.exists).toBe(false);
    const down = socialProviders({ OIDC_DOWN_ISSUER: "http://127.0.0.1:9", OIDC_DOWN_CLIENT_ID: "x" }, "down");
    const error = await beginSocialLogin(db, session, { providers: down, providerId: "down", callbackUrl: CALLBACK, redirectTo: null, locale: "it", clientIp: ip() }).catch((e: unknown) => e);
    expect(code(error)).toBe("SOCIAL_LOGIN_FAILED");
  });

  it("expired flows are purged", async () => {
    const session = new Session(db, null, null);
    await begin(session);
    await purgeExpiredSocialFlows(db, new Date(Date.now() + SOCIAL_FLOW_TTL_MS + 1000));
    expect(await db.selectFrom("social_login_flows").select("id").where("session_id", "=", session.id!).execute()).toEqual([]);
  });

  it("refuses a subject or an email too long to be real, never storing it cut", async () => {
    const base = { locale: "it" as const, accountUrl: "https://shop.example/account" };
    const long = await accountForIdentity(db, { ...base, provider: "id", claims: { sub: "s".repeat(256), email: "ok@example.com", email_verified: true } }).catch((e: unknown) => e);
    expect(code(long)).toBe("SOCIAL_LOGIN_FAILED");
    const email = `${"a".repeat(250)}@example.com`;
    expect(code(await accountForIdentity(db, { ...base, provider: "id", claims: { sub: "long-email", email, email_verified: true } }).catch((e: unknown) => e))).toBe("SOCIAL_EMAIL_UNVERIFIED");
  });

  it("an account made through social login is deleted by typing its email, not a password", async () => {
    const { userId } = await accountForIdentity(db, { provider: "id", claims: { sub: "delete-me", email: "delete.me@example.com", email_verified: "true" }, locale: "en", accountUrl: "https://shop.example/en/account" });
    expect(code(await deleteAccount(db, userId, { password: "other@example.com" }).catch((e: unknown) => e))).toBe("WRONG_CONFIRMATION");
    await deleteAccount(db, userId, { password: "Delete.Me@example.com" });
    expect(await getAccount(db, userId)).toBeNull();
    expect(await db.selectFrom("user_identities").select("id").where("subject", "=", "delete-me").execute()).toEqual([]);
  });
});

describe("social login configuration", () => {
  it("reads each provider's settings, and refuses a half-configured or insecure one", () => {
    expect(socialProviders({}, undefined)).toEqual([]);
    const [google] = socialProviders({ OIDC_GOOGLE_ISSUER: "https://accounts.google.com", OIDC_GOOGLE_CLIENT_ID: "id", OIDC_GOOGLE_CLIENT_SECRET: "s" }, " Google ");
    expect(google).toMatchObject({ id: "google", name: "Google", clientId: "id", clientSecret: "s" });
    expect(() => socialProviders({ OIDC_APPLE_ISSUER: "https://appleid.apple.com" }, "apple")).toThrow(/OIDC_APPLE_CLIENT_ID/);
    expect(() => socialProviders({ OIDC_X_ISSUER: "http://login.example.com", OIDC_X_CLIENT_ID: "id" }, "x")).toThrow(/https/);
    expect(() => socialProviders({}, "bad-id")).toThrow(/not a provider id/);
  });
});

import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import * as oidc from "openid-client";
import type { Database, Locale } from "~/db/schema";
import { isUniqueViolation } from "~/db/errors.server";
import { wakeMailWorkers } from "~/modules/mail/mail-worker.server";
import { enqueueMail } from "~/modules/mail/outbox.server";
import { enforceRateLimit } from "~/modules/rate-limit/rate-limit.server";
import type { Session } from "~/modules/session/session.server";
import { DomainError, isDomainError } from "~/utils/domain-error";
import type { SocialProviderConfig } from "~/utils/env.server";
import { welcomeMail } from "./account-mail.server";
import { signIn } from "./account.service.server";
import * as repo from "./user.repository.server";

// Social login through OpenID Connect (openid-client): authorization code with PKCE, state and
// nonce. The sign-in under way is a database row tied to the browser session that started it, so
// a callback opened in another browser (a forged link, a login CSRF) finds nothing, and it works
// across several app processes. The account is the one already linked to the provider's subject,
// else the one registered with the provider's verified email, else a new one.

/** Where the provider sends the shopper back: the redirect URI to register there, for each shop host. */
export const SOCIAL_CALLBACK_PATH = "/api/auth/socialLogin/callback";
/** How long the shopper may take at the provider. */
export const SOCIAL_FLOW_TTL_MS = 10 * 60_000;
/** Sign-ins started per client address: each one writes a row. */
export const SOCIAL_LOGIN_RATE_LIMIT = { limit: 20, windowMs: 10 * 60_000 };
/** Sign-ins a session may have under way at once (several tabs); older ones are dropped. */
const FLOWS_PER_SESSION = 5;

const configurations = new Map<string, Promise<oidc.Configuration>>();

/**
 * The provider's configuration from its discovery document, fetched once per process (a failed
 * fetch is retried on the next sign-in). An http issuer is allowed only on this machine
 * (socialProviders refuses any other).
 */
function providerConfiguration(provider: SocialProviderConfig): Promise<oidc.Configuration> {
  const key = `${provider.id} ${provider.issuer.href} ${provider.clientId}`;
  let configuration = configurations.get(key);
  if (!configuration) {
    configuration = oidc
      .discovery(
        provider.issuer,
        provider.clientId,
        provider.clientSecret,
        provider.clientSecret ? oidc.ClientSecretPost(provider.clientSecret) : oidc.None(),
        { timeout: 10, execute: provider.issuer.protocol === "http:" ? [oidc.allowInsecureRequests] : [] },
      )
      .catch((error: unknown) => {
        configurations.delete(key);
        throw error;
      });
    configurations.set(key, configuration);
  }
  return configuration;
}

function findProvider(providers: SocialProviderConfig[], id: unknown): SocialProviderConfig {
  const provider = typeof id === "string" ? providers.find((p) => p.id === id) : undefined;
  // Only a string names a provider; an object from JSON (even one with a forged toString) is
  // described by its type, never converted, so it cannot throw here.
  if (!provider) throw new DomainError("UNKNOWN_PROVIDER", `unknown provider ${typeof id === "string" ? id.slice(0, 100) : typeof id}`);
  return provider;
}

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

export interface BeginSocialLoginInput {
  providers: SocialProviderConfig[];
  providerId: unknown;
  /** The callback's absolute URL, registered at the provider. */
  callbackUrl: string;
  /** A safe local path to go to afterwards, or null for the stored login target. */
  redirectTo: string | null;
  locale: Locale;
  clientIp: string;
}

/**
 * Starts a sign-in: stores its secrets for the callback and returns the provider's authorization
 * URL to send the shopper to. Throws UNKNOWN_PROVIDER, RATE_LIMITED, SOCIAL_LOGIN_FAILED (the
 * provider cannot be reached).
 */
export async function beginSocialLogin(db: Kysely<Database>, session: Session, input: BeginSocialLoginInput, now = new Date()): Promise<URL> {
  const provider = findProvider(input.providers, input.providerId);
  await enforceRateLimit(db, "social-login", input.clientIp, SOCIAL_LOGIN_RATE_LIMIT, now);
  let configuration: oidc.Configuration;
  try {
    configuration = await providerConfiguration(provider);
  } catch (error) {
    throw new DomainError("SOCIAL_LOGIN_FAILED", `discovery of ${provider.id} failed: ${String(error)}`);
  }
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const { id: sessionId } = await session.ensure();
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("social_login_flows").where("session_id", "=", sessionId).where("expires_at", "<=", at).execute();
    const kept = await trx
      .selectFrom("social_login_flows")
      .select("id")
      .where("session_id", "=", sessionId)
      .orderBy("id", "desc")
      .limit(FLOWS_PER_SESSION - 1)
      .execute();
    await trx
      .deleteFrom("social_login_flows")
      .where("session_id", "=", sessionId)
      .$if(kept.length > 0, (q) => q.where("id", "not in", kept.map((row) => row.id)))
      .execute();
    await trx
      .insertInto("social_login_flows")
      .values({
        state_hash: sha256(state),
        session_id: sessionId,
        provider: provider.id,
        code_verifier: codeVerifier,
        nonce,
        locale: input.locale,
        // A target longer than the column is no page of this shop: the stored target applies.
        redirect_to: input.redirectTo && input.redirectTo.length <= 2048 ? input.redirectTo : null,
        expires_at: new Date(now.getTime() + SOCIAL_FLOW_TTL_MS).toISOString(),
        created_at: at,
      })
      .execute();
  });
  return oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: input.callbackUrl,
    scope: "openid email profile",
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
    state,
    nonce,
  });
}

/** What the callback knows about the sign-in, also when it fails (to answer in its language). */
export interface SocialFlowInfo {
  locale: Locale;
  redirectTo: string | null;
}

/**
 * The flow a callback belongs to, taken (deleted) so that it completes at most once: only this
 * session's, only before it expires.
 */
async function takeFlow(db: Kysely<Database>, session: Session, state: string, now: Date) {
  if (!session.id) return undefined;
  return db
    .deleteFrom("social_login_flows")
    .where("state_hash", "=", sha256(state))
    .where("session_id", "=", session.id)
    .where("expires_at", ">", now.toISOString())
    .returningAll()
    .executeTakeFirst();
}

export interface CompleteSocialLoginInput {
  providers: SocialProviderConfig[];
  /** The callback's absolute public URL as the provider called it (code, state, iss…). */
  currentUrl: URL;
  /** The callback's URL without its query, as sent in beginSocialLogin. */
  callbackUrl: string;
  /** The account page's absolute URL in each language, for the welcome e-mail of a new account. */
  accountUrl: (locale: Locale) => string;
}

/**
 * Completes a sign-in at the callback: checks state, exchanges the code with the PKCE verifier,
 * checks the ID token (signature, issuer, audience, nonce), finds or creates the account and signs
 * the session in. Returns the flow's language and target; on failure throws a DomainError that
 * carries them too (`flow`). Errors: SOCIAL_LOGIN_EXPIRED (unknown, used, expired or cancelled),
 * SOCIAL_LOGIN_FAILED, SOCIAL_EMAIL_UNVERIFIED.
 */
export async function completeSocialLogin(
  db: Kysely<Database>,
  session: Session,
  input: CompleteSocialLoginInput,
  now = new Date(),
): Promise<SocialFlowInfo & { userId: number; created: boolean }> {
  const state = input.currentUrl.searchParams.get("state");
  const flow = state ? await takeFlow(db, session, state, now) : undefined;
  if (!flow || !state) throw new SocialLoginError("SOCIAL_LOGIN_EXPIRED", "no sign-in under way for this state", null);
  const info: SocialFlowInfo = { locale: flow.locale, redirectTo: flow.redirect_to };
  // The shopper cancelled, or the provider refused (access_denied, login_required…).
  if (input.currentUrl.searchParams.has("error")) {
    throw new SocialLoginError("SOCIAL_LOGIN_EXPIRED", `provider answered ${input.currentUrl.searchParams.get("error")}`, info);
  }
  const provider = input.providers.find((p) => p.id === flow.provider);
  if (!provider) throw new SocialLoginError("SOCIAL_LOGIN_EXPIRED", `provider ${flow.provider} no longer configured`, info);

  let claims: oidc.IDToken;
  try {
    const configuration = await providerConfiguration(provider);
    // The token request's redirect_uri is the callback URL without its query (RFC 6749 §4.1.3).
    const callback = new URL(input.callbackUrl);
    callback.search = input.currentUrl.search;
    const tokens = await oidc.authorizationCodeGrant(configuration, callback, {
      pkceCodeVerifier: flow.code_verifier,
      expectedState: state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    const idTokenClaims = tokens.claims();
    if (!idTokenClaims) throw new Error("no ID token");
    claims = idTokenClaims;
    // Google and Apple put the email in the ID token; a provider that keeps it for the UserInfo
    // endpoint (as OpenID Connect allows) is asked there, for the same subject.
    if (claims.email === undefined && configuration.serverMetadata().userinfo_endpoint) {
      const userInfo = await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub);
      claims = { ...userInfo, ...claims, email: userInfo.email, email_verified: userInfo.email_verified };
    }
  } catch (error) {
    throw new SocialLoginError("SOCIAL_LOGIN_FAILED", `${provider.id}: ${error instanceof Error ? error.message : String(error)}`, info);
  }

  try {
    const { userId, created } = await accountForIdentity(db, { provider: provider.id, claims, locale: flow.locale, accountUrl: input.accountUrl(flow.locale) }, now);
    if (created) wakeMailWorkers();
    await signIn(db, session, userId, now);
    return { ...info, userId, created };
  } catch (error) {
    if (isDomainError(error)) throw new SocialLoginError(error.code, error.message, info);
    throw error;
  }
}

/** A failed callback, with what is known of its flow (null when there is none). */
export class SocialLoginError extends DomainError {
  constructor(
    code: ConstructorParameters<typeof DomainError>[0],
    detail: string,
    readonly flow: SocialFlowInfo | null,
  ) {
    super(code, detail);
  }
}

/** The ID token's claims the shop reads. */
export interface IdentityClaims {
  sub: string;
  email?: unknown;
  email_verified?: unknown;
  given_name?: unknown;
  family_name?: unknown;
  name?: unknown;
}

const text = (value: unknown, max: number): string => (typeof value === "string" ? value.trim().slice(0, max) : "");

/** The names to put on a new account: the provider's, else the email's local part. */
function namesFrom(claims: IdentityClaims, email: string): { first: string; last: string } {
  let first = text(claims.given_name, 100);
  let last = text(claims.family_name, 100);
  if (!first && !last) {
    const [head = "", ...rest] = text(claims.name, 200).split(/\s+/);
    first = head.slice(0, 100);
    last = rest.join(" ").slice(0, 100);
  }
  return { first: first || email.split("@")[0]!.slice(0, 100), last };
}

/**
 * The account for a provider identity: the one linked to it already; else the account registered
 * with the identity's email, when the provider has verified that email (it is linked then);
 * else a new account without a password (welcomed by e-mail, through the outbox). Throws
 * SOCIAL_EMAIL_UNVERIFIED.
 */
export async function accountForIdentity(
  db: Kysely<Database>,
  input: { provider: string; claims: IdentityClaims; locale: Locale; /** For a new account's welcome e-mail. */ accountUrl: string },
  now = new Date(),
): Promise<{ userId: number; created: boolean }> {
  const { provider, claims } = input;
  // The column's bound; OpenID caps `sub` at 255 ASCII characters anyway.
  if (!claims.sub || claims.sub.length > 255) throw new DomainError("SOCIAL_LOGIN_FAILED", `${provider} gave an unusable subject`);
  const linked = await db
    .selectFrom("user_identities")
    .select("user_id")
    .where("provider", "=", provider)
    .where("subject", "=", claims.sub)
    .executeTakeFirst();
  if (linked) return { userId: linked.user_id, created: false };

  const email = typeof claims.email === "string" ? claims.email.trim() : "";
  // Apple sends email_verified as the string "true".
  const verified = claims.email_verified === true || claims.email_verified === "true";
  if (!email || email.length > 254 || !verified || !email.includes("@")) throw new DomainError("SOCIAL_EMAIL_UNVERIFIED", `${provider} gave no verified email`);

  const at = now.toISOString();
  try {
    return await db.transaction().execute(async (trx) => {
      const existing = await repo.findUserByEmail(trx, email);
      let userId: number;
      let created = false;
      if (existing) {
        userId = existing.id;
      } else {
        const names = namesFrom(claims, email);
        userId = await repo.insertUser(trx, {
          email,
          email_key: repo.emailKey(email),
          password_hash: null,
          first_name: names.first,
          last_name: names.last,
          birth_date: null,
          gender: null,
          interests: null,
          locale: input.locale,
          // The button says that continuing accepts the privacy policy.
          privacy_consent_at: at,
          created_at: at,
          updated_at: at,
        });
        await enqueueMail(trx, welcomeMail(email, input.locale, names.first, input.accountUrl), { now });
        created = true;
      }
      await trx.insertInto("user_identities").values({ user_id: userId, provider, subject: claims.sub, email, created_at: at }).execute();
      return { userId, created };
    });
  } catch (error) {
    // Two callbacks of one person at once: the other one linked or created it; use that.
    if (isUniqueViolation(error)) return accountForIdentity(db, input, now);
    throw error;
  }
}

/** Sign-ins abandoned at the provider (hourly housekeeping). */
export async function purgeExpiredSocialFlows(db: Kysely<Database>, now = new Date()): Promise<void> {
  await db.deleteFrom("social_login_flows").where("expires_at", "<=", now.toISOString()).execute();
}

import path from "node:path";
import { z } from "~/utils/zod";

const DEV_SESSION_SECRET = "bottega-development-secret-do-not-use-in-production";

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z
    .string()
    .min(1)
    .default(`file:${path.join("data", "bottega.sqlite")}`)
    .refine((url) => /^(file:|postgres(ql)?:\/\/)/.test(url), {
      message: "DATABASE_URL must be file:PATH (SQLite) or postgres://… (PostgreSQL)",
    }),
  SESSION_SECRET: z.string().min(1).default(DEV_SESSION_SECRET),
  // Unset: this machine at PORT (http://localhost:3000 by default), so `PORT=4000 npm start`
  // serves forms that post to its own origin and prints a setup link that opens.
  PUBLIC_URL: z.url().optional(),
  // Unset, both shop hosts are this shop's own origin (PUBLIC_URL): one process serves both.
  IT_SHOP_HOST: z.string().min(1).optional(),
  EU_SHOP_HOST: z.string().min(1).optional(),
  SMTP_URL: z.string().optional(),
  /** Where mail goes as .eml files when SMTP_URL is unset. */
  MAIL_OUTBOX_DIR: z.string().min(1).default(path.join("data", "outbox")),
  /** Where uploaded images and their variants are kept (docs/decisions/023); default: beside the SQLite file. */
  MEDIA_DIR: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  /** Social login: the ids of the OpenID Connect providers, comma-separated (see socialProviders). */
  OIDC_PROVIDERS: z.string().optional(),
  /**
   * Who takes card, wallet and PayPal payments: the built-in sandbox (a hosted-looking page of
   * the shop's own, for development and demos) or Stripe Checkout (STRIPE_* below).
   */
  PAYMENT_PROVIDER: z.enum(["sandbox", "stripe"]).default("sandbox"),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Stripe's API origin; tests point it at a local fake. */
  STRIPE_API_BASE: z.url().default("https://api.stripe.com"),
  /**
   * Memory for the anonymous page cache (docs/decisions/028), in MiB; 0 turns it off. It works in
   * production only: in development a page must follow the code being edited.
   */
  PAGE_CACHE_MB: z.coerce.number().int().min(0).max(65_536).default(64),
  /** The bearer token a Prometheus scraper shows for /metrics (at least 16 characters); unset with METRICS_ALLOW unset, /metrics is off. */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** Client addresses allowed to read /metrics without the token, comma-separated ("127.0.0.1,10.0.0.5"). */
  METRICS_ALLOW: z
    .string()
    .optional()
    .transform((value) => (value ?? "").split(",").map((address) => address.trim()).filter(Boolean)),
  /** A request slower than this many milliseconds is logged as a warning ("slow request"); 0 turns it off. */
  SLOW_REQUEST_MS: z.coerce.number().int().min(0).default(1_000),
  /**
   * On SIGTERM, how long the process keeps serving while /readyz answers 503 before it stops
   * accepting: behind a balancer, about twice its health check's interval; alone, 0.
   */
  /** Worker processes serving the shop (cluster.server.ts): default, every core with PostgreSQL and 1 with SQLite. */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).default(0),
});

/** An OpenID Connect provider the shop offers for signing in (Google, Apple and the like). */
export interface SocialProviderConfig {
  /** Lower-case id, in URLs and in the database (user_identities.provider). */
  id: string;
  /** The name on the button ("Continua con Google"). */
  name: string;
  issuer: URL;
  clientId: string;
  /** Absent for a public client (PKCE only). */
  clientSecret?: string;
}

export type Env = Omit<z.infer<typeof EnvSchema>, "PUBLIC_URL"> & {
  PUBLIC_URL: string;
  IT_SHOP_HOST: string;
  EU_SHOP_HOST: string;
  MEDIA_DIR: string;
  databaseKind: "sqlite" | "postgres";
  socialProviders: SocialProviderConfig[];
};

/**
 * OIDC_PROVIDERS=google,apple names the providers; each one's settings are
 * OIDC_<ID>_ISSUER (https URL; http only for a provider on this machine, as in the tests),
 * OIDC_<ID>_CLIENT_ID, OIDC_<ID>_CLIENT_SECRET and OIDC_<ID>_NAME (the button's name; default: the
 * id, capitalized). Unset, the login pages show no social login at all.
 */
export function socialProviders(source: NodeJS.ProcessEnv, list: string | undefined): SocialProviderConfig[] {
  const ids = (list ?? "").split(",").map((id) => id.trim().toLowerCase()).filter(Boolean);
  return [...new Set(ids)].map((id) => {
    if (!/^[a-z][a-z0-9]{0,39}$/.test(id)) throw new Error(`OIDC_PROVIDERS: "${id}" is not a provider id (letters and digits).`);
    const setting = (name: string) => source[`OIDC_${id.toUpperCase()}_${name}`]?.trim() || undefined;
    const issuerText = setting("ISSUER");
    const clientId = setting("CLIENT_ID");
    if (!issuerText || !clientId) throw new Error(`OIDC_PROVIDERS names "${id}": set OIDC_${id.toUpperCase()}_ISSUER and OIDC_${id.toUpperCase()}_CLIENT_ID.`);
    let issuer: URL;
    try {
      issuer = new URL(issuerText);
    } catch {
      throw new Error(`OIDC_${id.toUpperCase()}_ISSUER is not a URL.`);
    }
    const loopback = ["localhost", "127.0.0.1", "[::1]"].includes(issuer.hostname);
    if (issuer.protocol !== "https:" && !(issuer.protocol === "http:" && loopback)) {
      throw new Error(`OIDC_${id.toUpperCase()}_ISSUER must be an https URL (http only for a provider on this machine).`);
    }
    return { id, name: setting("NAME") ?? id.charAt(0).toUpperCase() + id.slice(1), issuer, clientId, clientSecret: setting("CLIENT_SECRET") };
  });
}

let cached: Env | undefined;

/** Reads and validates the environment once; refuses to start on bad configuration. */
export function getEnv(source: NodeJS.ProcessEnv = process.env): Env {
  if (cached && source === process.env) return cached;
  // `NAME=` in an environment file (systemd's EnvironmentFile, docker's --env-file) means unset,
  // not an empty value to validate: METRICS_TOKEN= must leave /metrics off, not stop the server.
  const parsed = EnvSchema.safeParse(Object.fromEntries(Object.entries(source).filter(([, value]) => value !== "")));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid environment:\n${problems}`);
  }
  const env = parsed.data;
  if (env.SESSION_SECRET === DEV_SESSION_SECRET) {
    if (env.NODE_ENV === "production" && source.ALLOW_DEV_SECRET !== "1") {
      throw new Error(
        "SESSION_SECRET is not set. Refusing to start in production with the development secret: " +
          "set SESSION_SECRET to a long random string.",
      );
    }
  } else if (env.NODE_ENV === "production" && env.SESSION_SECRET.length < 32) {
    throw new Error("SESSION_SECRET must be at least 32 characters in production.");
  }
  // A real deployment (production with its own secret) must say who takes the money: the
  // sandbox's default would confirm orders that nobody paid for.
  if (env.NODE_ENV === "production" && env.SESSION_SECRET !== DEV_SESSION_SECRET && !source.PAYMENT_PROVIDER) {
    throw new Error("PAYMENT_PROVIDER is not set. Set PAYMENT_PROVIDER=stripe (with STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET), or =sandbox for a demo that takes no money.");
  }
  if (env.PAYMENT_PROVIDER === "stripe" && (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET)) {
    throw new Error("PAYMENT_PROVIDER=stripe: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET.");
  }
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  const result: Env = {
    ...env,
    PUBLIC_URL: publicUrl,
    IT_SHOP_HOST: env.IT_SHOP_HOST ?? publicUrl,
    EU_SHOP_HOST: env.EU_SHOP_HOST ?? publicUrl,
    MEDIA_DIR: env.MEDIA_DIR ?? defaultMediaDir(env.DATABASE_URL),
    databaseKind: env.DATABASE_URL.startsWith("file:") ? "sqlite" : "postgres",
    socialProviders: socialProviders(source, env.OIDC_PROVIDERS),
  };
  if (source === process.env) cached = result;
  return result;
}

/**
 * The media directory when MEDIA_DIR is unset: `media` beside the SQLite file (data/media for
 * the default data/bottega.sqlite), or data/media with PostgreSQL or an in-memory database.
 */
export function defaultMediaDir(databaseUrl: string): string {
  const file = databaseUrl.startsWith("file:") ? databaseUrl.slice("file:".length) : null;
  return file && file !== ":memory:" ? path.join(path.dirname(file), "media") : path.join("data", "media");
}

/** True when sessions are signed with the public development secret. */
export function usesDevelopmentSecret(env: Env): boolean {
  return env.SESSION_SECRET === DEV_SESSION_SECRET;
}

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
  PUBLIC_URL: z.url().default("http://localhost:3000"),
  // Unset, both shop hosts are this shop's own origin (PUBLIC_URL): one process serves both.
  IT_SHOP_HOST: z.string().min(1).optional(),
  EU_SHOP_HOST: z.string().min(1).optional(),
  SMTP_URL: z.string().optional(),
  /** Where mail goes as .eml files when SMTP_URL is unset. */
  MAIL_OUTBOX_DIR: z.string().min(1).default(path.join("data", "outbox")),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
});

export type Env = z.infer<typeof EnvSchema> & { IT_SHOP_HOST: string; EU_SHOP_HOST: string; databaseKind: "sqlite" | "postgres" };

let cached: Env | undefined;

/** Reads and validates the environment once; refuses to start on bad configuration. */
export function getEnv(source: NodeJS.ProcessEnv = process.env): Env {
  if (cached && source === process.env) return cached;
  const parsed = EnvSchema.safeParse(source);
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
  const result: Env = {
    ...env,
    IT_SHOP_HOST: env.IT_SHOP_HOST ?? env.PUBLIC_URL,
    EU_SHOP_HOST: env.EU_SHOP_HOST ?? env.PUBLIC_URL,
    databaseKind: env.DATABASE_URL.startsWith("file:") ? "sqlite" : "postgres",
  };
  if (source === process.env) cached = result;
  return result;
}

/** True when sessions are signed with the public development secret. */
export function usesDevelopmentSecret(env: Env): boolean {
  return env.SESSION_SECRET === DEV_SESSION_SECRET;
}

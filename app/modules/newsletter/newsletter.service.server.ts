import type { Kysely } from "kysely";
import type { Database, Locale } from "~/db/schema";
import { enforceRateLimit } from "~/modules/rate-limit/rate-limit.server";
import type { NewsletterInput } from "./newsletter.schema";
import { deleteSubscription, findSubscription, upsertSubscription } from "./newsletter.repository.server";

/** Sign-ups allowed per client address: generous for people, tight for scripts. */
export const NEWSLETTER_RATE_LIMIT = { limit: 8, windowMs: 10 * 60_000 };

export type SignupSource = "footer" | "page" | "api";

/**
 * Subscribes a validated address. A repeated address is not an error: it refreshes the
 * language and consent time of the one row it already has. Throws RATE_LIMITED.
 */
export async function subscribeToNewsletter(
  db: Kysely<Database>,
  input: NewsletterInput & { locale: Locale; source: SignupSource; clientIp: string; honeypot?: string | null },
  now = new Date(),
): Promise<void> {
  await enforceRateLimit(db, "newsletter", input.clientIp, NEWSLETTER_RATE_LIMIT, now);
  // A filled honeypot is a bot: answer as if it worked, store nothing.
  if (input.honeypot) return;
  await upsertSubscription(db, {
    email: input.email.toLowerCase(),
    locale: input.language ?? input.locale,
    source: input.source,
    at: now.toISOString(),
  });
}

/** The subscription of an address, as a data export shows it (null: not subscribed). */
export async function subscriptionOf(db: Kysely<Database>, email: string) {
  const row = await findSubscription(db, email);
  return row ? { email: row.email, language: row.locale, source: row.source, consentAt: row.consent_at, createdAt: row.created_at, updatedAt: row.updated_at } : null;
}

/** Erases the subscription of an address (account deletion). */
export function eraseSubscription(db: Kysely<Database>, email: string): Promise<void> {
  return deleteSubscription(db, email);
}

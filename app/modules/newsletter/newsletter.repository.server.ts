import type { Kysely } from "kysely";
import type { Database, Locale } from "~/db/schema";

/** Inserts a subscription, or refreshes the language and consent of an existing address. */
export async function upsertSubscription(
  db: Kysely<Database>,
  row: { email: string; locale: Locale; source: string; at: string },
): Promise<void> {
  await db
    .insertInto("newsletter_subscriptions")
    .values({ email: row.email, locale: row.locale, source: row.source, consent_at: row.at, created_at: row.at, updated_at: row.at })
    .onConflict((oc) =>
      oc.column("email").doUpdateSet({
        locale: (eb) => eb.ref("excluded.locale"),
        consent_at: (eb) => eb.ref("excluded.consent_at"),
        updated_at: (eb) => eb.ref("excluded.updated_at"),
      }),
    )
    .execute();
}

export function findSubscription(db: Kysely<Database>, email: string) {
  return db.selectFrom("newsletter_subscriptions").selectAll().where("email", "=", email.toLowerCase()).executeTakeFirst();
}

export async function deleteSubscription(db: Kysely<Database>, email: string): Promise<void> {
  await db.deleteFrom("newsletter_subscriptions").where("email", "=", email.toLowerCase()).execute();
}

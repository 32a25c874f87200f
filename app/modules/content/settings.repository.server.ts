import type { Kysely } from "kysely";
import type { Database, Locale } from "~/db/schema";

export interface GlobalSettings {
  globalMessages: string[];
  /** Parallel to globalMessages: a local path, or null where a message has no link. */
  globalMessagesLink: (string | null)[];
  globalMessagesBackground: string;
  globalMessagesColor: string;
}

export const EMPTY_SETTINGS: GlobalSettings = {
  globalMessages: [],
  globalMessagesLink: [],
  globalMessagesBackground: "#1B1B1B",
  globalMessagesColor: "#FAF8F5",
};

function parseList<T>(json: string): T[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}

/** The shop-wide settings of a locale, in the spec's field names. */
export async function getGlobalSettings(db: Kysely<Database>, locale: Locale): Promise<GlobalSettings> {
  const row = await db.selectFrom("global_settings").selectAll().where("locale", "=", locale).executeTakeFirst();
  if (!row) return EMPTY_SETTINGS;
  const messages = parseList<string>(row.messages).filter((m) => typeof m === "string");
  const links = parseList<string | null>(row.message_links);
  return {
    globalMessages: messages,
    globalMessagesLink: messages.map((_, i) => (typeof links[i] === "string" && links[i]!.startsWith("/") ? links[i]! : null)),
    globalMessagesBackground: row.background,
    globalMessagesColor: row.color,
  };
}

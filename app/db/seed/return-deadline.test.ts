import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/support/databases";
import * as wording from "../migrations/20261130000001-return-deadline-wording";
import * as bannerRows from "../migrations/20261202050000-banner-and-promotions";
import { catalogue } from "./catalogue";
import { demoContent } from "./content.data";
import { seedContent } from "./content.seed";

// The return deadline says one thing everywhere (issue 22, spec §9): 14 working days, the window
// the order page and the e-mails enforce. No text may say 14 days without "working" /
// "lavorativi": the locales, the seeded pages and announcement bar, and what a database seeded
// before the change holds once migrated.

const LOCALES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../locales");
const RETURN_DAYS = "14";

/** Every way a text could give the deadline without the working days. */
const CALENDAR_DEADLINE = [/\b14(?:\s|&nbsp;)+giorni\b(?!\s+lavorativi)/i, /\b14(?:\s|&nbsp;|-)+days?\b/i, /quattordici/i, /fourteen/i, /\btwo weeks\b/i, /\bdue settimane\b/i];

function calendarDeadlines(texts: string[]): string[] {
  return texts.map((text) => text.replaceAll("{{returnDays}}", RETURN_DAYS)).filter((text) => CALENDAR_DEADLINE.some((pattern) => pattern.test(text)));
}

function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (value && typeof value === "object") return Object.values(value).flatMap(strings);
  return [];
}

const contentTexts = (entries: Array<{ title: string; excerpt: string; body: string; meta_description?: string; metaDescription?: string }>) =>
  entries.flatMap((entry) => [entry.title, entry.excerpt, entry.body, entry.meta_description ?? entry.metaDescription ?? ""]);

describe("the return deadline in the shop's texts", () => {
  it("catches the ways of saying it wrong, and lets the right one through", () => {
    expect(calendarDeadlines(["Resi entro 14 giorni", "returns within 14 days.", "a 14-day window", "Hai {{returnDays}} giorni dalla consegna", "quattordici giorni"])).toHaveLength(5);
    expect(calendarDeadlines(["Resi entro 14 giorni lavorativi", "within 14 working days", "{{returnDays}} giorni lavorativi", "artt. 13 e 14 del GDPR"])).toEqual([]);
  });

  it("says working days in every locale file, both languages", () => {
    for (const locale of ["it", "en"]) {
      const dir = path.join(LOCALES_DIR, locale);
      for (const file of fs.readdirSync(dir)) {
        const texts = strings(JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")));
        expect(calendarDeadlines(texts), `${locale}/${file}`).toEqual([]);
      }
    }
  });

  it("says working days in every seeded page, post and announcement", () => {
    const translations = demoContent.flatMap((entry) => Object.values(entry.translations).filter((t) => t !== undefined));
    expect(calendarDeadlines(contentTexts(translations))).toEqual([]);
    expect(calendarDeadlines([...catalogue.globalSettings.it.messages, ...catalogue.globalSettings.en.messages])).toEqual([]);
    // The pages that speak of returns do say it.
    const returns = demoContent.find((entry) => entry.key === "Returns")!;
    expect(returns.translations.it!.body).toContain("{{returnDays}} giorni lavorativi");
    expect(returns.translations.en!.body).toContain("{{returnDays}} working days");
  });
});

describeEachDatabase("the return deadline in a database seeded before the change", (ctx) => {
  const now = new Date("2026-11-20T10:00:00Z");
  // The wording migration ran while the banner was one JSON list per language (global_settings):
  // the test steps back to that shape (the banner rows' migration down), and forward again at the end.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const old = () => ctx().db as unknown as import("kysely").Kysely<any>;
  const stored = async () => {
    const content = await ctx().db.selectFrom("content").select(["title", "excerpt", "body", "meta_description"]).execute();
    const banners: Array<{ messages: string }> = await old().selectFrom("global_settings").select("messages").execute();
    return [...contentTexts(content), ...banners.flatMap((row) => JSON.parse(row.messages) as string[])];
  };

  it("gets the working days from the migration, once, and back from its down", async () => {
    await seedContent(ctx().db, demoContent, now);
    await bannerRows.down(ctx().db);
    await old()
      .insertInto("global_settings")
      .values((["it", "en"] as const).map((locale) => ({ locale, messages: JSON.stringify(catalogue.globalSettings[locale].messages), message_links: "[]", background: "#000000", color: "#ffffff", updated_at: now.toISOString() })))
      .execute();
    // As the seed wrote them before the change.
    await wording.down(ctx().db);
    const before = calendarDeadlines(await stored());
    expect(before.length).toBeGreaterThanOrEqual(8);
    expect(before.some((text) => text.includes("Resi entro 14 giorni"))).toBe(true);

    await wording.up(ctx().db);
    expect(calendarDeadlines(await stored())).toEqual([]);
    // Run twice (or over a text already in the new words), nothing doubles.
    await wording.up(ctx().db);
    const texts = await stored();
    expect(texts.filter((text) => /lavorativi lavorativi|working working/.test(text))).toEqual([]);
    expect(texts).toContain("Resi entro 14 giorni lavorativi");
    const faq = await ctx().db.selectFrom("content").select(["body", "updated_at"]).where("key", "=", "Faq").where("locale", "=", "it").executeTakeFirstOrThrow();
    expect(faq.body).toContain("{{returnDays}} giorni lavorativi dalla consegna");
    expect(new Date(faq.updated_at).getTime()).toBeGreaterThan(now.getTime());

    // And the banner rows' migration carries the reworded messages over, in both languages.
    await bannerRows.up(ctx().db);
    const rows = await ctx().db.selectFrom("banner_messages").select(["text_it", "text_en"]).orderBy("position").execute();
    expect(rows.map((row) => row.text_it)).toContain("Resi entro 14 giorni lavorativi");
    expect(rows.map((row) => row.text_en)).toContain("Returns within 14 working days");
  });
});

import { parseWithZod } from "@conform-to/zod/v4";
import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/support/databases";
import { demoContent } from "~/db/seed/content.data";
import { seedContent } from "~/db/seed/content.seed";
import { resources } from "~/i18n/resources";
import type { AuditActor } from "~/modules/audit/audit.service.server";
import { readCatalogRevision } from "~/modules/base/revision-cache.server";
import { contentSitemapPages } from "~/modules/seo/sitemap.server";
import { resolveMovedPath } from "~/modules/seo/slug-redirect.service.server";
import { settingsPlaceholders } from "~/modules/settings/placeholders";
import { DEFAULT_SHOP_SETTINGS } from "~/modules/settings/shop-settings";
import { DomainError } from "~/utils/domain-error";
import { CONTENT_PLACEHOLDERS, contentEditorSchema, parseContentFilter } from "./content-editor.schema";
import {
  type ContentInput,
  contentLocales,
  createContentEntry,
  getContentEntry,
  listContentForAtelier,
  renderContentPreviews,
  updateContentEntry,
} from "./content-editor.service.server";
import { getContentList, getContentPage } from "./content.service.server";

const i18n = i18next.createInstance();
await i18n.init({ resources, fallbackLng: false, defaultNS: "common", interpolation: { escapeValue: false } });
const t = (locale: "it" | "en") => i18n.getFixedT(locale, "content");

const actor: AuditActor = { kind: "staff", staffId: 1, email: "redazione@bottega.test" };

const text = (title: string, slug: string, body = `Il testo di ${title}.`) => ({ title, slug, excerpt: `${title}, in breve.`, body, metaTitle: "", metaDescription: "", keywords: "" });

function post(slugIt: string, slugEn: string, extra: Partial<ContentInput> = {}): ContentInput {
  return {
    translations: { it: text(`Articolo ${slugIt}`, slugIt), en: text(`Post ${slugEn}`, slugEn, `The text of ${slugEn}.`) },
    status: "draft",
    publishedAt: null,
    cover: "coat",
    ...extra,
  };
}

/** A form as the editor posts it. */
function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

describe("the content editor's form", () => {
  const schema = contentEditorSchema({ kind: "blog", locales: ["it", "en"] });
  const full = {
    intent: "save",
    status: "published",
    publishedAt: "",
    cover: "",
    "it.title": "Lana cotta",
    "it.slug": "",
    "it.excerpt": "Breve.",
    "it.body": "Da {{freeShippingFrom}} la spedizione è gratuita.",
    "en.title": "Boiled wool",
    "en.slug": "boiled-wool",
    "en.excerpt": "Short.",
    "en.body": "Text.",
  };

  it("makes an empty slug from the title, and reads the date as Italian time", () => {
    const ok = parseWithZod(form({ ...full, publishedAt: "2026-12-01T09:30" }), { schema });
    expect(ok.status).toBe("success");
    if (ok.status !== "success" || ok.value.intent !== "save") throw new Error("parsed");
    expect((ok.value as unknown as { it: { slug: string } }).it.slug).toBe("lana-cotta");
    expect(ok.value.publishedAt?.toISOString()).toBe("2026-12-01T08:30:00.000Z");
  });

  it("refuses a bad slug, an unknown placeholder, a date that is none, and missing texts, at their fields", () => {
    const bad = parseWithZod(form({ ...full, "en.slug": "Boiled Wool!", "it.body": "Resi in {{returnDayz}} giorni", publishedAt: "2026-02-30T10:00", "en.excerpt": "" }), { schema });
    if (bad.status !== "error") throw new Error("expected errors");
    expect(bad.error).toMatchObject({
      "en.slug": ["atelier-content:validation.slug"],
      "it.body": ["atelier-content:validation.placeholder"],
      publishedAt: ["atelier-content:validation.date"],
      "en.excerpt": ["validation.required"],
    });
    // A preview asks for nothing and saves nothing.
    expect(parseWithZod(form({ intent: "preview", "it.body": "x" }), { schema }).status).toBe("success");
  });

  it("keeps a static page's required values from the settings in its body", () => {
    const page = contentEditorSchema({ kind: "page", locales: ["it"], keeps: ["returnDays", "returnFee"] });
    const fields = { intent: "save", "it.title": "Resi", "it.excerpt": "Resi.", "it.body": "Hai {{returnDays}} giorni lavorativi." };
    const refused = parseWithZod(form(fields), { schema: page });
    expect(refused.status === "error" && refused.error).toMatchObject({ "it.body": ["atelier-content:validation.keepPlaceholders"] });
    expect(parseWithZod(form({ ...fields, "it.body": "Hai {{returnDays}} giorni lavorativi; il reso costa {{returnFee}}." }), { schema: page }).status).toBe("success");
  });

  it("knows exactly the placeholders the shop fills", () => {
    expect([...CONTENT_PLACEHOLDERS].sort()).toEqual(Object.keys(settingsPlaceholders(DEFAULT_SHOP_SETTINGS, "it", t("it"))).sort());
  });

  it("reads the list's filter from the URL, dropping what it does not know", () => {
    expect(parseContentFilter(new URLSearchParams("kind=care&state=scheduled&q=%20lana%20&page=2"))).toEqual({ kind: "care", state: "scheduled", q: "lana", page: 2 });
    expect(parseContentFilter(new URLSearchParams("kind=drop&state=x&page=-1"))).toEqual({ kind: null, state: null, q: "", page: 1 });
  });
});

describeEachDatabase("content editor", (ctx) => {
  const now = new Date("2026-11-20T10:00:00.000Z");
  const later = new Date("2026-11-21T10:00:00.000Z");
  beforeAll(async () => {
    await seedContent(ctx().db, demoContent, new Date("2026-11-01T10:00:00.000Z"));
  });
  const auditOf = (id: string) => ctx().db.selectFrom("audit_log").selectAll().where("entity_type", "=", "content").where("entity_id", "=", id).orderBy("id").execute();

  it("creates a draft that shoppers, the list and the sitemap do not see, with its audit entry", async () => {
    const { db } = ctx();
    const revision = await readCatalogRevision(db);
    const key = await createContentEntry(db, "blog", post("bozza-segreta", "secret-draft"), actor, now);
    expect(key).toBe("bozza-segreta");
    expect(await getContentPage(db, "blog", "it", "bozza-segreta", t("it"), later)).toBeNull();
    expect((await getContentList(db, "blog", "en", 1, later))!.items.map((i) => i.key)).not.toContain(key);
    expect(JSON.stringify(await contentSitemapPages(db, later))).not.toContain("bozza-segreta");
    expect(await readCatalogRevision(db)).not.toBe(revision);
    const [entry] = await auditOf("blog:bozza-segreta");
    expect(entry).toMatchObject({ action: "content.create", actor: "redazione@bottega.test", before: null, summary: "Articolo bozza-segreta" });
    expect(JSON.parse(entry.after!)).toMatchObject({ status: "draft", cover: "coat", "it.slug": "bozza-segreta", "en.title": "Post secret-draft", "it.metaTitle": "Articolo bozza-segreta | Bottega" });
    const view = await getContentEntry(db, "blog", key, later);
    expect(view).toMatchObject({ state: "draft", locales: ["it", "en"] });
    expect(view!.translations.en!.url).toBe("/en/blog/secret-draft");
  });

  it("publishes it: both languages, the list and the sitemap show it; a later date schedules it", async () => {
    const { db } = ctx();
    await createContentEntry(db, "blog", post("pubblicato-presto", "published-soon"), actor, now);
    await updateContentEntry(db, "blog", "pubblicato-presto", post("pubblicato-presto", "published-soon", { status: "published", publishedAt: new Date("2026-11-25T08:00:00.000Z") }), actor, now);
    expect(await getContentPage(db, "blog", "it", "pubblicato-presto", t("it"), later)).toBeNull();
    expect((await listContentForAtelier(db, { kind: "blog", state: "scheduled", q: "", page: 1 }, later)).entries.map((e) => e.key)).toContain("pubblicato-presto");

    await updateContentEntry(db, "blog", "pubblicato-presto", post("pubblicato-presto", "published-soon", { status: "published", publishedAt: now }), actor, now);
    const page = await getContentPage(db, "blog", "en", "published-soon", t("en"), later);
    expect(page).toMatchObject({ title: "Post published-soon", url: "/en/blog/published-soon", alternates: { it: "/blog/pubblicato-presto", en: "/en/blog/published-soon" } });
    expect((await getContentList(db, "blog", "it", 1, later))!.items[0].key).toBe("pubblicato-presto");
    expect(JSON.stringify(await contentSitemapPages(db, later))).toContain("/blog/pubblicato-presto");
    // An empty date for an entry already published keeps its date.
    await updateContentEntry(db, "blog", "pubblicato-presto", post("pubblicato-presto", "published-soon", { status: "published" }), actor, later);
    expect((await getContentEntry(db, "blog", "pubblicato-presto"))!.publishedAt).toBe(now.toISOString());
    const entries = await auditOf("blog:pubblicato-presto");
    expect(entries.map((e) => e.action)).toEqual(["content.create", "content.update", "content.update", "content.update"]);
    expect(JSON.parse(entries[1].before!)).toEqual({ status: "draft", publishedAt: now.toISOString() });
  });

  it("keeps a published entry's old address answering after a slug change, not a draft's", async () => {
    const { db } = ctx();
    await createContentEntry(db, "care", post("lino-vecchio", "old-linen", { status: "published", publishedAt: now }), actor, now);
    await updateContentEntry(db, "care", "lino-vecchio", post("lino-nuovo", "new-linen", { status: "published" }), actor, later);
    expect(await resolveMovedPath(db, "care", "it", "lino-vecchio")).toBe("lino-nuovo");
    expect(await resolveMovedPath(db, "care", "en", "old-linen")).toBe("new-linen");
    // The key stays: it names the entry in Atelier and the audit log.
    expect((await getContentEntry(db, "care", "lino-vecchio"))!.translations.it!.slug).toBe("lino-nuovo");

    await createContentEntry(db, "care", post("mai-visto", "never-seen"), actor, now);
    await updateContentEntry(db, "care", "mai-visto", post("visto-ora", "seen-now"), actor, later);
    expect(await resolveMovedPath(db, "care", "it", "mai-visto")).toBeUndefined();
    // Unpublished again: the old address leads nowhere rather than to a draft.
    await updateContentEntry(db, "care", "lino-vecchio", post("lino-nuovo", "new-linen", { status: "draft" }), actor, later);
    expect(await resolveMovedPath(db, "care", "it", "lino-vecchio")).toBeUndefined();
  });

  it("refuses a slug another entry of the kind has in that language, at its field, changing nothing", async () => {
    const { db } = ctx();
    await createContentEntry(db, "blog", post("primo-posto", "first-place"), actor, now);
    await createContentEntry(db, "blog", post("secondo-posto", "second-place"), actor, now);
    const before = await auditOf("blog:secondo-posto");
    const error = await updateContentEntry(db, "blog", "secondo-posto", post("secondo-posto", "first-place"), actor, later).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ code: "CONTENT_SLUG_TAKEN", field: "en.slug" });
    expect((await getContentEntry(db, "blog", "secondo-posto"))!.translations.en!.slug).toBe("second-place");
    expect(await auditOf("blog:secondo-posto")).toHaveLength(before.length);
    // The same slug in another kind is another address: allowed.
    await createContentEntry(db, "care", post("primo-posto", "first-place"), actor, now);
    // A second entry whose Italian slug makes a taken key gets its own.
    await updateContentEntry(db, "blog", "primo-posto", post("primo-posto-cambiato", "first-place"), actor, later);
    expect(await createContentEntry(db, "blog", post("primo-posto", "first-place-again"), actor, later)).toBe("primo-posto-2");
  });

  it("creates entries posted at the same moment with one title: one gets the slug, the others a message at the field, never a database error", async () => {
    const { db } = ctx();
    const outcomes = await Promise.allSettled(Array.from({ length: 4 }, () => createContentEntry(db, "blog", post("stesso-titolo", "same-title"), actor, now)));
    const created = outcomes.filter((outcome) => outcome.status === "fulfilled");
    expect(created.length).toBeGreaterThanOrEqual(1);
    for (const outcome of outcomes) {
      if (outcome.status === "rejected") expect(outcome.reason).toMatchObject({ code: "CONTENT_SLUG_TAKEN" });
    }
    expect((await getContentEntry(db, "blog", "stesso-titolo"))!.translations.it!.slug).toBe("stesso-titolo");
  });

  it("edits a static page's texts but never its address, languages or publication", async () => {
    const { db } = ctx();
    expect(contentLocales("page", "Whistleblowing")).toEqual(["it"]);
    const before = (await getContentEntry(db, "page", "Faq"))!;
    await updateContentEntry(
      db,
      "page",
      "Faq",
      { translations: { it: text("Domande, risposte", "altro"), en: text("Questions, answers", "other") }, status: "draft", publishedAt: later, cover: "bag" },
      actor,
      later,
    );
    const page = await getContentPage(db, "page", "it", "Faq", t("it"), later);
    expect(page).toMatchObject({ title: "Domande, risposte", url: "/pages/Faq" });
    const after = (await getContentEntry(db, "page", "Faq"))!;
    expect(after).toMatchObject({ status: "published", publishedAt: before.publishedAt, cover: before.cover });
    expect(after.translations.en!.slug).toBe("Faq");
    await expect(updateContentEntry(db, "page", "Nope", post("x", "y"), actor, later)).rejects.toMatchObject({ code: "CONTENT_NOT_FOUND" });
  });

  it("previews a body as shoppers read it: the shop's values filled in, raw HTML escaped", async () => {
    const previews = await renderContentPreviews(ctx().db, { it: "Gratis da {{freeShippingFrom}} <script>alert(1)</script>", en: "**Bold**" }, t);
    expect(previews["it.body"]).toContain("250,00");
    expect(previews["it.body"]).toContain("&lt;script&gt;");
    expect(previews["it.body"]).not.toContain("<script>");
    expect(previews["en.body"]).toBe("<p><strong>Bold</strong></p>\n");
  });

  it("lists entries by kind, state and words in either language", async () => {
    const { db } = ctx();
    const pages = await listContentForAtelier(db, { kind: "page", state: null, q: "", page: 1 }, later);
    expect(pages.entries.every((e) => e.kind === "page")).toBe(true);
    expect(pages.entries.map((e) => e.key)).toContain("Whistleblowing");
    const english = await listContentForAtelier(db, { kind: null, state: "draft", q: "SECRET-draft", page: 1 }, later);
    expect(english.entries.map((e) => e.key)).toEqual(["bozza-segreta"]);
    expect((await listContentForAtelier(db, { kind: null, state: null, q: "%_%", page: 1 }, later)).entries.length).toBeGreaterThan(0);
  });
});

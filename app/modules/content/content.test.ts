import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/support/databases";
import { seedContent } from "~/db/seed/content.seed";
import type { SeedContent } from "~/db/seed/content.types";
import { resources } from "~/i18n/resources";
import { fillPlaceholders } from "~/modules/settings/placeholders";
import { getShopSettings, saveShopSettings } from "~/modules/settings/shop-settings.server";
import { contentUrl, getContentList, getContentPage } from "./content.service.server";
import { renderMarkdown } from "./markdown.server";

const i18n = i18next.createInstance();
await i18n.init({ resources, fallbackLng: false, defaultNS: "common", interpolation: { escapeValue: false } });
const t = (locale: "it" | "en") => i18n.getFixedT(locale, "content");

const translation = (slug: string, title: string, body: string) => ({
  slug,
  title,
  excerpt: `${title}.`,
  body,
  metaTitle: `${title} | Bottega`,
  metaDescription: title,
  keywords: "bottega",
});

const CONTENT: SeedContent[] = [
  {
    kind: "page",
    key: "Shipping",
    publishedDaysAgo: 10,
    translations: {
      it: translation("Shipping", "Spedizioni", "Gratis da {{freeShippingFrom}}, altrimenti {{shippingFee}}. Consegna in {{deliveryDays}} con {{courier}}. {{unknownThing}}"),
      en: translation("Shipping", "Shipping", "Free from {{freeShippingFrom}}, otherwise {{shippingFee}}. Delivery in {{deliveryDays}}."),
    },
  },
  {
    kind: "page",
    key: "Faq",
    publishedDaysAgo: 10,
    translations: { it: translation("Faq", "Domande frequenti", "## Ordini\n\n### Come faccio un ordine?\n\nCosì.\n\n### Posso annullarlo?\n\nSì.") },
  },
  {
    kind: "page",
    key: "Whistleblowing",
    publishedDaysAgo: 10,
    translations: { it: translation("Whistleblowing", "Segnalazioni", "Canale di segnalazione.") },
  },
  {
    kind: "care",
    key: "wool",
    publishedDaysAgo: 5,
    translations: { it: translation("lana-e-cashmere", "Lana e cashmere", "Lava a mano."), en: translation("wool-and-cashmere", "Wool and cashmere", "Hand wash.") },
  },
  ...Array.from({ length: 11 }, (_, i) => ({
    kind: "blog" as const,
    key: `post-${i}`,
    publishedDaysAgo: i + 1,
    cover: i % 2 ? "coat" : "atelier",
    translations: { it: translation(`articolo-${i}`, `Articolo ${i}`, `Testo ${i}.`), en: translation(`post-${i}`, `Post ${i}`, `Text ${i}.`) },
  })),
  { kind: "blog", key: "future", publishedDaysAgo: -3, translations: { it: translation("futuro", "Futuro", "Non ancora.") } },
];

describe("renderMarkdown", () => {
  it("escapes raw HTML and refuses script links", () => {
    const html = renderMarkdown('Ciao <script>alert(1)</script> [x](javascript:alert(1)) <img src=x onerror="alert(1)">');
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<img");
    expect(html).not.toContain('href="javascript:');
    expect(html).toContain("&lt;script&gt;");
  });

  it("draws a still-life named in the text at every width, its box set; an unknown one shows its alt text", () => {
    const html = renderMarkdown("![Spole di filo](/media/still/spools-sage)");
    expect(html).toMatch(/<img src="\/media\/c\d+\/still-spools-sage\/tall-\d+\.svg" srcset="[^"]*tall-320\.svg 320w[^"]*" sizes="[^"]+" width="\d+" height="\d+" alt="Spole di filo" loading="lazy" decoding="async">/);
    expect(renderMarkdown("![Un telaio](/media/still/unicorn-sage)")).toBe("<p>Un telaio</p>\n");
    expect(renderMarkdown("![Un telaio](/media/still/loom-plaid)")).toBe("<p>Un telaio</p>\n");
  });

  it("keeps headings below the page title and marks external links", () => {
    expect(renderMarkdown("# Titolo")).toContain("<h2>Titolo</h2>");
    expect(renderMarkdown("[UPS](https://www.ups.com)")).toContain('rel="noopener noreferrer"');
    expect(renderMarkdown("[Resi](/pages/Returns)")).not.toContain("rel=");
  });

  it("makes each third-level heading a question that opens and closes, when asked, to the next heading", () => {
    const source = "Intro.\n\n## Ordini\n\n### Come ordino?\n\nCosì.\n\n- uno\n- due\n\n### E se cambio idea?\n\nScrivici.\n\n## Resi\n\nFine.";
    expect(renderMarkdown(source)).not.toContain("<details");
    expect(renderMarkdown(source, { questions: true })).toBe(
      "<p>Intro.</p>\n<h2>Ordini</h2>\n" +
        '<details class="question"><summary><h3>Come ordino?</h3></summary>\n<div class="answer"><p>Così.</p>\n<ul>\n<li>uno</li>\n<li>due</li>\n</ul>\n</div></details>\n' +
        '<details class="question"><summary><h3>E se cambio idea?</h3></summary>\n<div class="answer"><p>Scrivici.</p>\n</div></details>\n' +
        "<h2>Resi</h2>\n<p>Fine.</p>\n",
    );
    // A heading's text cannot open markup of its own (raw HTML is escaped).
    expect(renderMarkdown("### <h3>x</h3>\n\nY", { questions: true })).toContain("<summary><h3>&lt;h3&gt;x&lt;/h3&gt;</h3></summary>");
  });
});

describe("fillPlaceholders", () => {
  it("fills known names and leaves unknown ones visible", () => {
    expect(fillPlaceholders("Da {{ a }} a {{b}} e {{c}}", { a: "1", b: "2" })).toBe("Da 1 a 2 e {{c}}");
  });
});

describe("contentUrl", () => {
  it("puts each kind under its path, the care guide under its localized name", () => {
    expect(contentUrl("page", "Faq", "en")).toBe("/en/pages/Faq");
    expect(contentUrl("care", "lana", "it")).toBe("/curadelcapo/lana");
    expect(contentUrl("care", "wool", "en")).toBe("/en/careguide/wool");
    expect(contentUrl("inside", "atelier", "it")).toBe("/inside-atelier");
  });
});

describeEachDatabase("content and shop settings", (ctx) => {
  beforeAll(async () => {
    await seedContent(ctx().db, CONTENT, new Date());
  });

  it("renders a page with the shop's constants from the settings, in each language's format", async () => {
    const it_ = await getContentPage(ctx().db, "page", "it", "Shipping", t("it"));
    expect(it_?.html).toContain("Gratis da 250,00\u00a0€, altrimenti 7,00\u00a0€. Consegna in 1–3 giorni lavorativi con UPS.");
    expect(it_?.html).toContain("{{unknownThing}}");
    const en = await getContentPage(ctx().db, "page", "en", "Shipping", t("en"));
    expect(en?.html).toContain("Free from €250.00, otherwise €7.00. Delivery in 1–3 working days.");
    expect(en?.alternates).toEqual({ it: "/pages/Shipping", en: "/en/pages/Shipping" });
  });

  it("shows the FAQ's questions as questions that open and close, and no other page's", async () => {
    const faq = await getContentPage(ctx().db, "page", "it", "Faq", t("it"));
    expect(faq?.html).toContain('<details class="question"><summary><h3>Come faccio un ordine?</h3></summary>');
    expect(faq?.html).toContain('<details class="question"><summary><h3>Posso annullarlo?</h3></summary>');
    const shipping = await getContentPage(ctx().db, "page", "it", "Shipping", t("it"));
    expect(shipping?.html).not.toContain("<details");
  });

  it("a changed setting changes every page that shows it", async () => {
    await saveShopSettings(ctx().db, { shippingFeeCents: 900 });
    const page = await getContentPage(ctx().db, "page", "it", "Shipping", t("it"));
    expect(page?.html).toContain("altrimenti 9,00\u00a0€");
    await saveShopSettings(ctx().db, { shippingFeeCents: 700 });
    expect((await getShopSettings(ctx().db)).shippingFeeCents).toBe(700);
  });

  it("an invalid stored setting falls back to the default instead of breaking pages", async () => {
    await ctx().db.updateTable("shop_settings").set({ value: '"not a number"' }).where("key", "=", "returnDays").execute();
    await saveShopSettings(ctx().db, {}); // clears the cache
    expect((await getShopSettings(ctx().db)).returnDays).toBe(14);
    await saveShopSettings(ctx().db, { returnDays: 14 });
  });

  it("a page in one language only has no other-language version", async () => {
    expect(await getContentPage(ctx().db, "page", "en", "Whistleblowing", t("en"))).toBeNull();
    expect((await getContentPage(ctx().db, "page", "it", "Whistleblowing", t("it")))?.alternates).toEqual({ it: "/pages/Whistleblowing" });
  });

  it("care-guide articles map their localized slugs across languages", async () => {
    const article = await getContentPage(ctx().db, "care", "en", "wool-and-cashmere", t("en"));
    expect(article?.alternates).toEqual({ it: "/curadelcapo/lana-e-cashmere", en: "/en/careguide/wool-and-cashmere" });
  });

  it("lists the journal newest first, nine to a page, without unpublished posts", async () => {
    const first = await getContentList(ctx().db, "blog", "it", 1);
    expect(first?.total).toBe(11);
    expect(first?.items.map((i) => i.key).slice(0, 2)).toEqual(["post-0", "post-1"]);
    expect(first?.items).toHaveLength(9);
    expect((await getContentList(ctx().db, "blog", "it", 2))?.items).toHaveLength(2);
    expect(await getContentList(ctx().db, "blog", "it", 3)).toBeNull();
    expect(await getContentPage(ctx().db, "blog", "it", "futuro", t("it"))).toBeNull();
  });
});

import { expect, it } from "vitest";
import { describeEachApp } from "../support/http";
import { markupErrors } from "../support/markup";

// The search page through the request handler, without JavaScript, on both databases (issue 39):
// the correction line and its link to the exact word, zero results with words to try and the
// categories, the query kept in the box, the listing's filters on results, each search counted
// for the owner's report, and no input that answers a 5xx.
describeEachApp("the search page", (app) => {
  const decode = (html: string) => html.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&").replace(/&gt;/g, ">").replace(/&lt;/g, "<");
  const page = async (path: string) => {
    const answer = await app().client().get(path);
    // React's markers between adjacent texts out: "(<!-- -->3<!-- -->)" reads "(3)".
    return { status: answer.status, html: decode(await answer.text()).replace(/<!-- -->/g, "") };
  };

  it("corrects a typo, says so, and links to the exact word; the exact search finds nothing and offers the nearest words", async () => {
    const corrected = await page("/search?q=capotto");
    expect(corrected.status).toBe(200);
    expect(corrected.html).toMatch(/<h1[^>]*>Risultati per «cappotto»<span[^>]*>— cercavi <a[^>]*href="\/search\?q=capotto&exact=1"[^>]*>«capotto»<\/a>\?<\/span><\/h1>/);
    expect(corrected.html).toContain("Cappotto in loden");
    expect(corrected.html).toContain('value="capotto"');

    const exact = await page("/search?q=capotto&exact=1");
    expect(exact.status).toBe(200);
    expect(exact.html).toContain("Nessun risultato per «capotto»");
    expect(exact.html).toMatch(/data-testid="search-alternatives"[\s\S]*href="\/search\?q=cappotto"/);

    const english = await page("/en/search?q=cashmire");
    expect(english.html).toContain("Results for “cashmere”");
    expect(english.html).toContain('href="/en/search?q=cashmire&exact=1"');
    expect(english.html).toContain("Cashmere cardigan");
  });

  it("finds what the shop names otherwise: synonyms, plurals, the shopper's words", async () => {
    expect((await page("/search?q=vestito")).html).toContain("Abito midi in lino");
    expect((await page("/search?q=pantalone%20lino")).html).toContain("Pantaloni ampi in lino");
    expect((await page("/en/search?q=trainers")).html).toContain("Low-top leather sneakers");
  });

  it("zero results: a clear message, the words to try, the categories, the query kept in the box", async () => {
    const none = await page("/search?q=pantaloni%20rosa");
    expect(none.status).toBe(200);
    expect(none.html).toContain("Nessun risultato per «pantaloni rosa»");
    expect(none.html).toContain('value="pantaloni rosa"');
    expect(none.html).toMatch(/data-testid="search-alternatives"[\s\S]*href="\/search\?q=pantaloni"[\s\S]*href="\/search\?q=rosa"/);
    expect(none.html).toContain('href="/categories/donna"');
  });

  it("takes the listing's filters and sorts on results, with counts, in GET forms", async () => {
    const filtered = await page("/search?q=maglia&sort=price-asc&instock=1");
    expect(filtered.status).toBe(200);
    expect(filtered.html).toMatch(/<form[^>]*method="get"/i);
    expect(filtered.html).toContain('name="q" value="maglia"');
    expect((await page("/search?q=maglia&page=99")).status).toBe(404);

    // The hits' categories, counted, as links; one narrows the hits and is marked; a bad id is ignored.
    const shirts = await page("/search?q=camicia");
    const link = /<a[^>]*href="(\/search\?q=camicia&category=(\d+))"[^>]*>Donna › Camicie<span[^>]*>\((\d+)\)<\/span><\/a>/.exec(shirts.html);
    expect(link, "the Donna › Camicie link").not.toBeNull();
    const narrowed = await page(link![1]);
    expect(narrowed.status).toBe(200);
    expect(narrowed.html).toMatch(/aria-current="true"[^>]*>Donna › Camicie/);
    expect(narrowed.html).toContain(`name="category" value="${link![2]}"`);
    expect((await page("/search?q=camicia&category=abc")).status).toBe(200);
    expect((await page("/search?q=camicia&category=99999999999")).status).toBe(200);
  });

  it("counts each search for the report: the normalised words, per day and language, with the results", async () => {
    const { db } = app();
    await page("/search?q=Zanzibaar%20Blu");
    await page("/search?q=zanzibaar%20blu");
    await page("/search?q=zanzibaar%20blu&size=M");
    const rows = await db.selectFrom("search_queries").selectAll().where("query", "=", "zanzibaar blu").execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ locale: "it", results: 0 });
    // A cached page is not counted again; a rendered one is: one or two.
    expect(Number(rows[0].searches)).toBeGreaterThanOrEqual(1);
  });

  it("keeps the shop's markup rules on the corrected, empty, filtered and narrowed pages", async () => {
    for (const path of ["/search?q=capotto", "/en/search?q=cashmire", "/search?q=pantaloni%20rosa", "/search?q=camicia&category=3", "/search?q=maglia&size=M"]) {
      const answer = await app().client().get(path);
      expect(answer.status, path).toBe(200);
      expect(markupErrors(await answer.text()), path).toEqual([]);
    }
  });

  it("answers any input with a page, never a 5xx", async () => {
    const inputs = ['"', "*", "-", ":", "\u0000", "lana -cotone", '"maglia', "lana:* & !cotone", "NEAR(lana cotone)", "'; drop table products; --", "%", "😀", "x".repeat(10_000), "lana ".repeat(2_000), "\u0000".repeat(50)];
    for (const input of inputs) {
      for (const prefix of ["/search", "/en/search"]) {
        const path = `${prefix}?q=${encodeURIComponent(input)}`;
        const answer = await app().client().get(path);
        expect(answer.status, path.slice(0, 80)).toBeLessThan(500);
        expect(await answer.text()).not.toContain("\u0000");
      }
    }
    for (const path of ["/search?q=%00", "/search?q=%", "/search?q=lana&exact=%00", "/search?q[]=lana", "/search?q=lana&q=seta"]) {
      expect((await app().client().get(path)).status, path).toBeLessThan(500);
    }
  });
});

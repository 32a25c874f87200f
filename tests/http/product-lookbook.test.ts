import { expect, it } from "vitest";
import { describeEachApp } from "../support/http";

// The product page as a small lookbook (issue 40), as the server writes it — what a browser
// without JavaScript gets: five pictures in a snapping row, each with its counter, thumbnails
// that are links to them, "Scegli una taglia" on the button until a size is in the URL, the size
// advice, the delivery and returns line, composition and care in disclosures; the bag's bar.
describeEachApp("the product page's lookbook", (app) => {
  const slides = (html: string) => [...html.matchAll(/<li id="product-image-(\d+)"/g)].map((m) => Number(m[1]));
  /** The add button's text (its markup up to the closing tag, tags dropped). */
  const buttonText = (html: string) => {
    const m = /<button[^>]*data-testid="add-to-bag-button"[^>]*>([\s\S]*?)<\/button>/.exec(html);
    expect(m, "the add button").not.toBeNull();
    return m![1].replace(/<[^>]+>/g, "").replace(/<!-- -->/g, "").trim();
  };
  /** The size advice link's address (null without one). */
  const sizeGuide = (html: string) => /<a[^>]*data-testid="size-guide"[^>]*>/.exec(html)?.[0].match(/href="([^"]+)"/)?.[1] ?? null;
  /** Whether the page matches (a boolean, so a failure does not print the whole page). */
  const has = (html: string, re: RegExp) => re.test(html);

  it("shows five pictures with a counter each, thumbnails linking to them, and the page's promises (Italian, no size chosen)", async () => {
    const html = await (await app().client().get("/products/camicia-in-seta-lavata")).text();
    expect(slides(html)).toEqual([1, 2, 3, 4, 5]);
    for (const n of [1, 2, 3, 4, 5]) {
      expect(html.includes(`>${n}<!-- --> / <!-- -->5</span>`), `counter ${n} / 5`).toBe(true);
      expect(html.includes(`href="#product-image-${n}"`), `thumbnail ${n}`).toBe(true);
    }
    // Each picture is another drawing: front, styled, back, the cloth, a detail.
    const views = [...html.matchAll(/\/media\/g5\/shirt\/silk-f2ecdf-([a-z]+)-\d+-640\.svg/g)].map((m) => m[1]);
    expect(new Set(views)).toEqual(new Set(["front", "styled", "back", "fabric", "detail"]));
    expect(buttonText(html)).toBe("Scegli una taglia");
    expect(/<button[^>]*data-testid="add-to-bag-button"[^>]*>/.exec(html)?.[0]).toMatch(/\sdisabled=""/);
    expect(html.includes("Consegna in 1–3 giorni lavorativi, resi entro 14 giorni lavorativi"), "delivery line").toBe(true);
    // The guide of the piece (issue 41): women's clothing has one.
    expect(sizeGuide(html)).toBe("/guida-taglie/camicia-in-seta-lavata");
    expect(has(html, /<details[^>]*>\s*<summary[^>]*>Composizione/), "composition in a disclosure").toBe(true);
    expect(has(html, /<details[^>]*>\s*<summary[^>]*>Cura del capo/), "care in a disclosure").toBe(true);
  });

  it("says 'Aggiungi al carrello' once a size is in the URL, and the same in English", async () => {
    const client = app().client();
    const chosen = await (await client.get("/products/camicia-in-seta-lavata?size=M")).text();
    expect(buttonText(chosen)).toBe("Aggiungi al carrello");
    const en = await (await client.get("/en/products/washed-silk-shirt")).text();
    expect(slides(en)).toEqual([1, 2, 3, 4, 5]);
    expect(buttonText(en)).toBe("Choose a size");
    expect(en.includes("Delivery in 1–3 working days, returns within 14 working days"), "delivery line").toBe(true);
    expect(sizeGuide(en)).toBe("/en/size-guide/washed-silk-shirt");
    expect(buttonText(await (await client.get("/en/products/washed-silk-shirt?size=M")).text())).toBe("Add to bag");
  });

  it("offers no size advice for a one-size piece, whose size is chosen already", async () => {
    const html = await (await app().client().get("/products/sciarpa-in-cashmere")).text();
    expect(sizeGuide(html)).toBeNull();
    expect(buttonText(html)).toBe("Aggiungi al carrello");
  });

  it("puts the total and the way to the checkout in the bag's bar for phones", async () => {
    const shopper = app().client();
    const variant = await app().db.selectFrom("variants").select("sku").where("stock", ">", 0).orderBy("id").executeTakeFirstOrThrow();
    await shopper.postForm("/cart", { intent: "add", sku: variant.sku, quantity: "1", redirectTo: "/cart" });
    const html = await (await shopper.get("/cart")).text();
    const bar = /<div[^>]*data-testid="checkout-bar"[^>]*>([\s\S]*?)<\/div>/.exec(html);
    expect(bar).not.toBeNull();
    expect(bar![1]).toContain("Totale");
    expect(bar![1]).toMatch(/\d+,\d{2}/);
    expect(bar![1]).toContain('href="/checkout"');
  });
});

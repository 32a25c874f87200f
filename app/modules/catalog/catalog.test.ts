import { beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/support/databases";
import { catalogue } from "~/db/seed/catalogue";
import { seedDatabase } from "~/db/seed/seed.server";
import { getCategoryPage, getMenu } from "./category.service.server";
import { getNewArrivals, getProductAlternates, getProductPage } from "./product.service.server";

describeEachDatabase("catalogue services", (ctx) => {
  beforeAll(async () => {
    await seedDatabase(ctx().db);
  });

  it("gives the product page its maker's contacts (GPSR), and the EU responsible person for a maker outside the EU", async () => {
    const slugOf = (garment: string) => catalogue.products.find((p) => p.garment === garment)!.slug;
    const shoes = await getProductPage(ctx().db, "it", slugOf("shoes").it, {});
    expect(shoes?.safety).toEqual({
      manufacturer: { name: "Calzaturificio Fermano S.r.l.", postalAddress: "Via Ancona 21, 63900 Fermo (FM), Italia", email: "info@calzaturificiofermano.example" },
      euResponsible: null,
    });
    const scarf = await getProductPage(ctx().db, "en", slugOf("scarf").en, {});
    expect(scarf?.safety?.manufacturer.postalAddress).toBe("14 Commercial Road, Hawick TD9 7AQ, United Kingdom");
    expect(scarf?.safety?.euResponsible).toEqual({ name: "Bottega S.r.l.", postalAddress: "Via della Spiga 12, 20121 Milano, Italy", email: "sicurezza.prodotti@bottega.example" });
    // The raw record stays on the server side of the service.
    expect(scarf?.product).not.toHaveProperty("manufacturer");
  });

  it("builds the menu tree in each language with localized URLs", async () => {
    const it_ = await getMenu(ctx().db, "it");
    const en = await getMenu(ctx().db, "en");
    expect(it_.map((c) => c.name)).toEqual(["Donna", "Uomo", "Accessori"]);
    expect(en.map((c) => c.name)).toEqual(["Women", "Men", "Accessories"]);
    expect(it_[0].url).toBe("/categories/donna");
    expect(en[0].url).toBe("/en/categories/women");
    for (const top of it_) {
      expect(top.children.length).toBeGreaterThanOrEqual(3);
      expect(top.children.length).toBeLessThanOrEqual(5);
      for (const child of top.children) expect(child.url.startsWith(`${top.url}/`)).toBe(true);
    }
  });

  it("resolves a category path and gives its URL in the other language", async () => {
    const [donna] = await getMenu(ctx().db, "it");
    const sub = donna.children[0];
    const page = await getCategoryPage(ctx().db, "it", sub.url.replace("/categories/", ""));
    expect(page?.name).toBe(sub.name);
    expect(page?.alternates.it).toBe(sub.url);
    expect(page?.alternates.en).toMatch(/^\/en\/categories\/women\/[a-z-]+$/);
    expect(await getCategoryPage(ctx().db, "it", "donna/nope")).toBeNull();
    // An English slug is not an Italian path.
    expect(await getCategoryPage(ctx().db, "it", "women")).toBeNull();
  });

  it("lists new arrivals newest first, with prices in cents and one image per card", async () => {
    const cards = await getNewArrivals(ctx().db, "it", 8);
    expect(cards).toHaveLength(8);
    for (const card of cards) {
      expect(Number.isInteger(card.priceCents)).toBe(true);
      expect(card.url).toMatch(/^\/products\/[a-z0-9-]+$/);
      expect(card.colors.length).toBeGreaterThanOrEqual(2);
      expect(card.image.srcSet.split(", ").length).toBeGreaterThanOrEqual(3);
      if (card.compareAtCents !== null) expect(card.compareAtCents).toBeGreaterThan(card.priceCents);
    }
    const english = await getNewArrivals(ctx().db, "en", 8);
    expect(english.map((c) => c.id)).toEqual(cards.map((c) => c.id));
    expect(english[0].url.startsWith("/en/products/")).toBe(true);
  });

  it("maps a product slug to the other language", async () => {
    const [card] = await getNewArrivals(ctx().db, "en", 1);
    const found = await getProductAlternates(ctx().db, "en", card.url.replace("/en/products/", ""));
    expect(found?.alternates.en).toBe(card.url);
    expect(found?.alternates.it).toMatch(/^\/products\//);
    expect(await getProductAlternates(ctx().db, "it", "no-such-product")).toBeNull();
  });
});

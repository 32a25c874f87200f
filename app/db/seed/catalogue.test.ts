import { describe, it, expect, vi } from "vitest";
import { catalogue } from "./catalogue";
import { GARMENTS, type Garment, type SeedProduct } from "./catalogue.types";

const { categories, colors, products, globalSettings } = catalogue;
const locales = ["it", "en"] as const;
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

const topCategories = categories.filter((c) => c.parentKey === null);
const leafCategories = categories.filter((c) => c.parentKey !== null);

/** Which garment each leaf category accepts, by its key suffix. */
const garmentBySuffix: Record<string, Garment> = {
  abiti: "dress",
  camicie: "shirt",
  maglieria: "knit",
  pantaloni: "trousers",
  gonne: "skirt",
  giacche: "jacket",
  cappotti: "coat",
  borse: "bag",
  scarpe: "shoes",
  sciarpe: "scarf",
  cinture: "belt",
};

const currentPrice = (p: SeedProduct) => p.priceHistory[p.priceHistory.length - 1].priceCents;

/** Lowest price in force at any time during the last `days` days (today included). */
function lowestInWindow(p: SeedProduct, days: number): number {
  const inWindow = p.priceHistory.filter((h) => h.daysAgo <= days).map((h) => h.priceCents);
  const before = p.priceHistory.filter((h) => h.daysAgo > days);
  if (before.length > 0) inWindow.push(before[before.length - 1].priceCents);
  return Math.min(...inWindow);
}

/** Lowest price in the 30 days before the current price took effect. */
function lowestBeforeReduction(p: SeedProduct): number {
  const last = p.priceHistory[p.priceHistory.length - 1];
  const earlier = p.priceHistory.slice(0, -1);
  const from = last.daysAgo + 30;
  const inWindow = earlier.filter((h) => h.daysAgo <= from).map((h) => h.priceCents);
  const before = earlier.filter((h) => h.daysAgo > from);
  if (before.length > 0) inWindow.push(before[before.length - 1].priceCents);
  return Math.min(...inWindow);
}

describe("catalogue categories", () => {
  it("has three top categories with localized slugs", () => {
    expect(topCategories.map((c) => c.key)).toEqual(["donna", "uomo", "accessori"]);
    expect(topCategories.map((c) => c.slug.en)).toEqual(["women", "men", "accessories"]);
  });

  it("gives every top category 3–5 children and no deeper nesting", () => {
    for (const top of topCategories) {
      const children = categories.filter((c) => c.parentKey === top.key);
      expect(children.length).toBeGreaterThanOrEqual(3);
      expect(children.length).toBeLessThanOrEqual(5);
    }
    const topKeys = new Set(topCategories.map((c) => c.key));
    for (const leaf of leafCategories) expect(topKeys.has(leaf.parentKey!)).toBe(true);
  });

  it("has globally unique keys, sibling-unique slugs and SEO in both languages", () => {
    expect(new Set(categories.map((c) => c.key)).size).toBe(categories.length);
    for (const locale of locales) {
      const seen = new Set<string>();
      for (const c of categories) {
        expect(c.slug[locale]).toMatch(SLUG);
        const sibling = `${c.parentKey}/${c.slug[locale]}`;
        expect(seen.has(sibling)).toBe(false);
        seen.add(sibling);
        expect(c.name[locale].length).toBeGreaterThan(0);
        expect(c.metaTitle[locale]).toMatch(/\| Bottega$/);
        expect(c.metaDescription[locale].length).toBeGreaterThan(0);
        expect(c.metaDescription[locale].length).toBeLessThan(160);
        expect(c.keywords[locale].length).toBeGreaterThan(0);
      }
    }
  });

  it("gives every leaf category at least 3 products", () => {
    for (const leaf of leafCategories) {
      const count = products.filter((p) => p.categoryKey === leaf.key).length;
      expect(count, leaf.key).toBeGreaterThanOrEqual(3);
    }
  });
});

describe("catalogue colours", () => {
  it("has 10–14 colours with unique ASCII codes and hex values", () => {
    expect(colors.length).toBeGreaterThanOrEqual(10);
    expect(colors.length).toBeLessThanOrEqual(14);
    expect(new Set(colors.map((c) => c.code)).size).toBe(colors.length);
    for (const c of colors) {
      expect(c.code).toMatch(SLUG);
      expect(c.hex).toMatch(/^#[0-9A-Fa-f]{6}$/);
      expect(c.name.it.length).toBeGreaterThan(0);
      expect(c.name.en.length).toBeGreaterThan(0);
    }
  });
});

describe("catalogue products", () => {
  const leafKeys = new Set(leafCategories.map((c) => c.key));
  const colorCodes = new Set(colors.map((c) => c.code));

  it("has at least 80 products", () => {
    expect(products.length).toBeGreaterThanOrEqual(80);
  });

  it("places every product in a leaf category with a fitting garment", () => {
    for (const p of products) {
      expect(leafKeys.has(p.categoryKey), p.key).toBe(true);
      expect(GARMENTS).toContain(p.garment);
      const suffix = p.categoryKey.split("-").slice(1).join("-");
      expect(p.garment, p.key).toBe(garmentBySuffix[suffix]);
    }
  });

  it("has unique keys, per-locale slugs and names", () => {
    expect(new Set(products.map((p) => p.key)).size).toBe(products.length);
    for (const p of products) expect(p.key).toMatch(SLUG);
    for (const locale of locales) {
      expect(new Set(products.map((p) => p.slug[locale])).size).toBe(products.length);
      expect(new Set(products.map((p) => p.name[locale])).size).toBe(products.length);
      for (const p of products) expect(p.slug[locale], p.key).toMatch(SLUG);
    }
  });

  it("has complete localized text and SEO", () => {
    for (const p of products) {
      for (const locale of locales) {
        expect(p.description[locale].length, p.key).toBeGreaterThan(80);
        expect(p.composition[locale]).toMatch(/%/);
        expect(p.care[locale].length).toBeGreaterThan(0);
        expect(p.metaTitle[locale]).toBe(`${p.name[locale]} | Bottega`);
        expect(p.metaDescription[locale].length, p.key).toBeLessThan(160);
        expect(p.keywords[locale]).toContain(",");
      }
    }
  });

  it("has compositions whose percentages add up to 100", () => {
    for (const p of products) {
      for (const locale of locales) {
        const text = p.composition[locale];
        const shares = [...text.matchAll(/(\d+)%/g)].map((m) => Number(m[1]));
        const total = shares.reduce((a, b) => a + b, 0);
        expect(total, `${p.key} ${text}`).toBe(100);
      }
    }
  });

  it("references 2–4 existing colours and plausible sizes", () => {
    for (const p of products) {
      expect(p.colors.length).toBeGreaterThanOrEqual(2);
      expect(p.colors.length).toBeLessThanOrEqual(4);
      expect(new Set(p.colors).size).toBe(p.colors.length);
      for (const code of p.colors) expect(colorCodes.has(code), `${p.key}: ${code}`).toBe(true);
      expect(p.sizes.length).toBeGreaterThan(0);
      expect(new Set(p.sizes).size).toBe(p.sizes.length);
      if (p.garment === "bag" || p.garment === "scarf") expect(p.sizes).toEqual(["UNI"]);
      if (p.garment === "shoes") {
        for (const s of p.sizes) {
          expect(Number(s)).toBeGreaterThanOrEqual(36);
          expect(Number(s)).toBeLessThanOrEqual(46);
        }
      }
    }
  });

  it("has a non-negative integer stock entry for every colour × size, and nothing else", () => {
    for (const p of products) {
      const expected = p.colors.flatMap((c) => p.sizes.map((s) => `${c}/${s}`));
      expect(Object.keys(p.stock).sort()).toEqual([...expected].sort());
      for (const key of expected) {
        const units = p.stock[key];
        expect(Number.isInteger(units), `${p.key} ${key}`).toBe(true);
        expect(units).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it("has sold-out products, sold-out colours and low stock", () => {
    const fullySoldOut = products.filter((p) => Object.values(p.stock).every((n) => n === 0));
    expect(fullySoldOut.length).toBeGreaterThanOrEqual(2);

    const colourSoldOut = products.filter(
      (p) =>
        !fullySoldOut.includes(p) &&
        p.colors.some((c) => p.sizes.every((s) => p.stock[`${c}/${s}`] === 0)),
    );
    expect(colourSoldOut.length).toBeGreaterThanOrEqual(3);

    const all = products.flatMap((p) => Object.values(p.stock));
    const low = all.filter((n) => n === 1 || n === 2).length;
    const zero = all.filter((n) => n === 0).length;
    expect(low).toBeGreaterThan(0);
    expect(low / all.length).toBeGreaterThan(0.04);
    expect(zero / all.length).toBeGreaterThan(0.04);
    expect(zero / all.length).toBeLessThan(0.2);
  });
});

describe("catalogue prices", () => {
  it("uses integer cents rounded to whole euros or .90", () => {
    for (const p of products) {
      const all = [...p.priceHistory.map((h) => h.priceCents), p.compareAtCents ?? 0];
      for (const cents of all) {
        expect(Number.isInteger(cents), p.key).toBe(true);
        expect(cents).toBeGreaterThanOrEqual(0);
        expect([0, 90]).toContain(cents % 100);
      }
      for (const h of p.priceHistory) expect(Number.isInteger(h.daysAgo)).toBe(true);
    }
  });

  it("keeps price histories ordered oldest first, starting at publication", () => {
    for (const p of products) {
      expect(p.priceHistory.length).toBeGreaterThan(0);
      expect(p.priceHistory[0].daysAgo, p.key).toBe(p.createdDaysAgo);
      for (let i = 1; i < p.priceHistory.length; i++) {
        expect(p.priceHistory[i].daysAgo, p.key).toBeLessThan(p.priceHistory[i - 1].daysAgo);
      }
    }
  });

  it("keeps full prices within believable ranges", () => {
    const ranges: Partial<Record<Garment, [number, number]>> = {
      shirt: [9900, 18900],
      knit: [12900, 39900],
      dress: [14900, 34900],
      coat: [29900, 69000],
      bag: [19900, 49000],
      scarf: [5900, 15900],
      belt: [6900, 12900],
      shoes: [17900, 39000],
    };
    for (const p of products) {
      const full = p.compareAtCents ?? currentPrice(p);
      const range = ranges[p.garment];
      if (!range) continue;
      expect(full, p.key).toBeGreaterThanOrEqual(range[0]);
      expect(full, p.key).toBeLessThanOrEqual(range[1]);
    }
  });

  it("has at least 15 sale products with an honest lowest-30-day price", () => {
    const onSale = products.filter((p) => p.compareAtCents !== null);
    expect(onSale.length).toBeGreaterThanOrEqual(15);
    for (const p of onSale) {
      const current = currentPrice(p);
      const compareAt = p.compareAtCents!;
      expect(current, p.key).toBeLessThan(compareAt);
      const discount = 1 - current / compareAt;
      expect(discount).toBeGreaterThanOrEqual(0.2);
      expect(discount).toBeLessThanOrEqual(0.4);
      expect(p.createdDaysAgo).toBeGreaterThanOrEqual(45);

      const lowest30 = lowestInWindow(p, 30);
      expect(lowest30, p.key).not.toBe(current);
      expect(lowest30, p.key).not.toBe(compareAt);

      const lowestBefore = lowestBeforeReduction(p);
      expect(lowestBefore, p.key).not.toBe(current);
      expect(lowestBefore, p.key).not.toBe(compareAt);
    }
  });

  it("shows no discount on products that are not on sale", () => {
    for (const p of products.filter((p) => p.compareAtCents === null)) {
      // Any price change lies more than 30 days back.
      for (const h of p.priceHistory.slice(1)) expect(h.daysAgo, p.key).toBeGreaterThan(30);
    }
  });
});

describe("catalogue ordering and dates", () => {
  it("has featured ranks 1..N, each used once", () => {
    const ranks = products.map((p) => p.featuredRank).sort((a, b) => a - b);
    expect(ranks).toEqual(products.map((_, i) => i + 1));
  });

  it("spreads publication dates over 0–200 days with about 10 new arrivals", () => {
    for (const p of products) {
      expect(Number.isInteger(p.createdDaysAgo)).toBe(true);
      expect(p.createdDaysAgo).toBeGreaterThanOrEqual(0);
      expect(p.createdDaysAgo).toBeLessThanOrEqual(200);
    }
    const fresh = products.filter((p) => p.createdDaysAgo <= 14).length;
    expect(fresh).toBeGreaterThanOrEqual(8);
    expect(fresh).toBeLessThanOrEqual(14);
    expect(products.some((p) => p.createdDaysAgo > 150)).toBe(true);
  });

  it("is deterministic", async () => {
    vi.resetModules();
    const again = await import("./catalogue");
    expect(again.catalogue).not.toBe(catalogue);
    expect(JSON.stringify(again.catalogue)).toBe(JSON.stringify(catalogue));
  });
});

describe("global settings", () => {
  it("has parallel messages and links in both languages", () => {
    for (const locale of locales) {
      const s = globalSettings[locale];
      expect(s.messages.length).toBeGreaterThanOrEqual(3);
      expect(s.links.length).toBe(s.messages.length);
      for (const link of s.links) {
        if (link !== null) expect(link.startsWith("/")).toBe(true);
      }
      expect(s.background).toBe("#1B1B1B");
      expect(s.color).toBe("#FAF8F5");
    }
    for (const link of globalSettings.en.links) {
      if (link !== null) expect(link.startsWith("/en/")).toBe(true);
    }
  });
});

describe("catalogue makers (GPSR art. 19)", () => {
  it("names a known maker for every product, and a responsible person in the EU for each maker outside it", async () => {
    const { isInEu } = await import("~/modules/catalog/manufacturer");
    const keys = new Set(catalogue.manufacturers.map((m) => m.key));
    expect(keys.size).toBe(catalogue.manufacturers.length);
    for (const p of products) expect(keys, p.key).toContain(p.manufacturerKey);
    for (const m of catalogue.manufacturers) {
      expect(m.email, m.key).toMatch(/^[^@\s]+@[^@\s]+$/);
      if (isInEu(m.countryCode)) expect(m.euResponsible, m.key).toBeUndefined();
      else expect(isInEu(m.euResponsible?.countryCode ?? ""), m.key).toBe(true);
    }
    expect(catalogue.manufacturers.some((m) => !isInEu(m.countryCode))).toBe(true);
  });
});

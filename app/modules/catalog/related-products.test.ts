import { beforeAll, describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/support/databases";
import type { Locale } from "~/db/schema";
import { catalogue } from "~/db/seed/catalogue";
import { seedDatabase } from "~/db/seed/seed.server";
import { garmentStyleOf } from "~/modules/media/garment-style";
import { ancestorsOf } from "./category.service.server";
import { listCategories } from "./category.repository.server";
import { findRelatedProducts, getProductPage, getRelatedProducts } from "./product.service.server";
import { type RelatedCandidate, isAccessoryGarment, pickRelated } from "./related-products";

const DONNA = 1;
const UOMO = 2;
const ACCESSORI = 3;
let nextId = 100;
const candidate = (garment: string, subtype: string, department: number): RelatedCandidate => ({ id: nextId++, garment, subtype, department });
const shown = (picked: RelatedCandidate[]) => picked.map((c) => `${c.garment}:${c.subtype}`);

describe("pickRelated", () => {
  const trousers = { id: 1, garment: "trousers", subtype: "trousers-wide", department: DONNA };

  it("suggests what completes the look: tops of the department, then shoes and a bag, never one sub-type twice", () => {
    const pool = [
      candidate("trousers", "jeans", DONNA),
      candidate("skirt", "skirt-pencil", DONNA),
      candidate("dress", "dress-slip", DONNA),
      candidate("knit", "cardigan", DONNA),
      candidate("knit", "cardigan", DONNA),
      candidate("shirt", "shirt", DONNA),
      candidate("knit", "turtleneck", UOMO),
      candidate("scarf", "stole", ACCESSORI),
      candidate("shoes", "loafer", ACCESSORI),
      candidate("bag", "tote", ACCESSORI),
    ];
    const picked = shown(pickRelated(trousers, pool));
    expect(picked.slice(0, 2).sort()).toEqual(["knit:cardigan", "shirt:shirt"]);
    expect(picked.slice(2)).toEqual(["shoes:loafer", "bag:tote"]);
  });

  it("is the same for the same product, and not the same four for every product of a category", () => {
    const pool = [...Array.from({ length: 6 }, (_, i) => candidate("knit", `knit-${i}`, DONNA)), ...Array.from({ length: 6 }, (_, i) => candidate("shoes", `shoes-${i}`, ACCESSORI))];
    const rows = Array.from({ length: 6 }, (_, i) => shown(pickRelated({ ...trousers, id: i + 1 }, pool)).join());
    expect(shown(pickRelated(trousers, pool)).join()).toBe(rows[0]);
    expect(new Set(rows).size).toBeGreaterThan(1);
  });

  it("never takes the product itself, its sub-type, or clothes of another department for a garment", () => {
    const pool = [
      { ...candidate("knit", "cardigan", DONNA), id: trousers.id },
      candidate("trousers", "trousers-wide", DONNA),
      candidate("coat", "trench", UOMO),
      candidate("jacket", "blazer", UOMO),
      candidate("trousers", "chino", DONNA),
    ];
    // Only another sub-type of its own garment type is left: better than a man's coat.
    expect(shown(pickRelated(trousers, pool))).toEqual(["trousers:chino"]);
  });

  it("puts no heels, ballet flats or clutches beside a department that sells no dress or skirt", () => {
    const menTrousers = { id: 2, garment: "trousers", subtype: "chino", department: UOMO };
    const pool = [candidate("shirt", "shirt", UOMO), candidate("shoes", "pump", ACCESSORI), candidate("shoes", "ballet", ACCESSORI), candidate("bag", "clutch", ACCESSORI), candidate("shoes", "derby", ACCESSORI)];
    expect(shown(pickRelated(menTrousers, pool))).toEqual(["shirt:shirt", "shoes:derby"]);
    expect(shown(pickRelated(trousers, [...pool, candidate("dress", "dress", DONNA)]))).toContain("bag:clutch");
  });

  it("fills an accessory's row with the other accessories, then clothes, before another of its own kind", () => {
    const bag = { id: 3, garment: "bag", subtype: "tote", department: ACCESSORI };
    const pool = [
      candidate("bag", "crossbody", ACCESSORI),
      candidate("shoes", "loafer", ACCESSORI),
      candidate("shoes", "sneaker", ACCESSORI),
      candidate("belt", "belt", ACCESSORI),
      candidate("dress", "dress-wrap", DONNA),
    ];
    const picked = shown(pickRelated(bag, pool));
    expect(picked.slice(0, 2)).toEqual([expect.stringMatching(/^shoes:/), "belt:belt"]);
    expect(picked.slice(2)).toEqual([expect.stringMatching(/^shoes:/), "dress:dress-wrap"]);
  });
});

describeEachDatabase("related products", (ctx) => {
  beforeAll(async () => {
    await seedDatabase(ctx().db);
  });

  it("for every product, in both languages: four on show and in stock, its department first, no sub-type twice nor the product's own", async () => {
    const { db } = ctx();
    const now = new Date();
    const inStock = new Set((await db.selectFrom("variants").select("product_id").where("stock", ">", 0).execute()).map((row) => row.product_id));
    for (const locale of ["it", "en"] as Locale[]) {
      const categories = await listCategories(db, locale);
      const departmentOf = (categoryId: number) => ancestorsOf(categories, categoryId)[0].id;
      const products = await db
        .selectFrom("products as p")
        .innerJoin("product_translations as t", (join) => join.onRef("t.product_id", "=", "p.id").on("t.locale", "=", locale))
        .select(["p.id", "p.garment", "p.category_id as categoryId", "p.status", "p.published_at as publishedAt", "t.name"])
        .execute();
      expect(products).toHaveLength(catalogue.products.length);
      for (const product of products) {
        const own = garmentStyleOf(product.name, product.garment).subtype;
        const picked = await findRelatedProducts(db, locale, product, now, categories);
        const related = picked.map((card) => products.find((row) => row.id === card.id)!);
        // The sub-types as the drawings read them from the names, not as the service said.
        const subtypes = related.map((row) => garmentStyleOf(row.name, row.garment).subtype);
        const label = `${locale} ${product.name}: ${related.map((row, i) => `${row.name} (${subtypes[i]})`).join(", ")}`;

        expect(related, label).toHaveLength(4);
        expect(new Set([own, ...subtypes]).size, label).toBe(subtypes.length + 1);
        expect(related.every((row) => row.id !== product.id && row.status === "published" && Date.parse(row.publishedAt) <= now.getTime() && inStock.has(row.id)), label).toBe(true);
        // The department's pieces lead; any other department's are accessories.
        const department = departmentOf(product.categoryId);
        const ownDepartment = related.map((row) => departmentOf(row.categoryId) === department);
        expect(ownDepartment[0], label).toBe(true);
        expect(ownDepartment, label).toEqual([...ownDepartment].sort((a, b) => Number(b) - Number(a)));
        if (!isAccessoryGarment(product.garment)) {
          expect(related.every((row, i) => ownDepartment[i] || isAccessoryGarment(row.garment)), label).toBe(true);
          // Not more of the same: other garment types.
          expect(related.every((row) => row.garment !== product.garment), label).toBe(true);
        }
      }
    }
  }, 120_000);

  it("shows them on the product page as cards, in that order", async () => {
    const { db } = ctx();
    const page = (await getProductPage(db, "it", "pantaloni-ampi-in-lino", {}))!;
    const picked = await findRelatedProducts(db, "it", page.product);
    expect(page.related.map((card) => card.id)).toEqual(picked.map((p) => p.id));
    expect(page.related.every((card) => !card.soldOut && card.url.startsWith("/products/"))).toBe(true);
  });

  it("leaves out products sold out or not on show", async () => {
    const { db } = ctx();
    const trousers = catalogue.products.find((p) => p.slug.it === "pantaloni-ampi-in-lino")!;
    const page = (await getProductPage(db, "it", trousers.slug.it, {}))!;
    const [first] = page.related;
    const subject = { id: page.product.id, categoryId: page.product.categoryId, garment: page.product.garment, name: page.product.name };
    await db.updateTable("listing_entries").set({ in_stock: 0 }).where("product_id", "=", first.id).execute();
    expect((await getRelatedProducts(db, "it", subject)).map((card) => card.id)).not.toContain(first.id);
    await db.updateTable("listing_entries").set({ in_stock: 1 }).where("product_id", "=", first.id).execute();
    await db.updateTable("listing_entries").set({ published_at: "2999-01-01T00:00:00.000Z" }).where("product_id", "=", first.id).execute();
    expect((await getRelatedProducts(db, "it", subject)).map((card) => card.id)).not.toContain(first.id);
  });
});

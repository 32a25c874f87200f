import type { Transaction } from "kysely";
import type { Database } from "../schema";
import type { SeedProduct } from "./catalogue.types";

// The demo shop's size guides (issue 41 part 2): women's and men's clothing, men's trousers and
// tailoring, women's and men's shoes. Categories name them; women's shoes, in a category with
// men's, name their own. Every piece of clothing says how it fits, read from its name (a wide
// cut fits ample, a cropped or close one small). No model is seeded: the demo's pictures are
// drawings on a dress form, and a model's measurements belong to photographs that show one.

interface SeedRow {
  size: string;
  it?: string;
  eu?: string;
  us?: string;
  uk?: string;
  /** cm */
  chest?: number;
  waist?: number;
  hips?: number;
  inseam?: number;
  foot?: number;
  height?: [number, number];
  weight?: [number, number];
}

interface SeedGuide {
  key: string;
  kind: "clothing" | "trousers" | "shoes";
  name: { it: string; en: string };
  categories: string[];
  rows: SeedRow[];
}

const shoe = (eu: number, uk: string, us: string, foot: number): SeedRow => ({ size: String(eu), it: String(eu), eu: String(eu), uk, us, foot });

const GUIDES: SeedGuide[] = [
  {
    key: "women",
    kind: "clothing",
    name: { it: "Donna — abbigliamento", en: "Women — clothing" },
    categories: ["donna"],
    rows: [
      { size: "XS", it: "38", eu: "34", us: "2", uk: "6", chest: 80, waist: 62, hips: 88, height: [155, 166], weight: [44, 52] },
      { size: "S", it: "40", eu: "36", us: "4", uk: "8", chest: 84, waist: 66, hips: 92, height: [158, 170], weight: [50, 58] },
      { size: "M", it: "42", eu: "38", us: "6", uk: "10", chest: 88, waist: 70, hips: 96, height: [160, 174], weight: [56, 65] },
      { size: "L", it: "44", eu: "40", us: "8", uk: "12", chest: 92, waist: 74, hips: 100, height: [162, 177], weight: [63, 72] },
      { size: "XL", it: "46", eu: "42", us: "10", uk: "14", chest: 96, waist: 78, hips: 104, height: [164, 180], weight: [70, 80] },
    ],
  },
  {
    key: "men",
    kind: "clothing",
    name: { it: "Uomo — camicie e maglieria", en: "Men — shirts and knitwear" },
    categories: ["uomo-camicie", "uomo-maglieria"],
    rows: [
      { size: "S", it: "46", eu: "46", us: "36", uk: "36", chest: 92, waist: 80, height: [165, 177], weight: [60, 70] },
      { size: "M", it: "48", eu: "48", us: "38", uk: "38", chest: 96, waist: 84, height: [170, 182], weight: [68, 78] },
      { size: "L", it: "50", eu: "50", us: "40", uk: "40", chest: 100, waist: 88, height: [174, 186], weight: [76, 87] },
      { size: "XL", it: "52", eu: "52", us: "42", uk: "42", chest: 104, waist: 92, height: [178, 192], weight: [85, 97] },
    ],
  },
  {
    key: "men-trousers",
    kind: "trousers",
    name: { it: "Uomo — pantaloni", en: "Men — trousers" },
    categories: ["uomo-pantaloni"],
    rows: [
      { size: "44", it: "44", eu: "44", us: "30", uk: "30", waist: 76, hips: 92, inseam: 82, height: [165, 176], weight: [58, 67] },
      { size: "46", it: "46", eu: "46", us: "31", uk: "31", waist: 80, hips: 96, inseam: 83, height: [168, 180], weight: [64, 73] },
      { size: "48", it: "48", eu: "48", us: "32", uk: "32", waist: 84, hips: 100, inseam: 84, height: [172, 184], weight: [71, 80] },
      { size: "50", it: "50", eu: "50", us: "34", uk: "34", waist: 88, hips: 104, inseam: 85, height: [175, 188], weight: [78, 88] },
      { size: "52", it: "52", eu: "52", us: "36", uk: "36", waist: 92, hips: 108, inseam: 86, height: [178, 192], weight: [86, 97] },
    ],
  },
  {
    key: "men-tailoring",
    kind: "clothing",
    name: { it: "Uomo — giacche e cappotti", en: "Men — jackets and coats" },
    categories: ["uomo-giacche", "uomo-cappotti"],
    rows: [
      { size: "46", it: "46", eu: "46", us: "36", uk: "36", chest: 92, waist: 80, height: [166, 178], weight: [60, 70] },
      { size: "48", it: "48", eu: "48", us: "38", uk: "38", chest: 96, waist: 84, height: [170, 182], weight: [68, 78] },
      { size: "50", it: "50", eu: "50", us: "40", uk: "40", chest: 100, waist: 88, height: [174, 186], weight: [76, 87] },
      { size: "52", it: "52", eu: "52", us: "42", uk: "42", chest: 104, waist: 92, height: [178, 192], weight: [85, 97] },
    ],
  },
  {
    key: "women-shoes",
    kind: "shoes",
    name: { it: "Scarpe donna", en: "Women's shoes" },
    categories: [],
    rows: [shoe(36, "3.5", "6", 22.5), shoe(37, "4", "6.5", 23.2), shoe(38, "5", "7.5", 23.8), shoe(39, "6", "8.5", 24.5), shoe(40, "6.5", "9", 25.2), shoe(41, "7.5", "10", 25.8)],
  },
  {
    key: "shoes",
    kind: "shoes",
    name: { it: "Scarpe uomo e unisex", en: "Men's and unisex shoes" },
    categories: ["accessori-scarpe"],
    rows: [
      shoe(38, "5", "6", 23.8),
      shoe(39, "6", "7", 24.5),
      shoe(40, "6.5", "7.5", 25.2),
      shoe(41, "7.5", "8.5", 25.8),
      shoe(42, "8", "9", 26.5),
      shoe(43, "9", "10", 27.2),
      shoe(44, "9.5", "10.5", 27.8),
      shoe(45, "10.5", "11.5", 28.5),
    ],
  },
];

const mm = (cm: number | undefined) => (cm === undefined ? null : Math.round(cm * 10));

/** How a piece fits, from its Italian name: wide cuts ample, cropped and close ones small. */
function fitOf(product: SeedProduct): "small" | "regular" | "large" | null {
  if (["bag", "belt", "scarf", "shoes"].includes(product.garment)) return null;
  const name = product.name.it.toLowerCase();
  if (/\b(ampi[oae]?|poncho|oversize|morbid[oae]|a uovo|a kimono)\b/.test(name)) return "large";
  if (/\b(cort[oae]|aderent[ie]|a sigaretta|slim|a matita)\b/.test(name)) return "small";
  return "regular";
}

export async function seedSizeGuides(trx: Transaction<Database>, categoryIds: Map<string, number>, products: { seed: SeedProduct; id: number }[], stamp: string): Promise<void> {
  const guideIds = new Map<string, number>();
  for (const guide of GUIDES) {
    const { id } = await trx
      .insertInto("size_guides")
      .values({ kind: guide.kind, name_it: guide.name.it, name_en: guide.name.en, created_at: stamp, updated_at: stamp })
      .returning("id")
      .executeTakeFirstOrThrow();
    guideIds.set(guide.key, id);
    await trx
      .insertInto("size_guide_rows")
      .values(
        guide.rows.map((row, position) => ({
          guide_id: id,
          position,
          size: row.size,
          size_it: row.it ?? "",
          size_eu: row.eu ?? "",
          size_us: row.us ?? "",
          size_uk: row.uk ?? "",
          chest_mm: mm(row.chest),
          waist_mm: mm(row.waist),
          hips_mm: mm(row.hips),
          inseam_mm: mm(row.inseam),
          foot_mm: mm(row.foot),
          height_from_cm: row.height?.[0] ?? null,
          height_to_cm: row.height?.[1] ?? null,
          weight_from_kg: row.weight?.[0] ?? null,
          weight_to_kg: row.weight?.[1] ?? null,
        })),
      )
      .execute();
    const named = guide.categories.flatMap((key) => categoryIds.get(key) ?? []);
    if (named.length) await trx.updateTable("categories").set({ size_guide_id: id }).where("id", "in", named).execute();
  }
  const womenShoes = guideIds.get("women-shoes")!;
  // One update per kind of product, not per product.
  const groups = new Map<string, number[]>();
  for (const { seed, id } of products) {
    const key = JSON.stringify([seed.garment === "shoes" && seed.sizes[0] === "36" ? womenShoes : null, fitOf(seed)]);
    groups.set(key, [...(groups.get(key) ?? []), id]);
  }
  for (const [key, ids] of groups) {
    const [size_guide_id, fit] = JSON.parse(key) as [number | null, string | null];
    if (size_guide_id !== null || fit !== null) await trx.updateTable("products").set({ size_guide_id, fit }).where("id", "in", ids).execute();
  }
}

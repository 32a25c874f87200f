/**
 * "Potrebbe piacerti anche": what goes with the product, not more of it. A product page for
 * trousers suggests a shirt and a knit of the same department (donna, uomo) and the accessories
 * that finish the look (a bag, shoes); never two pieces of one sub-type (two cardigans, two
 * pairs of chinos), never the product's own sub-type. Pure: the service reads the candidates
 * (published, in stock) and this picks among them.
 */

/** Garment types anyone wears: suggested from any department. */
const ACCESSORY_GARMENTS: ReadonlySet<string> = new Set(["bag", "shoes", "scarf", "belt"]);

type Zone = "top" | "bottom" | "full" | "outer" | "accessory" | "other";

/** Where on the body a garment type is worn. */
const ZONE_OF: Record<string, Zone> = {
  knit: "top",
  shirt: "top",
  trousers: "bottom",
  skirt: "bottom",
  dress: "full",
  coat: "outer",
  jacket: "outer",
  bag: "accessory",
  shoes: "accessory",
  scarf: "accessory",
  belt: "accessory",
};

/** For each zone, the zones that complete it, best first; anything unnamed comes after. */
const GOES_WITH: Record<Zone, readonly Zone[]> = {
  top: ["bottom", "outer", "full"],
  bottom: ["top", "outer", "full"],
  full: ["outer", "top", "bottom"],
  outer: ["top", "bottom", "full"],
  accessory: ["accessory"],
  other: [],
};

const zoneOf = (garment: string): Zone => ZONE_OF[garment] ?? "other";

/** The accessories that finish a garment, best first (shoes and a bag before a belt or a scarf). */
const FINISHING: readonly string[] = ["shoes", "bag", "belt", "scarf"];

/**
 * Accessories a shop cuts for women (heels, ballet flats, knee boots, a clutch, a bucket or straw
 * bag, a stole or a foulard): not suggested beside a department that sells no dress or skirt.
 */
const WORN_WITH_SKIRTS: ReadonlySet<string> = new Set(["pump", "ballet", "boot", "clutch", "bucket-bag", "basket", "stole", "foulard"]);
const SKIRTED: ReadonlySet<string> = new Set(["dress", "skirt"]);

/**
 * A stable shuffle key: the same product always gets the same suggestions (pages are cached),
 * but two products of one category do not all get the same four.
 */
function shuffleKey(seed: number, id: number): number {
  let h = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(id, 0xc2b2ae35);
  h ^= h >>> 13;
  h = Math.imul(h, 0x27d4eb2f);
  h ^= h >>> 16;
  return h >>> 0;
}

export const isAccessoryGarment = (garment: string) => ACCESSORY_GARMENTS.has(garment);

export interface RelatedSubject {
  id: number;
  garment: string;
  /** The drawing's sub-type read from the name (garmentStyleOf): "trousers-wide", "cardigan"… */
  subtype: string;
  /** The top category the product is listed under (Donna, Uomo, Accessori). */
  department: number;
}

export type RelatedCandidate = RelatedSubject;

/**
 * Up to `count` candidates for the product's "you may also like", in the order shown: first,
 * up to half from its own department in garment types that complete it (a top for trousers),
 * then accessories from the other departments; the rest filled from the same two, then (for an
 * accessory) clothes of any department, and only last other sub-types of its own garment type.
 * Each pool is asked first for garment types not yet shown; no sub-type is ever shown twice, nor
 * the product's own.
 */
export function pickRelated<C extends RelatedCandidate>(product: RelatedSubject, candidates: readonly C[], count = 4): C[] {
  const preference = GOES_WITH[zoneOf(product.garment)];
  const rankIn = (list: readonly string[], value: string) => {
    const index = list.indexOf(value);
    return index < 0 ? list.length : index;
  };
  const finishing = (a: C, b: C) => rankIn(FINISHING, a.garment) - rankIn(FINISHING, b.garment);
  const shuffled = (a: C, b: C) => shuffleKey(product.id, a.id) - shuffleKey(product.id, b.id) || a.id - b.id;
  const others = candidates.filter((c) => c.id !== product.id && c.subtype !== product.subtype);
  const skirted = SKIRTED.has(product.garment) || others.some((c) => c.department === product.department && SKIRTED.has(c.garment));
  const suits = (c: C) => skirted || !WORN_WITH_SKIRTS.has(c.subtype);
  const otherGarment = others.filter((c) => c.garment !== product.garment && suits(c));
  const own = otherGarment
    .filter((c) => c.department === product.department)
    .sort((a, b) => rankIn(preference, zoneOf(a.garment)) - rankIn(preference, zoneOf(b.garment)) || finishing(a, b) || shuffled(a, b));
  const accessories = otherGarment
    .filter((c) => c.department !== product.department && isAccessoryGarment(c.garment))
    .sort((a, b) => finishing(a, b) || shuffled(a, b));
  // Clothes of another department suit an accessory (worn by anyone), not a garment (a man's
  // coat under a woman's dress).
  const clothes = isAccessoryGarment(product.garment)
    ? otherGarment.filter((c) => c.department !== product.department && !isAccessoryGarment(c.garment)).sort(shuffled)
    : [];
  const sameGarment = others.filter((c) => c.garment === product.garment && suits(c) && (c.department === product.department || isAccessoryGarment(c.garment))).sort(shuffled);

  const chosen: C[] = [];
  const subtypes = new Set([product.subtype]);
  const garments = new Set([product.garment]);
  const take = (pool: readonly C[], upTo: number, newGarmentOnly: boolean) => {
    for (const candidate of pool) {
      if (chosen.length >= upTo) return;
      if (subtypes.has(candidate.subtype) || (newGarmentOnly && garments.has(candidate.garment))) continue;
      chosen.push(candidate);
      subtypes.add(candidate.subtype);
      garments.add(candidate.garment);
    }
  };
  take(own, Math.ceil(count / 2), true);
  for (const newGarmentOnly of [true, false]) {
    take(accessories, count, newGarmentOnly);
    take(own, count, newGarmentOnly);
  }
  take(clothes, count, true);
  take(clothes, count, false);
  take(sameGarment, count, false);
  // Shown as a look: the department's pieces first, then what finishes them.
  const order = (c: C) => (c.department === product.department ? 0 : 1);
  return chosen.map((c, index) => ({ c, index })).sort((a, b) => order(a.c) - order(b.c) || a.index - b.index).map(({ c }) => c);
}

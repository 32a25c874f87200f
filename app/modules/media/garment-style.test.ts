import { describe, expect, it } from "vitest";
import { catalogue } from "~/db/seed/catalogue";
import { GARMENTS, garmentOfSubtype } from "./garment-art";
import { garmentStyleOf, normalizeName, subtypesOf } from "./garment-style";

/**
 * Every demo product, by key: the sub-type and surface its name promises. Read against the names
 * (and the cuts the catalogue describes) by hand: a gilet is a vest, a cardigan has its button
 * band, a dolcevita is a turtleneck, a gonna a tubino a pencil skirt, a doppiopetto two rows of
 * buttons, a camicia a righe stripes.
 */
const EXPECTED: ReadonlyArray<readonly [string, string, string]> = [
    ["linen-midi-dress", "dress", "linen"],
    ["poplin-shirt-dress", "dress-shirt", "plain"],
    ["silk-slip-dress", "dress-slip", "silk"],
    ["ribbed-merino-knit-dress", "dress-knit", "rib"],
    ["crepe-wrap-dress", "dress-wrap", "plain"],
    ["long-pleated-dress", "dress-pleated", "plisse"],
    ["wool-crepe-a-line-dress", "dress-aline", "plain"],
    ["tiered-cotton-voile-dress", "dress-tiered", "plain"],
    ["oversized-cotton-poplin-shirt", "shirt-oversize", "plain"],
    ["washed-silk-shirt", "shirt", "silk"],
    ["linen-grandad-collar-shirt", "shirt-band", "linen"],
    ["crepe-de-chine-pussy-bow-blouse", "blouse-bow", "silk"],
    ["striped-cotton-oxford-shirt", "shirt-buttondown", "stripes"],
    ["chambray-shirt", "shirt-utility", "denim"],
    ["pintucked-voile-shirt", "blouse", "pintuck"],
    ["cashmere-cardigan", "cardigan", "knit"],
    ["extra-fine-merino-turtleneck", "turtleneck", "knit"],
    ["alpaca-blend-cable-knit-jumper", "mockneck", "cable"],
    ["cashmere-crew-neck-jumper", "crewneck", "knit"],
    ["mohair-vest", "vest", "mohair"],
    ["ribbed-cotton-knit-top", "knit-top", "rib"],
    ["cropped-cotton-linen-cardigan", "cardigan-cropped", "linen"],
    ["wool-and-cashmere-poncho", "poncho", "knit"],
    ["wide-leg-linen-trousers", "trousers-wide", "linen"],
    ["tailored-tropical-wool-trousers", "trousers", "plain"],
    ["crepe-palazzo-trousers", "trousers-palazzo", "plain"],
    ["high-rise-straight-jeans", "jeans", "denim"],
    ["corduroy-trousers", "trousers-pleated", "corduroy"],
    ["cotton-gabardine-chinos", "chino", "plain"],
    ["pleated-flannel-trousers", "trousers-pleated", "plain"],
    ["silk-midi-skirt", "skirt-slip", "silk"],
    ["pleated-wool-skirt", "skirt-pleated", "plain"],
    ["denim-wrap-skirt", "skirt-wrap", "denim"],
    ["tweed-mini-skirt", "skirt-mini", "tweed"],
    ["long-linen-skirt", "skirt-maxi", "linen"],
    ["ribbed-knit-pencil-skirt", "skirt-pencil", "rib"],
    ["oxford-button-down-shirt", "shirt-buttondown", "plain"],
    ["cutaway-collar-poplin-shirt", "shirt-cutaway", "plain"],
    ["washed-linen-shirt", "shirt", "linen"],
    ["check-flannel-shirt", "shirt-utility", "check"],
    ["corduroy-overshirt", "overshirt", "corduroy"],
    ["washed-denim-shirt", "shirt-utility", "denim"],
    ["silk-cotton-band-collar-shirt", "shirt-band", "silk"],
    ["cashmere-roll-neck", "turtleneck", "knit"],
    ["shawl-collar-wool-cardigan", "cardigan-shawl", "knit"],
    ["merino-v-neck-jumper", "vneck", "knit"],
    ["knitted-cotton-polo", "polo", "knit"],
    ["wool-fishermans-sweater", "mockneck", "cable"],
    ["cotton-cashmere-sweatshirt", "sweatshirt", "plain"],
    ["merino-knit-gilet", "vest", "knit"],
    ["tailored-flannel-trousers", "trousers", "plain"],
    ["slim-cotton-twill-chinos", "chino", "plain"],
    ["drawstring-linen-trousers", "trousers-drawstring", "linen"],
    ["wide-wale-corduroy-trousers", "trousers-pleated", "corduroy"],
    ["straight-leg-selvedge-jeans", "jeans", "denim"],
    ["fresco-wool-trousers", "trousers", "plain"],
    ["unstructured-linen-jacket", "jacket", "linen"],
    ["single-breasted-flannel-blazer", "blazer", "plain"],
    ["herringbone-tweed-jacket", "jacket", "herringbone"],
    ["suede-blouson", "blouson", "suede"],
    ["cotton-canvas-chore-jacket", "chore-jacket", "plain"],
    ["double-breasted-fresco-wool-blazer", "blazer-double", "plain"],
    ["camel-hair-overcoat", "coat", "plain"],
    ["double-breasted-wool-cashmere-coat", "coat-double", "plain"],
    ["cotton-gabardine-trench-coat", "trench", "plain"],
    ["loden-coat", "loden", "plain"],
    ["double-face-wool-duffle-coat", "montgomery", "plain"],
    ["wool-melton-pea-coat", "caban", "plain"],
    ["leather-tote-bag", "tote", "leather"],
    ["suede-bucket-bag", "bucket-bag", "suede"],
    ["nappa-crossbody-bag", "crossbody", "leather"],
    ["waxed-canvas-and-leather-shopper", "shopper", "plain"],
    ["woven-raffia-bag", "basket", "woven"],
    ["grained-leather-clutch", "clutch", "grain"],
    ["leather-weekend-bag", "weekend-bag", "leather"],
    ["brushed-leather-loafers", "loafer", "leather"],
    ["suede-chelsea-boots", "chelsea", "suede"],
    ["leather-pumps", "pump", "leather"],
    ["nappa-ballet-flats", "ballet", "leather"],
    ["low-top-leather-sneakers", "sneaker", "leather"],
    ["leather-derby-shoes", "derby", "leather"],
    ["knee-high-leather-boots", "boot", "leather"],
    ["leather-ankle-strap-sandals", "sandal", "leather"],
    ["cashmere-scarf", "scarf", "plain"],
    ["silk-twill-square", "foulard", "silk"],
    ["wool-silk-stole", "stole", "silk"],
    ["linen-gauze-scarf", "scarf", "gauze"],
    ["ribbed-merino-scarf", "scarf", "rib"],
    ["leather-belt-with-brass-buckle", "belt", "leather"],
    ["skinny-nappa-belt", "belt-skinny", "leather"],
    ["woven-leather-belt", "belt", "woven"],
    ["suede-belt", "belt", "suede"],
];

describe("garmentStyleOf", () => {
  it("gives every demo product the sub-type and surface its name promises, in both languages", () => {
    const byKey = new Map(catalogue.products.map((p) => [p.key, p]));
    expect(EXPECTED.map(([key]) => key).sort()).toEqual([...byKey.keys()].sort());
    for (const [key, subtype, surface] of EXPECTED) {
      const p = byKey.get(key)!;
      for (const name of [p.name.it, p.name.en]) expect(garmentStyleOf(name, p.garment), name).toEqual({ subtype, surface });
      expect(garmentOfSubtype(garmentStyleOf(p.name.it, p.garment).subtype)).toBe(p.garment);
    }
  });

  it.each([
    ["Gilet in mohair", "knit", "vest", "mohair"],
    ["Cardigan in cashmere", "knit", "cardigan", "knit"],
    ["Dolcevita in merino", "knit", "turtleneck", "knit"],
    ["Cashmere turtleneck", "knit", "turtleneck", "knit"],
    ["Gonna a tubino", "skirt", "skirt-pencil", "plain"],
    ["Pencil skirt", "skirt", "skirt-pencil", "plain"],
    ["Abito sottoveste", "dress", "dress-slip", "plain"],
    ["Slip dress", "dress", "dress-slip", "plain"],
    ["Cappotto doppiopetto", "coat", "coat-double", "plain"],
    ["Double-breasted coat", "coat", "coat-double", "plain"],
    ["Camicia a righe", "shirt", "shirt", "stripes"],
    ["Striped shirt", "shirt", "shirt", "stripes"],
    ["Trench", "coat", "trench", "plain"],
    ["Caban", "coat", "caban", "plain"],
    ["Montgomery", "coat", "montgomery", "plain"],
    ["Maglia a coste", "knit", "crewneck", "rib"],
    ["Ribbed jumper", "knit", "crewneck", "rib"],
    ["Maglione a trecce", "knit", "mockneck", "cable"],
    ["Giacca spigata", "jacket", "blazer", "herringbone"],
    ["Giacca a spina di pesce", "jacket", "jacket", "herringbone"],
    ["Herringbone blazer", "jacket", "blazer", "herringbone"],
    ["Pantaloni in velluto a coste", "trousers", "trousers-pleated", "corduroy"],
    ["Corduroy jacket", "jacket", "blazer", "corduroy"],
    ["Giubbotto trapuntato", "jacket", "blouson", "quilted"],
    ["Quilted coat", "coat", "coat", "quilted"],
    ["Gonna plissé", "skirt", "skirt-pleated", "plisse"],
    ["Pleated skirt", "skirt", "skirt-pleated", "plain"],
    ["Velluto a coste larghe", "trousers", "trousers-pleated", "corduroy"],
    ["Wide-wale cords", "trousers", "trousers", "corduroy"],
    ["Wide-leg trousers", "trousers", "trousers-wide", "plain"],
    ["Chino slim", "trousers", "chino", "plain"],
    ["Stivaletti Chelsea", "shoes", "chelsea", "plain"],
    ["Knee boots", "shoes", "boot", "plain"],
    ["Borsa a tracolla", "bag", "crossbody", "plain"],
    ["Cintura sottile", "belt", "belt-skinny", "plain"],
  ])("%s (%s) → %s, %s", (name, garment, subtype, surface) => {
    expect(garmentStyleOf(name, garment)).toEqual({ subtype, surface });
  });

  it("falls back to the garment type's plain drawing for a name it does not know", () => {
    for (const garment of GARMENTS) {
      const style = garmentStyleOf("Novità di stagione", garment);
      expect(garmentOfSubtype(style.subtype)).toBe(garment);
      expect(subtypesOf(garment)).toContain(style.subtype);
    }
    // An unknown garment type (a row Atelier has not migrated) still gets a drawing.
    expect(garmentOfSubtype(garmentStyleOf("Qualcosa", "hat").subtype)).toBe("knit");
  });

  it("reads whole words, without accents or case", () => {
    expect(normalizeName("Décolleté in PELLE")).toBe(" decollete in pelle ");
    // "slim" is not "slip", "topaz" not "top", "vestito" not "vest".
    expect(garmentStyleOf("Chino slim", "trousers").subtype).toBe("chino");
    expect(garmentStyleOf("Abito slim", "dress").subtype).toBe("dress");
    expect(garmentStyleOf("Maglia topazio", "knit").subtype).toBe("crewneck");
    expect(garmentStyleOf("Vestito in maglia", "knit").subtype).toBe("crewneck");
  });
});

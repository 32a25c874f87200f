// What each sub-type's drawing must show: the promise a product's name makes, held by the art's
// tests (garment-art.test.ts) and by the seed's (product-art.test.ts). Test support only.
import type { Subtype } from "./garment-art";

/** The named parts of a drawing ("sleeve", "button"…), with how many of each. */
export function partsOf(svg: string): Map<string, number> {
  const parts = new Map<string, number>();
  // (One-letter ids are the frame's: backdrop, shadow, pattern.)
  for (const m of svg.matchAll(/\sid="b[0-9a-z]+-([a-z]{2,}?)\d*"/g)) parts.set(m[1], (parts.get(m[1]) ?? 0) + 1);
  return parts;
}

/**
 * What each sub-type's flat must show, and must not: the promise the product's name makes.
 * (Parts are the ids the drawing gives its pieces; see art/kit.ts.)
 */
export const PROMISES: Partial<Record<Subtype, { has?: string[]; not?: string[]; buttons?: [number, number] }>> = {
  vest: { has: ["body", "placket", "armband"], not: ["sleeve", "cuff"] },
  cardigan: { has: ["sleeve", "placket"], buttons: [4, 8] },
  "cardigan-cropped": { has: ["sleeve", "placket"], buttons: [4, 8] },
  "cardigan-shawl": { has: ["lapels", "pocket"], buttons: [3, 6] },
  turtleneck: { has: ["turtleneck", "sleeve"], not: ["neckband", "placket"] },
  mockneck: { has: ["mockneck"], not: ["turtleneck", "placket"] },
  crewneck: { has: ["neckband", "sleeve"], not: ["placket", "button", "turtleneck"] },
  vneck: { has: ["neckband", "sleeve"], not: ["placket", "button"] },
  poncho: { has: ["body", "hemband"], not: ["sleeve", "cuff", "button"] },
  "knit-top": { not: ["sleeve"] },
  polo: { has: ["collar", "placket", "sleeve"], buttons: [3, 3] },
  shirt: { has: ["collar", "placket", "cuff"] },
  "shirt-buttondown": { has: ["collar", "placket", "pocket"] },
  "shirt-band": { has: ["collar", "placket"] },
  "shirt-utility": { has: ["collar", "pocket"] },
  "blouse-bow": { has: ["bow", "collar"] },
  "dress-slip": { has: ["straps", "cowl"], not: ["sleeve"] },
  "dress-wrap": { has: ["wrap", "sleeve"] },
  "dress-tiered": { has: ["tier"], not: ["sleeve"] },
  "dress-shirt": { has: ["collar", "placket", "belt"] },
  "dress-knit": { has: ["mockneck", "sleeve"], not: ["skirt", "placket"] },
  "skirt-pleated": { has: ["pleats"] },
  "skirt-wrap": { has: ["wrap"] },
  "skirt-mini": { has: ["fringe"] },
  "skirt-pencil": { not: ["pleats", "wrap"] },
  blazer: { has: ["lapels", "pocket"], buttons: [2, 8] },
  "blazer-double": { has: ["lapels"], buttons: [6, 12] },
  coat: { has: ["lapels"], not: ["belt"], buttons: [3, 3] },
  "coat-double": { has: ["lapels"], not: ["belt"], buttons: [6, 6] },
  trench: { has: ["belt", "epaulettes", "stormflap", "lapels"], buttons: [8, 12] },
  caban: { has: ["lapels"], not: ["belt"], buttons: [8, 8] },
  montgomery: { has: ["hood", "toggles"] },
  loden: { has: ["collar", "placket"], buttons: [5, 5] },
  blouson: { has: ["zip", "hemband", "collar"] },
  "chore-jacket": { has: ["collar", "pocket"], buttons: [5, 5] },
  jeans: { has: ["pocket", "beltloops"] },
  chino: { has: ["turnup"] },
  "trousers-drawstring": { has: ["drawstring"] },
  "bucket-bag": { has: ["drawstring", "strap"] },
  crossbody: { has: ["flap", "strap"] },
  clutch: { has: ["zip"], not: ["handle"] },
  loafer: { has: ["sole", "upper", "saddle"], not: ["laces"] },
  derby: { has: ["sole", "upper", "laces", "tongue"] },
  chelsea: { has: ["sole", "gusset", "tab"], not: ["laces"] },
  boot: { has: ["sole", "zip"] },
  pump: { has: ["sole", "heel"], not: ["laces", "bow"] },
  ballet: { has: ["sole", "bow"], not: ["heel"] },
  sneaker: { has: ["sole", "laces", "tongue"] },
  sandal: { has: ["sole", "straps", "buckle"] },
  foulard: { has: ["print", "fold"], not: ["fringe"] },
  scarf: { has: ["fringe"] },
  stole: { has: ["fringe"] },
  belt: { has: ["buckle", "strap", "keeper"] },
  "belt-skinny": { has: ["buckle", "strap", "keeper"] },
};


/**
 * The library of sub-types: every garment the shop can draw, by the name a designer would give
 * it, with the garment type (the category's) it belongs to. The URL names a sub-type from this
 * list; anything else is a 404.
 */
import type { Sketch } from "./kit";
import * as acc from "./wardrobe-accessories";
import * as lower from "./wardrobe-lower";
import * as outer from "./wardrobe-outer";
import * as tops from "./wardrobe-tops";

export type GarmentType = "dress" | "shirt" | "knit" | "trousers" | "skirt" | "coat" | "jacket" | "bag" | "shoes" | "scarf" | "belt";

interface SubtypeDef {
  garment: GarmentType;
  draw: (k: Sketch) => void;
}

const def = (garment: GarmentType, draw: (k: Sketch) => void): SubtypeDef => ({ garment, draw });

export const LIBRARY = {
  // Knitwear
  crewneck: def("knit", tops.crewneck),
  vneck: def("knit", tops.vneck),
  turtleneck: def("knit", tops.turtleneck),
  mockneck: def("knit", tops.mockneck),
  cardigan: def("knit", tops.cardigan),
  "cardigan-cropped": def("knit", tops.croppedCardigan),
  "cardigan-shawl": def("knit", tops.shawlCardigan),
  vest: def("knit", tops.vest),
  "knit-top": def("knit", tops.knitTop),
  polo: def("knit", tops.polo),
  sweatshirt: def("knit", tops.sweatshirt),
  poncho: def("knit", tops.poncho),
  // Shirts and blouses
  shirt: def("shirt", tops.shirt),
  "shirt-buttondown": def("shirt", tops.shirtButtondown),
  "shirt-cutaway": def("shirt", tops.shirtCutaway),
  "shirt-oversize": def("shirt", tops.shirtOversize),
  "shirt-band": def("shirt", tops.shirtBand),
  "shirt-utility": def("shirt", tops.shirtUtility),
  overshirt: def("shirt", tops.overshirt),
  blouse: def("shirt", tops.blouse),
  "blouse-bow": def("shirt", tops.blouseBow),
  // Dresses
  dress: def("dress", lower.dress),
  "dress-shirt": def("dress", lower.dressShirt),
  "dress-slip": def("dress", lower.dressSlip),
  "dress-knit": def("dress", lower.dressKnit),
  "dress-wrap": def("dress", lower.dressWrap),
  "dress-pleated": def("dress", lower.dressPleated),
  "dress-aline": def("dress", lower.dressAline),
  "dress-tiered": def("dress", lower.dressTiered),
  // Skirts
  "skirt-pencil": def("skirt", lower.skirtPencil),
  "skirt-aline": def("skirt", lower.skirtAline),
  "skirt-mini": def("skirt", lower.skirtMini),
  "skirt-pleated": def("skirt", lower.skirtPleated),
  "skirt-wrap": def("skirt", lower.skirtWrap),
  "skirt-slip": def("skirt", lower.skirtSlip),
  "skirt-maxi": def("skirt", lower.skirtMaxi),
  // Trousers
  trousers: def("trousers", lower.trousers),
  "trousers-pleated": def("trousers", lower.trousersPleated),
  "trousers-wide": def("trousers", lower.trousersWide),
  "trousers-palazzo": def("trousers", lower.trousersPalazzo),
  chino: def("trousers", lower.trousersChino),
  jeans: def("trousers", lower.jeans),
  "trousers-drawstring": def("trousers", lower.trousersDrawstring),
  // Jackets
  blazer: def("jacket", outer.blazer),
  "blazer-double": def("jacket", outer.blazerDouble),
  jacket: def("jacket", outer.jacket),
  blouson: def("jacket", outer.blouson),
  "chore-jacket": def("jacket", outer.chore),
  // Coats
  coat: def("coat", outer.coat),
  "coat-double": def("coat", outer.coatDouble),
  trench: def("coat", outer.trench),
  caban: def("coat", outer.caban),
  montgomery: def("coat", outer.montgomery),
  loden: def("coat", outer.loden),
  // Bags
  tote: def("bag", acc.tote),
  shopper: def("bag", acc.shopper),
  "bucket-bag": def("bag", acc.bucket),
  crossbody: def("bag", acc.crossbody),
  basket: def("bag", acc.basket),
  clutch: def("bag", acc.clutch),
  "weekend-bag": def("bag", acc.weekend),
  // Shoes
  loafer: def("shoes", acc.loafer),
  derby: def("shoes", acc.derby),
  chelsea: def("shoes", acc.chelsea),
  boot: def("shoes", acc.boot),
  pump: def("shoes", acc.pump),
  ballet: def("shoes", acc.ballet),
  sneaker: def("shoes", acc.sneaker),
  sandal: def("shoes", acc.sandal),
  // Scarves
  scarf: def("scarf", acc.scarf),
  stole: def("scarf", acc.stole),
  foulard: def("scarf", acc.foulard),
  // Belts
  belt: def("belt", acc.beltBuckle),
  "belt-skinny": def("belt", acc.beltSkinny),
} satisfies Record<string, SubtypeDef>;

export type Subtype = keyof typeof LIBRARY;

export const SUBTYPES = Object.keys(LIBRARY) as Subtype[];

export const isSubtype = (s: string): s is Subtype => Object.prototype.hasOwnProperty.call(LIBRARY, s);

export function subtypeDef(s: Subtype): SubtypeDef {
  return LIBRARY[s];
}

/**
 * What a product's drawing shows, read from its name: the sub-type the name promises (a "gilet"
 * is a vest without sleeves, a "dolcevita" a turtleneck, a "gonna a tubino" a pencil skirt…) and
 * the surface of its cloth ("a righe" stripes, "a coste" rib, "spina di pesce" herringbone…).
 *
 * Computed when the page is built, from the product's name in the page's language and its garment
 * type, so a product created in Atelier is drawn right without anything stored; the result goes in
 * the image's URL like the colour. Keyword rules are Italian and English, matched on whole words
 * of the name without accents; the first rule that matches wins, and a name that matches none gets
 * the garment type's plain default.
 */
import { type GarmentType, type Subtype, LIBRARY } from "./art/library";
import type { Surface } from "./art/surfaces";

export interface GarmentStyle {
  subtype: Subtype;
  surface: Surface;
}

type Rule<T> = readonly [RegExp, T];

/** Lower case, accents dropped, punctuation as spaces: "Décolleté in pelle" → " decollete in pelle ". */
export function normalizeName(name: string): string {
  return ` ${name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim()} `;
}

/** Sub-type rules per garment type, most specific first. */
const SUBTYPE_RULES: Record<GarmentType, ReadonlyArray<Rule<Subtype>>> = {
  knit: [
    [/ (gilet|vest|waistcoat|smanicat[oa]) /, "vest"],
    [/ poncho /, "poncho"],
    [/ cardigan .*(scialle|shawl)|(scialle|shawl) .*cardigan /, "cardigan-shawl"],
    [/ cardigan .*(corto|crop)|(cropped|corto) .*cardigan /, "cardigan-cropped"],
    [/ cardigan /, "cardigan"],
    [/ (dolcevita|turtleneck|roll neck|rollneck|collo alto) /, "turtleneck"],
    [/ polo /, "polo"],
    [/ (felpa|sweatshirt) /, "sweatshirt"],
    [/ top | canotta | tank /, "knit-top"],
    [/ (scollo a v|v neck) /, "vneck"],
    [/ (trecce|cable|pescatore|fisherman|aran|lupetto|mock neck) /, "mockneck"],
  ],
  shirt: [
    [/ (fiocco|pussy bow|bow) /, "blouse-bow"],
    [/ (pieghine|pintuck(ed)?|blusa|blouse) /, "blouse"],
    [/ overshirt|camicia giacca|shacket /, "overshirt"],
    [/ (button down|oxford) /, "shirt-buttondown"],
    [/ (collo alla francese|cutaway|spread collar) /, "shirt-cutaway"],
    [/ (coreana|collo coreano|grandad|band collar|mandarin) /, "shirt-band"],
    [/ oversize(d)? /, "shirt-oversize"],
    [/ (chambray|denim|quadri|check|flanella|flannel|western|lavoro|work) /, "shirt-utility"],
  ],
  dress: [
    [/ (sottoveste|slip) /, "dress-slip"],
    [/ (portafoglio|wrap) /, "dress-wrap"],
    [/ (balze|tiered|volant) /, "dress-tiered"],
    [/ (chemisier|shirt dress|abito camicia) /, "dress-shirt"],
    [/ (plisse|pleated|pieghe) /, "dress-pleated"],
    [/ (trapezio|a line|svasato a trapezio) /, "dress-aline"],
    [/ (maglia|knit|knitted|jersey) /, "dress-knit"],
  ],
  skirt: [
    [/ (tubino|pencil|matita) /, "skirt-pencil"],
    [/ (portafoglio|wrap) /, "skirt-wrap"],
    [/ (pieghe|plisse|pleated|kilt) /, "skirt-pleated"],
    [/ (minigonna|mini) /, "skirt-mini"],
    [/ (lunga|long|maxi) /, "skirt-maxi"],
    [/ (seta|silk|sottoveste|slip|sbieco|bias) /, "skirt-slip"],
    [/ (trapezio|a line|svasata) /, "skirt-aline"],
  ],
  trousers: [
    [/ (jeans|denim) /, "jeans"],
    [/ chino(s)? /, "chino"],
    [/ palazzo /, "trousers-palazzo"],
    [/ (coulisse|drawstring|elastic(ated|o)?) /, "trousers-drawstring"],
    [/ (pince|pleated|pinces) /, "trousers-pleated"],
    // "Velluto a coste larghe" / "wide-wale" name the cord, not the leg.
    [/ (ampi|larghi|wide leg|wide) (?!wale)/, "trousers-wide"],
    [/ (velluto|corduroy) /, "trousers-pleated"],
  ],
  jacket: [
    [/ (doppiopetto|double breasted) /, "blazer-double"],
    [/ (giubbotto|blouson|bomber) /, "blouson"],
    [/ (lavoro|chore|work jacket|worker) /, "chore-jacket"],
    [/ (blazer|monopetto|single breasted) /, "blazer"],
    [/ (destrutturata|unstructured|tweed|spina di pesce|herringbone|sportiva) /, "jacket"],
  ],
  coat: [
    [/ trench /, "trench"],
    [/ (caban|pea coat|peacoat) /, "caban"],
    [/ (montgomery|duffle|duffel) /, "montgomery"],
    [/ loden /, "loden"],
    [/ (doppiopetto|double breasted) /, "coat-double"],
  ],
  bag: [
    [/ (secchiello|bucket) /, "bucket-bag"],
    [/ (tracolla|crossbody|shoulder|spalla) /, "crossbody"],
    [/ (pochette|clutch) /, "clutch"],
    [/ (weekend|viaggio|holdall|duffel|travel) /, "weekend-bag"],
    [/ (rafia|raffia|paglia|straw|cesto|basket) /, "basket"],
    [/ (shopper|tela|canvas) /, "shopper"],
    [/ tote /, "tote"],
  ],
  shoes: [
    [/ (mocassin[io]|loafers?) /, "loafer"],
    [/ (chelsea|stivaletti|ankle boots?) /, "chelsea"],
    [/ (stivali|boots?) /, "boot"],
    [/ (decollete|pumps?|tacco|heels?) /, "pump"],
    [/ (ballerine|ballet|flats) /, "ballet"],
    [/ (sneakers?|scarpe da ginnastica|trainers?) /, "sneaker"],
    [/ (stringate|derby|oxford|brogue) /, "derby"],
    [/ (sandali|sandals?) /, "sandal"],
  ],
  scarf: [
    [/ (foulard|square|carre|bandana) /, "foulard"],
    [/ (stola|stole|scialle|shawl|wrap) /, "stole"],
  ],
  belt: [[/ (sottile|skinny|thin|slim) /, "belt-skinny"]],
};

/** The sub-type a garment type falls back to. */
const DEFAULT_SUBTYPE: Record<GarmentType, Subtype> = {
  knit: "crewneck",
  shirt: "shirt",
  dress: "dress",
  skirt: "skirt-aline",
  trousers: "trousers",
  jacket: "blazer",
  coat: "coat",
  bag: "tote",
  shoes: "loafer",
  scarf: "scarf",
  belt: "belt",
};

/** Surface rules, whatever the garment (a few only make sense on some, and say so). */
const SURFACE_RULES: ReadonlyArray<readonly [RegExp, Surface, ReadonlyArray<GarmentType>?]> = [
  [/ (velluto|corduroy|cord|wale) /, "corduroy"],
  [/ (a righe|rigat[ao]|striped|stripes?|pinstripe|gessato) /, "stripes"],
  [/ (quadri|check(ed)?|tartan|plaid|scozzese|principe di galles) /, "check"],
  [/ (spina di pesce|spigat[oa]|herringbone) /, "herringbone"],
  [/ tweed /, "tweed"],
  [/ (trecce|cable|pescatore|fisherman|aran) /, "cable"],
  [/ (trapuntat[oa]|quilted|imbottit[oa]|puffer|piumino) /, "quilted"],
  [/ (plisse|micro pleated) /, "plisse"],
  // A pleated skirt's or trousers' pleats are drawn as folds; a pleated dress is plissé all over.
  [/ pleated /, "plisse", ["dress"]],
  [/ (pieghine|pintuck(ed)?) /, "pintuck"],
  [/ (traforat[oa]|pointelle) /, "pointelle"],
  [/ mohair /, "mohair"],
  [/ (intrecciat[oa]|woven|braided|rafia|raffia|paglia|straw) /, "woven"],
  [/ (martellat[oa]|grained|pebbled?|saffiano) /, "grain"],
  [/ (garza|gauze) /, "gauze"],
  [/ (denim|jeans|chambray|cimosa|selvedge) /, "denim"],
  [/ (a coste|costine|ribbed|rib) /, "rib"],
  // The cloth, when no pattern is named: what a close-up of it shows (the nap, the grain, the sheen).
  [/ (camoscio|scamosciat[oa]|suede) /, "suede"],
  // Canvas with leather trims is canvas.
  [/ (tela|canvas) /, "plain"],
  [/ (seta|silk|raso|satin|crepe de chine) /, "silk"],
  [/ (pelle|cuoio|nappa|leather|calfskin) /, "leather"],
  [/ (lino|linen) /, "linen"],
];

/** Garment types drawn in knitted cloth when the name says nothing finer. */
const KNITTED: ReadonlyArray<GarmentType> = ["knit"];

export function isGarmentType(g: string): g is GarmentType {
  return Object.prototype.hasOwnProperty.call(DEFAULT_SUBTYPE, g);
}

/** The sub-type and surface a product's name promises, for its garment type. Pure and total. */
export function garmentStyleOf(name: string, garment: string): GarmentStyle {
  const type: GarmentType = isGarmentType(garment) ? garment : "knit";
  const text = normalizeName(name);
  const subtype = SUBTYPE_RULES[type].find(([re]) => re.test(text))?.[1] ?? DEFAULT_SUBTYPE[type];
  let surface: Surface = "plain";
  for (const [re, s, only] of SURFACE_RULES) {
    if (re.test(text) && (!only || only.includes(type))) {
      surface = s;
      break;
    }
  }
  if (surface === "plain" && (KNITTED.includes(type) || subtype === "dress-knit")) {
    // A sweatshirt is jersey, not a hand knit.
    if (subtype !== "sweatshirt") surface = "knit";
  }
  return { subtype, surface };
}

/** Every sub-type of a garment type (Atelier's preview, the contact sheet). */
export function subtypesOf(garment: GarmentType): Subtype[] {
  return (Object.keys(LIBRARY) as Subtype[]).filter((s) => LIBRARY[s].garment === garment);
}

// The size guide's rules (issue 41 part 2): what a guide holds, how a fit reads, and the
// suggestion "Trova la tua taglia" makes from a shopper's height, weight and usual size. Pure:
// the server runs the suggestion (nothing the shopper types is kept), the pages show the names.

/** What a guide's "how to measure" drawing shows, and which measurements it asks for. */
export const GUIDE_KINDS = ["clothing", "trousers", "shoes"] as const;
export type GuideKind = (typeof GUIDE_KINDS)[number];
export const isGuideKind = (value: string): value is GuideKind => (GUIDE_KINDS as readonly string[]).includes(value);

/** How a piece fits against its size: the advice for a shopper between two sizes follows. */
export const FITS = ["small", "regular", "large"] as const;
export type Fit = (typeof FITS)[number];
export const isFit = (value: string | null | undefined): value is Fit => !!value && (FITS as readonly string[]).includes(value);

/** The size systems a guide names its sizes in; "shop" is the shop's own label (S, M, 42). */
export const SIZE_SYSTEMS = ["it", "eu", "us", "uk", "shop"] as const;
export type SizeSystem = (typeof SIZE_SYSTEMS)[number];

/** The body's measurements a guide may give (lengths in mm), in the order its table shows them. */
export const BODY_MEASURES = ["chest", "waist", "hips", "inseam", "foot"] as const;
/** The garment's own measurements. */
export const GARMENT_MEASURES = ["garmentChest", "garmentLength"] as const;
export type Measure = (typeof BODY_MEASURES)[number] | (typeof GARMENT_MEASURES)[number];

export interface GuideRow {
  size: string;
  names: Record<Exclude<SizeSystem, "shop">, string>;
  /** Millimetres; null where the guide says nothing. */
  measures: Record<Measure, number | null>;
  heightCm: { from: number | null; to: number | null };
  weightKg: { from: number | null; to: number | null };
}

/** Which columns a guide's table shows: the systems and measurements at least one row gives. */
export function shownColumns(rows: GuideRow[]) {
  return {
    systems: (["it", "eu", "us", "uk"] as const).filter((system) => rows.some((row) => row.names[system] !== "")),
    body: BODY_MEASURES.filter((measure) => rows.some((row) => row.measures[measure] !== null)),
    garment: GARMENT_MEASURES.filter((measure) => rows.some((row) => row.measures[measure] !== null)),
    fits: rows.some((row) => row.heightCm.from !== null || row.weightKg.from !== null),
  };
}

/** "84", "23,5" or "23.5" (cm, as staff type them) → millimetres; null when it is no length. */
export function parseCentimetres(text: string): number | null {
  const trimmed = text.trim().replace(",", ".");
  if (!/^\d{1,3}(\.\d)?$/.test(trimmed)) return null;
  const mm = Math.round(Number(trimmed) * 10);
  return mm > 0 ? mm : null;
}

export interface FindSizeInput {
  heightCm?: number | null;
  weightKg?: number | null;
  system?: SizeSystem | null;
  usual?: string | null;
}

export type SizeSuggestion =
  | {
      found: true;
      size: string;
      /** What it rests on: the usual size, the body (height and weight), or both agreeing. */
      basis: "usual" | "body" | "both";
      /** The two sizes the shopper is between, when the fit decided (smaller first). */
      between: [string, string] | null;
    }
  | { found: false; reason: "noUsualMatch" | "outOfRange" | "nothingToGo" };

const normalised = (text: string) => text.trim().toUpperCase().replace(",", ".");

/** The row a size of another system names: exactly, else the nearest number within one step. */
function rowOfUsualSize(rows: GuideRow[], system: SizeSystem, usual: string): number | null {
  const wanted = normalised(usual);
  const nameOf = (row: GuideRow) => normalised(system === "shop" ? row.size : row.names[system]);
  const exact = rows.findIndex((row) => nameOf(row) === wanted);
  if (exact >= 0) return exact;
  const number = Number(wanted);
  if (!wanted || !Number.isFinite(number)) return null;
  const numbered = rows.map((row, index) => ({ index, value: Number(nameOf(row)) })).filter((row) => nameOf(rows[row.index]) !== "" && Number.isFinite(row.value));
  if (numbered.length < 2) return null;
  // A half size ("38.5" against 38, 39) or a system with odd and even steps: the nearest, if the
  // number lies within the table (half a step beyond its ends at most).
  const step = Math.abs(numbered[1].value - numbered[0].value) || 1;
  const values = numbered.map((row) => row.value);
  if (number < Math.min(...values) - step / 2 || number > Math.max(...values) + step / 2) return null;
  // Ties go to the larger size: a half size up fits, a half size down pinches.
  return numbered.reduce((best, row) => {
    const gap = Math.abs(row.value - number) - Math.abs(best.value - number);
    return gap < 0 || (gap === 0 && row.value > best.value) ? row : best;
  }).index;
}

/** The rows whose weight (and height, where given) ranges hold the shopper: one, two (between), or none. */
function rowsOfBody(rows: GuideRow[], heightCm: number, weightKg: number): number[] | "outOfRange" | null {
  const weighed = rows.map((row, index) => ({ row, index })).filter(({ row }) => row.weightKg.from !== null && row.weightKg.to !== null);
  if (!weighed.length) return null;
  const within = (value: number, range: { from: number | null; to: number | null }) => (range.from === null || value >= range.from) && (range.to === null || value <= range.to);
  // Weight says how full the cut must be; height, where the guide gives it, picks between two a weight fits.
  const byWeight = weighed.filter(({ row }) => within(weightKg, row.weightKg));
  if (!byWeight.length) return "outOfRange";
  const byHeight = byWeight.filter(({ row }) => within(heightCm, row.heightCm));
  const chosen = byHeight.length ? byHeight : byWeight;
  return chosen.slice(0, 2).map(({ index }) => index);
}

/** Between two neighbouring sizes, the fit chooses: a small cut the larger, an ample one the smaller. */
function byFit(lower: number, upper: number, fit: Fit | null, lean: number): number {
  if (fit === "small") return upper;
  if (fit === "large") return lower;
  return lean;
}

/**
 * "Trova la tua taglia": a size from the guide's table for a height and weight and a usual size
 * in another system. The usual size is the strongest sign (shoppers know what fits them); height
 * and weight place the shopper in the table's ranges; where they point at two neighbouring
 * sizes, the product's fit decides (an ample cut: the smaller; a small one: the larger).
 */
export function suggestSize(rows: GuideRow[], fit: Fit | null, input: FindSizeInput): SizeSuggestion {
  const hasBody = typeof input.heightCm === "number" && typeof input.weightKg === "number";
  const hasUsual = !!input.system && !!input.usual?.trim();
  if (!rows.length || (!hasBody && !hasUsual)) return { found: false, reason: "nothingToGo" };
  const usual = hasUsual ? rowOfUsualSize(rows, input.system!, input.usual!) : null;
  if (hasUsual && usual === null && !hasBody) return { found: false, reason: "noUsualMatch" };
  const body = hasBody ? rowsOfBody(rows, input.heightCm!, input.weightKg!) : null;
  const bodyRows = Array.isArray(body) ? body : [];
  const pick = (index: number, basis: "usual" | "body" | "both", between: [number, number] | null): SizeSuggestion => ({
    found: true,
    size: rows[index].size,
    basis,
    between: between ? [rows[between[0]].size, rows[between[1]].size] : null,
  });
  if (usual !== null) {
    if (!bodyRows.length || bodyRows.includes(usual)) return pick(usual, bodyRows.length ? "both" : "usual", null);
    // The body points one size away: between the two, the fit decides; further away, the usual size stands.
    const near = bodyRows.find((index) => Math.abs(index - usual) === 1);
    if (near === undefined) return pick(usual, "usual", null);
    const [lower, upper] = near < usual ? [near, usual] : [usual, near];
    return pick(byFit(lower, upper, fit, usual), "both", [lower, upper]);
  }
  if (!bodyRows.length) return { found: false, reason: body === "outOfRange" ? "outOfRange" : hasUsual ? "noUsualMatch" : "nothingToGo" };
  if (bodyRows.length === 1) return pick(bodyRows[0], "body", null);
  const [lower, upper] = bodyRows;
  // Two ranges overlap: a regular cut takes the size whose middle weight is nearer.
  const middle = (index: number) => ((rows[index].weightKg.from ?? 0) + (rows[index].weightKg.to ?? 0)) / 2;
  const lean = Math.abs(middle(lower) - input.weightKg!) <= Math.abs(middle(upper) - input.weightKg!) ? lower : upper;
  return pick(byFit(lower, upper, fit, lean), "body", [lower, upper]);
}

/** Millimetres written as centimetres: 840 → "84", 235 → "23,5" (it) or "23.5" (en). */
export function formatCentimetres(mm: number, locale: "it" | "en"): string {
  const whole = Math.floor(mm / 10);
  const tenth = Math.round(mm) % 10;
  return tenth === 0 ? String(whole) : `${whole}${locale === "it" ? "," : "."}${tenth}`;
}

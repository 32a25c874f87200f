import fs from "node:fs";
import { createRequire } from "node:module";
import { type GeoProjection, type GeoStream, geoClipRectangle, geoConicConformal, geoStream } from "d3-geo";
import { feature, merge, mesh } from "topojson-client";
import type { GeometryCollection, MultiPolygon, Polygon, Topology } from "topojson-specification";

// The store locator's map (docs/decisions/030): Italy and the countries around it, drawn on the
// server from Natural Earth's 1:50m outlines (world-atlas) with d3-geo, and the stores' pins.
// The land never changes: it is drawn once per process and served as an immutable SVG image
// (MAP_VERSION names its drawing, like the garments' ART_VERSION). The page's own inline SVG
// holds only the pins and the city names, a few hundred bytes per store, so a filter change
// fetches no land again and the browser sends no map code at all.

/** Bump when the drawing of the land changes (an upgrade of world-atlas, d3-geo or topojson-client included), so caches turn over. */
export const MAP_VERSION = "1";
/** The map's viewBox; the land image has the same size. */
export const MAP_WIDTH = 600;
export const MAP_HEIGHT = 720;
export const MAP_LAND_URL = `/media/m${MAP_VERSION}/map/italia.svg`;

/**
 * What the frame shows: the whole of Italy with Munich and Zurich to the north, a strip of France,
 * the Adriatic's far shore and the tip of Tunisia. Longitude, latitude.
 */
const FRAME: [number, number][] = [
  [6.3, 48.4],
  [18.7, 48.4],
  [6.3, 36.4],
  [18.7, 36.4],
];
const PADDING = 12;

/** Italy with the two states it surrounds (their outlines would be holes at this scale). */
const ITALY = new Set(["380", "336", "674"]);

/**
 * A longitude-latitude box around the frame, cut before projecting: the rest of the world's
 * outlines would cost seconds of resampling only to be clipped away. (Cut as a plane: the only
 * jumps across the antimeridian are in Siberia and Antarctica, far from the box.)
 */
const AROUND_THE_FRAME = geoClipRectangle(-2, 30, 27, 54);

/** Minimum distance, in map units, between two kept points of an outline. */
const TOLERANCE = 0.9;

let projection: GeoProjection | undefined;

/** A conformal conic with standard parallels across Italy, centred on its meridian, fitted to the frame. */
function mapProjection(): GeoProjection {
  projection ??= geoConicConformal()
    .parallels([38, 46])
    .rotate([-12.5, 0])
    .fitExtent(
      [
        [PADDING, PADDING],
        [MAP_WIDTH - PADDING, MAP_HEIGHT - PADDING],
      ],
      { type: "MultiPoint", coordinates: FRAME },
    )
    .clipExtent([
      [0, 0],
      [MAP_WIDTH, MAP_HEIGHT],
    ])
    .precision(0.5);
  return projection;
}

/** A point's place on the map, or null when it falls outside the frame. */
export function projectOnMap(longitude: number, latitude: number): [x: number, y: number] | null {
  const point = mapProjection()([longitude, latitude]);
  if (!point) return null;
  const [x, y] = point;
  return x >= 0 && x <= MAP_WIDTH && y >= 0 && y <= MAP_HEIGHT ? [x, y] : null;
}

/**
 * A path's `d` for a GeoJSON object: projected, clipped to the frame, points closer than the
 * tolerance to the last kept one dropped, coordinates rounded to half a unit and written as
 * relative moves. That keeps the land under 20 KB where d3's own path writer would give ≈ 60 KB.
 */
function pathData(object: Parameters<typeof geoStream>[0]): string {
  let d = "";
  let ring: [number, number][] = [];
  let polygon = false;
  const flush = () => {
    const kept: [number, number][] = [];
    for (const [x, y] of ring) {
      const last = kept.at(-1);
      if (!last || Math.hypot(x - last[0], y - last[1]) >= TOLERANCE) kept.push([x, y]);
    }
    ring = [];
    if (kept.length < (polygon ? 3 : 2)) return;
    let previous: [number, number] | null = null;
    for (const [px, py] of kept) {
      const x = Math.round(px * 2) / 2;
      const y = Math.round(py * 2) / 2;
      if (!previous) d += `M${x} ${y}`;
      else if (x !== previous[0] || y !== previous[1]) d += `l${x - previous[0]} ${y - previous[1]}`;
      previous = [x, y];
    }
    if (polygon) d += "z";
  };
  const sink: GeoStream = {
    point: (x, y) => void ring.push([x, y]),
    lineStart: () => void (ring = []),
    lineEnd: flush,
    polygonStart: () => void (polygon = true),
    polygonEnd: () => void (polygon = false),
    sphere: () => {},
  };
  geoStream(object, AROUND_THE_FRAME(mapProjection().stream(sink)));
  // "l3 -2" → "l3-2": a minus sign separates numbers by itself.
  return d.replace(/ -/g, "-");
}

type Countries = Topology<{ countries: GeometryCollection<{ name: string }>; land: GeometryCollection }>;

function readWorld(): Countries {
  const require = createRequire(import.meta.url);
  return JSON.parse(fs.readFileSync(require.resolve("world-atlas/countries-50m.json"), "utf8")) as Countries;
}

let landSvg: string | undefined;

/**
 * The land as a standalone SVG document: sea, the neighbours, Italy a shade warmer, borders in
 * white. Drawn at the first request for it (reading and decoding the 740 KB atlas takes a few
 * tenths of a second) and kept for the life of the process.
 */
export function renderMapLandSvg(): string {
  if (landSvg) return landSvg;
  const world = readWorld();
  const countries = world.objects.countries;
  const land = pathData(feature(world, world.objects.land));
  const italy = pathData(merge(world, countries.geometries.filter((country): country is Polygon<{ name: string }> | MultiPolygon<{ name: string }> => ITALY.has(String(country.id)) && (country.type === "Polygon" || country.type === "MultiPolygon"))));
  const borders = pathData(mesh(world, countries, (a, b) => a !== b && !(ITALY.has(String(a.id)) && ITALY.has(String(b.id)))));
  landSvg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${MAP_WIDTH} ${MAP_HEIGHT}" width="${MAP_WIDTH}" height="${MAP_HEIGHT}">` +
    `<rect width="${MAP_WIDTH}" height="${MAP_HEIGHT}" fill="#ECEEEA"/>` +
    `<path d="${land}" fill="#E9E3DA"/>` +
    `<path d="${italy}" fill="#DDD0BE" stroke="#CDBDA6" stroke-width="0.75" stroke-linejoin="round"/>` +
    `<path d="${borders}" fill="none" stroke="#FFFFFF" stroke-width="1.25" stroke-linejoin="round"/>` +
    `</svg>`;
  return landSvg;
}

// ---- The pins ---------------------------------------------------------------------------------

export interface MapPin {
  storeId: number;
  name: string;
  /** The pin's tip. */
  x: number;
  y: number;
}

export interface MapLabel {
  text: string;
  x: number;
  y: number;
  anchor: "start" | "end" | "middle";
}

export interface StoreMap {
  width: number;
  height: number;
  landUrl: string;
  pins: MapPin[];
  /** One name per city, placed beside its pins without covering another's. */
  labels: MapLabel[];
  /** The countries of the listed stores the frame does not reach, in the list's order, each with its first store. */
  elsewhere: { storeId: number; countryCode: string; countryName: string }[];
}

interface MappableStore {
  id: number;
  name: string;
  city: string;
  countryCode: string;
  countryName: string;
  latitude: number;
  longitude: number;
}

/** Pins closer than this (map units) stand side by side instead of on top of each other. */
const CROWDED = 14;
const PIN_GAP = 20;
/** The labels' box estimate: the largest size they are set in (phones), an average glyph width. */
const LABEL_SIZE = 20;
const GLYPH = 0.56;
const PIN_HEIGHT = 30;

const round = (value: number) => Math.round(value * 10) / 10;

/**
 * The pins and city names for the stores listed on the page: one pin per store at its
 * coordinates (stores a street apart fanned out side by side), one label per group.
 */
export function storeMapOf(stores: MappableStore[]): StoreMap {
  const groups: { city: string; x: number; y: number; stores: MappableStore[] }[] = [];
  const elsewhere: StoreMap["elsewhere"] = [];
  for (const store of stores) {
    const point = projectOnMap(store.longitude, store.latitude);
    if (!point) {
      if (!elsewhere.some((country) => country.countryCode === store.countryCode)) elsewhere.push({ storeId: store.id, countryCode: store.countryCode, countryName: store.countryName });
      continue;
    }
    const near = groups.find((group) => Math.hypot(group.x - point[0], group.y - point[1]) < CROWDED);
    if (near) near.stores.push(store);
    else groups.push({ city: store.city, x: point[0], y: point[1], stores: [store] });
  }

  const pins: MapPin[] = [];
  const boxes: Box[] = [];
  for (const group of groups) {
    group.stores.forEach((store, index) => {
      const x = group.x + (index - (group.stores.length - 1) / 2) * PIN_GAP;
      pins.push({ storeId: store.id, name: store.name, x: round(x), y: round(group.y) });
      boxes.push({ left: x - 9, right: x + 9, top: group.y - PIN_HEIGHT, bottom: group.y });
    });
  }

  const labels: MapLabel[] = [];
  for (const group of groups) {
    const half = ((group.stores.length - 1) / 2) * PIN_GAP + 12;
    const width = group.city.length * LABEL_SIZE * GLYPH;
    const baseline = group.y - PIN_HEIGHT / 2 + LABEL_SIZE * 0.35;
    const candidates: MapLabel[] = [
      { text: group.city, x: group.x + half, y: baseline, anchor: "start" },
      { text: group.city, x: group.x - half, y: baseline, anchor: "end" },
      { text: group.city, x: group.x, y: group.y + LABEL_SIZE + 2, anchor: "middle" },
      { text: group.city, x: group.x, y: group.y - PIN_HEIGHT - 6, anchor: "middle" },
    ];
    const boxOf = (label: MapLabel): Box => {
      const left = label.anchor === "start" ? label.x : label.anchor === "end" ? label.x - width : label.x - width / 2;
      return { left, right: left + width, top: label.y - LABEL_SIZE * 0.8, bottom: label.y + LABEL_SIZE * 0.25 };
    };
    const fits = (box: Box) => box.left >= 2 && box.right <= MAP_WIDTH - 2 && box.top >= 2 && box.bottom <= MAP_HEIGHT - 2 && !boxes.some((other) => overlaps(box, other));
    const chosen = candidates.find((label) => fits(boxOf(label)));
    // No free place (a crowded corner): the pins' own names still say where they are.
    if (!chosen) continue;
    boxes.push(boxOf(chosen));
    labels.push({ ...chosen, x: round(chosen.x), y: round(chosen.y) });
  }

  return { width: MAP_WIDTH, height: MAP_HEIGHT, landUrl: MAP_LAND_URL, pins, labels, elsewhere };
}

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

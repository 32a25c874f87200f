// A contact sheet of the shop's drawings, to look at them while drawing (decision 029):
//
//   npx tsx scripts/art-sheet.ts [view] [out.png] [width] [filter]
//
// view: front, back, detail, products (every demo product's front, labelled with what its name
// drew) or still (the editorial still-lifes). The PNG is for looking at, never for committing.
import sharp from "sharp";
import { catalogue } from "../app/db/seed/catalogue";
import {
  GARMENT_VIEWS,
  type GarmentView,
  STILL_LIFES,
  STILL_PALETTE_NAMES,
  SUBTYPES,
  SURFACES,
  renderGarmentSvg,
  renderStillLifeSvg,
} from "../app/modules/media/garment-art";
import { garmentStyleOf } from "../app/modules/media/garment-style";
import { variationOf } from "../app/modules/media/media-urls";

const [mode = "front", out = "art-sheet.png", widthArg = "240", filter = ""] = process.argv.slice(2);
const width = Number(widthArg);
const height = Math.round((width * 5) / 4);
const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");
const HEX = ["#9AA58A", "#1C1B1A", "#F2ECDF", "#B5885A", "#1F2A44", "#6B1F2B", "#E5C3BA", "#A6A5A1"];

interface Cell {
  svg: string;
  label: string;
  note?: string;
}

function cells(): Cell[] {
  if (mode === "still") {
    return STILL_LIFES.flatMap((composition, i) => {
      const palette = STILL_PALETTE_NAMES[i % STILL_PALETTE_NAMES.length];
      return [{ svg: renderStillLifeSvg({ composition, palette, width }), label: composition, note: palette }];
    });
  }
  if (mode === "products") {
    const hexOf = new Map(catalogue.colors.map((c) => [c.code, c.hex]));
    return catalogue.products
      .map((p, i) => ({ p, id: i + 1 }))
      .filter(({ p }) => !filter || p.categoryKey.includes(filter))
      .map(({ p, id }) => {
        const style = garmentStyleOf(p.name.it, p.garment);
        return {
          svg: renderGarmentSvg({ ...style, hex: hexOf.get(p.colors[0])!, view: "front", width, variation: variationOf(id) }),
          label: p.name.it,
          note: `${style.subtype} / ${style.surface}`,
        };
      });
  }
  if (!(GARMENT_VIEWS as readonly string[]).includes(mode)) throw new Error(`unknown view ${mode}`);
  return SUBTYPES.filter((s) => !filter || s.startsWith(filter)).map((subtype, i) => ({
    svg: renderGarmentSvg({ subtype, surface: SURFACES[0], hex: HEX[i % HEX.length], view: mode as GarmentView, width, variation: i }),
    label: subtype,
  }));
}

const list = cells();
const cols = Math.min(8, list.length);
const rowH = height + 36;
let sheet = `<svg xmlns="http://www.w3.org/2000/svg" width="${cols * width}" height="${Math.ceil(list.length / cols) * rowH}"><rect width="100%" height="100%" fill="#fff"/>`;
list.forEach((cell, i) => {
  const x = (i % cols) * width;
  const y = Math.floor(i / cols) * rowH;
  sheet += cell.svg.replace("<svg ", `<svg x="${x}" y="${y}" `);
  sheet += `<text x="${x + 4}" y="${y + height + 14}" font-family="sans-serif" font-size="11">${escape(cell.label)}</text>`;
  if (cell.note) sheet += `<text x="${x + 4}" y="${y + height + 28}" font-family="sans-serif" font-size="11" fill="#a4472f">${escape(cell.note)}</text>`;
});
sheet += "</svg>";
await sharp(Buffer.from(sheet)).png().toFile(out);
console.log(`${out}: ${list.length} drawings`);

// The editorial pictures: the journal, the care guide, the stories and the home's teasers show
// still-lifes — different ones side by side — and never a product drawing.
import { describe, expect, it } from "vitest";
import { demoContent } from "~/db/seed/content.data";
import { coverImage } from "~/modules/content/content.service.server";
import { CONTENT_COVERS } from "~/modules/content/content-editor.service.server";
import { ART_VERSION } from "./drawn-image";
import { GARMENTS, STILL_LIFES, isStillLife, isStillPalette, renderStillLifeSvg } from "./garment-art";
import { teaserImage } from "./media-urls";

const STILL = new RegExp(`^/media/c${ART_VERSION}/still-([a-z]+)-([a-z]+)/tall-(\\d+)\\.svg$`);

function stillLifeAt(src: string) {
  const m = STILL.exec(src);
  expect(m, src).not.toBeNull();
  expect(isStillLife(m![1]) && isStillPalette(m![2]), src).toBe(true);
  return { composition: m![1], palette: m![2], svg: renderStillLifeSvg({ composition: m![1] as never, palette: m![2] as never, width: Number(m![3]) }) };
}

describe("editorial pictures", () => {
  it("give every journal post, care-guide entry, story and illustrated page a still-life drawn for it alone: no motif twice, recoloured or not", () => {
    const entries = demoContent.filter((c) => c.kind !== "page" || c.cover);
    expect(entries.length).toBeGreaterThanOrEqual(16);
    const pictures = entries.map((c) => stillLifeAt(coverImage(c.cover ?? null, c.key).src));
    const byComposition = new Map<string, string[]>();
    entries.forEach((c, i) => byComposition.set(pictures[i].composition, [...(byComposition.get(pictures[i].composition) ?? []), c.key]));
    expect([...byComposition.values()].filter((keys) => keys.length > 1)).toEqual([]);
    for (const c of entries) expect(STILL_LIFES, c.key).toContain(c.cover);
  });

  it("draw the pictures inside the stories' text for them too: a motif of their own, no other story's cover or picture", () => {
    const owner = new Map<string, string>();
    for (const c of demoContent) if (c.cover && isStillLife(c.cover)) owner.set(c.cover, c.key);
    let pictures = 0;
    for (const c of demoContent) {
      const inText = new Set<string>();
      for (const translation of Object.values(c.translations)) {
        for (const [, composition, palette] of translation!.body.matchAll(/\]\(\/media\/still\/([a-z]+)-([a-z]+)\)/g)) {
          expect(isStillLife(composition) && isStillPalette(palette), `${c.key}: ${composition}-${palette}`).toBe(true);
          inText.add(composition);
        }
      }
      for (const composition of inText) {
        expect(owner.get(composition) ?? c.key, `${c.key} shows ${composition}`).toBe(c.key);
        owner.set(composition, c.key);
        pictures++;
      }
    }
    expect(pictures).toBeGreaterThanOrEqual(10);
  });

  it("draw an older entry's garment theme, or none, as a still-life too", () => {
    for (const theme of [...GARMENTS, "atelier", null]) expect(coverImage(theme, "an-old-post").src).toMatch(STILL);
    // The editor offers the still-lifes and the older themes alike.
    for (const cover of [...STILL_LIFES, ...GARMENTS]) expect(CONTENT_COVERS).toContain(cover);
  });

  it("give the home's two teasers two different still-lifes", () => {
    const journal = stillLifeAt(teaserImage("journal").src);
    const care = stillLifeAt(teaserImage("care").src);
    expect(journal.composition).not.toBe(care.composition);
    expect(journal.palette).not.toBe(care.palette);
  });
});

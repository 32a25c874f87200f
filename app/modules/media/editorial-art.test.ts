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
  it("give every journal post, care-guide entry and story a still-life of its own within its list", () => {
    for (const kind of ["blog", "care", "inside"] as const) {
      const entries = demoContent.filter((c) => c.kind === kind);
      const pictures = entries.map((c) => stillLifeAt(coverImage(c.cover ?? null, c.key).src));
      expect(new Set(pictures.map((p) => p.composition)).size, kind).toBe(entries.length);
      for (const c of entries) expect(STILL_LIFES, c.key).toContain(c.cover);
    }
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

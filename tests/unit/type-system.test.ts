import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// One type system (issue 40, docs/decisions/050-type.md): a display serif and a body sans, both
// self-hosted web fonts, each preloaded once, together under the design's 90 KB.
const root = path.resolve(__dirname, "../..");
const css = fs.readFileSync(path.join(root, "app/styles/app.css"), "utf8");
const entryServer = fs.readFileSync(path.join(root, "app/entry.server.tsx"), "utf8");
const rootModule = fs.readFileSync(path.join(root, "app/root.tsx"), "utf8");

const faces = [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map(([, body]) => ({
  family: /font-family:\s*"([^"]+)"/.exec(body)?.[1],
  file: /src:\s*url\("([^"]+)"\)/.exec(body)?.[1],
  display: /font-display:\s*(\w+)/.exec(body)?.[1],
}));

describe("the shop's type", () => {
  it("declares two self-hosted faces, swapped in, under 90 KB together", () => {
    expect(faces.map((face) => face.family)).toEqual(["Bodoni Moda Variable", "Jost Variable"]);
    let bytes = 0;
    for (const face of faces) {
      expect(face.display).toBe("swap");
      expect(face.file).toMatch(/^@fontsource-variable\/[a-z-]+\/files\/[a-z-]+-latin-wght-normal\.woff2$/);
      bytes += fs.statSync(path.join(root, "node_modules", face.file!)).size;
    }
    expect(bytes).toBeLessThan(90 * 1024);
  });

  it("sets headings and amounts in the serif, everything else in the sans, never the system stack first", () => {
    expect(/--font-display:\s*"Bodoni Moda Variable"/.test(css)).toBe(true);
    expect(/--font-sans:\s*"Jost Variable"/.test(css)).toBe(true);
    expect(/\.amount\s*{[^}]*font-family:\s*var\(--font-display\)/.test(css)).toBe(true);
  });

  it("preloads each face once, the same files the styles use, from the document's headers (not the pages' JavaScript)", () => {
    for (const face of faces) {
      expect(entryServer.split(`from "${face.file}?url"`), face.file).toHaveLength(2);
      expect(rootModule, face.file).not.toContain(face.file!);
    }
    expect(entryServer).toMatch(/rel=preload; as=font; type="font\/woff2"; crossorigin/);
  });
});

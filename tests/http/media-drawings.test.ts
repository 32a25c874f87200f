import { expect, it } from "vitest";
import { describeEachApp } from "../support/http";

// The shop's drawn pictures through the request handler: a product page names its drawings (the
// sub-type its name promises, in every view), the media route serves them as immutable SVG, and
// any URL outside the library — an unknown sub-type, surface, variation or width, the old art
// version — is a 404.
describeEachApp("drawn pictures", (app) => {
  const srcs = (html: string, prefix: string) => [...new Set([...html.matchAll(new RegExp(`(${prefix}[^"\\s,]+\\.svg)`, "g"))].map((m) => m[1]))];

  it("serves a product's gallery as the drawings its name promises", async () => {
    const client = app().client();
    const html = await (await client.get("/products/gilet-in-mohair")).text();
    const gallery = srcs(html, "/media/g5/vest/");
    expect(gallery.some((src) => src.includes("-front-"))).toBe(true);
    expect(gallery.some((src) => src.includes("-back-"))).toBe(true);
    expect(gallery.some((src) => src.includes("-detail-"))).toBe(true);
    for (const src of gallery.slice(0, 6)) {
      const res = await client.get(src);
      expect(res.status, src).toBe(200);
      expect(res.headers.get("Content-Type")).toBe("image/svg+xml; charset=utf-8");
      expect(res.headers.get("Cache-Control")).toContain("immutable");
      const svg = await res.text();
      expect(svg.startsWith("<svg")).toBe(true);
      // A gilet has no sleeves.
      expect(svg).not.toMatch(/id="b[0-9a-z]+-sleeve/);
    }
    const coat = await (await client.get("/en/products/double-breasted-wool-cashmere-coat")).text();
    expect(srcs(coat, "/media/g5/coat-double/").length).toBeGreaterThan(0);
  });

  it("shows still-lifes on the journal and the home's teasers, and serves them", async () => {
    const client = app().client();
    const journal = await (await client.get("/blog")).text();
    const covers = srcs(journal, "/media/c5/still-");
    expect(covers.length).toBeGreaterThan(3);
    const home = await (await client.get("/")).text();
    expect(srcs(home, "/media/c5/still-").length).toBeGreaterThanOrEqual(2);
    const res = await client.get(covers[0]);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/svg+xml; charset=utf-8");
  });

  it("gives a static page the still-life it chose, and a legal text none", async () => {
    const client = app().client();
    for (const path of ["/pages/About", "/en/pages/About"]) {
      const about = await (await client.get(path)).text();
      // Its cover, the atelier's sewing machine, and inside its text the shop's front.
      expect(srcs(about, "/media/c5/still-machine-"), path).not.toHaveLength(0);
      expect(srcs(about, "/media/c5/still-shopfront-"), path).not.toHaveLength(0);
    }
    for (const path of ["/pages/Terms-Conditions", "/pages/Privacy-Policy", "/pages/Faq"]) {
      const legal = await (await client.get(path)).text();
      expect(srcs(legal, "/media/c5/still-"), path).toHaveLength(0);
    }
  });

  it("serves the pictures a story shows inside its text, in both languages", async () => {
    const client = app().client();
    for (const path of ["/blog/cappotto-dal-bozzetto-alla-cucitura", "/en/blog/coat-from-sketch-to-seam"]) {
      const story = await (await client.get(path)).text();
      const inText = srcs(story, "/media/c5/still-form-");
      expect(inText.length, path).toBeGreaterThan(1);
      const res = await client.get(inText[0]);
      expect(res.status).toBe(200);
      expect(res.headers.get("Content-Type")).toBe("image/svg+xml; charset=utf-8");
    }
  });

  it("answers 404 for anything outside the library", async () => {
    const client = app().client();
    for (const path of [
      "/media/g5/hat/plain-e5c3ba-front-1-640.svg",
      "/media/g5/vest/lace-e5c3ba-front-1-640.svg",
      "/media/g5/vest/plain-e5c3ba-side-1-640.svg",
      "/media/g5/vest/plain-e5c3ba-front-64-640.svg",
      "/media/g5/vest/plain-e5c3ba-front-01-640.svg",
      "/media/g5/vest/plain-e5c3ba-front-1-641.svg",
      "/media/g5/vest/plain-e5c3bz-front-1-640.svg",
      "/media/g1/knit/e5c3ba-front-640.svg",
      "/media/c5/still-vase-sage/tall-640.svg",
      "/media/c5/still-loom-neon/tall-640.svg",
      "/media/c5/still-loom-sage/wide-640.svg",
    ]) {
      expect((await client.get(path)).status, path).toBe(404);
    }
    expect((await client.get("/media/g5/vest/mohair-e5c3ba-front-1-640.svg")).status).toBe(200);
    expect((await client.get("/media/c5/still-loom-sage/tall-640.svg")).status).toBe(200);
  });
});

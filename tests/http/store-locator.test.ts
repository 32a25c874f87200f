import { expect, it } from "vitest";
import { describeEachApp } from "../support/http";

// The store locator's map (docs/decisions/030): drawn by the server, an inline SVG whose pins
// link to the store cards, over the land as an immutable image. What a browser without
// JavaScript gets is the whole of it.
describeEachApp("store locator map", (app) => {
  const figureOf = (html: string) => /<figure\b[^>]*data-testid="store-map"[\s\S]*?<\/figure>/.exec(html)?.[0] ?? null;
  const pinsOf = (figure: string) =>
    [...figure.matchAll(/<a\b[^>]*href="#store-(\d+)"[^>]*data-testid="store-pin"[^>]*data-x="([\d.]+)" data-y="([\d.]+)"[^>]*><title>([^<]+)<\/title>/g)].map((m) => ({
      id: m[1]!,
      x: Number(m[2]),
      y: Number(m[3]),
      name: m[4]!,
    }));
  /** Each card's heading: the pins' targets. */
  const cardsOf = (html: string) => new Map([...html.matchAll(/<h3 id="store-(\d+)"[^>]*>([^<]+)<\/h3>/g)].map((m) => [m[2]!, m[1]!]));

  it("shows every store in Italy and around it as a pin at its place, linked to its card, and names the other countries", async () => {
    const html = await (await app().client().get("/pages/storelocator")).text();
    const figure = figureOf(html);
    expect(figure, "the map").not.toBeNull();
    const svg = /<svg\b[^>]*>/.exec(figure!)![0];
    expect(svg).toContain('viewBox="0 0 600 720"');
    expect(svg).toContain('aria-label="Mappa dei negozi in Italia e nei paesi vicini"');
    expect(figure).toContain('href="/media/m1/map/italia.svg"');

    const pins = pinsOf(figure!);
    const cards = cardsOf(html);
    expect(cards.size).toBe(22);
    expect(pins.map((pin) => pin.name).sort()).toEqual(
      ["Bottega Milano Spiga", "Bottega Milano Brera", "Bottega Roma", "Bottega Firenze", "Bottega Venezia", "Bottega Napoli", "Bottega München", "Bottega Zürich"].sort(),
    );
    // Every pin leads to its own store's card.
    for (const pin of pins) expect(cards.get(pin.name), pin.name).toBe(pin.id);

    // Where the pins stand: north is up, east is right, all inside the frame.
    const at = (name: string) => pins.find((pin) => pin.name === `Bottega ${name}`)!;
    for (const pin of pins) {
      expect(pin.x).toBeGreaterThan(0);
      expect(pin.x).toBeLessThan(600);
      expect(pin.y).toBeGreaterThan(0);
      expect(pin.y).toBeLessThan(720);
    }
    expect(at("Milano Spiga").y).toBeLessThan(at("Firenze").y);
    expect(at("Firenze").y).toBeLessThan(at("Roma").y);
    expect(at("Roma").y).toBeLessThan(at("Napoli").y);
    expect(at("München").y).toBeLessThan(at("Milano Spiga").y);
    expect(at("Milano Spiga").x).toBeLessThan(at("Venezia").x);
    expect(at("Zürich").x).toBeLessThan(at("München").x);
    expect(at("Roma").x).toBeLessThan(at("Napoli").x);
    // Two stores a street apart stand side by side, not on top of each other.
    expect(Math.abs(at("Milano Spiga").x - at("Milano Brera").x)).toBeGreaterThanOrEqual(16);
    // One name per city.
    const labels = [...figure!.matchAll(/<text\b[^>]*>([^<]+)<\/text>/g)].map((m) => m[1]);
    expect(labels.sort()).toEqual(["Firenze", "Milano", "München", "Napoli", "Roma", "Venezia", "Zürich"]);

    // The stores beyond the frame: their countries, each a link to its first store's card.
    const caption = /<figcaption\b[\s\S]*?<\/figcaption>/.exec(figure!)![0];
    expect(caption).toContain("8 negozi sulla mappa.");
    const countries = [...caption.matchAll(/<a href="#store-(\d+)"[^>]*>([^<]+)<\/a>/g)].map((m) => [m[2], m[1]]);
    expect(countries.map(([name]) => name)).toEqual(["Spagna", "Francia", "Regno Unito", "Danimarca", "Stati Uniti", "Canada", "Messico", "Giappone", "Corea del Sud", "Singapore", "Emirati Arabi Uniti"]);
    expect(countries[0]![1]).toBe(cards.get("Bottega Madrid"));
  });

  it("follows the filters, speaks English under /en, and leaves the map out when no listed store is on it", async () => {
    const client = app().client();
    const italy = figureOf(await (await client.get("/pages/storelocator?country=IT")).text());
    expect(pinsOf(italy!)).toHaveLength(6);
    expect(italy).not.toContain("Anche in:");

    const english = figureOf(await (await client.get("/en/pages/storelocator?continent=europe")).text());
    expect(english).toContain('aria-label="Map of the stores in Italy and nearby countries"');
    expect(english).toContain("8 stores on the map.");
    expect(english).toMatch(/Also in:.*Spain.*France.*United Kingdom.*Denmark/s);

    const asia = await (await client.get("/pages/storelocator?continent=asia")).text();
    expect(figureOf(asia)).toBeNull();
    expect(cardsOf(asia).size).toBe(5);
  });

  it("serves the land as a small immutable SVG image, the same bytes every time, and nothing for other names", async () => {
    const client = app().client();
    const land = await client.get("/media/m1/map/italia.svg");
    expect(land.status).toBe(200);
    expect(land.headers.get("Content-Type")).toBe("image/svg+xml; charset=utf-8");
    expect(land.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const body = await land.text();
    expect(body.startsWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 720"')).toBe(true);
    expect(body.length).toBeGreaterThan(5_000);
    expect(body.length).toBeLessThan(30_000);
    expect(body).not.toMatch(/<script|on\w+=/i);
    expect(await (await client.get("/media/m1/map/italia.svg")).text()).toBe(body);
    for (const path of ["/media/m1/map/europa.svg", "/media/m1/other/italia.svg", "/media/m0/map/italia.svg"]) {
      expect((await client.get(path)).status, path).toBe(404);
    }
  });
});

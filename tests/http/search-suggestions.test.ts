import { expect, it } from "vitest";
import { ORIGIN, describeEachApp } from "../support/http";

// GET /api/search/suggestions (issue 39), the search field's suggestions as the shopper types, on
// both databases: the last word read as the beginning of a word, products and categories in the
// asked language, a minute's public cache with no cookie, a query over the field's 100
// characters refused, and no input that answers a 5xx.
describeEachApp("the search suggestions call", (app) => {
  interface Suggestions {
    q: string;
    products: { id: number; name: string; href: string; priceCents: number; imageUrl: string | null }[];
    categories: { name: string; href: string }[];
  }
  const suggest = async (q: string, lang?: string) => {
    const query = new URLSearchParams(lang ? { q, lang } : { q });
    const answer = await app().client().get(`/api/search/suggestions?${query}`);
    return { answer, body: (await answer.json()) as Suggestions & { message?: string } };
  };

  it("suggests products and categories for the beginning of a word, in Italian or English, cached a minute by anyone", async () => {
    const { answer, body } = await suggest("cami");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(answer.headers.get("Cache-Control")).toBe("public, max-age=60");
    expect(answer.headers.get("Vary")).toBe("Accept-Encoding");
    // The answer is the address's alone: a shared cache may keep it.
    expect(answer.headers.get("Set-Cookie")).toBeNull();
    expect(body.q).toBe("cami");
    expect(body.products.length).toBeGreaterThan(0);
    expect(body.products.length).toBeLessThanOrEqual(6);
    for (const product of body.products) {
      expect(product.name).toMatch(/^Camici/);
      expect(product.href).toMatch(/^\/products\/[a-z0-9-]+$/);
      expect(Number.isSafeInteger(product.priceCents)).toBe(true);
      expect(product.imageUrl).toMatch(/^\/media\//);
    }
    expect(body.categories).toContainEqual({ name: "Donna › Camicie", href: "/categories/donna/camicie" });
    expect(body.categories.length).toBeLessThanOrEqual(4);

    const english = (await suggest("shir", "en")).body;
    expect(english.products.map((p) => p.name)).toContain("Chambray shirt");
    expect(english.products.every((p) => p.href.startsWith("/en/products/"))).toBe(true);
    expect(english.categories).toContainEqual({ name: "Women › Shirts", href: "/en/categories/women/shirts" });

    // The earlier words whole, the last one begun: "uomo giac" → the men's jackets.
    expect((await suggest("uomo giac")).body.categories).toContainEqual({ name: "Uomo › Giacche", href: "/categories/uomo/giacche" });
    // One letter asks for nothing yet.
    expect((await suggest("c")).body).toEqual({ q: "c", products: [], categories: [] });
    expect((await app().client().get("/api/search/suggestions")).status).toBe(200);
  });

  it("refuses an unknown language, a query longer than the field allows and a write, in the asked language", async () => {
    const french = await suggest("cami", "fr");
    expect(french.answer.status).toBe(400);
    expect(french.body.message).toBe("Lingua sconosciuta: usa it oppure en");
    const long = await suggest("x".repeat(101), "en");
    expect(long.answer.status).toBe(400);
    expect(long.body.message).toBe("A search can have at most 100 characters");
    expect((await suggest("x".repeat(100))).answer.status).toBe(200);
    const post = await app()
      .client()
      .fetch("/api/search/suggestions?q=cami&lang=en", { method: "POST", headers: { "Content-Type": "application/json", Origin: ORIGIN }, body: "{}" });
    expect(post.status).toBe(405);
    expect(post.headers.get("Allow")).toBe("GET");
    expect(((await post.json()) as { message: string }).message).toBe("This method is not allowed here");
  });

  it("answers any input with JSON, 200 or 400, never a 5xx", async () => {
    const inputs = ['"', "*", "-", ":", "\u0000", "ca\u0000mi", "lana -cotone", '"cami', "cami*", "lana:* & !cotone", "NEAR(lana cotone)", "'; drop table products; --", "%", "%%", "😀😀", "\ud800x", "x".repeat(10_240), "\u0000".repeat(50), "  ", "ç".repeat(100)];
    for (const input of inputs) {
      for (const lang of ["it", "en"]) {
        const { answer, body } = await suggest(input, lang);
        expect([200, 400], JSON.stringify(input.slice(0, 20))).toContain(answer.status);
        expect(JSON.stringify(body)).not.toContain("\\u0000");
      }
    }
    for (const path of ["/api/search/suggestions?q=%", "/api/search/suggestions?q=%E0%A4%A", "/api/search/suggestions?q[]=cami", "/api/search/suggestions?q=cami&q=gonna", "/api/search/suggestions?q=cami&lang=", "/api/search/suggestions?q=cami&lang=it&lang=en"]) {
      const answer = await app().client().get(path);
      expect([200, 400], path).toContain(answer.status);
      expect(answer.headers.get("Content-Type"), path).toMatch(/^application\/json/);
    }
  });
});

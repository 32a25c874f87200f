import { beforeAll, expect, it } from "vitest";
import { RECENTLY_VIEWED_MAX } from "~/modules/recently-viewed/recently-viewed";
import { type HttpClient, describeEachApp } from "../support/http";

// "Visti di recente" through the request handler (issue 41 part 4), as a shopper without
// JavaScript: nothing is remembered until preference cookies are allowed; then each product page
// puts its piece first in the `viewed` cookie (ids only, twelve at most) and shows the others,
// and so does the bag; refusing or withdrawing the consent deletes the list.
describeEachApp("recently viewed", (app) => {
  let pieces: { id: number; slug: string; name: string }[];
  beforeAll(async () => {
    pieces = await app()
      .db.selectFrom("products as p")
      .innerJoin("product_translations as t", (join) => join.onRef("t.product_id", "=", "p.id").on("t.locale", "=", "it"))
      .select(["p.id", "t.slug", "t.name"])
      .where("p.status", "=", "published")
      .orderBy("p.id")
      .limit(RECENTLY_VIEWED_MAX + 2)
      .execute();
  });

  const choose = (client: HttpClient, fields: Record<string, string>) => client.postForm("/pages/cookies", { redirectTo: "/", ...fields });
  const section = (html: string) => /<section[^>]*aria-labelledby="recently-viewed-title"[\s\S]*?<\/section>/.exec(html)?.[0] ?? null;
  const namesIn = (html: string) => [...(section(html) ?? "").matchAll(/<h3[^>]*>(?:<a[^>]*>)?([^<]+)</g)].map(([, name]) => name.trim());

  it("remembers nothing without consent to preference cookies: no cookie, no row, the shared page", async () => {
    const shopper = app().client();
    await choose(shopper, { intent: "save", analytics: "on" });
    for (const piece of pieces.slice(0, 2)) {
      const page = await shopper.get(`/products/${piece.slug}`);
      expect(page.headers.getSetCookie().some((line) => line.startsWith("viewed="))).toBe(false);
      expect(section(await page.text())).toBeNull();
    }
    // A list sent anyway is not read.
    const forged = await app().client().get(`/products/${pieces[0].slug}`, { headers: { Cookie: `viewed=${pieces[1].id}.${pieces[2].id}` } });
    expect(section(await forged.text())).toBeNull();
    expect(await (await app().client().get("/api/recently-viewed")).json()).toEqual({ allowed: false, products: [] });
  });

  it("with consent, each product page puts its piece first and shows the others, newest first; the bag shows them too; twelve at most", async () => {
    const shopper = app().client();
    const saved = await choose(shopper, { intent: "save", preferences: "on" });
    expect(saved.status).toBe(302);
    const [a, b, c] = pieces;
    for (const piece of [a, b, a, c]) {
      const page = await shopper.get(`/products/${piece.slug}`);
      expect(page.status).toBe(200);
      // The shopper's own page: kept by no cache.
      expect(page.headers.get("Cache-Control")).toBe("private, no-store");
      expect(page.headers.getSetCookie().find((line) => line.startsWith("viewed="))).toMatch(/HttpOnly; SameSite=Lax/);
    }
    expect(shopper.cookies.get("viewed")).toBe(`${c.id}.${a.id}.${b.id}`);
    const onC = await (await shopper.get(`/products/${c.slug}`)).text();
    expect(onC).toContain(">Visti di recente<");
    expect(namesIn(onC)).toEqual([a.name, b.name]);
    expect(namesIn(await (await shopper.get("/cart")).text())).toEqual([c.name, a.name, b.name]);
    const english = (await (await shopper.get("/api/recently-viewed?language=en")).json()) as { allowed: boolean; products: { id: number }[] };
    expect(english.allowed).toBe(true);
    expect(english.products.map((product) => product.id)).toEqual([c.id, a.id, b.id]);

    for (const piece of pieces) await shopper.get(`/products/${piece.slug}`);
    const kept = shopper.cookies.get("viewed")!.split(".").map(Number);
    expect(kept).toHaveLength(RECENTLY_VIEWED_MAX);
    expect(kept[0]).toBe(pieces.at(-1)!.id);
    expect(kept).not.toContain(a.id);
  });

  it("withdrawing the consent deletes the list; whatever the cookie holds, a page", async () => {
    const shopper = app().client();
    await choose(shopper, { intent: "accept" });
    await shopper.get(`/products/${pieces[0].slug}`);
    expect(shopper.cookies.has("viewed")).toBe(true);
    const withdrawn = await choose(shopper, { intent: "save", analytics: "on" });
    expect(withdrawn.headers.getSetCookie().some((line) => /^viewed=; Max-Age=0/.test(line))).toBe(true);
    expect(shopper.cookies.has("viewed")).toBe(false);
    expect(section(await (await shopper.get(`/products/${pieces[1].slug}`)).text())).toBeNull();
    // Rejecting all deletes it too.
    const other = app().client();
    await choose(other, { intent: "accept" });
    await other.get(`/products/${pieces[0].slug}`);
    await choose(other, { intent: "reject" });
    expect(other.cookies.has("viewed")).toBe(false);

    const consenting = app().client();
    await choose(consenting, { intent: "accept" });
    for (const value of ["x", "0.-1", "9".repeat(300), "1e3.2147483648", "%00", `${pieces[0].id}.${"9".repeat(12)}`, "999999.888888"]) {
      const response = await consenting.get(`/products/${pieces[1].slug}`, { headers: { Cookie: `${[...consenting.cookies].filter(([name]) => name !== "viewed").map(([name, v]) => `${name}=${v}`).join("; ")}; viewed=${value}` } });
      expect(response.status, value).toBe(200);
      expect((await consenting.get("/cart", { headers: { Cookie: `viewed=${value}` } })).status, value).toBe(200);
    }
    expect((await consenting.postForm("/api/recently-viewed", {})).status).toBe(405);
  });
});

import { beforeAll, expect, it } from "vitest";
import { bumpCatalogRevision } from "~/modules/base/revision-cache.server";
import { describeEachApp } from "../support/http";

// What is nearly gone, said where the shopper chooses (issue 41, part 4): the product page's
// size says "Ultimi 3 pezzi disponibili" and "Ultimo pezzo disponibile", the bag's line "Ultimi 2
// pezzi" and "Ultimo pezzo", and a sold-out size "Torna presto" above its back-in-stock form.
describeEachApp("few left", (app) => {
  let variant: { id: number; sku: string; size: string; color_code: string; stock: number; slug: string };
  beforeAll(async () => {
    variant = await app()
      .db.selectFrom("variants as v")
      .innerJoin("products as p", "p.id", "v.product_id")
      .innerJoin("product_translations as t", (join) => join.onRef("t.product_id", "=", "p.id").on("t.locale", "=", "it"))
      .select(["v.id", "v.sku", "v.size", "v.color_code", "v.stock", "t.slug"])
      .where("p.status", "=", "published")
      .where("v.stock", ">", 5)
      .orderBy("v.id", "desc")
      .executeTakeFirstOrThrow();
  });
  // Written as the stock tool writes it: the catalogue's revision raised, so no cache keeps the old count.
  const stock = async (pieces: number) => {
    await app().db.updateTable("variants").set({ stock: pieces }).where("id", "=", variant.id).execute();
    await bumpCatalogRevision(app().db);
  };
  // A hard reload: rendered, never the anonymous page cache's copy.
  const productPage = async () =>
    (await app().client().get(`/products/${variant.slug}?color=${variant.color_code}&size=${encodeURIComponent(variant.size)}`, { headers: { "Cache-Control": "no-cache" } })).text();

  it("says how many pieces are left on the product page and on the bag's line, the last one in the singular, and that a sold-out size comes back", async () => {
    try {
      await stock(3);
      expect(await productPage()).toContain(">Ultimi 3 pezzi disponibili<");
      const shopper = app().client();
      expect((await shopper.postForm("/cart", { intent: "add", sku: variant.sku, quantity: "1", redirectTo: "/cart" })).status).toBe(303);
      await stock(2);
      expect(await (await shopper.get("/cart")).text()).toContain(">Ultimi 2 pezzi<");
      await stock(1);
      expect(await productPage()).toContain(">Ultimo pezzo disponibile<");
      expect(await (await shopper.get("/cart")).text()).toContain(">Ultimo pezzo<");
      const { cart } = (await (await shopper.get("/api/cart")).json()) as { cart: { lines: { fewLeft: number | null }[] } };
      expect(cart.lines.map((line) => line.fewLeft)).toEqual([1]);
      await stock(40);
      expect(await (await shopper.get("/cart")).text()).not.toContain('data-testid="line-few-left"');
      await stock(0);
      const soldOut = await productPage();
      expect(soldOut).toContain('data-testid="coming-back"');
      expect(soldOut).toContain(">Torna presto: lascia la tua email");
      expect(soldOut).toContain('data-testid="back-in-stock"');
    } finally {
      await stock(variant.stock);
    }
  });
});

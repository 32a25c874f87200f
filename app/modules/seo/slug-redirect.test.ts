import { beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/support/databases";
import { seedDatabase } from "~/db/seed/seed.server";
import { pathPrefixes, recordPathChanges, resolveMovedPath } from "./slug-redirect.service.server";

describeEachDatabase("slug redirects", (ctx) => {
  let productId: number;
  let categoryId: number;
  beforeAll(async () => {
    await seedDatabase(ctx().db);
    const product = await ctx().db.selectFrom("product_translations").select(["product_id", "slug"]).where("locale", "=", "it").orderBy("product_id").executeTakeFirstOrThrow();
    productId = product.product_id;
    const category = await ctx().db.selectFrom("category_translations").select(["category_id"]).where("locale", "=", "it").where("path", "=", "donna").executeTakeFirstOrThrow();
    categoryId = category.category_id;
  });

  const renameProduct = async (slug: string) => {
    const { db } = ctx();
    const before = await db.selectFrom("product_translations").select("slug").where("product_id", "=", productId).where("locale", "=", "it").executeTakeFirstOrThrow();
    await db.transaction().execute(async (trx) => {
      await trx.updateTable("product_translations").set({ slug }).where("product_id", "=", productId).where("locale", "=", "it").execute();
      await recordPathChanges(trx, [{ kind: "product", locale: "it", entityId: productId, oldPath: before.slug, newPath: slug }]);
    });
    return before.slug;
  };

  it("splits a path into its prefixes, longest first", () => {
    expect(pathPrefixes("donna/abiti/lunghi")).toEqual(["donna/abiti/lunghi", "donna/abiti", "donna"]);
    expect(pathPrefixes("/x/")).toEqual(["x"]);
  });

  it("sends a renamed product's old slug, and the slug before it, to today's slug in one hop", async () => {
    const first = await renameProduct("nome-nuovo");
    expect(await resolveMovedPath(ctx().db, "product", "it", first)).toBe("nome-nuovo");
    await renameProduct("nome-ancora-nuovo");
    expect(await resolveMovedPath(ctx().db, "product", "it", first)).toBe("nome-ancora-nuovo");
    expect(await resolveMovedPath(ctx().db, "product", "it", "nome-nuovo")).toBe("nome-ancora-nuovo");
    // Only the language that changed moves; unknown paths stay unknown.
    expect(await resolveMovedPath(ctx().db, "product", "en", first)).toBeUndefined();
    expect(await resolveMovedPath(ctx().db, "product", "it", "mai-esistito")).toBeUndefined();
    // Taking a slug back makes it live again: no redirect from it (it would loop).
    await renameProduct(first);
    expect(await resolveMovedPath(ctx().db, "product", "it", first)).toBeUndefined();
    expect(await resolveMovedPath(ctx().db, "product", "it", "nome-nuovo")).toBe(first);
  });

  it("moves a category's descendants with it: the longest redirected prefix wins, the rest is kept", async () => {
    const { db } = ctx();
    await db.transaction().execute(async (trx) => {
      await recordPathChanges(trx, [{ kind: "category", locale: "it", entityId: categoryId, oldPath: "signora", newPath: "donna" }]);
    });
    expect(await resolveMovedPath(db, "category", "it", "signora")).toBe("donna");
    expect(await resolveMovedPath(db, "category", "it", "signora/abiti")).toBe("donna/abiti");
    expect(await resolveMovedPath(db, "category", "it", "donna/abiti")).toBeUndefined();
  });
});

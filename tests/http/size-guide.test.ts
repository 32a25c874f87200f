import { beforeAll, expect, it } from "vitest";
import { bumpCatalogRevision } from "~/modules/base/revision-cache.server";
import { describeEachApp } from "../support/http";
import { signInStaff } from "../support/staff";

// The size guide through the request handler (issue 41 part 2), without JavaScript, on both
// databases: the product page's fit and link, the guide page in both languages, "Trova la tua
// taglia" as a GET form (an answer, errors at their fields with what was typed, nothing kept by
// any cache), and Atelier's guide editor and a product's sizing, with bad input and forged ids.
describeEachApp("the size guide", (app) => {
  const decode = (html: string) => html.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&").replace(/&gt;/g, ">").replace(/&lt;/g, "<");
  const html = async (response: Response | Promise<Response>) => decode(await (await response).text());
  let dress: { id: number; slug: string; enSlug: string };
  let bagSlug: string;

  beforeAll(async () => {
    const product = (path: string) =>
      app()
        .db.selectFrom("products as p")
        .innerJoin("category_translations as c", (join) => join.onRef("c.category_id", "=", "p.category_id").on("c.locale", "=", "it"))
        .innerJoin("product_translations as it", (join) => join.onRef("it.product_id", "=", "p.id").on("it.locale", "=", "it"))
        .innerJoin("product_translations as en", (join) => join.onRef("en.product_id", "=", "p.id").on("en.locale", "=", "en"))
        .select(["p.id", "it.slug", "en.slug as enSlug"])
        .where("c.path", "=", path)
        .where("p.status", "=", "published")
        .orderBy("p.id")
        .executeTakeFirstOrThrow();
    dress = await product("donna/abiti");
    bagSlug = (await product("accessori/borse")).slug;
  });

  it("links the guide from the product page with the fit; the guide is a page in each language", async () => {
    const shopper = app().client();
    const page = await html(shopper.get(`/products/${dress.slug}`));
    expect(page).toContain(`href="/guida-taglie/${dress.slug}"`);
    expect(page).toMatch(/data-testid="fit-note">Veste (piccola|regolare|ampia)/);
    const guide = await shopper.get(`/guida-taglie/${dress.slug}`);
    expect(guide.status).toBe(200);
    const text = await html(guide);
    expect(text).toContain(">Guida alle taglie<");
    expect(text).toContain(">Donna — abbigliamento<");
    expect(text).toMatch(/<th scope="row" class="font-semibold">M<\/th><td>42<\/td><td>38<\/td><td>6<\/td><td>10<\/td><td>88<\/td>/);
    expect(text).toContain(">Come prendere le misure<");
    expect(text).toMatch(new RegExp(`hrefLang="en" href="https?://[^"/]+/en/size-guide/${dress.enSlug}"`));
    expect(text).toContain('name="robots" content="noindex"');
    const english = await html(shopper.get(`/en/size-guide/${dress.enSlug}`));
    expect(english).toContain(">Size guide<");
    expect(english).toContain(">Women — clothing<");
    expect(english).toContain(">Find your size<");
    // A piece without a guide: the FAQ, and no guide page; a slug of the other language is no page either.
    expect(await html(shopper.get(`/products/${bagSlug}`))).not.toContain("/guida-taglie/");
    for (const path of [`/guida-taglie/${bagSlug}`, "/guida-taglie/nessun-capo", `/en/size-guide/${dress.slug}x`, "/guida-taglie/", "/en/guida-taglie/x"]) {
      expect((await shopper.get(path)).status, path).toBe(404);
    }
  });

  it("suggests a size with a GET form, keeps nothing, and says what to fix at the field", async () => {
    const shopper = app().client();
    const answer = await shopper.get(`/guida-taglie/${dress.slug}?height=168&weight=60&system=&usual=`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
    const text = await html(answer);
    expect(text).toContain(">Ti suggeriamo la taglia M.<");
    expect(text).toContain(">Corrisponde alla tua altezza e al tuo peso.<");
    expect(text).toContain(`href="/products/${dress.slug}?size=M"`);
    expect(text).toContain('value="168"');
    // A usual size in another system.
    expect(await html(shopper.get(`/en/size-guide/${dress.enSlug}?system=uk&usual=12`))).toContain(">We suggest size L.<");
    // Bad input: the message at its field, what was typed kept, no suggestion.
    const bad = await html(shopper.get(`/guida-taglie/${dress.slug}?height=abc&weight=60`));
    expect(bad).toContain(">Scrivi l'altezza in centimetri, tra 100 e 230.<");
    expect(bad).toContain('value="abc"');
    expect(bad).not.toContain(">Ti suggeriamo");
    expect(await html(shopper.get(`/guida-taglie/${dress.slug}?usual=40`))).toContain(">Scegli il sistema della tua taglia abituale.<");
    expect(await html(shopper.get(`/guida-taglie/${dress.slug}?height=&weight=&usual=`))).toContain(">Scrivi altezza e peso, oppure la tua taglia abituale.<");
    expect(await html(shopper.get(`/guida-taglie/${dress.slug}?height=190&weight=140`))).toContain(">Le tue misure sono fuori dalla tabella: scrivici e ti aiuteremo a scegliere.<");
    // Whatever arrives, an answer: never a 500.
    for (const query of ["system=xx&usual=1", `usual=${"9".repeat(5000)}&system=eu`, "height=1e3&weight=-4", "height=%00&weight=%FF", "height=168&height=170&weight=60", "system[]=eu"]) {
      expect((await shopper.get(`/guida-taglie/${dress.slug}?${query}`)).status, query).toBe(200);
    }
  });

  it("answers the guide and the suggestion as JSON, with the error table's statuses", async () => {
    const shopper = app().client();
    const guide = await shopper.get(`/api/size-guide/${dress.enSlug}?language=en`);
    expect(guide.status).toBe(200);
    const body = (await guide.json()) as { guide: { name: string; url: string }; sizes: { size: string; measures: { chest: number } }[]; suggestion: unknown };
    expect(body.guide).toMatchObject({ name: "Women — clothing", url: `/en/size-guide/${dress.enSlug}` });
    expect(body.sizes.map((size) => size.size)).toEqual(["XS", "S", "M", "L", "XL"]);
    expect(body.sizes[2].measures.chest).toBe(880);
    expect(body.suggestion).toBeNull();
    const asked = await shopper.get(`/api/size-guide/${dress.slug}?height=168&weight=60&system=&usual=`);
    expect(asked.headers.get("Cache-Control")).toBe("private, no-store");
    expect(((await asked.json()) as { suggestion: unknown }).suggestion).toEqual({ found: true, size: "M", basis: "body", between: null, offered: true });
    const invalid = await shopper.get(`/api/size-guide/${dress.slug}?height=12`);
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as { fields: Record<string, string> }).fields.height).toBe("Scrivi l'altezza in centimetri, tra 100 e 230.");
    expect((await shopper.get(`/api/size-guide/${bagSlug}`)).status).toBe(404);
    const post = await shopper.postForm(`/api/size-guide/${dress.slug}`, {});
    expect(post.status).toBe(405);
    expect(post.headers.get("Allow")).toBe("GET");
  });

  it("lets staff write a guide and a product's sizing without JavaScript: bad input at its field, forged ids a 404, every save audited", async () => {
    const { client } = await signInStaff(app(), { role: "staff" });
    const list = await html(client.get("/atelier/catalog/size-guides"));
    expect(list).toContain(">Donna — abbigliamento<");
    expect(await html(client.get("/atelier/catalog/size-guides/new"))).toContain('name="rows[2].size"');

    const form = { intent: "save", kind: "clothing", nameIt: "Prova", nameEn: "Trial", "rows[0].size": "S", "rows[0].chest": "86,5", "rows[0].weightFrom": "50", "rows[0].weightTo": "60", "rows[1].size": "" };
    // Bad input: a length that is none, a range half given; the page again with the messages and the input.
    const refused = await client.postForm("/atelier/catalog/size-guides/new", { ...form, "rows[0].waist": "70cm" });
    expect(refused.status).toBe(400);
    const refusedText = await html(refused);
    expect(refusedText).toContain(">Scrivi una lunghezza in centimetri, per esempio 84 o 23,5.<");
    expect(refusedText).toContain('value="70cm"');
    const halfRange = await client.postForm("/atelier/catalog/size-guides/new", { ...form, "rows[0].weightTo": "", "rows[1].size": "s" });
    expect(halfRange.status).toBe(400);
    const halfText = await html(halfRange);
    expect(halfText).toContain(">Scrivi l'intervallo intero, dal più piccolo al più grande.<");
    expect(halfText).toContain(">Questa taglia è già nella guida.<");
    expect(await app().db.selectFrom("size_guides").select("id").where("name_it", "=", "Prova").execute()).toEqual([]);

    const created = await client.postForm("/atelier/catalog/size-guides/new", form);
    expect(created.status).toBe(303);
    const id = Number(created.headers.get("Location")!.match(/size-guides\/(\d+)$/)![1]);
    const rows = await app().db.selectFrom("size_guide_rows").select(["size", "chest_mm", "weight_from_kg"]).where("guide_id", "=", id).execute();
    expect(rows).toEqual([{ size: "S", chest_mm: 865, weight_from_kg: 50 }]);
    const editor = await html(client.get(`/atelier/catalog/size-guides/${id}`));
    expect(editor).toContain('value="86,5"');
    expect(editor).toContain("size-guide.create");

    // The product's sizing: its own guide, a fit, the model; the product page says them.
    const sizing = { guideId: String(id), fit: "small", modelHeightCm: "176", modelSize: "S", modelChestCm: "84", modelWaistCm: "", modelHipsCm: "" };
    const badFit = await client.postForm(`/atelier/products/${dress.id}/sizing`, { ...sizing, fit: "tight" });
    expect(badFit.status).toBe(400);
    expect(await html(badFit)).toContain(">Scegli una vestibilità.<");
    const noSize = await client.postForm(`/atelier/products/${dress.id}/sizing`, { ...sizing, modelSize: "" });
    expect(noSize.status).toBe(400);
    const noSizeText = await html(noSize);
    expect(noSizeText).toContain(">Scrivi la taglia indossata.<");
    expect(noSizeText).toContain('value="176"');
    expect((await client.postForm(`/atelier/products/${dress.id}/sizing`, { ...sizing, guideId: "999999" })).status).toBe(404);
    const saved = await client.postForm(`/atelier/products/${dress.id}/sizing`, sizing);
    expect(saved.status).toBe(303);
    expect(saved.headers.get("Location")).toBe(`/atelier/products/${dress.id}/sizing`);
    await bumpCatalogRevision(app().db);
    const product = await html(app().client().get(`/products/${dress.slug}`, { headers: { "Cache-Control": "no-cache" } }));
    expect(product).toContain(">Veste piccola: se sei tra due taglie, scegli la più grande.<");
    expect(product).toContain(">In foto: altezza 176 cm, taglia S.<");
    const guide = await html(app().client().get(`/guida-taglie/${dress.slug}`));
    expect(guide).toContain(">Prova<");
    expect(guide).toContain(">Misure di chi posa: petto 84 cm.<");

    // Forged ids and intents: 404 and 400, nothing written.
    expect((await client.get("/atelier/catalog/size-guides/999999")).status).toBe(404);
    expect((await client.get("/atelier/catalog/size-guides/abc")).status).toBe(404);
    expect((await client.get("/atelier/products/999999/sizing")).status).toBe(404);
    expect((await client.postForm("/atelier/products/999999/sizing", sizing)).status).toBe(404);
    expect((await client.postForm("/atelier/catalog/size-guides/999999", form)).status).toBe(404);
    expect((await client.postForm(`/atelier/catalog/size-guides/${id}`, { ...form, intent: "explode" })).status).toBe(400);

    // Deleting asks for the box; then the product falls back to its category's guide.
    expect((await client.postForm(`/atelier/catalog/size-guides/${id}`, { intent: "delete" })).status).toBe(400);
    const deleted = await client.postForm(`/atelier/catalog/size-guides/${id}`, { intent: "delete", confirm: "on" });
    expect(deleted.status).toBe(303);
    expect(await html(app().client().get(`/guida-taglie/${dress.slug}`))).toContain(">Donna — abbigliamento<");
    const trail = await app().db.selectFrom("audit_log").select("action").where("entity_type", "in", ["size-guide", "product-sizing"]).orderBy("id").execute();
    expect(trail.map((entry) => entry.action)).toEqual(["size-guide.create", "product.sizing", "size-guide.delete"]);
  });
});

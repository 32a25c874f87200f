// The photograph pipeline outside products over HTTP, without JavaScript, both databases: a
// category's tile photograph (the category editor; the home page's tile) and a journal post's
// cover and body pictures (the content editor; the article, the journal, the Markdown snippet
// rendered with its size). Uploads are streamed multipart posts processed by the app's own media
// worker; a bad file is refused at its field with nothing stored; forged ids are 404; every
// write is in the audit log. Images are made with sharp here: no binary fixtures.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type HttpClient, ORIGIN, describeEachApp } from "../support/http";
import { signInStaff } from "../support/staff";

// The apps of this file keep their images here (startApp reads the environment).
const MEDIA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "bottega-http-images-"));
process.env.MEDIA_DIR = MEDIA_DIR;
afterAll(() => fs.rmSync(MEDIA_DIR, { recursive: true, force: true }));

const jpeg = (width = 1000, height = 1250, hex = "#b4785a") => sharp({ create: { width, height, channels: 3, background: hex } }).jpeg().toBuffer();
const files = () => (fs.existsSync(MEDIA_DIR) ? fs.readdirSync(MEDIA_DIR, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length : 0);
const decode = (html: string) => html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "").replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&");

/** A multipart form as the page sends it: its fields, then the file (if any) under `fileField`. */
function multipart(fields: Record<string, string>, file?: { field: string; bytes: Uint8Array }): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append(file.field, new File([new Uint8Array(file.bytes)], "photo.jpg", { type: "image/jpeg" }));
  return form;
}

describeEachApp("Atelier tile and content pictures", (app) => {
  let staff: HttpClient;
  const post = (to: string, form: FormData, client = staff) => client.fetch(to, { method: "POST", headers: { Origin: ORIGIN }, body: form });
  const count = async (table: "media_assets" | "category_tiles" | "content_images") => Number((await app().db.selectFrom(table).select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
  const audit = (prefix: string) => app().db.selectFrom("audit_log").select(["action", "entity_type as type", "entity_id as id"]).where("action", "like", `${prefix}%`).orderBy("id").execute();
  async function waitForAssets() {
    for (let i = 0; i < 300; i++) {
      const pending = await app().db.selectFrom("media_assets").select("id").where("status", "=", "pending").execute();
      if (!pending.length) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error("the pictures were not processed in 30 s");
  }
  const variantOf = async (assetId: number) => (await app().db.selectFrom("media_assets").select(["variant_key", "status"]).where("id", "=", assetId).executeTakeFirstOrThrow()).variant_key!;

  let donna: number;
  let editor: string;
  let blog: { key: string; slug: string; slugEn: string };
  let entry: string;

  beforeAll(async () => {
    ({ client: staff } = await signInStaff(app(), { role: "staff" }));
    donna = (await app().db.selectFrom("category_translations").select("category_id").where("locale", "=", "it").where("path", "=", "donna").executeTakeFirstOrThrow()).category_id;
    editor = `/atelier/categories/${donna}`;
    const row = await app().db.selectFrom("content").select(["key", "slug"]).where("kind", "=", "blog").where("locale", "=", "it").where("status", "=", "published").orderBy("published_at", "desc").executeTakeFirstOrThrow();
    const en = await app().db.selectFrom("content").select("slug").where("kind", "=", "blog").where("key", "=", row.key).where("locale", "=", "en").executeTakeFirstOrThrow();
    blog = { key: row.key, slug: row.slug, slugEn: en.slug };
    entry = `/atelier/content/blog/${blog.key}`;
  });

  it("puts up a category's tile photograph: the home page's tile shows it once processed", async () => {
    const home = decode(await (await app().client().get("/")).text());
    expect(home).toContain("/tile-donna/");
    expect(home).not.toContain("/media/p/");

    const answer = await post(editor, multipart({ intent: "tile-upload", tileAltIt: "Abiti di lino al sole", tileAltEn: "Linen dresses in the sun" }, { field: "tile", bytes: await jpeg(1600, 1200) }));
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe(editor);
    expect(await audit("category.tile.")).toEqual([{ action: "category.tile.set", type: "category", id: String(donna) }]);
    await waitForAssets();
    const tile = await app().db.selectFrom("category_tiles").selectAll().where("category_id", "=", donna).executeTakeFirstOrThrow();
    const key = await variantOf(tile.asset_id);

    const page = decode(await (await staff.get(editor)).text());
    expect(page).toContain("Foto caricata: appare sulla home appena è pronta.");
    expect(page).toContain(`/media/p/${key}/`);
    expect(page).toContain('value="Abiti di lino al sole"');

    for (const [path, alt] of [["/", "Abiti di lino al sole"], ["/en", "Linen dresses in the sun"]] as const) {
      const html = decode(await (await app().client().get(path)).text());
      expect(html).toMatch(new RegExp(`<picture><source type="image/avif" srcSet="/media/p/${key}/320\\.avif 320w[^"]*"[^>]*>`));
      expect(html).toMatch(new RegExp(`<img src="/media/p/${key}/640\\.jpg" srcSet="[^"]+" sizes="[^"]+" width="640" height="800" alt="${alt}"`));
      // The other tiles keep their drawings.
      expect(html).toContain("/tile-uomo/");
    }
    expect((await app().client().get(`/media/p/${key}/320.webp`)).status).toBe(200);
  });

  it("refuses a bad tile file at its field, storing nothing; forged ids are 404 and unknown intents 400", async () => {
    const before = { assets: await count("media_assets"), tiles: await count("category_tiles"), files: files(), audit: (await audit("category.")).length };
    const pdf = await post(editor, multipart({ intent: "tile-upload", tileAltIt: "Tenuto", tileAltEn: "" }, { field: "tile", bytes: Buffer.from("%PDF-1.4\n1 0 obj\n%%EOF") }));
    expect(pdf.status).toBe(400);
    const html = decode(await pdf.text());
    expect(html).toMatch(/id="[^"]*tile-error"[^>]*>[\s\S]*?Il file non è una foto JPEG, PNG, WebP o AVIF\./);
    expect(html).toContain('value="Tenuto"');
    const strip = await post(editor, multipart({ intent: "tile-upload" }, { field: "tile", bytes: await jpeg(1, 3000) }));
    expect(strip.status).toBe(400);
    expect(decode(await strip.text())).toContain("La foto deve misurare tra 320 e 16.384 pixel per lato");
    expect((await post(editor, multipart({ intent: "tile-upload" }))).status).toBe(400);
    expect((await post(editor, multipart({ intent: "tile-update", tileAltIt: "", tileAltEn: "", focalX: "120", focalY: "50" }))).status).toBe(400);

    expect((await post("/atelier/categories/987654", multipart({ intent: "tile-upload" }, { field: "tile", bytes: await jpeg() }))).status).toBe(404);
    expect((await post("/atelier/categories/987654", multipart({ intent: "tile-remove" }))).status).toBe(404);
    const uomo = (await app().db.selectFrom("category_translations").select("category_id").where("locale", "=", "it").where("path", "=", "uomo").executeTakeFirstOrThrow()).category_id;
    expect((await post(`/atelier/categories/${uomo}`, multipart({ intent: "tile-remove" }))).status).toBe(404);
    expect((await post(editor, multipart({ intent: "tile-explode" }))).status).toBe(400);
    // An anonymous visitor's upload goes to the login.
    expect((await post(editor, multipart({ intent: "tile-upload" }, { field: "tile", bytes: await jpeg() }), app().client())).headers.get("Location")).toMatch(/^\/atelier\/login/);

    expect({ assets: await count("media_assets"), tiles: await count("category_tiles"), files: files(), audit: (await audit("category.")).length }).toEqual(before);
    // The category's own texts still save through the same (streamed) action.
    const saved = await staff.postForm(editor, { intent: "save", parentId: "", "it.name": "Donna", "it.slug": "donna", "en.name": "Women", "en.slug": "women" });
    expect(saved.status).toBe(303);
  });

  it("moves the focal point and alt texts, then removes the tile: the drawing returns, files gone", async () => {
    const tile = await app().db.selectFrom("category_tiles").selectAll().where("category_id", "=", donna).executeTakeFirstOrThrow();
    const before = await variantOf(tile.asset_id);
    expect((await post(editor, multipart({ intent: "tile-update", tileAltIt: "Lino", tileAltEn: "Linen", focalX: "30", focalY: "50" }))).status).toBe(303);
    await waitForAssets();
    const after = await variantOf(tile.asset_id);
    expect(after).not.toBe(before);
    expect(decode(await (await app().client().get("/en")).text())).toContain(`/media/p/${after}/640.jpg" srcSet`);

    const { sha256 } = await app().db.selectFrom("media_assets").select("sha256").where("id", "=", tile.asset_id).executeTakeFirstOrThrow();
    expect(fs.existsSync(path.join(MEDIA_DIR, "variants", after))).toBe(true);
    expect((await post(editor, multipart({ intent: "tile-remove" }))).status).toBe(303);
    expect(await count("category_tiles")).toBe(0);
    expect(await count("media_assets")).toBe(0);
    // Its original and variants are gone from the media folder.
    expect(fs.existsSync(path.join(MEDIA_DIR, "originals", sha256.slice(0, 2), sha256))).toBe(false);
    const set = path.join(MEDIA_DIR, "variants", after);
    expect(fs.existsSync(set) ? fs.readdirSync(set) : []).toEqual([]);
    const home = decode(await (await app().client().get("/")).text());
    expect(home).toContain("/tile-donna/");
    expect(home).not.toContain("/media/p/");
    expect((await audit("category.tile.")).map((a) => a.action)).toEqual(["category.tile.set", "category.tile.update", "category.tile.remove"]);
  });

  it("gives a journal post a cover photograph and a body picture the article shows with its size", async () => {
    const cover = await post(entry, multipart({ intent: "cover-upload", imageAltIt: "Un telaio", imageAltEn: "A loom" }, { field: "image", bytes: await jpeg() }));
    expect(cover.status).toBe(303);
    expect(cover.headers.get("Location")).toBe(entry);
    const body = await post(entry, multipart({ intent: "image-upload", imageAltIt: "Il filo", imageAltEn: "The thread" }, { field: "image", bytes: await jpeg(1200, 1500, "#335577") }));
    expect(body.status).toBe(303);
    await waitForAssets();
    const rows = await app().db.selectFrom("content_images").selectAll().where("kind", "=", "blog").where("key", "=", blog.key).orderBy("id").execute();
    expect(rows.map((r) => r.role)).toEqual(["cover", "body"]);
    const coverKey = await variantOf(rows[0]!.asset_id);
    const bodyKey = await variantOf(rows[1]!.asset_id);

    const page = decode(await (await staff.get(entry)).text());
    const snippet = `![Il filo](/media/p/${bodyKey}/960.jpg)`;
    expect(page).toContain(`value="${snippet}"`);
    expect(page).toContain(`value="![The thread](/media/p/${bodyKey}/960.jpg)"`);

    const article = decode(await (await app().client().get(`/blog/${blog.slug}`)).text());
    expect(article).toMatch(new RegExp(`<img src="/media/p/${coverKey}/640\\.jpg"[^>]* alt="Un telaio"`));
    expect(decode(await (await app().client().get("/en/blog")).text())).toContain(`/media/p/${coverKey}/640.jpg`);

    // The snippet pasted into the body (the editor's ordinary save, read from the stream too).
    const rowsIt = await app().db.selectFrom("content").selectAll().where("kind", "=", "blog").where("key", "=", blog.key).execute();
    const form: Record<string, string> = { intent: "save", status: "published", publishedAt: "", cover: "" };
    for (const row of rowsIt) {
      Object.assign(form, { [`${row.locale}.title`]: row.title, [`${row.locale}.slug`]: row.slug, [`${row.locale}.excerpt`]: row.excerpt, [`${row.locale}.body`]: row.locale === "it" ? `${snippet}\n\n${row.body}` : row.body });
    }
    expect((await staff.postForm(entry, form)).status).toBe(303);
    const withImage = decode(await (await app().client().get(`/blog/${blog.slug}`)).text());
    expect(withImage).toMatch(new RegExp(`<img src="/media/p/${bodyKey}/960\\.jpg" alt="Il filo" srcset="[^"]*320w[^"]*960w" sizes="[^"]+" width="960" height="1200" loading="lazy" decoding="async">`));
    // Still in the body: its removal is refused, nothing changes.
    const refused = await post(entry, multipart({ intent: "image-remove", imageId: String(rows[1]!.id) }));
    expect(refused.status).toBe(409);
    expect(decode(await refused.text())).toContain("Il testo mostra ancora questa immagine");
    expect(await count("content_images")).toBe(2);
    expect((await audit("content.")).filter((a) => a.action !== "content.update")).toEqual([
      { action: "content.cover.set", type: "content", id: `blog:${blog.key}` },
      { action: "content.image.add", type: "content", id: `blog:${blog.key}` },
    ]);
  });

  it("refuses a bad picture at its field, storing nothing; forged ids are 404; a removed cover brings the drawing back", async () => {
    const before = { assets: await count("media_assets"), images: await count("content_images"), files: files(), audit: (await audit("content.")).length };
    const bad = await post(entry, multipart({ intent: "image-upload", imageAltIt: "Tenuto", imageAltEn: "" }, { field: "image", bytes: Buffer.from("PK\u0003\u0004 zip") }));
    expect(bad.status).toBe(400);
    const html = decode(await bad.text());
    expect(html).toMatch(/id="[^"]*image-error"[^>]*>[\s\S]*?Il file non è una foto JPEG, PNG, WebP o AVIF\./);
    expect(html).toContain('value="Tenuto"');
    const truncated = (await jpeg()).subarray(0, 900);
    expect((await post(entry, multipart({ intent: "cover-upload" }, { field: "image", bytes: truncated }))).status).toBe(400);
    expect((await post(entry, multipart({ intent: "cover-upload" }))).status).toBe(400);
    expect((await post("/atelier/content/blog/no-such-post", multipart({ intent: "cover-upload" }, { field: "image", bytes: await jpeg() }))).status).toBe(404);
    expect((await post(entry, multipart({ intent: "image-remove", imageId: "999999" }))).status).toBe(404);
    expect((await post(entry, multipart({ intent: "image-remove", imageId: "abc" }))).status).toBe(400);
    const other = await app().db.selectFrom("content").select("key").where("kind", "=", "care").executeTakeFirstOrThrow();
    const cover = await app().db.selectFrom("content_images").select("id").where("role", "=", "cover").executeTakeFirstOrThrow();
    expect((await post(`/atelier/content/care/${other.key}`, multipart({ intent: "image-remove", imageId: String(cover.id) }))).status).toBe(404);
    expect({ assets: await count("media_assets"), images: await count("content_images"), files: files(), audit: (await audit("content.")).length }).toEqual(before);

    expect((await post(entry, multipart({ intent: "image-remove", imageId: String(cover.id) }))).status).toBe(303);
    const article = decode(await (await app().client().get(`/en/blog/${blog.slugEn}`)).text());
    expect(article).not.toMatch(/<picture><source type="image\/avif"[^>]*><img[^>]*fetchPriority/);
    expect(article).toMatch(/<img src="\/media\/[cg]\d+\/[^"]+\.svg"[^>]*fetchPriority="high"/);
    expect((await audit("content.cover.")).map((a) => a.action)).toEqual(["content.cover.set", "content.cover.remove"]);
  });
});

// Atelier's photographs page over HTTP, without JavaScript, both databases: the guards, an upload
// processed by the app's own media worker and served immutable, every per-photograph action
// audited, the fuzzed uploads (wrong type, truncated, a strip, a bomb, 20 MB + 1 byte) refused
// at the field with nothing stored, forged ids 404. On the built server (Express in front):
// another site's post refused, the upload streamed, a variant served from disk. Every image is
// made with sharp here: no binary fixtures.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "../support/databases";
import { type HttpClient, ORIGIN, describeEachApp } from "../support/http";
import { jpeg, uploadForm } from "../support/photo-upload";
import { signInBuiltServerStaff, signInStaff } from "../support/staff";
import { type BuiltServer, builtServerClient, startBuiltServer } from "./built-server";
import { type DatabaseHandle, openDatabase } from "~/db/connection.server";
import type { Database } from "~/db/schema";
import type { Kysely } from "kysely";

// The apps of this file keep their images here (startApp reads the environment).
const MEDIA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "bottega-http-media-"));
process.env.MEDIA_DIR = MEDIA_DIR;
afterAll(() => fs.rmSync(MEDIA_DIR, { recursive: true, force: true }));

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

async function firstProduct(db: Kysely<Database>, skip = 0) {
  const row = await db.selectFrom("products").select("id").orderBy("id").offset(skip).limit(1).executeTakeFirstOrThrow();
  const colors = await db.selectFrom("variants").select("color_code").distinct().where("product_id", "=", row.id).execute();
  return { id: row.id, colors: colors.map((c) => c.color_code) };
}

async function waitForReady(db: Kysely<Database>, photoId: number) {
  for (let i = 0; i < 300; i++) {
    const row = await db.selectFrom("product_photos as p").innerJoin("media_assets as a", "a.id", "p.asset_id").select(["a.status", "a.variant_key", "a.variant_widths"]).where("p.id", "=", photoId).executeTakeFirstOrThrow();
    if (row.status !== "pending") return row;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the photograph was not processed in 30 s");
}

const decode = (html: string) => html.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&");

describeEachApp("Atelier photographs", (app) => {
  let staff: HttpClient;
  let product: { id: number; colors: string[] };
  let page: string;
  const count = async (table: "product_photos" | "media_assets" | "media_jobs") => Number((await app().db.selectFrom(table).select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
  const audit = () => app().db.selectFrom("audit_log").select(["action", "entity_type as type", "entity_id as id"]).where("action", "like", "product.photo.%").orderBy("id").execute();
  const upload = (form: FormData, client = staff, to = page) => client.fetch(to, { method: "POST", headers: { Origin: ORIGIN }, body: form });

  beforeAll(async () => {
    ({ client: staff } = await signInStaff(app(), { role: "staff" }));
    product = await firstProduct(app().db);
    page = `/atelier/products/${product.id}/photos`;
  });

  it("sends visitors to Atelier's login; unknown products are 404", async () => {
    const anonymous = app().client();
    const get = await anonymous.get(page);
    expect(get.status).toBe(302);
    expect(get.headers.get("Location")).toBe(`/atelier/login?redirectTo=${encodeURIComponent(page)}`);
    expect((await upload(uploadForm(await jpeg(), "a.jpg"), anonymous)).headers.get("Location")).toMatch(/^\/atelier\/login/);
    expect(await count("media_assets")).toBe(0);
    for (const path of ["/atelier/products/999999/photos", "/atelier/products/abc/photos", "/en/atelier/products/0/photos", "/atelier/products/99999999999/photos"]) {
      expect((await staff.get(path)).status, path).toBe(404);
    }
    expect((await upload(uploadForm(await jpeg(), "a.jpg"), staff, "/atelier/products/999999/photos")).status).toBe(404);
    expect(await count("media_assets")).toBe(0);
    const html = await (await staff.get(`/en${page}`)).text();
    expect(html).toContain("No photographs yet: the shop shows the product");
    expect(html).toContain(`href="/en/atelier/products/${product.id}"`);
  });

  it("uploads a photograph, shows it processing, then ready; its variants are served immutable", async () => {
    const answer = await upload(uploadForm(await jpeg(), "bottega.jpg", { color: product.colors[0]! }));
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe(page);
    const photo = await app().db.selectFrom("product_photos").selectAll().where("product_id", "=", product.id).executeTakeFirstOrThrow();
    expect(photo).toMatchObject({ color_code: product.colors[0], alt_it: "Vista di fronte", alt_en: "Front view", is_cover: 1 });
    expect(await audit()).toEqual([{ action: "product.photo.add", type: "product", id: String(product.id) }]);

    const ready = await waitForReady(app().db, photo.id);
    expect(ready).toMatchObject({ status: "ready", variant_widths: "320,480,640,960" });
    const html = await (await staff.get(page)).text();
    expect(html).toContain("Foto caricata: è in elaborazione.");
    expect(html).toContain("Pronta");
    expect(html).toContain(`/media/p/${ready.variant_key}/640.jpg`);
    expect(html).toContain('type="image/avif"');

    const variant = await app().client().get(`/media/p/${ready.variant_key}/480.avif`);
    expect(variant.status).toBe(200);
    expect(variant.headers.get("Content-Type")).toBe("image/avif");
    expect(variant.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(variant.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const meta = await sharp(Buffer.from(await variant.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["heif", 480, 600]);
    const jpg = await app().client().get(`/media/p/${ready.variant_key}/960.jpg`);
    expect(jpg.headers.get("Content-Type")).toBe("image/jpeg");
    for (const missing of [`/media/p/${ready.variant_key}/1280.jpg`, `/media/p/${ready.variant_key}/480.png`, `/media/p/${"0".repeat(40)}/480.jpg`, `/media/p/..%2F..%2Fetc/480.jpg`, `/media/p/${ready.variant_key}/481.jpg`]) {
      expect((await app().client().get(missing)).status, missing).toBe(404);
    }
  });

  it("refuses a wrong type, a truncated file, a strip, a bomb and 20 MB + 1 byte at the field, storing nothing", async () => {
    const rows = { photos: await count("product_photos"), assets: await count("media_assets"), jobs: await count("media_jobs") };
    const files = filesUnder(MEDIA_DIR);
    const entries = (await audit()).length;
    const good = await jpeg();
    const big = Buffer.alloc(20 * 1024 * 1024 + 1);
    good.copy(big);
    const cases: [string, Uint8Array, string][] = [
      ["a PDF called .jpg", Buffer.from("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n"), "Il file non è una foto JPEG, PNG, WebP o AVIF."],
      ["a truncated JPEG", good.subarray(0, Math.floor(good.length * 0.6)), "Il file è danneggiato o incompleto: caricalo di nuovo."],
      ["1 × 60 000 pixels", await sharp({ create: { width: 1, height: 60_000, channels: 3, background: "#888" } }).png().toBuffer(), "La foto deve misurare tra 320 e 16.384 pixel per lato"],
      ["a decompression bomb", await sharp({ create: { width: 8200, height: 8200, channels: 3, background: "#000" } }).toColourspace("b-w").png({ compressionLevel: 9 }).toBuffer(), "La foto ha più di 64 megapixel"],
      ["20 MB + 1 byte", big, "La foto supera i 20 MB."],
    ];
    for (const [name, bytes, message] of cases) {
      const answer = await upload(uploadForm(bytes, "foto.jpg", { altIt: "Testo tenuto" }));
      // Too large: refused at the limit, the rest unread (413, issue 37 item 25); the rest: 400.
      expect(answer.status, name).toBe(name === "20 MB + 1 byte" ? 413 : 400);
      const html = decode(await answer.text());
      expect(html, name).toContain(message);
      // At the field: the file input is marked invalid and described by the message; the texts are kept.
      expect(html, name).toMatch(/<input[^>]*aria-invalid="true"[^>]*type="file"|<input[^>]*type="file"[^>]*aria-invalid="true"/);
      expect(html, name).toContain('value="Testo tenuto"');
    }
    // No file chosen at all.
    const none = new FormData();
    for (const [k, v] of Object.entries({ intent: "upload", color: "", altIt: "", altEn: "" })) none.append(k, v);
    none.append("photo", new File([], "", { type: "application/octet-stream" }));
    const empty = await upload(none);
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Scegli una foto da caricare.");

    expect({ photos: await count("product_photos"), assets: await count("media_assets"), jobs: await count("media_jobs") }).toEqual(rows);
    expect(filesUnder(MEDIA_DIR)).toEqual(files);
    expect((await audit()).length).toBe(entries);
  });

  it("changes texts, colour, order, cover and focal point, and deletes: each a redirect and an audit entry", async () => {
    const second = await upload(uploadForm(await jpeg(1600, 1000, "#2a4d7a"), "second.jpg", { altIt: "", altEn: "" }));
    expect(second.status).toBe(303);
    const [first, next] = await app().db.selectFrom("product_photos").select(["id"]).where("product_id", "=", product.id).orderBy("position").execute();
    await waitForReady(app().db, next!.id);
    const post = (fields: Record<string, string>, to = page) => staff.postForm(to, fields);

    expect((await post({ intent: "update", photoId: String(next!.id), color: "", altIt: "Tessuto", altEn: "Fabric" })).status).toBe(303);
    expect((await post({ intent: "move", photoId: String(next!.id), direction: "up" })).status).toBe(303);
    expect((await post({ intent: "cover", photoId: String(next!.id) })).status).toBe(303);
    expect((await post({ intent: "focus", photoId: String(next!.id), focalX: "20", focalY: "50" })).status).toBe(303);
    const rows = await app().db.selectFrom("product_photos as p").innerJoin("media_assets as a", "a.id", "p.asset_id").select(["p.id", "p.alt_en", "p.is_cover", "a.focal_x"]).where("p.product_id", "=", product.id).orderBy("p.position").execute();
    expect(rows).toEqual([
      { id: next!.id, alt_en: "Fabric", is_cover: 1, focal_x: 0.2 },
      { id: first!.id, alt_en: "Front view", is_cover: 0, focal_x: 0.5 },
    ]);
    await waitForReady(app().db, next!.id);

    // Bad input: at the field, input kept, nothing changed.
    const longAlt = await post({ intent: "update", photoId: String(next!.id), color: "", altIt: "x".repeat(301), altEn: "Fabric" });
    expect(longAlt.status).toBe(400);
    expect(await longAlt.text()).toContain("Al massimo 300 caratteri.");
    const badColour = await post({ intent: "update", photoId: String(next!.id), color: "viola-inesistente", altIt: "", altEn: "" });
    expect(badColour.status).toBe(400);
    expect(await badColour.text()).toContain("Scegli uno dei colori del prodotto.");
    const focal = await post({ intent: "focus", photoId: String(next!.id), focalX: "150", focalY: "abc" });
    expect(focal.status).toBe(400);
    expect(await focal.text()).toContain("Un numero da 0 a 100.");
    expect((await post({ intent: "teleport", photoId: String(next!.id) })).status).toBe(400);
    expect((await post({ intent: "move", photoId: String(next!.id), direction: "sideways" })).status).toBe(400);

    // Forged ids: another product's photograph, an unknown one.
    const other = await firstProduct(app().db, 1);
    for (const fields of [
      { intent: "cover", photoId: String(first!.id) },
      { intent: "delete", photoId: String(first!.id) },
    ]) {
      expect((await post(fields, `/atelier/products/${other.id}/photos`)).status).toBe(404);
    }
    expect((await post({ intent: "delete", photoId: "99999999" })).status).toBe(404);
    expect(await count("product_photos")).toBe(2);

    expect((await post({ intent: "delete", photoId: String(first!.id) })).status).toBe(303);
    expect(await app().db.selectFrom("product_photos").select("id").where("product_id", "=", product.id).execute()).toEqual([{ id: next!.id }]);
    expect((await audit()).map((a) => a.action)).toEqual([
      "product.photo.add",
      "product.photo.add",
      "product.photo.update",
      "product.photo.move",
      "product.photo.cover",
      "product.photo.focus",
      "product.photo.delete",
    ]);
  });

  it("shows the photographs on the storefront's product page as <picture>, with width and height", async () => {
    const slug = await app().db.selectFrom("product_translations").select("slug").where("product_id", "=", product.id).where("locale", "=", "it").executeTakeFirstOrThrow();
    const html = await (await app().client().get(`/products/${slug.slug}`)).text();
    expect(html).toMatch(/<picture><source type="image\/avif" srcSet="\/media\/p\/[0-9a-f]{40}\/320\.avif 320w/);
    expect(html).toMatch(/<img src="\/media\/p\/[0-9a-f]{40}\/640\.jpg"[^>]*width="640" height="800"[^>]*alt="Tessuto"/);
  });
});

// Through Express (server.ts): the same-origin check, the streamed upload path, a variant from disk.
for (const kind of DIALECTS) {
  describe(`Atelier photographs on the built server [${kind}]`, () => {
    let server: BuiltServer;
    let handle: DatabaseHandle;
    let client: ReturnType<typeof builtServerClient>;
    const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), "bottega-built-media-"));

    beforeAll(async () => {
      server = await startBuiltServer(kind, { env: { MEDIA_DIR: mediaDir } });
      client = builtServerClient(server);
      handle = openDatabase(server.databaseUrl, { poolSize: 2 });
      await signInBuiltServerStaff(server, client, handle.db, "staff");
    });
    afterAll(async () => {
      await handle?.close();
      await server?.stop();
      fs.rmSync(mediaDir, { recursive: true, force: true });
    });

    it("refuses another site's upload with 403 and nothing stored; the shop's own is processed and served immutable", async () => {
      const product = await firstProduct(handle.db);
      const to = `/atelier/products/${product.id}/photos`;
      const bytes = await jpeg();
      for (const headers of [{ Origin: "https://evil.example" }, { Referer: "https://evil.example/x" }, {}, { Origin: "null" }] as Record<string, string>[]) {
        const answer = await client.send(to, { method: "POST", headers, body: uploadForm(bytes, "x.jpg") });
        expect(answer.status, JSON.stringify(headers)).toBe(403);
      }
      expect(await handle.db.selectFrom("media_assets").select("id").execute()).toEqual([]);
      expect(filesUnder(mediaDir)).toEqual([]);

      const own = await client.send(to, { method: "POST", headers: { Origin: server.url }, body: uploadForm(bytes, "x.jpg") });
      expect(own.status).toBe(303);
      const photo = await handle.db.selectFrom("product_photos").select("id").executeTakeFirstOrThrow();
      const ready = await waitForReady(handle.db, photo.id);
      const url = `/media/p/${ready.variant_key}/640.webp`;
      const served = await client.send(url);
      expect(served.status).toBe(200);
      expect(served.headers.get("Content-Type")).toBe("image/webp");
      expect(served.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
      expect(served.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(640);
    });
  });
}

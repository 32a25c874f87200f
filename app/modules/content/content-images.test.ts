import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import i18next from "i18next";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/support/databases";
import { seedDatabase } from "~/db/seed/seed.server";
import { resources } from "~/i18n/resources";
import { createMediaWorker } from "~/modules/media/media-worker.server";
import { createDiskStorage } from "~/modules/media/storage.server";
import { isDomainError } from "~/utils/domain-error";
import { addContentImage, getContentImages, removeContentImage } from "./content-images.service.server";
import { getContentList, getContentPage } from "./content.service.server";
import { renderMarkdown } from "./markdown.server";

// Pictures of content entries through the service (both databases): a cover photograph shown
// where the drawing was (article and journal list) once ready, body images given as Markdown
// snippets the storefront renders with their size; refusals, forged ids and a picture still in a
// body leave everything as it was.

const i18n = i18next.createInstance();
await i18n.init({ resources, fallbackLng: false, defaultNS: "common", interpolation: { escapeValue: false } });
const t = (locale: "it" | "en") => i18n.getFixedT(locale, "content");
const actor = { kind: "staff", staffId: 1, email: "marta@bottega.test" } as const;
const photo = (hex: string, width = 800, height = 1000) => sharp({ create: { width, height, channels: 3, background: hex } }).png().toBuffer();
const code = (promise: Promise<unknown>) => promise.then(() => "accepted", (error: unknown) => (isDomainError(error) ? `${error.code}${error.field ? `@${error.field}` : ""}` : String(error)));

describeEachDatabase("content pictures", (ctx) => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "bottega-content-images-"));
  const storage = createDiskStorage(root);
  let post: { key: string; slug: string };
  const files = () => fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
  const audit = () => ctx().db.selectFrom("audit_log").select(["action", "entity_id as entityId"]).where("entity_type", "=", "content").orderBy("id").execute();

  beforeAll(async () => {
    await seedDatabase(ctx().db);
    const row = await ctx().db.selectFrom("content").select(["key", "slug"]).where("kind", "=", "blog").where("locale", "=", "it").where("status", "=", "published").orderBy("published_at", "desc").executeTakeFirstOrThrow();
    post = row;
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it("shows a cover photograph on the article and in the journal once ready, the drawing until then", async () => {
    const { db } = ctx();
    const drawn = (await getContentPage(db, "blog", "it", post.slug, t("it")))!.cover.src;
    expect(drawn).toMatch(/\.svg$/);
    await addContentImage(db, storage, { kind: "blog", key: post.key, role: "cover", bytes: await photo("#aa3322"), altIt: "Un telaio", altEn: "A loom", actor });
    expect((await getContentPage(db, "blog", "it", post.slug, t("it")))!.cover.src).toBe(drawn);
    expect(await createMediaWorker(db, storage).runOnce()).toMatchObject({ done: 1 });

    const page = (await getContentPage(db, "blog", "it", post.slug, t("it")))!;
    expect(page.cover.src).toMatch(/^\/media\/p\/[0-9a-f]{40}\/640\.jpg$/);
    expect(page.cover.sources!.map((s) => s.type)).toEqual(["image/avif", "image/webp"]);
    expect(page.coverAlt).toBe("Un telaio");
    const list = (await getContentList(db, "blog", "en", 1))!;
    expect(list.items.find((item) => item.key === post.key)!.cover.src).toBe(page.cover.src);
    expect(list.items.filter((item) => item.key !== post.key).every((item) => item.cover.src.endsWith(".svg"))).toBe(true);
    expect((await getContentImages(db, "blog", post.key)).cover).toMatchObject({ status: "ready", altIt: "Un telaio", snippets: null });
    expect(await audit()).toEqual([{ action: "content.cover.set", entityId: `blog:${post.key}` }]);
  });

  it("gives a body picture as a Markdown snippet the storefront renders with its size, and refuses to remove it while a body shows it", async () => {
    const { db } = ctx();
    const id = await addContentImage(db, storage, { kind: "blog", key: post.key, role: "body", bytes: await photo("#2233aa", 1600, 2000), altIt: "Il [filo]", altEn: "The thread", actor });
    expect((await getContentImages(db, "blog", post.key)).body).toMatchObject([{ id, status: "pending", snippets: null }]);
    await createMediaWorker(db, storage).runOnce();
    const [image] = (await getContentImages(db, "blog", post.key)).body;
    expect(image!.snippets!.it).toMatch(/^!\[Il {2}filo\]\(\/media\/p\/[0-9a-f]{40}\/960\.jpg\)$/);
    expect(image!.snippets!.en).toMatch(/^!\[The thread\]\(\/media\/p\/[0-9a-f]{40}\/960\.jpg\)$/);
    const html = renderMarkdown(`Testo\n\n${image!.snippets!.en}`);
    expect(html).toMatch(/<img src="\/media\/p\/[0-9a-f]{40}\/960\.jpg" alt="The thread" srcset="[^"]+ 320w, [^"]+ 480w, [^"]+ 640w, [^"]+ 960w" sizes="[^"]+" width="960" height="1200" loading="lazy" decoding="async">/);
    // The variant exists where the snippet points.
    const file = image!.snippets!.en.match(/\/media\/p\/([0-9a-f]{40})\/960\.jpg/)!;
    expect(fs.existsSync(path.join(root, "variants", file[1]!, "960.jpg"))).toBe(true);

    // In a body: removal refused, nothing changes.
    await db.updateTable("content").set({ body: `Testo\n\n${image!.snippets!.it}` }).where("kind", "=", "blog").where("key", "=", post.key).where("locale", "=", "it").execute();
    expect(await code(removeContentImage(db, storage, { kind: "blog", key: post.key, imageId: id, actor }))).toBe("CONTENT_IMAGE_IN_USE");
    expect((await getContentImages(db, "blog", post.key)).body).toHaveLength(1);
    await db.updateTable("content").set({ body: "Testo" }).where("kind", "=", "blog").where("key", "=", post.key).execute();
    await removeContentImage(db, storage, { kind: "blog", key: post.key, imageId: id, actor });
    expect((await getContentImages(db, "blog", post.key)).body).toEqual([]);
    expect((await audit()).map((a) => a.action)).toEqual(["content.cover.set", "content.image.add", "content.image.remove"]);
  });

  it("refuses bad files at the image field, forged ids and a cover for a static page, leaving nothing", async () => {
    const { db } = ctx();
    const entries = (await audit()).length;
    const assets = (await db.selectFrom("media_assets").select("id").execute()).length;
    const before = files();
    const input = { kind: "blog" as const, key: post.key, role: "body" as const, altIt: "", altEn: "", actor };
    expect(await code(addContentImage(db, storage, { ...input, bytes: Buffer.from("PK\u0003\u0004 not an image") }))).toBe("IMAGE_TYPE@image");
    expect(await code(addContentImage(db, storage, { ...input, bytes: (await photo("#000000")).subarray(0, 600) }))).toMatch(/^IMAGE_(DAMAGED|TYPE|DIMENSIONS)@image$/);
    expect(await code(addContentImage(db, storage, { ...input, key: "no-such-post", bytes: await photo("#000000") }))).toBe("CONTENT_NOT_FOUND");
    expect(await code(addContentImage(db, storage, { ...input, kind: "page", key: "Shipping", role: "cover", bytes: await photo("#000000") }))).toBe("CONTENT_IMAGE_NOT_FOUND");
    const cover = (await getContentImages(db, "blog", post.key)).cover!;
    expect(await code(removeContentImage(db, storage, { kind: "care", key: post.key, imageId: cover.id, actor }))).toBe("CONTENT_IMAGE_NOT_FOUND");
    expect(await code(removeContentImage(db, storage, { kind: "blog", key: post.key, imageId: 999_999, actor }))).toBe("CONTENT_IMAGE_NOT_FOUND");
    expect((await audit()).length).toBe(entries);
    expect((await db.selectFrom("media_assets").select("id").execute()).length).toBe(assets);
    expect(files()).toBe(before);
  });

  it("removes the cover photograph: the drawing returns and the files go", async () => {
    const { db } = ctx();
    const cover = (await getContentImages(db, "blog", post.key)).cover!;
    await removeContentImage(db, storage, { kind: "blog", key: post.key, imageId: cover.id, actor });
    expect((await getContentPage(db, "blog", "it", post.slug, t("it")))!.cover.src).toMatch(/\.svg$/);
    expect(await db.selectFrom("media_assets").select("id").execute()).toEqual([]);
    expect(files()).toBe(0);
  });
});

it("shows only the shop's own images in Markdown", () => {
  expect(renderMarkdown("![a](data:image/png;base64,AAAA) ![b](http://example.com/x.jpg) ![c](//evil.test/x.jpg) ![d](https://example.com/x.jpg)")).toBe("<p>a b c d</p>\n");
  expect(renderMarkdown('![e](/media/x/logo.png "T")')).toBe('<p><img src="/media/x/logo.png" alt="e" title="T" loading="lazy" decoding="async"></p>\n');
});

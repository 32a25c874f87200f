import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "../support/databases";
import { registrationForm } from "../support/forms";
import { STAFF_PASSWORD, createTestStaff } from "../support/staff";
import { type DatabaseHandle, openDatabase } from "~/db/connection.server";
import { saveBannerMessage } from "~/modules/banner/banner.service.server";
import { setVariantStock } from "~/modules/catalog/stock.service.server";
import { totpCode } from "~/modules/staff/totp.server";
import { getEnv } from "~/utils/env.server";
import { type BuiltServer, builtServerClient, startBuiltServer } from "./built-server";

// The anonymous page cache (docs/decisions/028) on the production build, both databases: a
// shopper without a session gets cacheable pages from memory; a shopper with a bag, an account,
// a notice waiting or Atelier's cookie never gets another shopper's page, nor leaves theirs
// behind; a stock change and a banner change show on the very next page; each page's policy
// allows exactly its own inline scripts; validators answer 304.
const PRODUCT = "/products/cardigan-in-cashmere";
const BROWSER = { "Accept-Encoding": "gzip, deflate, br, zstd", Accept: "text/html,application/xhtml+xml" };
const badge = (html: string) => Number(/data-testid="bag-count"[^>]*>(\d+)</.exec(html)?.[1]);
const hasAvatar = (html: string) => /class="avatar"/.test(html);
const NOTICE = 'data-testid="notice"';
const BANNER = 'data-testid="consent-banner"';
const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

/** The inline scripts (not JSON-LD, not loaded by URL) and styles of a document, with their attributes. */
function inlineElements(html: string) {
  const scripts: { attributes: string; content: string }[] = [];
  const styles: { attributes: string; content: string }[] = [];
  for (const [, tag, attributes, content] of html.matchAll(/<(script|style)\b([^>]*)>([\s\S]*?)<\/\1>/g)) {
    if (tag === "style") styles.push({ attributes, content });
    else if (!/\bsrc=/.test(attributes) && !/application\/ld\+json/.test(attributes)) scripts.push({ attributes, content });
  }
  return { scripts, styles };
}

/** The sources of one directive of a Content-Security-Policy header. */
const directive = (csp: string, name: string) => csp.split(";").map((part) => part.trim().split(/\s+/)).find(([first]) => first === name)?.slice(1) ?? [];

for (const kind of DIALECTS) {
  describe(`anonymous page cache [${kind}]`, () => {
    let server: BuiltServer;
    let handle: DatabaseHandle;
    // A browser revalidating its copy says max-age=0; fetch would otherwise add "no-cache" to a
    // conditional request, which the cache takes for a hard reload (rendered again).
    const get = (path: string, headers: Record<string, string> = {}, method = "GET") =>
      fetch(server.url + path, { method, headers: { ...BROWSER, "Cache-Control": "max-age=0", ...headers }, redirect: "manual" });

    beforeAll(async () => {
      server = await startBuiltServer(kind);
      handle = openDatabase(server.databaseUrl, { poolSize: 2 });
    });
    afterAll(async () => {
      await handle?.close();
      await server?.stop();
    });

    it("answers an anonymous shopper's second request for a page from memory, in both languages; other pages are rendered each time", async () => {
      for (const path of ["/", "/en", "/categories/donna", "/en/categories/women", PRODUCT, "/search?q=lana", "/pages/Faq", "/en/pages/Faq"]) {
        const first = await get(path);
        expect(first.status, path).toBe(200);
        expect(first.headers.get("X-Cache"), path).toBe("miss");
        const firstHtml = await first.text();
        const second = await get(path);
        expect(second.headers.get("X-Cache"), path).toBe("hit");
        expect(second.headers.get("Content-Encoding"), path).toBe("br");
        expect(second.headers.get("Cache-Control"), path).toBe("private, no-cache");
        expect(second.headers.get("Vary"), path).toBe("Accept-Encoding, Save-Data");
        expect(second.headers.get("Set-Cookie"), path).toBeNull();
        // The two web fonts, preloaded by the document's header, rendered or kept (decision 050).
        for (const response of [first, second]) {
          expect(response.headers.get("Link"), path).toMatch(/^<\/assets\/bodoni-moda-latin-wght-normal-[\w-]+\.woff2>; rel=preload; as=font; type="font\/woff2"; crossorigin, <\/assets\/jost-latin-wght-normal-[\w-]+\.woff2>; rel=preload; as=font; type="font\/woff2"; crossorigin$/);
        }
        expect(await second.text(), path).toBe(firstHtml);
      }
      // The query string is part of the key; another coding is made once from the kept page.
      expect((await get("/search?q=seta")).headers.get("X-Cache")).toBe("miss");
      const gzip = await get("/", { "Accept-Encoding": "gzip" });
      expect(gzip.headers.get("X-Cache")).toBe("hit");
      expect(gzip.headers.get("Content-Encoding")).toBe("gzip");
      expect(await gzip.text()).toBe(await (await get("/")).text());
      // Save-Data (the lite version) is another page.
      expect((await get("/", { "Save-Data": "on" })).headers.get("X-Cache")).toBe("miss");

      // Not kept: search past its first page, the bag, a page that does not exist, a POST's answer.
      for (const path of ["/search?q=a&page=2", "/cart", "/products/no-such-product", "/login"]) {
        for (let i = 0; i < 2; i++) expect((await get(path)).headers.get("X-Cache"), path).toBeNull();
      }
    });

    it("allows exactly the page's inline scripts and style by hash; a rendered page's nonce is fresh on every answer and the same in its scripts and its policy", async () => {
      await get(PRODUCT);
      const cached = await get(PRODUCT);
      expect(cached.headers.get("X-Cache")).toBe("hit");
      const csp = cached.headers.get("Content-Security-Policy")!;
      const html = await cached.text();
      expect(csp).not.toContain("'nonce-");
      expect(html).not.toMatch(/\snonce="/);
      const { scripts, styles } = inlineElements(html);
      expect(scripts.length).toBeGreaterThanOrEqual(3);
      expect(directive(csp, "script-src").sort()).toEqual(["'self'", ...new Set(scripts.map((s) => sha256(s.content)))].sort());
      expect(directive(csp, "style-src").sort()).toEqual(["'self'", ...new Set(styles.map((s) => sha256(s.content)))].sort());

      // A shopper with a session gets the page rendered, each time with a nonce of its own.
      const shopper = builtServerClient(server);
      const variant = await handle.db.selectFrom("variants").select("sku").where("stock", ">", 2).orderBy("id").executeTakeFirstOrThrow();
      expect((await shopper.send("/cart", shopper.form({ intent: "add", sku: variant.sku, quantity: "1", redirectTo: "/" }, { Origin: server.url }))).status).toBe(303);
      const nonces: string[] = [];
      for (let i = 0; i < 2; i++) {
        const answer = await shopper.send(PRODUCT);
        expect(answer.headers.get("X-Cache")).toBeNull();
        const policy = answer.headers.get("Content-Security-Policy")!;
        const nonce = /'nonce-([^']+)'/.exec(directive(policy, "script-src").join(" "))![1];
        expect(directive(policy, "script-src")).toEqual(["'self'", `'nonce-${nonce}'`]);
        expect(directive(policy, "style-src")).toEqual(["'self'", `'nonce-${nonce}'`]);
        const rendered = inlineElements(await answer.text());
        expect(rendered.scripts.length).toBeGreaterThanOrEqual(3);
        for (const element of [...rendered.scripts, ...rendered.styles]) expect(element.attributes).toContain(`nonce="${nonce}"`);
        nonces.push(nonce);
      }
      expect(nonces[0]).not.toBe(nonces[1]);
    });

    it("answers 304 to a browser whose copy is current, HEAD without a body, and never 304 to a shopper with a session", async () => {
      const first = await get("/en");
      await first.arrayBuffer();
      const etag = first.headers.get("ETag")!;
      const lastModified = first.headers.get("Last-Modified")!;
      expect(etag).toMatch(/^"[\w-]+-br"$/);
      expect(Date.parse(lastModified)).toBeGreaterThan(Date.now() - 120_000);

      const same = await get("/en", { "If-None-Match": etag });
      expect(same.status).toBe(304);
      expect(await same.text()).toBe("");
      expect(same.headers.get("ETag")).toBe(etag);
      expect(same.headers.get("Content-Security-Policy")).toBe(first.headers.get("Content-Security-Policy"));
      // The gzip copy of the same page is current too (weak comparison across codings).
      expect((await get("/en", { "If-None-Match": `W/${etag.replace("-br", "-gz")}`, "Accept-Encoding": "gzip" })).status).toBe(304);
      expect((await get("/en", { "If-None-Match": '"something-else"' })).status).toBe(200);
      expect((await get("/en", { "If-Modified-Since": lastModified })).status).toBe(304);
      expect((await get("/en", { "If-Modified-Since": new Date(Date.parse(lastModified) - 1000).toUTCString() })).status).toBe(200);

      // A hard reload renders the page again (and keeps the new rendering: the same bytes here).
      const reload = await get("/en", { "Cache-Control": "no-cache" });
      expect(reload.headers.get("X-Cache")).toBe("miss");
      expect(reload.headers.get("ETag")).toBe(etag);
      expect((await get("/en")).headers.get("X-Cache")).toBe("hit");

      const head = await get("/en", {}, "HEAD");
      expect(head.status).toBe(200);
      expect(head.headers.get("X-Cache")).toBe("hit");
      expect(Number(head.headers.get("Content-Length"))).toBeGreaterThan(1000);
      expect(await head.text()).toBe("");
      // A HEAD before any GET is answered, and keeps nothing: the page it did not render.
      const headFirst = await get("/en/search?q=lana", {}, "HEAD");
      expect(headFirst.status).toBe(200);
      expect((await get("/en/search?q=lana")).headers.get("X-Cache")).toBe("miss");

      const shopper = builtServerClient(server);
      const variant = await handle.db.selectFrom("variants").select("sku").where("stock", ">", 2).orderBy("id").executeTakeFirstOrThrow();
      await shopper.send("/cart", shopper.form({ intent: "add", sku: variant.sku, quantity: "1", redirectTo: "/en" }, { Origin: server.url }));
      const personal = await shopper.send("/en", { headers: { "If-None-Match": etag } });
      expect(personal.status).toBe(200);
      expect(personal.headers.get("ETag")).toBeNull();
    });

    it("never gives a shopper's bag badge, sign-in initial or notice to anyone else, nor anyone's page to them", async () => {
      // The anonymous page is kept first.
      await get("/");
      expect(badge(await (await get("/")).text())).toBe(0);

      const bagHolder = builtServerClient(server);
      const variant = await handle.db.selectFrom("variants").select("sku").where("stock", ">", 3).orderBy("id").executeTakeFirstOrThrow();
      const added = await bagHolder.send("/cart", bagHolder.form({ intent: "add", sku: variant.sku, quantity: "2", redirectTo: "/" }, { Origin: server.url }));
      expect(added.status).toBe(303);
      for (let i = 0; i < 2; i++) {
        const page = await bagHolder.send("/");
        expect(page.headers.get("X-Cache")).toBeNull();
        expect(badge(await page.text())).toBe(2);
      }

      const account = builtServerClient(server);
      const registered = await account.send("/login/register", account.form(registrationForm(`cache-${kind}-${Date.now()}@bottega.test`), { Origin: server.url }));
      expect(registered.status).toBe(302);
      const welcome = await (await account.send("/")).text();
      expect(hasAvatar(welcome)).toBe(true);
      expect(welcome).toContain(NOTICE);
      const again = await account.send("/");
      expect(again.headers.get("X-Cache")).toBeNull();
      expect(hasAvatar(await again.text())).toBe(true);

      // A notice in the flash cookie of a shopper without a session (a cookie choice).
      const chooser = builtServerClient(server);
      const chose = await chooser.send("/pages/cookies", chooser.form({ intent: "reject", redirectTo: "/" }, { Origin: server.url }));
      expect(chose.status).toBe(302);
      const noticed = await chooser.send("/");
      expect(noticed.headers.get("X-Cache")).toBeNull();
      const noticedHtml = await noticed.text();
      expect(noticedHtml).toContain(NOTICE);
      expect(noticedHtml).not.toContain(BANNER);
      // Then only the consent cookie is left: a page of its own, kept for every shopper who refused.
      const refused = await chooser.send("/");
      expect(refused.headers.get("X-Cache")).toBe("miss");
      const refusedHtml = await refused.text();
      expect(refusedHtml).not.toContain(NOTICE);
      expect(refusedHtml).not.toContain(BANNER);
      expect((await chooser.send("/")).headers.get("X-Cache")).toBe("hit");

      // A shopper who allows preference cookies: the product page is their own (it remembers the
      // piece), the pages that do not show the list are shared among such shoppers.
      const remembering = builtServerClient(server);
      await remembering.send("/pages/cookies", remembering.form({ intent: "accept", redirectTo: "/" }, { Origin: server.url }));
      await remembering.send("/");
      const viewed = await remembering.send(PRODUCT);
      expect(viewed.headers.get("X-Cache")).toBeNull();
      expect(viewed.headers.getSetCookie().some((line) => line.startsWith("viewed="))).toBe(true);
      expect((await remembering.send(PRODUCT)).headers.get("X-Cache")).toBeNull();
      expect(["miss", "hit"]).toContain((await remembering.send("/categories/donna")).headers.get("X-Cache"));
      expect((await remembering.send("/categories/donna")).headers.get("X-Cache")).toBe("hit");

      const anonymous = await get("/");
      expect(anonymous.headers.get("X-Cache")).toBe("hit");
      const html = await anonymous.text();
      expect(badge(html)).toBe(0);
      expect(hasAvatar(html)).toBe(false);
      expect(html).not.toContain(NOTICE);
      expect(html).toContain(BANNER);
    });

    it("renders every page for staff signed in to Atelier (their preview)", async () => {
      await get(PRODUCT);
      expect((await get(PRODUCT)).headers.get("X-Cache")).toBe("hit");
      const secret = getEnv({ ...process.env, NODE_ENV: "production", ALLOW_DEV_SECRET: "1" }).SESSION_SECRET;
      const staff = await createTestStaff(handle.db, secret, { role: "owner" });
      const owner = builtServerClient(server);
      const own = { Origin: server.url };
      expect((await owner.send("/atelier/login", owner.form({ email: staff.email, password: STAFF_PASSWORD }, own))).status).toBe(302);
      expect((await owner.send("/atelier/login/code", owner.form({ code: totpCode(staff.totpSecret, new Date()) }, own))).status).toBe(302);
      for (const path of [PRODUCT, `${PRODUCT}?preview=1`, "/"]) expect((await owner.send(path)).headers.get("X-Cache"), path).toBeNull();
    });

    it("shows a size that sold out and a new banner message on the very next page", async () => {
      await get(PRODUCT);
      const before = await get(PRODUCT);
      expect(before.headers.get("X-Cache")).toBe("hit");
      const soldOutBefore = (await before.text()).match(/data-sold-out="true"/g)?.length ?? 0;
      const variants = await handle.db
        .selectFrom("variants as v")
        .innerJoin("product_translations as t", (join) => join.onRef("t.product_id", "=", "v.product_id").on("t.locale", "=", "it"))
        .select(["v.sku"])
        .where("t.slug", "=", PRODUCT.slice("/products/".length))
        .where("v.stock", ">", 0)
        .execute();
      expect(variants.length).toBeGreaterThan(0);
      for (const { sku } of variants) await setVariantStock(handle.db, { sku, quantity: 0, origin: server.url });
      const after = await get(PRODUCT);
      expect(after.headers.get("X-Cache")).toBe("miss");
      expect(after.headers.get("ETag")).not.toBe(before.headers.get("ETag"));
      expect((await after.text()).match(/data-sold-out="true"/g)?.length ?? 0).toBeGreaterThan(soldOutBefore);
      expect((await get(PRODUCT)).headers.get("X-Cache")).toBe("hit");

      for (const path of ["/", "/en"]) {
        await get(path);
        expect((await get(path)).headers.get("X-Cache"), path).toBe("hit");
      }
      await saveBannerMessage(handle.db, {
        input: { textIt: "Saldi di cache: -30%", textEn: "Cache sale: -30%", linkIt: null, linkEn: null, background: "#112233", color: "#FFFFFF", startsOn: null, endsOn: null },
        actor: { kind: "cli" },
      });
      for (const [path, text] of [["/", "Saldi di cache: -30%"], ["/en", "Cache sale: -30%"]]) {
        const page = await get(path);
        expect(page.headers.get("X-Cache"), path).toBe("miss");
        const html = await page.text();
        expect(html, path).toContain(text);
        // The new message's colours: a new style rule, allowed by its own hash.
        const style = inlineElements(html).styles.find((s) => s.content.includes("#112233"));
        expect(style, path).toBeDefined();
        expect(directive(page.headers.get("Content-Security-Policy")!, "style-src")).toContain(sha256(style!.content));
      }
    });
  });
}

// A text browser's form posts on the built server (issue 37, item 15; docs/decisions/036). lynx
// sends no Origin ever and no Referer from a page whose address has a query string; it sends no
// Fetch Metadata either. Here a client posts exactly so (node:http: no Sec-Fetch-*, no Origin, no
// Referer, the cookies it was given, every field of the page's form): the shop's own forms pass
// with their hidden proof, the same post without it, or with a foreign Origin, is a 403.
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "../support/databases";
import { type BuiltServer, startBuiltServer } from "./built-server";

const PRODUCT = "/products/camicia-a-righe-in-cotone-oxford";
const LYNX = "Lynx/2.9.0dev.12 libwww-FM/2.14 SSL-MM/1.4.1 GNUTLS/3.7.9";

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A client that posts as lynx does: no Fetch Metadata, no Origin, no Referer; it keeps its cookies. */
function textBrowser(port: number) {
  const jar = new Map<string, string>();
  function request(method: string, path: string, { body, headers = {} }: { body?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
      const all: Record<string, string> = { Host: `localhost:${port}`, "User-Agent": LYNX, Accept: "text/html, text/plain, */*;q=0.01", ...(cookie ? { Cookie: cookie } : {}), ...headers };
      if (body !== undefined) Object.assign(all, { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(Buffer.byteLength(body)) });
      const req = http.request({ host: "127.0.0.1", port, method, path, headers: all }, (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => {
          for (const line of res.headers["set-cookie"] ?? []) {
            const [pair] = line.split(";");
            const at = pair!.indexOf("=");
            if (pair!.slice(at + 1)) jar.set(pair!.slice(0, at), pair!.slice(at + 1));
            else jar.delete(pair!.slice(0, at));
          }
          resolve({ status: res.statusCode!, headers: res.headers, body: text });
        });
      });
      req.on("error", reject);
      req.end(body);
    });
  }
  return { jar, get: (path: string, headers?: Record<string, string>) => request("GET", path, { headers }), post: (path: string, body: string, headers?: Record<string, string>) => request("POST", path, { body, headers }) };
}

const decode = (value: string) => value.replace(/&amp;/g, "&").replace(/&quot;/g, '"').replace(/&#x27;/g, "'");

/** A POST form of the page (the first whose start tag or content matches): its action and hidden fields. */
function formOf(html: string, match: RegExp): { action: string; fields: URLSearchParams } {
  const form = [...html.matchAll(/<form\b[^>]*>[\s\S]*?<\/form>/g)].map(([whole]) => whole).find((whole) => /^<form\b[^>]*\smethod="post"/.test(whole) && match.test(whole));
  if (!form) throw new Error(`no POST form matching ${match}`);
  const fields = new URLSearchParams();
  for (const [input] of form.matchAll(/<input\b[^>]*type="hidden"[^>]*>/g)) {
    const name = /\sname="([^"]*)"/.exec(input)?.[1];
    if (name) fields.append(name, decode(/\svalue="([^"]*)"/.exec(input)?.[1] ?? ""));
  }
  return { action: decode(/\saction="([^"]*)"/.exec(form)![1]!), fields };
}

const without = (fields: URLSearchParams, name: string) => {
  const copy = new URLSearchParams(fields);
  copy.delete(name);
  return copy;
};

for (const kind of DIALECTS) {
  describe(`a text browser's form posts [${kind}]`, () => {
    let server: BuiltServer;
    beforeAll(async () => {
      server = await startBuiltServer(kind);
    });
    afterAll(async () => {
      await server?.stop();
    });

    it("adds to the bag from a product page with colour and size in its address: with the proof 303, without it or from a foreign Origin 403", async () => {
      const lynx = textBrowser(server.port);
      const page = await lynx.get(`${PRODUCT}?color=bianco&size=M`);
      expect(page.status).toBe(200);
      // A page of its own: the cookie the proof is derived from, never the shared cached page.
      expect(page.headers["set-cookie"]?.some((line) => /^bottega_form=[\w-]{43}; Path=\/; HttpOnly; SameSite=Lax/.test(line))).toBe(true);
      expect(page.headers["x-cache"]).toBeUndefined();
      expect(page.headers["cache-control"]).toMatch(/no-store/);
      // Every form that posts carries the proof, first thing; a search form (GET) does not.
      const posts = page.body.match(/<form\b[^>]*\smethod="post"[^>]*>/g) ?? [];
      expect(posts.length).toBeGreaterThanOrEqual(4);
      expect(page.body.match(/<form\b[^>]*\smethod="post"[^>]*><input type="hidden" name="_form_proof" value="[\w-]{43}"\/>/g)).toHaveLength(posts.length);
      expect(page.body).not.toMatch(/method="get"[^>]*><input type="hidden" name="_form_proof"/);

      const { action, fields } = formOf(page.body, /data-testid="add-to-bag"/);
      expect(action).toBe("/cart");
      fields.set("quantity", "1");
      const forged = without(fields, "_form_proof");
      expect((await lynx.post(action, forged.toString())).status).toBe(403);
      const foreign = await lynx.post(action, fields.toString(), { Origin: "https://evil.example" });
      expect(foreign.status).toBe(403);
      expect(foreign.headers["set-cookie"]).toBeUndefined();
      // Another client's cookie with this page's field: refused too.
      const other = textBrowser(server.port);
      await other.get("/");
      expect((await other.post(action, fields.toString())).status).toBe(403);

      const added = await lynx.post(action, fields.toString());
      expect(added.status, added.body.slice(0, 300)).toBe(303);
      const bag = await lynx.get("/cart");
      expect(bag.body).toContain(fields.get("sku")!);
      // Atelier's forms get it the same way: every page goes out through the one rewrite.
      const atelier = await lynx.get("/atelier/login");
      expect(formOf(atelier.body, /type="password"/).fields.get("_form_proof")).toBe(fields.get("_form_proof"));
      // The bag page (a session now) carries the proof as well: its own forms post the same way.
      const remove = formOf(bag.body, /name="intent" value="(?:remove|update)"/);
      expect(remove.fields.get("_form_proof")).toBe(fields.get("_form_proof"));
    });

    it("registers from /login/register?redirectTo=/checkout", async () => {
      const lynx = textBrowser(server.port);
      const page = await lynx.get("/login/register?redirectTo=/checkout");
      expect(page.status).toBe(200);
      const { action, fields } = formOf(page.body, /name="confirmPassword"/);
      const email = `lynx-${kind}-${Date.now()}@example.com`;
      const filled = new URLSearchParams({ ...Object.fromEntries(fields), firstName: "Lina", lastName: "Testo", email, password: "una frase lunga e sicura", confirmPassword: "una frase lunga e sicura", birthDay: "3", birthMonth: "4", birthYear: "1990", interests: "woman", privacy: "on" });
      expect((await lynx.post(action, without(filled, "_form_proof").toString())).status).toBe(403);
      const registered = await lynx.post(action, filled.toString());
      expect(registered.status, registered.body.slice(0, 500)).toBe(302);
      expect(registered.headers.location).toBe("/checkout");
    });

    it("chooses the country on /pages/country?from=…, and the footer's newsletter, cookie banner and lite switch post from there", async () => {
      const lynx = textBrowser(server.port);
      const from = `/pages/country?from=${encodeURIComponent(PRODUCT)}`;
      let page = await lynx.get(from);
      const country = formOf(page.body, /name="country"/);
      country.fields.set("country", "IT");
      expect((await lynx.post(country.action, without(country.fields, "_form_proof").toString())).status).toBe(403);
      const chosen = await lynx.post(country.action, country.fields.toString());
      expect([302, 303], chosen.body.slice(0, 300)).toContain(chosen.status);

      page = await lynx.get(from);
      const newsletter = formOf(page.body, /id="newsletter-footer"/);
      newsletter.fields.set("email", `lynx-news-${kind}@example.com`);
      newsletter.fields.set("website", "");
      newsletter.fields.set("privacy", "on");
      expect((await lynx.post(newsletter.action, without(newsletter.fields, "_form_proof").toString())).status).toBe(403);
      const subscribed = await lynx.post(newsletter.action, newsletter.fields.toString());
      expect([302, 303], subscribed.body.slice(0, 300)).toContain(subscribed.status);

      page = await lynx.get(from);
      const banner = formOf(page.body, /action="\/pages\/cookies"/);
      banner.fields.set("intent", "reject");
      expect((await lynx.post(banner.action, without(banner.fields, "_form_proof").toString())).status).toBe(403);
      const refused = await lynx.post(banner.action, banner.fields.toString());
      expect([302, 303], refused.body.slice(0, 300)).toContain(refused.status);
      expect(lynx.jar.has("consent")).toBe(true);

      page = await lynx.get(from);
      const lite = formOf(page.body, /name="lite"/);
      expect((await lynx.post(lite.action, without(lite.fields, "_form_proof").toString())).status).toBe(403);
      const switched = await lynx.post(lite.action, lite.fields.toString());
      expect([302, 303], switched.body.slice(0, 300)).toContain(switched.status);
      expect(lynx.jar.get("bottega_lite")).toBe("1");
    });

    it("a browser that sends Fetch Metadata gets the shared page: no proof, no cookie", async () => {
      const browser = textBrowser(server.port);
      const headers = { "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Site": "none", "Sec-Fetch-Dest": "document" };
      await browser.get(`${PRODUCT}?color=bianco&size=M`, headers);
      const page = await browser.get(`${PRODUCT}?color=bianco&size=M`, headers);
      expect(page.headers["x-cache"]).toBe("hit");
      expect(page.headers["set-cookie"]).toBeUndefined();
      expect(page.body).not.toContain("_form_proof");
      // Its posts prove themselves by Origin, as before; with neither header and no proof: 403.
      const { action, fields } = formOf(page.body, /data-testid="add-to-bag"/);
      fields.set("quantity", "1");
      expect((await browser.post(action, fields.toString(), { ...headers, "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Site": "same-origin" })).status).toBe(303);
      expect((await browser.post(action, fields.toString())).status).toBe(403);
    });
  });
}

// The outside probe's cross-site run, on the production build (server.ts's same-origin check):
// every page action and every /api call of app/routes.ts, Italian and English, posted as another
// site's page would post it (a foreign Referer and no Origin, neither header, a foreign Origin,
// `Origin: null`) is a 403 that sets no cookie and changes no row; the same posts from the shop's
// own pages still work. One server, requests one after another.
import http from "node:http";
import { createHash } from "node:crypto";
import Database from "better-sqlite3";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "~/routes";
import { type BuiltServer, startBuiltServer } from "./built-server";

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function send(port: number, { method = "POST", path: target, headers = {}, body }: { method?: string; path: string; headers?: Record<string, string>; body?: string }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, method, path: target, headers: { Host: `localhost:${port}`, ...headers } }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
    });
    req.on("error", reject);
    if (body !== undefined) req.setHeader("Content-Length", Buffer.byteLength(body));
    req.end(body);
  });
}

const ROOT = path.resolve(import.meta.dirname, "../..");
const PRODUCT = "camicia-a-righe-in-cotone-oxford";
const SKU = "CREPE-WRAP-DRESS-NERO-S";
const EVIL = "https://evil.example";
const VICTIM_EMAIL = "vittima@example.it";
const PASSWORD = "Ombrello-Viola-1987";
const NEWSLETTER_EMAIL = "csrf-newsletter@example.it";

/** A route path with each optional segment ("en?") expanded, as React Router does: "en?/atelier" → "en/atelier", "atelier". */
function expand(routePath: string): string[] {
  return routePath.split("/").reduce<string[]>(
    (paths, segment) => paths.flatMap((p) => (segment.endsWith("?") ? [`${p}/${segment.slice(0, -1)}`, p] : [`${p}/${segment}`])),
    [""],
  );
}

/**
 * Every path of app/routes.ts with its route module, layouts flattened and optional segments
 * expanded. An absolute path under an optional segment belongs only to the expansion it starts
 * with (React Router's rule: "/api/cart" under "en?" is not also "/en/api/cart").
 */
function flatten(entries: RouteConfigEntry[], parent = ""): Array<{ path: string; file: string }> {
  return entries.flatMap((entry) => {
    let owns: string[];
    if (entry.index || entry.path === undefined) owns = [parent];
    else if (entry.path.startsWith("/")) owns = !parent || entry.path.startsWith(`${parent}/`) ? [entry.path] : [];
    else owns = expand(entry.path).map((p) => `${parent}${p}`.replace(/\/$/, ""));
    const here = (own: string) => (entry.path !== undefined || entry.index ? [{ path: own || "/", file: entry.file }] : []);
    return owns.flatMap((own) => [...here(own), ...flatten(entry.children ?? [], own)]);
  });
}

/** A concrete URL for a route path: ids and slugs filled in. */
function concrete(routePath: string): string {
  return routePath
    .replace(/^\/?/, "/")
    .replace(/(products|categories)\/\*$/, (_, section: string) => (section === "products" ? `products/${PRODUCT}` : "categories/donna"))
    .replace(/pages\/\*$/, "pages/Faq")
    .replace(/^\/(en\/)?\*$/, (_, en: string | undefined) => `/${en ?? ""}pagina-inesistente`)
    .replace(/:insideName/, "inside")
    .replace(/:ref/, "ref-1")
    .replace(/:provider/, "sandbox")
    .replace(/:[a-zA-Z]+/g, "1");
}

const routeEntries = [...new Map(flatten(await Promise.resolve(routes)).map((entry) => [`${entry.path} ${entry.file}`, entry])).values()];
const hasAction = (file: string) => /export (?:async )?function action\b|export const action\b/.test(fs.readFileSync(path.join(ROOT, "app", file), "utf8"));
/** Page routes with an action, and their single-fetch `.data` URLs (what a fetcher posts to). */
const PAGE_ACTIONS = routeEntries
  .filter((entry) => !entry.path.startsWith("/api") && hasAction(entry.file))
  .map((entry) => concrete(entry.path))
  .flatMap((url) => [url, url === "/" ? "/_root.data" : `${url}.data`]);
/** Every /api route, operations spelled out (their names live in the route modules). */
const API_OPERATIONS: Record<string, string[]> = {
  "api/auth/:operation": ["login", "register", "lost-password", "reset", "logout", "socialLogin", "autoLogin"],
  "api/cart/:operation": ["add", "edit", "remove", "addDiscount", "removeDiscount", "reorder"],
};
const API_CALLS = routeEntries
  .filter((entry) => entry.path.startsWith("/api"))
  .flatMap((entry) => API_OPERATIONS[entry.path.slice(1)]?.map((operation) => `/${entry.path.slice(1).replace(":operation", operation)}`) ?? [concrete(entry.path)])
  .map((url) => ({ url, method: url === "/api/cart/edit" ? "PATCH" : "POST" }));

/** What a real client would post there, so a post that got through would change something. */
function formFor(url: string, addressId: number): string {
  const bare = url.replace(/\.data$/, "").replace(/^\/en(?=\/|$)/, "") || "/";
  const bodies: Record<string, Record<string, string>> = {
    "/pages/newsletter": { email: NEWSLETTER_EMAIL, privacy: "on" },
    "/account/addresses": { intent: "delete", id: String(addressId) },
    "/account": { intent: "profile", firstName: "Mallory", lastName: "Evil" },
    "/pages/cookies": { intent: "accept" },
    "/pages/country": { country: "FR", path: "/" },
    "/login/register": { firstName: "Mallory", lastName: "Evil", email: "mallory@example.com", password: PASSWORD, confirmPassword: PASSWORD, birthDay: "1", birthMonth: "1", birthYear: "1990", interests: "woman", privacy: "on" },
    "/login": { email: VICTIM_EMAIL, password: PASSWORD },
    "/cart": { intent: "add", sku: SKU, quantity: "1" },
    [`/products/${PRODUCT}`]: { intent: "add", sku: SKU, quantity: "1" },
    "/pages/recesso": { intent: "lookup", number: "BTG-1", email: VICTIM_EMAIL },
    "/pages/withdrawal": { intent: "lookup", number: "BTG-1", email: VICTIM_EMAIL },
  };
  return new URLSearchParams(bodies[bare] ?? { intent: "save", email: NEWSLETTER_EMAIL }).toString();
}

function jsonFor(url: string): string {
  const bodies: Record<string, unknown> = {
    "/api/newsletter": { email: NEWSLETTER_EMAIL, privacy: true, language: "it" },
    "/api/backstock/create": { sku: SKU, email: NEWSLETTER_EMAIL, privacy: true, language: "it" },
    "/api/auth/register": { firstName: "Mallory", lastName: "Evil", email: "mallory@example.com", password: PASSWORD, confirmPassword: PASSWORD, birthDay: "1", birthMonth: "1", birthYear: "1990", interests: "woman", privacy: true },
    "/api/cart/add": { sku: SKU, quantity: 1 },
  };
  return JSON.stringify(bodies[url] ?? { email: NEWSLETTER_EMAIL });
}

/** Every table's rows (mail_outbox: its count, since the mail worker updates rows on its own). */
function snapshot(file: string): Record<string, string> {
  const db = new Database(file, { readonly: true });
  try {
    // scheduled_tasks is the server's own clock (its scheduler claims a sweep every 15 s, whatever
    // is posted): a run longer than that on a busy machine would otherwise look like a write.
    const tables = (db.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name").pluck().all() as string[]).filter((name) => name !== "scheduled_tasks");
    return Object.fromEntries(
      tables.map((table) => {
        const rows = db.prepare(`select * from "${table}"`).all().map((row) => JSON.stringify(row)).sort();
        return [table, table === "mail_outbox" ? `${rows.length} rows` : createHash("sha256").update(rows.join("\n")).digest("hex")];
      }),
    );
  } finally {
    db.close();
  }
}

describe("cross-site posts on the built server", () => {
  let server: BuiltServer;
  let cookie = "";
  let addressId = 0;
  const databaseFile = () => server.databaseUrl.slice("file:".length);
  const own = () => `http://localhost:${server.port}`;

  beforeAll(async () => {
    server = await startBuiltServer("sqlite");
    // The victim: an account holder with a saved address, signed in.
    const registered = await send(server.port, {
      path: "/api/auth/register",
      headers: { "Content-Type": "application/json", Origin: own() },
      body: JSON.stringify({ firstName: "Vera", lastName: "Rossi", email: VICTIM_EMAIL, password: PASSWORD, confirmPassword: PASSWORD, birthDay: "12", birthMonth: "6", birthYear: "1991", interests: "woman", privacy: true }),
    });
    expect(registered.status).toBe(200);
    cookie = [registered.headers["set-cookie"] ?? []].flat().map((line) => line.split(";")[0]).join("; ");
    const saved = await send(server.port, {
      path: "/account/addresses",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: own(), Cookie: cookie },
      body: new URLSearchParams({ intent: "save", firstName: "Vera", lastName: "Rossi", street: "Corso Magenta", streetNumber: "5", city: "Milano", province: "MI", zip: "20123", country: "IT", phonePrefix: "+39", phone: "3471234567" }).toString(),
    });
    expect(saved.status).toBe(302);
    const db = new Database(databaseFile(), { readonly: true });
    addressId = (db.prepare("select id from addresses").pluck().get() as number | undefined) ?? 0;
    db.close();
    expect(addressId).toBeGreaterThan(0);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("enumerates the routes: every action, Italian and English, and every /api call", () => {
    for (const url of ["/pages/newsletter", "/en/pages/newsletter", "/account/addresses", "/en/account/addresses", "/pages/recesso", "/en/pages/withdrawal", "/pages/career", "/en/pages/career.data", "/checkout/review", "/en/login/reset", "/pay/sandbox/ref-1"]) {
      expect(PAGE_ACTIONS).toContain(url);
    }
    expect(API_CALLS.map((call) => call.url)).toEqual(expect.arrayContaining(["/api/newsletter", "/api/backstock/create", "/api/auth/login", "/api/cart/add", "/api/cart", "/api/payments/webhook/sandbox"]));
  });

  it("refuses every foreign post with 403: no cookie set, no row changed", async () => {
    const before = snapshot(databaseFile());
    const foreign: Array<[string, Record<string, string>]> = [
      ["foreign Referer, no Origin", { Referer: `${EVIL}/page` }],
      ["neither Origin nor Referer", {}],
      ["foreign Origin", { Origin: EVIL }],
      ["Origin: null", { Origin: "null" }],
      ["foreign Origin, the shop's Referer", { Origin: EVIL, Referer: `${own()}/` }],
    ];
    let refused = 0;
    const expectRefused = (answer: Answer, what: string) => {
      expect(answer.status, what).toBe(403);
      expect(answer.headers["set-cookie"], what).toBeUndefined();
      refused++;
    };
    for (const url of PAGE_ACTIONS) {
      for (const [label, headers] of foreign) {
        const form = { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, ...headers };
        expectRefused(await send(server.port, { path: url, headers: form, body: formFor(url, addressId) }), `${url} ${label}`);
      }
    }
    for (const { url, method } of API_CALLS) {
      const webhook = url.startsWith("/api/payments/webhook/");
      for (const [label, headers] of foreign) {
        // What a page of another site can send without a preflight (a form, text/plain)…
        for (const type of ["application/x-www-form-urlencoded", "text/plain"]) {
          const answer = await send(server.port, { method, path: url, headers: { "Content-Type": type, Cookie: cookie, ...headers }, body: jsonFor(url) });
          // …the signed webhook excepted: no origin check there, its signature is the proof.
          if (webhook) expect(answer.status, `${url} ${label} ${type}`).not.toBe(200);
          else expectRefused(answer, `${url} ${label} ${type}`);
        }
        // JSON is not such a post, yet a foreign Origin or Referer still refuses it.
        if (!webhook && Object.keys(headers).length) {
          expectRefused(await send(server.port, { method, path: url, headers: { "Content-Type": "application/json", Cookie: cookie, ...headers }, body: jsonFor(url) }), `${url} ${label} JSON`);
        }
      }
    }
    console.info(`cross-site run: ${refused} foreign posts to ${PAGE_ACTIONS.length} page actions and ${API_CALLS.length} /api calls, all 403`);
    expect(snapshot(databaseFile())).toEqual(before);
  });

  it("still takes the same posts from the shop's own pages: Origin, Referer, a JSON body, Sec-Fetch-Site", async () => {
    const form = { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie };
    const db = () => new Database(databaseFile(), { readonly: true });
    const count = (sql: string, ...values: unknown[]) => {
      const handle = db();
      try {
        return handle.prepare(sql).pluck().get(...values) as number;
      } finally {
        handle.close();
      }
    };
    // The shop's Origin: the newsletter page subscribes.
    const subscribed = await send(server.port, { path: "/pages/newsletter", headers: { ...form, Origin: own() }, body: formFor("/pages/newsletter", addressId) });
    expect(subscribed.status).toBe(200);
    expect(count("select count(*) from newsletter_subscriptions where email = ?", NEWSLETTER_EMAIL)).toBe(1);
    // Only the shop's Referer (an old browser): the address is deleted. The second shop host counts too.
    const deleted = await send(server.port, { path: "/en/account/addresses", headers: { ...form, Referer: `http://127.0.0.1:${server.port}/en/account/addresses` }, body: formFor("/account/addresses", addressId) });
    expect(deleted.status).toBe(302);
    expect(count("select count(*) from addresses where id = ?", addressId)).toBe(0);
    // Neither header, but a JSON body (a server-side client of the API).
    const api = await send(server.port, { path: "/api/backstock/create", headers: { "Content-Type": "application/json" }, body: jsonFor("/api/backstock/create") });
    expect(api.status).toBe(200);
    // Neither header, but the browser's own Sec-Fetch-Site: same-origin.
    const consent = await send(server.port, { path: "/en/pages/cookies", headers: { ...form, "Sec-Fetch-Site": "same-origin" }, body: "intent=accept" });
    expect(consent.status).toBe(200);
    expect(consent.headers["set-cookie"]).toBeDefined();
  });
});

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, expect, it } from "vitest";
import { registrationForm } from "../support/forms";
import { type HttpClient, ORIGIN, describeEachApp } from "../support/http";
import { COMPANY_INVOICE, insertOrder, setOwnSeller } from "../support/invoice-fixtures";
import { tags, textOf } from "../support/markup";
import { paidOrder } from "../support/order-fixtures";
import { signInStaff } from "../support/staff";
import { growOrders } from "~/db/seed/grow-orders.server";
import { submitJobApplication } from "~/modules/career/career.service.server";
import { samplePdf } from "~/modules/career/cv-samples.server";
import { subscribeToNewsletter } from "~/modules/newsletter/newsletter.service.server";
import { deliverOrder, shipOrder } from "~/modules/order/fulfilment.service.server";
import { requestReturn } from "~/modules/order/returns.service.server";
import { createSandboxProvider } from "~/modules/payment/sandbox.server";

// Atelier as the outside checkers see it (a link crawler, an HTML validator, accessibility
// checkers, text browsers, staff without JavaScript): an owner follows every <a href> inside
// Atelier from /atelier and /en/atelier, and submits every GET form as it stands, and each page
// must answer 200 with one <h1>, a <title>, noindex, unique ids, labelled controls, post forms of
// one purpose, the path's language, no raw translation key, no "undefined"/"NaN"/"[object
// Object]"; downloads answer 200 with a Content-Disposition; nothing a GET reaches writes.
// A staff member who is not an owner sees no owner-only link and gets a 403 there.

const provider = createSandboxProvider({ secret: "http-atelier-crawl", publicUrl: ORIGIN });
const MAX_PAGES = 700;
/** Links to one page shape (the path with ids as :id, and the query's names) visited at most this often. */
const MAX_PER_SHAPE = 12;
const OWNER_ONLY = ["/atelier/staff", "/atelier/settings", "/atelier/settings/fiscal"];

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** Every translation key of the shop's locales (dotted, plural suffixes also without them), with and without "ns:". */
function localeKeys(): Set<string> {
  const keys = new Set<string>();
  const walk = (ns: string, prefix: string, value: unknown) => {
    if (value && typeof value === "object") {
      for (const [key, inner] of Object.entries(value)) walk(ns, prefix ? `${prefix}.${key}` : key, inner);
      return;
    }
    for (const key of [prefix, prefix.replace(/_(?:zero|one|two|few|many|other)$/, "")]) {
      if (!key.includes(".")) continue;
      keys.add(key);
      keys.add(`${ns}:${key}`);
    }
  };
  for (const locale of ["it", "en"]) {
    const dir = path.join(ROOT, "locales", locale);
    for (const file of fs.readdirSync(dir).filter((name) => name.endsWith(".json"))) {
      walk(file.replace(/\.json$/, ""), "", JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")));
    }
  }
  return keys;
}

const decode = (value: string) =>
  value.replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
const attribute = (tag: string, name: string) => {
  const match = new RegExp(`\\s${name}="([^"]*)"`, "i").exec(tag);
  return match ? decode(match[1]) : undefined;
};
const hasAttribute = (tag: string, name: string) => new RegExp(`\\s${name}(?:=|\\s|/?>)`, "i").test(tag);
/** A page with its table cells and a select's options apart, as a text browser prints them. */
const cellsApart = (html: string) => withoutScripts(html).replace(/<\/?(?:table|caption|thead|tbody|tfoot|tr|td|th|option|select)\b[^>]*>/gi, " ");
/** The text a text browser prints of a page: as textOf, table cells and a select's options apart too. */
const pageText = (html: string) => textOf(cellsApart(html));
/**
 * Words of two elements that a text browser (styles ignored) prints as one: a letter, only inline
 * tags, a letter ("Rossi</span><span>giulia@…", "Pagato</span><span>Spedito").
 */
function runTogether(html: string): string[] {
  const blocks = /^<\/?(?:address|article|aside|br|dd|div|dl|dt|fieldset|footer|form|h[1-6]|header|legend|li|main|nav|ol|p|section|ul|hr|img|input|select|textarea|button|svg)\b/i;
  const found: string[] = [];
  // A text browser prints no SVG (the chart's words reach a reader through its table).
  const page = cellsApart(/<body\b[\s\S]*$/i.exec(html)?.[0] ?? html).replace(/<svg\b[\s\S]*?<\/svg>/gi, " ");
  for (const match of page.matchAll(/([\p{L}\p{N}.,;:)€%])((?:<[^>]+>)+)([\p{L}\p{N}(€])/gu)) {
    const between = match[2].match(/<[^>]+>/g)!;
    if (between.some((tag) => blocks.test(tag))) continue;
    const at = match.index;
    const before = textOf(page.slice(Math.max(0, at - 300), at + 1)).slice(-25);
    const after = textOf(page.slice(at + match[0].length - 1, at + match[0].length + 300)).slice(0, 25);
    found.push(`…${before}|${after}…`.replace(/\s+/g, " "));
  }
  return found;
}
const withoutScripts = (html: string) => html.replace(/<script\b[\s\S]*?<\/script>/gi, "").replace(/<style\b[\s\S]*?<\/style>/gi, "");
const isAtelier = (pathname: string) => /^\/(?:en\/)?atelier(?:\/|$)/.test(pathname);
const isSignOut = (pathname: string) => /^\/(?:en\/)?atelier\/logout$/.test(pathname);
const shapeOf = (url: URL) => `${url.pathname.replace(/\/\d+(?=\/|$)/g, "/:id")}?${[...new Set(url.searchParams.keys())].sort().join("&")}`;

/** The controls of a page that have no label: no aria-label(ledby), no <label for>, not inside a <label>. */
function unlabelledControls(html: string): string[] {
  const body = withoutScripts(html);
  const labelled = new Set(tags(body, "label").map((tag) => attribute(tag, "for")).filter(Boolean));
  const missing: string[] = [];
  let insideLabel = 0;
  for (const [tag, closing, name] of body.matchAll(/<(\/?)(label|input|select|textarea)\b[^>]*>/gi)) {
    const element = name.toLowerCase();
    if (element === "label") {
      insideLabel += closing ? -1 : 1;
      continue;
    }
    if (closing) continue;
    const type = (attribute(tag, "type") ?? "text").toLowerCase();
    if (element === "input" && ["hidden", "submit", "button", "reset", "image"].includes(type)) continue;
    const id = attribute(tag, "id");
    const named = attribute(tag, "aria-label")?.trim() || attribute(tag, "aria-labelledby")?.trim();
    if (!named && !insideLabel && !(id && labelled.has(id))) missing.push(tag);
  }
  return missing;
}

/** What a validator and an accessibility checker would flag in the page's structure. */
function structureFaults(body: string, ids: Set<string>): string[] {
  const faults: string[] = [];
  // References to ids that are not there.
  for (const [, name, value] of body.matchAll(/\s(for|aria-labelledby|aria-describedby|aria-controls|form|list)="([^"]*)"/g)) {
    for (const id of value.split(/\s+/).filter(Boolean)) if (!ids.has(id)) faults.push(`${name}="${id}" points nowhere`);
  }
  // Links and buttons a screen reader can name.
  for (const [whole, tag, inner] of body.matchAll(/(<(?:a|button)\b[^>]*>)([\s\S]*?)<\/(?:a|button)>/g)) {
    const named = attribute(tag, "aria-label")?.trim() || attribute(tag, "aria-labelledby") || textOf(inner).trim() || /<img\b[^>]*\salt="[^"]+"/.test(inner);
    if (!named) faults.push(`a link or button without a name: ${whole.slice(0, 160)}`);
  }
  // Interactive content inside interactive content; blocks inside a paragraph (the parser cuts the paragraph there).
  for (const [whole] of body.matchAll(/<a\b[^>]*>(?:(?!<\/a>)[\s\S])*?<(?:a|button|input|select|textarea)\b/g)) faults.push(`interactive inside a link: ${whole.slice(0, 160)}`);
  for (const [whole] of body.matchAll(/<button\b[^>]*>(?:(?!<\/button>)[\s\S])*?<(?:a|button|input|select|textarea)\b/g)) faults.push(`interactive inside a button: ${whole.slice(0, 160)}`);
  for (const [whole] of body.matchAll(/<p\b[^>]*>(?:(?!<\/p>)[\s\S])*?<(?:div|p|form|ul|ol|dl|table|h[1-6]|section|article|header|footer|nav|fieldset|address|pre|blockquote|hr)\b/g)) {
    faults.push(`a block inside a paragraph: ${whole.slice(0, 160)}`);
  }
  for (const [whole] of body.matchAll(/<form\b[^>]*>(?:(?!<\/form>)[\s\S])*?<form\b/g)) faults.push(`a form inside a form: ${whole.slice(0, 160)}`);
  // Without JavaScript a button does only what its form does.
  let insideForm = 0;
  for (const [tag, closing, name] of body.matchAll(/<(\/?)(form|button)\b[^>]*>/g)) {
    if (name === "form") insideForm += closing ? -1 : 1;
    else if (!closing && !insideForm && !attribute(tag, "form")) faults.push(`a button outside any form (does nothing without JavaScript): ${tag}`);
  }
  // Images and headings.
  for (const img of tags(body, "img")) if (attribute(img, "alt") === undefined) faults.push(`an image without alt: ${img}`);
  let level = 0;
  for (const [, depth] of body.matchAll(/<h([1-6])\b/g)) {
    if (level && Number(depth) > level + 1) faults.push(`a heading skips from h${level} to h${depth}`);
    level = Number(depth);
  }
  return faults;
}

interface PageForm {
  method: string;
  action: string | undefined;
  inner: string;
  tag: string;
}

function formsOf(html: string): PageForm[] {
  return [...withoutScripts(html).matchAll(/(<form\b[^>]*>)([\s\S]*?)<\/form>/gi)].map(([, tag, inner]) => ({
    tag,
    inner,
    method: (attribute(tag, "method") ?? "get").toLowerCase(),
    action: attribute(tag, "action"),
  }));
}

/** The URL a GET form goes to when submitted as it stands (each field's current value). */
function getFormUrl(form: PageForm, pageUrl: URL): URL {
  const target = new URL(form.action ?? pageUrl.pathname, pageUrl);
  target.search = "";
  for (const [tag] of form.inner.matchAll(/<input\b[^>]*>/gi)) {
    const name = attribute(tag, "name");
    const type = (attribute(tag, "type") ?? "text").toLowerCase();
    if (!name || ["submit", "button", "reset", "image", "file"].includes(type)) continue;
    if (["checkbox", "radio"].includes(type) && !hasAttribute(tag, "checked")) continue;
    target.searchParams.append(name, attribute(tag, "value") ?? (type === "checkbox" || type === "radio" ? "on" : ""));
  }
  for (const [, tag, options] of form.inner.matchAll(/(<select\b[^>]*>)([\s\S]*?)<\/select>/gi)) {
    const name = attribute(tag, "name");
    if (!name) continue;
    const all = tags(options, "option");
    const chosen = all.find((option) => hasAttribute(option, "selected")) ?? all[0];
    if (chosen) target.searchParams.append(name, attribute(chosen, "value") ?? "");
  }
  for (const [, tag, text] of form.inner.matchAll(/(<textarea\b[^>]*>)([\s\S]*?)<\/textarea>/gi)) {
    const name = attribute(tag, "name");
    if (name) target.searchParams.append(name, decode(text));
  }
  return target;
}

/** What each page must be; returns the faults found (empty when the page is sound). */
function pageFaults(html: string, url: URL, keys: Set<string>, shownOnPurpose: Set<string>): string[] {
  const faults: string[] = [];
  const body = withoutScripts(html);
  const language = url.pathname.startsWith("/en/") ? "en" : "it";
  const htmlLang = attribute(tags(html, "html")[0] ?? "", "lang");
  if (htmlLang !== language) faults.push(`<html lang="${htmlLang}">, the path says ${language}`);
  const h1s = tags(body, "h1").length;
  if (h1s !== 1) faults.push(`${h1s} <h1>`);
  const title = /<head\b[\s\S]*?<title\b[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1];
  if (!title?.trim()) faults.push("no <title>");
  const robots = tags(html, "meta").find((tag) => attribute(tag, "name") === "robots");
  if (!robots || !/^noindex\b/.test(attribute(robots, "content") ?? "")) faults.push(`robots meta: ${robots ?? "none"}`);

  const ids = [...body.matchAll(/<[a-zA-Z][^>]*?\sid="([^"]*)"/g)].map(([, id]) => id);
  const duplicates = [...new Set(ids.filter((id, index) => ids.indexOf(id) !== index))];
  if (duplicates.length) faults.push(`duplicate ids: ${duplicates.join(", ")}`);

  for (const control of unlabelledControls(html)) faults.push(`control without a label: ${control}`);
  faults.push(...structureFaults(body, new Set(ids)));

  for (const form of formsOf(html)) {
    if (form.method === "post") {
      const submits = [...form.inner.matchAll(/<button\b[^>]*>|<input\b[^>]*type="submit"[^>]*>/gi)].filter(([tag]) => !/type="(?:button|reset)"/i.test(tag));
      const hasIntent = /\sname="intent"/.test(form.inner);
      if (!hasIntent && submits.length > 1) faults.push(`a post form of ${submits.length} buttons and no intent: ${form.tag}`);
      if (form.action && !isAtelier(new URL(form.action, url).pathname)) faults.push(`a post form leaving Atelier: ${form.tag}`);
    } else if (form.method === "get" && /\sname="intent"/.test(form.inner)) {
      faults.push(`a GET form with an intent (a GET that writes?): ${form.tag}`);
    }
  }

  for (const joined of runTogether(body)) faults.push(`words run together in a text browser: ${joined}`);
  // The text a reader meets: the page's text and the attributes read aloud or shown.
  const spoken = [...body.matchAll(/\s(?:aria-label|placeholder|title|alt)="([^"]*)"/g)].map(([, value]) => decode(value));
  const text = `${pageText(body)} ${spoken.join(" ")} ${title ?? ""}`.replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&gt;/g, ">");
  for (const word of ["undefined", "NaN", "[object Object]", "returned an object instead of string", "Invalid Date"]) {
    if (new RegExp(`(?:^|[^\\w])${word.replace(/[[\]]/g, "\\$&")}(?:[^\\w]|$)`).test(text)) faults.push(`"${word}" in the text`);
  }
  // A raw key: an e-mail address, a web address or an action code the audit shows on purpose is not one.
  const readable = text.replace(/\S+@\S+/g, " ").replace(/\bhttps?:\/\/\S+/g, " ");
  for (const [candidate] of readable.matchAll(/\b[a-z][a-zA-Z0-9_-]*(?::[a-zA-Z0-9_]+)?(?:\.[a-zA-Z0-9_]+)+\b/g)) {
    if (keys.has(candidate) && !shownOnPurpose.has(candidate)) faults.push(`a raw translation key: ${candidate}`);
  }
  return faults;
}

/** The local links of a page (decoded, without #fragment), and those that change the language on purpose apart. */
function linksOf(html: string, pageUrl: URL): { url: URL; switchesLanguage: boolean; download: boolean }[] {
  return tags(withoutScripts(html), "a")
    .map((tag) => ({ tag, href: attribute(tag, "href") }))
    .filter((link): link is { tag: string; href: string } => !!link.href && !/^(?:#|mailto:|tel:)/.test(link.href))
    .map(({ tag, href }) => {
      const url = new URL(href, pageUrl);
      url.hash = "";
      return { url, switchesLanguage: hasAttribute(tag, "hreflang"), download: hasAttribute(tag, "download") };
    })
    .filter(({ url }) => url.origin === ORIGIN);
}

it("the checks find what they look for (a checker never seen failing proves nothing)", () => {
  const page = [
    '<html lang="it"><head><title></title></head><body><h1>Uno</h1><h1>Due</h1><h3 id="x">Tre</h3><p id="x">shell.dashboard undefined NaN <div>blocco</div></p>',
    '<label for="nessuno">Nome</label><input name="q"/><select name="s"><option>a</option></select><input type="hidden" name="h"/>',
    '<form method="post"><button type="submit">A</button><button type="submit">B</button></form><form method="get"><input type="hidden" name="intent" value="x"/></form>',
    '<span>Giulia Rossi</span><span>giulia@example.com</span><a href="/atelier"></a><a href="/x"><button>in</button></a><button type="button">JS</button><img src="/a.png"/><span aria-describedby="manca">d</span></body></html>',
  ].join("");
  const found = pageFaults(page, new URL("/en/atelier", ORIGIN), new Set(["shell.dashboard"]), new Set()).map((fault) => fault.replace(/:.*$/s, ""));
  expect(found).toEqual(
    expect.arrayContaining([
      '<html lang="it">, the path says en',
      "2 <h1>",
      "no <title>",
      "robots meta",
      "duplicate ids",
      "control without a label",
      'for="nessuno" points nowhere',
      'aria-describedby="manca" points nowhere',
      "a link or button without a name",
      "interactive inside a link",
      "a block inside a paragraph",
      "a button outside any form (does nothing without JavaScript)",
      "an image without alt",
      "a heading skips from h1 to h3",
      "a post form of 2 buttons and no intent",
      "a GET form with an intent (a GET that writes?)",
      '"undefined" in the text',
      '"NaN" in the text',
      "a raw translation key",
    "words run together in a text browser",
    ]),
  );
  expect(found.filter((fault) => fault === "control without a label")).toHaveLength(2);
});

describeEachApp("Atelier crawled", (app) => {
  let owner: HttpClient;
  let keys: Set<string>;

  /** The rows a GET must never change. */
  async function snapshot() {
    const { db } = app();
    const count = async (table: "audit_log" | "orders" | "returns" | "invoices" | "newsletter_subscriptions" | "job_applications" | "back_in_stock_requests" | "staff") =>
      Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
    return {
      // Downloads of personal data are recorded (issue 37, export.*): a record of a read, not a write.
      audit: Number((await db.selectFrom("audit_log").select((eb) => eb.fn.countAll().as("n")).where("action", "not like", "export.%").executeTakeFirstOrThrow()).n),
      orders: await count("orders"),
      returns: await count("returns"),
      invoices: await count("invoices"),
      subscribers: await count("newsletter_subscriptions"),
      applications: await count("job_applications"),
      backstock: await count("back_in_stock_requests"),
      staff: await count("staff"),
      orderStates: await db.selectFrom("orders").select(["id", "status", "payment_status", "shipping_status", "updated_at"]).orderBy("id").execute(),
      handled: await db.selectFrom("job_applications").select(["id", "handled_at"]).orderBy("id").execute(),
    };
  }

  beforeAll(async () => {
    keys = localeKeys();
    const { db } = app();
    const variants = await db.selectFrom("variants").select(["id", "sku"]).where("stock", ">=", 5).orderBy("id").offset(60).limit(5).execute();
    const line = (i: number, quantity = 1) => [{ sku: variants[i].sku, quantity }];
    // Paid by card; a transfer awaited; shipped; delivered with a return asked for.
    await paidOrder(db, provider, { lines: line(0), email: "carta@example.com" });
    await paidOrder(db, provider, { lines: line(1), method: "bankTransfer", email: "bonifico@example.com" });
    const shipped = await paidOrder(db, provider, { lines: line(2), email: "spedito@example.com" });
    await shipOrder(db, shipped.orderId, "1Z999AA10123456784");
    const delivered = await paidOrder(db, provider, { lines: [...line(3, 2), ...line(4)], email: "reso@example.com" });
    await shipOrder(db, delivered.orderId, "1Z999AA10123456785");
    await deliverOrder(db, delivered.orderId);
    const [first] = await db.selectFrom("order_lines").select("id").where("order_id", "=", delivered.orderId).orderBy("id").execute();
    await requestReturn(db, { orderId: delivered.orderId, viewer: delivered.viewer, lines: [{ orderLineId: first.id, quantity: 1, reason: "too_small" }] });
    // An invoice asked for (one issued, one still to issue), a subscriber, an application with its CV, a back-in-stock request.
    const invoiced = await insertOrder(db, { invoice: COMPANY_INVOICE, placedAt: new Date(Date.now() - 3_600_000).toISOString() });
    await insertOrder(db, { placedAt: new Date(Date.now() - 7_200_000).toISOString() });
    const absoluteUrl = (p: string) => `${ORIGIN}${p}`;
    await subscribeToNewsletter(db, { email: "iscritta@example.it", privacy: true, language: "it", locale: "it", source: "page", clientIp: "10.1.1.1", absoluteUrl });
    await submitJobApplication(db, {
      firstName: "Giulia",
      lastName: "Rossi",
      phone: "+39 333 123 4567",
      department: "atelier",
      message: "Sarta da dieci anni.",
      privacy: true,
      locale: "it",
      email: "candidata@example.it",
      cv: { fileName: "CV Giulia.pdf", mimeType: "application/pdf", bytes: samplePdf() },
    });
    const soldOut = await db.selectFrom("variants").select("id").orderBy("id").offset(90).limit(1).executeTakeFirstOrThrow();
    await db.updateTable("variants").set({ stock: 0 }).where("id", "=", soldOut.id).execute();
    const now = new Date().toISOString();
    await db.insertInto("back_in_stock_requests").values({ variant_id: soldOut.id, email: "attesa@example.com", locale: "it", consent_at: now, created_at: now, notified_at: null }).execute();

    // A customer with an account and an order; demo orders in every state, past a list's first page.
    const shopper = app().client();
    expect((await shopper.postForm("/login/register", registrationForm("cliente@example.it"))).status).toBe(302);
    const user = await db.selectFrom("users").select("id").where("email", "=", "cliente@example.it").executeTakeFirstOrThrow();
    await paidOrder(db, provider, { lines: line(0), userId: user.id, email: "cliente@example.it" });
    await growOrders(db, (await snapshot()).orders + 50);

    ({ client: owner } = await signInStaff(app(), { role: "owner", name: "Elena Bianchi" }));
    // The owner has set the shop's fiscal identity and issues one invoice, so its file is a link to follow and the audit has entries.
    await setOwnSeller(db);
    expect((await owner.postForm(`/atelier/orders/${invoiced.orderId}/invoice`, {})).status).toBe(303);
  });

  it("every page an owner reaches from /atelier and /en/atelier is sound, every link and download answers, nothing written by a GET", async () => {
    const before = await snapshot();
    const shownOnPurpose = new Set((await app().db.selectFrom("audit_log").select("action").distinct().execute()).map((row) => row.action));
    const queue: URL[] = [new URL("/atelier", ORIGIN), new URL("/en/atelier", ORIGIN)];
    const seen = new Set(queue.map((url) => url.href));
    const shapes = new Map<string, number>();
    const checkedElsewhere = new Set<string>();
    const faults: string[] = [];
    const downloads: string[] = [];
    let pages = 0;
    const enqueue = (url: URL) => {
      if (seen.has(url.href)) return;
      seen.add(url.href);
      const shape = shapeOf(url);
      const count = shapes.get(shape) ?? 0;
      if (count >= MAX_PER_SHAPE) return;
      shapes.set(shape, count + 1);
      queue.push(url);
    };

    while (queue.length && pages < MAX_PAGES) {
      const url = queue.shift()!;
      const where = url.pathname + url.search;
      const answer = await owner.get(where);
      const type = answer.headers.get("Content-Type") ?? "";
      if (!type.startsWith("text/html")) {
        // A download: its status and how it asks to be saved, its body left unread.
        downloads.push(url.pathname);
        if (answer.status !== 200) faults.push(`${where}: download answered ${answer.status}`);
        if (!/^(?:attachment|inline); filename/.test(answer.headers.get("Content-Disposition") ?? "")) {
          faults.push(`${where}: download without a Content-Disposition filename (${answer.headers.get("Content-Disposition")})`);
        }
        await answer.body?.cancel();
        continue;
      }
      pages++;
      const html = await answer.text();
      if (answer.status !== 200) {
        faults.push(`${where}: ${answer.status}`);
        continue;
      }
      for (const fault of pageFaults(html, url, keys, shownOnPurpose)) faults.push(`${where}: ${fault}`);
      const language = url.pathname.startsWith("/en/") ? "en" : "it";
      for (const link of linksOf(html, url)) {
        if (isSignOut(link.url.pathname)) continue;
        if (!isAtelier(link.url.pathname)) {
          // A link out of Atelier (the shop's product page, say) is checked for its status only.
          if (!checkedElsewhere.has(link.url.pathname)) {
            checkedElsewhere.add(link.url.pathname);
            const status = (await owner.get(link.url.pathname + link.url.search)).status;
            if (status >= 400) faults.push(`${where}: link to ${link.url.pathname} answered ${status}`);
          }
          continue;
        }
        const linkLanguage = link.url.pathname.startsWith("/en/") ? "en" : "it";
        if (!link.switchesLanguage && linkLanguage !== language) faults.push(`${where}: a link to ${link.url.pathname} changes the language`);
        enqueue(link.url);
      }
      for (const form of formsOf(html).filter((f) => f.method === "get")) {
        const target = getFormUrl(form, url);
        if (isAtelier(target.pathname)) enqueue(target);
      }
    }

    expect(faults).toEqual([]);
    expect(pages).toBeGreaterThan(20);
    expect(pages, "the crawl's bound").toBeLessThan(MAX_PAGES);
    // The downloads the desk offers were reached: the orders' and invoices' CSVs, an invoice's XML, a CV.
    for (const download of [/\/atelier\/orders\/export$/, /\/atelier\/invoices\.csv$/, /\/atelier\/orders\/\d+\/invoice\.xml$/, /\/atelier\/applications\/\d+\/cv$/, /\/atelier\/newsletter\/export$/]) {
      expect(downloads.some((d) => download.test(d)), String(download)).toBe(true);
    }
    // Every section was reached, the owner's included.
    for (const section of ["/atelier/orders", "/atelier/products", "/atelier/returns", "/atelier/invoices", "/atelier/customers", "/atelier/newsletter", "/atelier/applications", "/atelier/backstock", "/atelier/catalog/import", "/atelier/categories", "/atelier/discount-codes", "/atelier/content", "/atelier/stores", "/atelier/banner", "/atelier/promotions", "/atelier/audit", ...OWNER_ONLY]) {
      expect(seen.has(`${ORIGIN}${section}`), section).toBe(true);
      expect(seen.has(`${ORIGIN}/en${section}`), `/en${section}`).toBe(true);
    }
    expect(await snapshot()).toEqual(before);
  }, 180_000);

  it("the pages outside the crawl are sound too: the sign-in page, a 404 and a 403", async () => {
    const keysShown = new Set<string>();
    const { client: staff } = await signInStaff(app(), { role: "staff" });
    for (const [client, where, status] of [
      [app().client(), "/atelier/login", 200],
      [app().client(), "/en/atelier/login", 200],
      [owner, "/atelier/ordini-perduti", 404],
      [owner, "/en/atelier/orders/99999999", 404],
      [staff, "/atelier/settings", 403],
      [staff, "/en/atelier/staff", 403],
    ] as const) {
      const answer = await client.get(where);
      expect([where, answer.status]).toEqual([where, status]);
      expect([where, pageFaults(await answer.text(), new URL(where, ORIGIN), keys, keysShown)]).toEqual([where, []]);
    }
  });

  it("a staff member who is not an owner sees no owner-only link, and gets a 403 there", async () => {
    const { client } = await signInStaff(app(), { role: "staff" });
    for (const home of ["/atelier", "/en/atelier"]) {
      const html = await (await client.get(home)).text();
      const prefix = home.startsWith("/en") ? "/en" : "";
      const hrefs = tags(html, "a").map((tag) => attribute(tag, "href"));
      expect(hrefs).toContain(`${prefix}/atelier/orders`);
      for (const ownerOnly of OWNER_ONLY) {
        expect(hrefs.filter((href) => href?.startsWith(`${prefix}${ownerOnly}`))).toEqual([]);
        const answer = await client.get(`${prefix}${ownerOnly}`);
        expect([`${prefix}${ownerOnly}`, answer.status]).toEqual([`${prefix}${ownerOnly}`, 403]);
        const refused = await answer.text();
        expect(tags(refused, "h1")).toHaveLength(1);
        expect(attribute(tags(refused, "html")[0] ?? "", "lang")).toBe(prefix ? "en" : "it");
      }
    }
  });
});

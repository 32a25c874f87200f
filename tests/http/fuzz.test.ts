// Every action and every /api route, both languages, against one fixed battery of bad input:
// empty and wrong bodies, unknown intents, every field the shop's forms know set to NUL bytes,
// 100 000 characters, repeated, nested, numbers, invalid UTF-8, JSON of the wrong shape with
// prototype-pollution keys, wrong content types; as a visitor and as a signed-in shopper with a
// bag and an order. The bar: no answer of 500 or more, no crash, no polluted prototype.
//
// In process (tests/support/http.ts), so each request costs its action and no port; what the
// Express guards refuse before an action (sizes, content types, origins) is replayed against the
// built server by requests.test.ts. Pages are posted at their single-fetch `.data` URL (the
// action without the page's render) and, for one request per kind of input, as a document (the
// page rendered with the action's errors), so every kind of input meets the rendering too.
//
// Atelier (issue 37, item 20) as its signed-in owner: each page with an action is read as the
// owner sees it, and each of its post forms (one per intent button) is sent as the page filled
// it, then with one field at a time given each bad value of its kind (NUL, 10 000 characters,
// 2^31, 2^63, -1, NaN, Infinity, dates 0000-00-00 and 99999-12-31), every field at once with
// control characters, every field twice, and as JSON; forged ids in its addresses too.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { afterAll, expect, it } from "vitest";
import routes from "../../app/routes";
import { type HttpClient, ORIGIN, describeEachApp } from "../support/http";
import { paidOrder } from "../support/order-fixtures";
import { signInStaff } from "../support/staff";
import { submitJobApplication } from "~/modules/career/career.service.server";
import { samplePdf } from "~/modules/career/cv-samples.server";
import { createSandboxProvider } from "~/modules/payment/sandbox.server";

const APP_DIR = fileURLToPath(new URL("../../app/", import.meta.url));
const PASSWORD = "una frase lunga e sicura";

interface RouteEntry {
  path?: string;
  file: string;
  index?: boolean;
  children?: RouteEntry[];
}

/** The route table's pages with an action and its /api routes, as Italian path patterns ("" is the home page). */
function fuzzedPatterns(): string[] {
  const patterns: string[] = [];
  const walk = (entries: RouteEntry[]) => {
    for (const entry of entries) {
      // Atelier's pages are walked by atelierPatterns (with their parent's path), as its owner.
      if (entry.path === "en?/atelier") continue;
      if (entry.children) walk(entry.children);
      if (entry.path === undefined && !entry.index) continue;
      // Absolute paths ("/api/cart", "/curadelcapo") are written from the root: the same pattern without it.
      const path = entry.index ? "" : entry.path!.replace(/^\//, "");
      // The English twin of each page ("en/…") is the same module: fuzzed below from its Italian pattern.
      if (path === "en" || path.startsWith("en/")) continue;
      const source = fs.readFileSync(`${APP_DIR}${entry.file}`, "utf8");
      if (path.startsWith("api/") || /export (async )?function action|export const action/.test(source)) patterns.push(path);
    }
  };
  walk(routes as RouteEntry[]);
  return patterns;
}

/** Atelier's pages with an action, as path patterns under /atelier ("atelier/products/:id"). */
function atelierPatterns(): string[] {
  const atelier = (routes as RouteEntry[]).find((entry) => entry.path === "en?/atelier");
  const patterns: string[] = [];
  for (const entry of atelier?.children ?? []) {
    const source = fs.readFileSync(`${APP_DIR}${entry.file}`, "utf8");
    if (/export (async )?function action|export const action/.test(source)) patterns.push(entry.index ? "atelier" : `atelier/${entry.path}`);
  }
  return patterns;
}

/** Every field name the shop's forms and JSON calls read (their schemas and inputs), plus nested ones. */
const FIELDS = [
  "acceptTerms", "additionalInfo", "addressChoice", "birthDay", "birthMonth", "birthYear", "billingSame", "city", "code", "companyName",
  "confirm", "confirmPassword", "consent", "country", "currentPassword", "department", "email", "firstName", "fiscalCode", "gender",
  "id", "interests", "invoiceType", "isDefault", "language", "lastName", "lineId", "lite", "message", "newsletter", "number", "orderId",
  "orderKey", "outcome", "password", "paymentMethod", "pec", "phone", "phonePrefix", "portfolio", "preference", "privacy", "provider",
  "province", "quantity", "reason", "redirectTo", "saveAddress", "sdiCode", "shippingMethod", "shownTotalCents", "sku", "street",
  "streetNumber", "token", "username", "vatNumber", "website", "zip", "lines[0].orderLineId", "lines[0].quantity", "lines[0].reason",
  "shipping.firstName", "billing.street",
];

/** Values each field accepts, for the requests that are valid but for one thing. */
const VALID: Record<string, string> = {
  firstName: "Giulia", lastName: "Rossi", email: "fuzz.valid@example.it", password: PASSWORD, confirmPassword: PASSWORD, currentPassword: PASSWORD,
  phonePrefix: "+39", phone: "3331234567", department: "atelier", message: "Sarta da dieci anni", privacy: "on", acceptTerms: "on",
  street: "Via Roma", streetNumber: "1", city: "Milano", province: "MI", zip: "20121", country: "IT", companyName: "Bottega srl",
  additionalInfo: "Citofono Rossi", birthDay: "12", birthMonth: "6", birthYear: "1991", interests: "woman", quantity: "1", code: "BENVENUTO10",
  language: "it", number: "BT000000001", reason: "Taglia sbagliata", shippingMethod: "ups_standard", paymentMethod: "card",
  "shipping.firstName": "Giulia", "billing.street": "Via Roma",
};
/** The free-text fields among them: the ones a NUL is put into. */
const TEXT_FIELDS = new Set(["firstName", "lastName", "message", "street", "streetNumber", "city", "companyName", "additionalInfo", "reason", "code", "password", "shipping.firstName", "billing.street"]);

/** The intents each page's action knows (from its source): each is sent with every kind of input. */
const INTENTS: Record<string, string[]> = {
  account: ["logout", "profile", "password", "delete"],
  "account/addresses": ["save", "delete", "default"],
  "account/orders/:id": ["return"],
  cart: ["add", "edit", "remove", "addDiscount", "removeDiscount", "reorder"],
  "checkout/registrationLogin": ["login", "guest"],
  "pages/cookies": ["save", "accept", "reject"],
  "pages/recesso": ["lookup", "confirm"],
  "products/*": ["backstock"],
};

/** Strings where the shop expects a short, clean value. */
const BAD_STRINGS: Record<string, string> = {
  empty: "",
  nul: "Giu\u0000lia",
  controls: "\u0001\u001b[31m\u007f\u0085\u2028",
  long: "x".repeat(100_000),
  multibyte: "😀è€\ud800".repeat(10),
  negative: "-1",
  huge: "99999999999999999999999999",
  exponent: "1e308",
  notANumber: "NaN",
  bidi: "\u202e\ufeff\u200b",
  markup: "<script>alert(1)</script>\"'`${{}}",
  path: "//evil.example/../../etc/passwd%00",
};

/** What JSON can carry where a string goes. */
const BAD_VALUES: Record<string, unknown> = {
  ...BAD_STRINGS,
  objectWithToString: { toString: "x", valueOf: "y" },
  protoKeys: JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}'),
  emptyArray: [],
  array: ["a", "b"],
  nested: { a: { b: { c: [1, { d: null }] } } },
  null: null,
  minusOne: -1,
  hugeNumber: 1e308,
  fraction: 0.5,
  boolean: true,
};

type Body = { type?: string; body: string | Uint8Array | FormData | null };

const form = (entries: Array<[string, string]>): Body => ({ type: "application/x-www-form-urlencoded", body: new URLSearchParams(entries).toString() });
const json = (value: unknown): Body => ({ type: "application/json", body: typeof value === "string" ? value : JSON.stringify(value) });

/**
 * The form battery for one intent (or none). Every field gets every kind of bad value across the
 * requests, rotated so that each request mixes them (field i gets kind i + k in request k): as
 * many requests as kinds, none of them megabytes long.
 */
function formBattery(intent: string | null): Array<() => Body> {
  const withIntent = (entries: Array<[string, string]>): Array<[string, string]> => (intent === null ? entries : [["intent", intent], ...entries]);
  const kinds = Object.values(BAD_STRINGS);
  const bodies = kinds.map((_, k) => () => form(withIntent(FIELDS.map((name, i) => [name, kinds[(i + k) % kinds.length]]))));
  // Each field twice; each field as a list and an object (conform reads `a[0]` and `a.b` as structure).
  bodies.push(() => form(withIntent(FIELDS.flatMap((name): Array<[string, string]> => [[name, "1"], [name, "2"]]))));
  bodies.push(() => form(withIntent(FIELDS.flatMap((name): Array<[string, string]> => [[`${name}[0]`, "1"], [`${name}.x`, "2"]]))));
  // Invalid UTF-8 and an overlong sequence, percent-encoded and raw.
  const fields = FIELDS.map((name) => `${encodeURIComponent(name)}=%FF%FE%C0%AF%ED%A0%80`).join("&");
  bodies.push(() => ({ type: "application/x-www-form-urlencoded", body: `${intent === null ? "" : `intent=${intent}&`}${fields}` }));
  bodies.push(() => ({
    type: "application/x-www-form-urlencoded",
    body: Buffer.concat([Buffer.from(intent === null ? "" : `intent=${intent}&`), ...FIELDS.map((name) => Buffer.concat([Buffer.from(`${name}=`), Buffer.from([0xff, 0xc3, 0x28, 0x00, 0x26])]))]),
  }));
  // A valid form but for a NUL in every free-text field (with a valid CV for the career form):
  // where a text field lacks the control-character rule, the NUL reaches the database.
  bodies.push(() => {
    // The file first: the career form reads 20 text fields at most, its own among the first.
    const multipart = new FormData();
    multipart.append("cv", new File([new Uint8Array(samplePdf())], "cv.pdf", { type: "application/pdf" }));
    if (intent !== null) multipart.append("intent", intent);
    for (const [name, value] of Object.entries(VALID)) multipart.append(name, TEXT_FIELDS.has(name) ? `${value}\u0000${value}` : value);
    return { body: multipart };
  });
  // Files where text goes.
  bodies.push(() => {
    const multipart = new FormData();
    if (intent !== null) multipart.append("intent", intent);
    for (const name of FIELDS) multipart.append(name, new File([new Uint8Array([0x00, 0xff, 0x41])], "x\u0000.pdf", { type: "application/pdf" }));
    return { body: multipart };
  });
  return bodies;
}

/** Bodies that are not the form a page expects, whatever its intents. */
const PAGE_ODDITIES: Array<() => Body> = ([
  form([]),
  form([["intent", "no-such-intent"]]),
  form([["intent", "__proto__"], ["__proto__", "x"], ["constructor", "x"], ["__intent__", '{"type":"x"}'], ["__state__", "{"]]),
  { body: null },
  { type: "text/plain", body: "intent=x" },
  { type: "application/json", body: '{"intent":"x"}' },
  { type: "multipart/form-data; boundary=x", body: "--x\r\nbroken" },
  { type: "multipart/form-data", body: "no boundary" },
] satisfies Body[]).map((body) => () => body);

/** The JSON battery: the body's shape, then every field at once with each kind of bad value. */
const JSON_BATTERY: Array<() => Body> = ([
  json({}),
  json([]),
  json(null),
  json('"text"'),
  json("1"),
  json("{"),
  json('{"a":1}garbage'),
  { type: "application/json", body: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]) },
  json('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"prototype":{"polluted":true}}'),
  json(`${"[".repeat(5_000)}${"]".repeat(5_000)}`),
  ...Object.values(BAD_VALUES).map((_, k, kinds) => json(Object.fromEntries([...FIELDS, "intent"].map((name, i) => [name, kinds[(i + k) % kinds.length]])))),
  form(FIELDS.map((name) => [name, "x"])),
  { type: "text/plain", body: "{}" },
  { body: null },
] satisfies Body[]).map((body) => () => body);

/** A form of an Atelier page as a browser would post it: its fields with the values the page filled in. */
interface ScrapedForm {
  action: string;
  multipart: boolean;
  /** Each field once, in order: name, value as shown, and the kind of input (its type, "select", "textarea"). */
  fields: Array<{ name: string; value: string; kind: string }>;
  /** The values of its `intent` buttons (none: the form posts without one). */
  intents: string[];
}

const unescape = (text: string) =>
  text.replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
const attribute = (attributes: string, name: string): string | null => {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(attributes) ?? new RegExp(`\\s${name}(?=[\\s/>]|$)`).exec(attributes);
  return match ? unescape(match[1] ?? "") : null;
};

/**
 * The post forms of a page's HTML (React's markup: quoted attributes, no nested forms), with
 * the values a browser would send: required fields left empty get a plausible value of their
 * kind, so that a request is valid but for the one value the battery changes.
 */
function scrapeForms(html: string, pageUrl: string): ScrapedForm[] {
  const forms: ScrapedForm[] = [];
  for (const [, attributes, inner] of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)) {
    if ((attribute(attributes, "method") ?? "get").toLowerCase() !== "post") continue;
    const action = new URL(attribute(attributes, "action") ?? pageUrl, `${ORIGIN}${pageUrl}`);
    const fields: ScrapedForm["fields"] = [];
    const intents: string[] = [];
    const seen = new Set<string>();
    const add = (name: string | null, value: string, kind: string, required: boolean) => {
      if (!name || seen.has(name)) return;
      seen.add(name);
      fields.push({ name, value: value === "" && required ? plausible(kind) : value, kind });
    };
    for (const match of inner.matchAll(/<(input|button)\b([^>]*)>|<(select|textarea)\b([^>]*)>([\s\S]*?)<\/\3>/g)) {
      const tag = match[1] ?? match[3];
      const name = match[2] ?? match[4];
      const rest = match[5] ?? "";
      const fieldName = attribute(name, "name");
      const required = attribute(name, "required") !== null;
      switch (tag) {
        case "button":
          if (fieldName === "intent" && attribute(name, "value")) intents.push(attribute(name, "value")!);
          break;
        case "input": {
          const type = attribute(name, "type") ?? "text";
          if (["submit", "button", "image", "reset"].includes(type)) {
            if (fieldName === "intent" && attribute(name, "value")) intents.push(attribute(name, "value")!);
            break;
          }
          if ((type === "checkbox" || type === "radio") && attribute(name, "checked") === null) {
            if (type === "radio" && required && fieldName && !seen.has(fieldName)) add(fieldName, attribute(name, "value") ?? "on", type, false);
            break;
          }
          if (fieldName === "intent") intents.push(attribute(name, "value") ?? "");
          else add(fieldName, type === "file" ? "" : (attribute(name, "value") ?? (type === "checkbox" ? "on" : "")), type, required);
          break;
        }
        case "select": {
          const options = [...rest.matchAll(/<option\b([^>]*)>/g)].map(([, option]) => ({ value: attribute(option, "value") ?? "", selected: attribute(option, "selected") !== null }));
          const chosen = options.find((option) => option.selected) ?? options.find((option) => option.value !== "") ?? options[0];
          add(fieldName, chosen?.value ?? "", "select", false);
          break;
        }
        case "textarea":
          add(fieldName, unescape(rest), "textarea", required);
          break;
      }
    }
    forms.push({ action: action.pathname + action.search, multipart: attribute(attributes, "enctype") === "multipart/form-data", fields, intents: [...new Set(intents)] });
  }
  return forms;
}

function plausible(kind: string): string {
  switch (kind) {
    case "number":
      return "1";
    case "date":
      return "2027-03-01";
    case "datetime-local":
      return "2027-03-01T10:00";
    case "time":
      return "10:00";
    case "email":
      return "fuzz@example.it";
    case "url":
      return "https://example.it/";
    case "color":
      return "#336699";
    case "file":
      return "";
    default:
      return "Fuzz";
  }
}

/** Atelier's battery, by kind of input: what each field gets, one value per request. */
const NUL = "a\u0000b";
const LONG = "x".repeat(10_000);
function attacksFor(kind: string): string[] {
  switch (kind) {
    case "number":
      return ["2147483648", "9223372036854775808", "-1", "NaN", "Infinity"];
    case "hidden":
      return [NUL, LONG, "2147483648", "9223372036854775808", "-1"];
    case "date":
    case "datetime-local":
    case "time":
    case "month":
      return ["0000-00-00", "99999-12-31", "0000-00-00T00:00", "99999-12-31T23:59"];
    case "select":
    case "radio":
      return [NUL, "2147483648", "-1"];
    case "checkbox":
      return [NUL];
    case "file":
      return [];
    default:
      return [NUL, LONG];
  }
}

/** A picture the photograph pipeline accepts (400 × 500), for the forms that take one: a valid upload reaches the database. */
const PICTURE = await sharp({ create: { width: 400, height: 500, channels: 3, background: "#b4785a" } }).jpeg().toBuffer();

// The apps of this file keep their images here (startApp reads the environment).
const MEDIA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "bottega-fuzz-media-"));
process.env.MEDIA_DIR = MEDIA_DIR;
afterAll(() => fs.rmSync(MEDIA_DIR, { recursive: true, force: true }));

/** A form's body: its fields with `change` applied, as its enctype says (files: the picture, or `file`). */
function formBody(form: ScrapedForm, intent: string | null, change: Record<string, string | string[]> = {}, file?: File): Body {
  const entries: Array<[string, string | File]> = [];
  if (intent !== null) entries.push(["intent", intent]);
  for (const field of form.fields) {
    const value = field.name in change ? change[field.name] : field.kind === "file" ? null : field.value;
    if (field.kind === "file") {
      if (form.multipart) entries.push([field.name, field.name in change ? new File([String(change[field.name])], "x\u0000.png", { type: "image/png" }) : (file ?? new File([new Uint8Array(PICTURE)], "fuzz.jpg", { type: "image/jpeg" }))]);
      continue;
    }
    for (const one of Array.isArray(value) ? value : [value ?? ""]) entries.push([field.name, one]);
  }
  if (!form.multipart) return form_(entries as Array<[string, string]>);
  const multipart = new FormData();
  for (const [name, value] of entries) multipart.append(name, value);
  return { body: multipart };
}
const form_ = (entries: Array<[string, string]>): Body => form(entries);

describeEachApp("fuzzing every action and /api call", (app) => {
  let sent = 0;
  const failures: string[] = [];

  afterAll(() => {
    console.info(`fuzz [${app().kind}]: ${sent} requests, ${failures.length} answered 5xx`);
  });

  async function signedInShopper(): Promise<{ shopper: HttpClient; orderId: number; ref: string }> {
    const shopper = app().client();
    const email = `fuzz-${Date.now()}@example.com`;
    const registered = await shopper.fetch("/api/auth/register", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: ORIGIN },
      body: JSON.stringify({ firstName: "Chiara", lastName: "Verdi", email, password: PASSWORD, confirmPassword: PASSWORD, birthDay: "12", birthMonth: "6", birthYear: "1991", interests: "woman", privacy: true }),
    });
    expect(registered.status).toBe(200);
    const { id: userId } = await app().db.selectFrom("users").select("id").where("email_key", "=", email).executeTakeFirstOrThrow();
    const variants = await app().db.selectFrom("variants").select("sku").where("stock", ">=", 5).orderBy("id").limit(2).execute();
    const provider = createSandboxProvider({ secret: app().env.SESSION_SECRET, publicUrl: ORIGIN });
    const { orderId } = await paidOrder(app().db, provider, { lines: [{ sku: variants[0].sku, quantity: 1 }], userId, email });
    const payment = await app().db.selectFrom("payments").select("provider_ref").where("order_id", "=", orderId).executeTakeFirst();
    // A bag with a line, and the checkout's steps under way, so that its actions go past "empty bag".
    expect((await shopper.postForm("/cart.data", { intent: "add", sku: variants[1].sku, quantity: "1" })).status).toBeLessThan(400);
    return { shopper, orderId, ref: payment?.provider_ref ?? "no-such-ref" };
  }

  /**
   * A pattern's concrete paths: its parameters filled with values that name something (the demo
   * data's product, the shopper's order, each operation) and with forged ones.
   */
  function pathsOf(pattern: string, values: { product: string; orderId: number; ref: string }): { real: string[]; forged: string[] } {
    const fills: Record<string, [real: string[], forged: string[]]> = {
      ":operation": pattern.startsWith("api/auth")
        ? [["login", "register", "lost-password", "reset", "logout", "socialLogin", "autoLogin"], ["nope"]]
        : [["add", "edit", "remove", "addDiscount", "removeDiscount", "reorder"], ["nope"]],
      ":id": [[String(values.orderId), "last"], ["-1", "99999999999999999999"]],
      ":orderId": [[String(values.orderId)], ["abc"]],
      ":provider": [["sandbox", "stripe"], ["nope"]],
      ":ref": [[values.ref], ["nope"]],
      "*": pattern.startsWith("products") ? [[values.product], ["nope"]] : [["no-such-page"], []],
    };
    let real = [pattern];
    let forged: string[] = [];
    for (const [param, [good, bad]] of Object.entries(fills)) {
      if (!pattern.includes(param)) continue;
      forged = [...forged.flatMap((path) => [...good, ...bad].map((value) => path.replace(param, value))), ...real.flatMap((path) => bad.map((value) => path.replace(param, value)))];
      real = real.flatMap((path) => good.map((value) => path.replace(param, value)));
    }
    const concrete = (path: string) => `/${path}`.replace(/\/$/, "") || "/";
    return { real: real.map(concrete), forged: forged.map(concrete) };
  }

  /**
   * Sends one request as `who`, from an address of its own: the rate limits (logins, applications,
   * sign-ups) would otherwise answer 429 after a few requests, before the input reaches the rules.
   */
  async function send(who: HttpClient, path: string, { type, body }: Body) {
    const client = app().client();
    for (const [name, value] of who.cookies) client.cookies.set(name, value);
    const headers: Record<string, string> = { Origin: ORIGIN };
    if (type) headers["Content-Type"] = type;
    sent++;
    let status: number;
    try {
      const response = await client.fetch(path, { method: "POST", headers, body: body as BodyInit | null });
      status = response.status;
      await response.arrayBuffer();
    } catch (error) {
      failures.push(`${path} ${type ?? "(no type)"}: threw ${String(error)}`);
      return;
    }
    if (status >= 500) failures.push(`${path} ${type ?? "(no type)"} ${typeof body === "string" ? body.slice(0, 80) : ""}: ${status}`);
  }

  /** Sends the requests a few at a time (the database serialises writes anyway). */
  async function sendAll(requests: Array<[HttpClient, string, () => Body]>) {
    let next = 0;
    const worker = async () => {
      while (next < requests.length) {
        const [client, path, body] = requests[next++];
        await send(client, path, body());
      }
    };
    await Promise.all([worker(), worker(), worker()]);
  }

  it("answers every request below 500, as a visitor and as a signed-in shopper", async () => {
    const started = Date.now();
    const home = await (await app().client().get("/")).text();
    const product = /href="\/(products\/[^"?#]+)"/.exec(home)?.[1].replace(/^products\//, "") ?? "nope";
    const { shopper, orderId, ref } = await signedInShopper();
    const visitor = app().client();
    const patterns = fuzzedPatterns();
    expect(patterns.length).toBeGreaterThan(20);

    const requests: Array<[HttpClient, string, () => Body]> = [];
    for (const pattern of patterns) {
      const api = pattern.startsWith("api/");
      const intents = [null, ...(INTENTS[pattern] ?? [])];
      const { real, forged } = pathsOf(pattern, { product, orderId, ref });
      // The shopper stays signed in: a logout is the visitor's to send.
      const shopperMay = (path: string, intent: string | null) => !path.endsWith("/logout") && intent !== "logout";
      if (api) {
        // Each real path with the whole battery as the shopper and the first bodies as the visitor; forged paths the first bodies.
        for (const path of real) for (const body of JSON_BATTERY) if (shopperMay(path, null)) requests.push([shopper, path, body]);
        for (const path of [...real, ...forged]) for (const body of JSON_BATTERY.slice(0, 10)) requests.push([visitor, path, body]);
        for (const path of forged) for (const body of JSON_BATTERY.slice(0, 10)) if (shopperMay(path, null)) requests.push([shopper, path, body]);
        continue;
      }
      // Pages: the full battery at the single-fetch URL of the Italian page with real parameters:
      // the shopper with every intent, the visitor with half of it for the first (what a visitor's post meets).
      const data = (path: string) => (path === "/" ? "/_root.data" : `${path}.data`);
      for (const path of real) {
        for (const body of PAGE_ODDITIES) for (const client of [shopper, visitor]) requests.push([client, data(path), body]);
        for (const intent of intents) {
          for (const body of formBattery(intent)) if (shopperMay(path, intent)) requests.push([shopper, data(path), body]);
        }
        for (const body of formBattery(intents[1] ?? null).filter((_, i) => i % 2 === 0)) requests.push([visitor, data(path), body]);
        // The English page as a document (rendered with the action's answer): one request of each kind.
        const english = `/en${path === "/" ? "" : path}`;
        const last = intents.filter((intent) => shopperMay(path, intent)).at(-1) ?? null;
        const kinds = formBattery(last);
        for (const body of [PAGE_ODDITIES[1], kinds[0], kinds[3], kinds.at(-5)!, kinds.at(-2)!, kinds.at(-1)!]) requests.push([shopper, english, body]);
      }
      for (const path of forged) for (const body of PAGE_ODDITIES.slice(0, 3)) requests.push([shopper, data(path), body]);
    }
    console.info(`fuzz [${app().kind}]: ${requests.length} requests to send`);
    await sendAll(requests);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(failures).toEqual([]);
    console.info(`fuzz [${app().kind}]: ${patterns.length} routes in ${Date.now() - started} ms`);
  }, 240_000);
  /** Atelier's concrete paths for a pattern: its parameters filled with rows of the demo data, and forged ones. */
  async function atelierPathsOf(pattern: string, orderId: number): Promise<{ real: string[]; forged: string[] }> {
    const db = app().db;
    const first = async (table: "products" | "stores" | "categories" | "discount_codes" | "job_applications" | "users") =>
      String((await db.selectFrom(table).select("id").orderBy("id").limit(1).executeTakeFirst())?.id ?? 1);
    const byPrefix: Record<string, () => Promise<string>> = {
      "atelier/products/": () => first("products"),
      "atelier/stores/": () => first("stores"),
      "atelier/categories/": () => first("categories"),
      "atelier/discount-codes/": () => first("discount_codes"),
      "atelier/applications/": () => first("job_applications"),
      "atelier/customers/": () => first("users"),
      "atelier/orders/": async () => String(orderId),
    };
    const forgedIds = ["2147483648", "99999999999999999999", "-1"];
    // A new entry of one kind (the editor of each kind is fuzzed on an existing entry below).
    if (pattern === "atelier/content/new") return { real: ["/atelier/content/new?kind=inside"], forged: ["/atelier/content/new?kind=%00", "/atelier/content/new?kind=page"] };
    if (pattern === "atelier/content/:kind/:key") {
      const real: string[] = [];
      for (const kind of ["blog", "care", "inside", "page"] as const) {
        const row = await db.selectFrom("content").select("key").where("kind", "=", kind).orderBy("id").limit(1).executeTakeFirst();
        if (row) real.push(`/atelier/content/${kind}/${encodeURIComponent(row.key)}`);
      }
      return { real, forged: ["/atelier/content/blog/%00", "/atelier/content/inside/2147483648"] };
    }
    if (!pattern.includes(":id")) return { real: [`/${pattern}`], forged: [] };
    const prefix = Object.keys(byPrefix).find((start) => pattern.startsWith(start));
    const id = prefix ? await byPrefix[prefix]() : "1";
    return { real: [`/${pattern.replace(":id", id)}`], forged: forgedIds.map((forged) => `/${pattern.replace(":id", forged)}`) };
  }

  it("answers every Atelier action below 500, as its owner, each field of each form given every bad value", async () => {
    const started = Date.now();
    failures.length = 0;
    const { orderId } = await signedInShopper();
    const { client: owner } = await signInStaff(app(), { role: "owner" });
    // An application and a subscriber for the inbox pages.
    const applicant = { firstName: "Giulia", lastName: "Rossi", phone: "+39 333 123 4567", department: "atelier" as const, message: "Sarta.", privacy: true as const, locale: "it" as const };
    await submitJobApplication(app().db, { ...applicant, email: "fuzz.cv@example.it", cv: { fileName: "cv.pdf", mimeType: "application/pdf", bytes: samplePdf() } });
    const visitor = app().client();
    const patterns = atelierPatterns();
    expect(patterns.length).toBeGreaterThan(20);
    // Signing in and out are the owner's own session: the visitor fuzzes them.
    const ownSession = (path: string) => /^\/atelier\/(login|logout|setup|invite)/.test(path);
    const data = (path: string) => {
      const url = new URL(path, ORIGIN);
      return `${url.pathname.replace(/\/$/, "")}.data${url.search}`;
    };
    const requests: Array<[HttpClient, string, () => Body]> = [];
    // What ends a thing (deleting, ending, erasing) goes last, so that the rest meets it alive.
    const last: typeof requests = [];
    const destructive = (intent: string | null) => intent !== null && /delete|remove|erase|end|cancel|discard|disable|revoke|refund|role/i.test(intent);
    let forms = 0;
    for (const pattern of patterns) {
      const { real, forged } = await atelierPathsOf(pattern, orderId);
      for (const path of forged) for (const body of PAGE_ODDITIES.slice(0, 3)) requests.push([owner, data(path), body]);
      for (const path of real) {
        for (const body of PAGE_ODDITIES) requests.push([ownSession(path) ? visitor : owner, data(path), body]);
        if (ownSession(path)) {
          for (const body of formBattery(null)) requests.push([visitor, data(path), body]);
          continue;
        }
        const page = await owner.get(path);
        expect(page.status, `GET ${path}`).toBeLessThan(500);
        // A resource route (an export) has no page: the generic battery.
        if (page.status !== 200 || !page.headers.get("Content-Type")?.startsWith("text/html")) {
          for (const body of formBattery(null)) requests.push([owner, data(path), body]);
          continue;
        }
        const seen = new Set<string>();
        for (const scraped of scrapeForms(await page.text(), path)) {
          if (!scraped.action.startsWith("/atelier") || ownSession(scraped.action)) continue;
          for (const intent of scraped.intents.length ? scraped.intents : [null]) {
            const key = `${scraped.action} ${intent} ${scraped.fields.map((field) => field.name).join()}`;
            if (seen.has(key)) continue;
            seen.add(key);
            forms++;
            const queue = destructive(intent) ? last : requests;
            const target = data(scraped.action);
            // The form as the page filled it, then each field with each bad value of its kind, the rest as filled.
            queue.push([owner, target, () => formBody(scraped, intent)]);
            for (const field of scraped.fields) {
              for (const attack of attacksFor(field.kind)) queue.push([owner, target, () => formBody(scraped, intent, { [field.name]: attack })]);
              if (field.kind === "file") queue.push([owner, target, () => formBody(scraped, intent, { [field.name]: "\u0000not a picture" })]);
            }
            // Every field twice (an array where a value goes), every field at once with NUL, and the wrong content type.
            queue.push([owner, target, () => formBody(scraped, intent, Object.fromEntries(scraped.fields.map((field) => [field.name, [field.value, field.value]])))]);
            for (const attack of ["\u0000", "\u0001\u001b[31m\u007f\u0085"]) {
              queue.push([owner, target, () => formBody(scraped, intent, Object.fromEntries(scraped.fields.filter((field) => field.kind !== "file").map((field) => [field.name, `${field.value}${attack}`])))]);
            }
            queue.push([owner, target, () => ({ type: "application/json", body: JSON.stringify(Object.fromEntries(scraped.fields.map((field) => [field.name, [field.value]]))) })]);
            // The page rendered with the action's answer: once per form.
            queue.push([owner, scraped.action, () => formBody(scraped, intent, Object.fromEntries(scraped.fields.filter((field) => field.kind !== "file").map((field) => [field.name, NUL])))]);
          }
        }
      }
    }
    console.info(`fuzz atelier [${app().kind}]: ${forms} forms, ${requests.length + last.length} requests to send`);
    await sendAll(requests);
    // Still the owner's session: every request above reached Atelier's actions (what ends things,
    // the owner's own session or role among them, comes after).
    expect((await owner.get("/atelier")).status).toBe(200);
    await sendAll(last);
    expect(failures).toEqual([]);
    console.info(`fuzz atelier [${app().kind}]: ${patterns.length} routes in ${Date.now() - started} ms`);
  }, 240_000);
});

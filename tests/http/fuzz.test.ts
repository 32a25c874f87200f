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
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, expect, it } from "vitest";
import routes from "../../app/routes";
import { type HttpClient, ORIGIN, describeEachApp } from "../support/http";
import { paidOrder } from "../support/order-fixtures";
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
      if (entry.children) walk(entry.children);
      if (entry.path === undefined && !entry.index) continue;
      const path = entry.index ? "" : entry.path!;
      // The English twin of each page ("en/…") is the same module: fuzzed below from its Italian pattern.
      if (path === "en" || path.startsWith("en/")) continue;
      const source = fs.readFileSync(`${APP_DIR}${entry.file}`, "utf8");
      if (path.startsWith("api/") || /export (async )?function action|export const action/.test(source)) patterns.push(path);
    }
  };
  walk(routes as RouteEntry[]);
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
});

// A local stand-in for the part of Stripe's HTTP API the shop uses (Checkout Sessions and
// Refunds), on a loopback port in the test process, so that the Stripe adapter is exercised
// over real HTTP (form encoding, headers, status codes) without the network or a Stripe account.
// It is strict where Stripe is strict in ways the adapter could get wrong: the API key, unknown
// parameters, idempotency keys reused with other parameters, a session's expiry window (and
// stricter where the shop means to be: it always sends expires_at, so the fake requires it). Webhook events are signed as Stripe
// signs them (Stripe-Signature: t=…,v1=HMAC-SHA256 of "t.body").
import { createHmac, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { freeLowPort } from "./ports";

/** A form body decoded from Stripe's bracket notation (`a[b][0][c]=x`). */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

export interface StripeFakeRequest {
  method: string;
  /** Path and query, as requested. */
  path: string;
  /** Lower-case header names. */
  headers: Record<string, string>;
  idempotencyKey: string | null;
  body: FormObject;
}

export interface StripeFakeSession {
  id: string;
  object: "checkout.session";
  url: string;
  mode: "payment";
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  amount_total: number;
  currency: string;
  customer_email: string | null;
  client_reference_id: string | null;
  locale: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  payment_method_types: string[];
  success_url: string | null;
  cancel_url: string | null;
  created: number;
  expires_at: number;
  livemode: false;
  /** The line items as sent (Stripe serves them from a sub-resource; kept here for assertions). */
  line_items: FormValue;
}

export interface StripeFakeRefund {
  id: string;
  object: "refund";
  amount: number;
  currency: string;
  payment_intent: string;
  status: "succeeded";
  created: number;
}

export interface StripeEvent {
  id: string;
  object: "event";
  type: string;
  created: number;
  livemode: false;
  api_version: string;
  data: { object: Record<string, unknown> };
}

export interface StripeFake {
  /** The API base to give the adapter (http://127.0.0.1:PORT). */
  url: string;
  sessions: Map<string, StripeFakeSession>;
  refunds: StripeFakeRefund[];
  requests: StripeFakeRequest[];
  /** The shopper finishes the hosted page: paid, or (a delayed method) complete but unpaid. */
  completeSession(id: string, outcome: { paid: boolean }): StripeFakeSession;
  /** The session runs out (the shopper never paid). */
  expireSession(id: string): StripeFakeSession;
  /** The next request is answered with this error instead (an outage, a misconfigured proxy). */
  failNext(status: number, message?: string): void;
  /** An event as Stripe sends it, carrying a snapshot of the session. */
  sessionEvent(type: string, sessionId: string): StripeEvent;
  /** The body and headers of a webhook delivery of `event`, signed with the webhook secret (or `secret`). */
  signEvent(event: object, options?: { timestamp?: number; secret?: string }): { body: string; headers: Headers };
  close(): Promise<void>;
}

interface StoredResponse {
  fingerprint: string;
  status: number;
  body: unknown;
}

interface PaymentIntent {
  id: string;
  amount: number;
  refunded: number;
  currency: string;
  status: "succeeded" | "processing";
}

class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly extra: Record<string, string> = {},
  ) {
    super(message);
  }
  toJSON() {
    return { error: { type: this.type, message: this.message, ...this.extra } };
  }
}

const SESSION_PARAMS = new Set([
  "mode",
  "line_items",
  "payment_method_types",
  "customer_email",
  "success_url",
  "cancel_url",
  "client_reference_id",
  "metadata",
  "payment_intent_data",
  "locale",
  "expires_at",
]);
/** Stripe's window for a Checkout Session's expires_at, in seconds after its creation. */
const MIN_EXPIRY_SECONDS = 30 * 60;
const MAX_EXPIRY_SECONDS = 24 * 3600;
const PAYMENT_METHOD_TYPES = new Set(["card", "paypal", "sepa_debit", "bancontact", "ideal", "klarna"]);
const LOCALES = new Set(["auto", "it", "en", "de", "fr", "es"]);

const stripeId = (prefix: string) => `${prefix}_test_${randomBytes(18).toString("hex")}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Stripe's test mode adds a v0 signature made with another secret; receivers must ignore it. */
export function stripeSignatureHeader(body: string, secret: string, timestamp: number): string {
  const sign = (key: string) => createHmac("sha256", key).update(`${timestamp}.${body}`, "utf8").digest("hex");
  return `t=${timestamp},v1=${sign(secret)},v0=${sign(`${secret}-v0`)}`;
}

export async function startStripeFake({ secretKey, webhookSecret }: { secretKey: string; webhookSecret: string }): Promise<StripeFake> {
  const sessions = new Map<string, StripeFakeSession>();
  const intents = new Map<string, PaymentIntent>();
  const refunds: StripeFakeRefund[] = [];
  const requests: StripeFakeRequest[] = [];
  const idempotent = new Map<string, StoredResponse>();
  let failure: { status: number; message: string } | undefined;

  function handle(method: string, path: string, body: FormObject): { status: number; body: unknown } {
    const pathname = path.split("?")[0];
    if (method === "POST" && pathname === "/v1/checkout/sessions") return { status: 200, body: createSession(body) };
    const sessionPath = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(pathname);
    if (method === "GET" && sessionPath) {
      const session = sessions.get(decodeURIComponent(sessionPath[1]));
      if (!session) throw new StripeError(404, "invalid_request_error", `No such checkout.session: '${sessionPath[1]}'`, { code: "resource_missing" });
      return { status: 200, body: session };
    }
    const expirePath = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(pathname);
    if (method === "POST" && expirePath) return { status: 200, body: expireSessionByApi(decodeURIComponent(expirePath[1]), body) };
    if (method === "POST" && pathname === "/v1/refunds") return { status: 200, body: createRefund(body) };
    throw new StripeError(404, "invalid_request_error", `Unrecognized request URL (${method}: ${pathname}).`);
  }

  function createSession(form: FormObject): StripeFakeSession {
    for (const key of Object.keys(form)) {
      if (!SESSION_PARAMS.has(key)) throw new StripeError(400, "invalid_request_error", `Received unknown parameter: ${key}`, { param: key });
    }
    if (form.mode !== "payment") throw invalid("mode", "Only mode=payment is supported by this fake");
    const items = form.line_items;
    if (!Array.isArray(items) || items.length === 0) throw invalid("line_items", "Missing required param: line_items.");
    let amount = 0;
    let currency: string | undefined;
    items.forEach((item, i) => {
      const at = `line_items[${i}]`;
      const priceData = field(item, "price_data");
      const itemCurrency = field(priceData, "currency");
      const unitAmount = field(priceData, "unit_amount");
      const name = field(field(priceData, "product_data"), "name");
      const quantity = field(item, "quantity");
      if (typeof itemCurrency !== "string" || !/^[a-z]{3}$/.test(itemCurrency)) throw invalid(`${at}[price_data][currency]`, "Invalid currency");
      if (typeof unitAmount !== "string" || !/^\d+$/.test(unitAmount)) throw invalid(`${at}[price_data][unit_amount]`, "Invalid integer");
      if (typeof name !== "string" || name === "") throw invalid(`${at}[price_data][product_data][name]`, "Missing required param");
      if (typeof quantity !== "string" || !/^[1-9]\d*$/.test(quantity)) throw invalid(`${at}[quantity]`, "Invalid integer");
      if (currency && currency !== itemCurrency) throw invalid(`${at}[price_data][currency]`, "All line items must share one currency");
      currency = itemCurrency;
      amount += Number(unitAmount) * Number(quantity);
    });
    const methods = form.payment_method_types ?? [];
    if (!Array.isArray(methods) || methods.some((m) => typeof m !== "string" || !PAYMENT_METHOD_TYPES.has(m))) {
      throw invalid("payment_method_types", "Invalid payment_method_types");
    }
    if (typeof form.success_url !== "string") throw invalid("success_url", "Missing required param: success_url.");
    if (form.locale !== undefined && (typeof form.locale !== "string" || !LOCALES.has(form.locale))) throw invalid("locale", "Invalid locale");
    const intentData = form.payment_intent_data;
    if (intentData !== undefined && (!isForm(intentData) || Object.keys(intentData).some((k) => k !== "metadata"))) {
      throw invalid("payment_intent_data", "Only payment_intent_data[metadata] is supported by this fake");
    }
    const created = nowSeconds();
    const expiresAt = form.expires_at;
    if (typeof expiresAt !== "string" || !/^\d{1,12}$/.test(expiresAt)) throw invalid("expires_at", "Missing or invalid integer: expires_at.");
    if (Number(expiresAt) < created + MIN_EXPIRY_SECONDS || Number(expiresAt) > created + MAX_EXPIRY_SECONDS) {
      throw invalid("expires_at", "The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.");
    }
    const id = stripeId("cs");
    const session: StripeFakeSession = {
      id,
      object: "checkout.session",
      url: `https://checkout.stripe.test/c/pay/${id}`,
      mode: "payment",
      status: "open",
      payment_status: "unpaid",
      amount_total: amount,
      currency: currency ?? "eur",
      customer_email: optionalString(form, "customer_email"),
      client_reference_id: optionalString(form, "client_reference_id"),
      locale: optionalString(form, "locale"),
      metadata: stringRecord(form.metadata, "metadata"),
      payment_intent: null,
      payment_method_types: (methods as string[]).length ? (methods as string[]) : ["card"],
      success_url: form.success_url,
      cancel_url: optionalString(form, "cancel_url"),
      created,
      expires_at: Number(expiresAt),
      livemode: false,
      line_items: items,
    };
    sessions.set(id, session);
    return session;
  }

  /** POST /v1/checkout/sessions/{id}/expire: only an open session can be expired. */
  function expireSessionByApi(id: string, form: FormObject): StripeFakeSession {
    for (const key of Object.keys(form)) {
      if (key !== "expand") throw new StripeError(400, "invalid_request_error", `Received unknown parameter: ${key}`, { param: key });
    }
    const session = sessions.get(id);
    if (!session) throw new StripeError(404, "invalid_request_error", `No such checkout.session: '${id}'`, { code: "resource_missing" });
    if (session.status !== "open") {
      throw new StripeError(400, "invalid_request_error", `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of \`${session.status}\`.`);
    }
    session.status = "expired";
    return session;
  }

  function createRefund(form: FormObject): StripeFakeRefund {
    const intentId = form.payment_intent;
    if (typeof intentId !== "string") throw invalid("payment_intent", "Missing required param: payment_intent.");
    const intent = intents.get(intentId);
    if (!intent) throw new StripeError(400, "invalid_request_error", `No such payment_intent: '${intentId}'`, { code: "resource_missing", param: "payment_intent" });
    if (intent.status !== "succeeded") throw invalid("payment_intent", `This PaymentIntent (${intentId}) does not have a successful charge to refund.`);
    const remaining = intent.amount - intent.refunded;
    const requested = form.amount;
    if (requested !== undefined && (typeof requested !== "string" || !/^[1-9]\d*$/.test(requested))) throw invalid("amount", "Invalid positive integer");
    const amount = requested === undefined ? remaining : Number(requested);
    if (amount > remaining || remaining === 0) {
      throw new StripeError(400, "invalid_request_error", `Refund amount (${amount}) is greater than unrefunded amount on charge (${remaining})`, {
        code: "amount_too_large",
        param: "amount",
      });
    }
    intent.refunded += amount;
    const refund: StripeFakeRefund = {
      id: stripeId("re"),
      object: "refund",
      amount,
      currency: intent.currency,
      payment_intent: intentId,
      status: "succeeded",
      created: nowSeconds(),
    };
    refunds.push(refund);
    return refund;
  }

  function respond(res: http.ServerResponse, status: number, body: unknown, extraHeaders: Record<string, string> = {}) {
    res.writeHead(status, { "content-type": "application/json", "request-id": `req_${randomBytes(7).toString("hex")}`, ...extraHeaders });
    res.end(JSON.stringify(body));
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const method = req.method ?? "GET";
      const path = req.url ?? "/";
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) {
        if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
      }
      const idempotencyKey = headers["idempotency-key"] ?? null;
      let body: FormObject = {};
      try {
        if (raw) {
          if (!(headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded")) {
            throw invalid("", "Stripe takes form-encoded bodies (application/x-www-form-urlencoded)");
          }
          body = parseForm(raw);
        }
      } catch (error) {
        requests.push({ method, path, headers, idempotencyKey, body });
        return respond(res, 400, asStripeError(error).toJSON());
      }
      requests.push({ method, path, headers, idempotencyKey, body });

      if (failure) {
        const { status, message } = failure;
        failure = undefined;
        return respond(res, status, { error: { type: "api_error", message } });
      }
      const auth = headers.authorization;
      if (auth !== `Bearer ${secretKey}`) {
        const given = auth?.startsWith("Bearer ") ? auth.slice(7) : "";
        const message = given
          ? `Invalid API Key provided: ${given.slice(0, 8)}${"*".repeat(Math.max(0, given.length - 12))}${given.slice(-4)}`
          : "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth.";
        return respond(res, 401, { error: { type: "invalid_request_error", message } });
      }

      const fingerprint = `${method} ${path} ${raw}`;
      if (idempotencyKey !== null && method === "POST") {
        const stored = idempotent.get(idempotencyKey);
        if (stored && stored.fingerprint !== fingerprint) {
          return respond(res, 400, {
            error: {
              type: "idempotency_error",
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            },
          });
        }
        if (stored) return respond(res, stored.status, stored.body, { "idempotent-replayed": "true" });
      }
      let result: { status: number; body: unknown };
      try {
        result = handle(method, path, body);
      } catch (error) {
        const stripeError = asStripeError(error);
        result = { status: stripeError.status, body: stripeError.toJSON() };
      }
      if (idempotencyKey !== null && method === "POST") idempotent.set(idempotencyKey, { fingerprint, ...result });
      respond(res, result.status, result.body);
    });
  });
  const listenPort = await freeLowPort();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(listenPort, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  function openSession(id: string): StripeFakeSession {
    const session = sessions.get(id);
    if (!session) throw new Error(`stripe-fake: no session ${id}`);
    if (session.status !== "open") throw new Error(`stripe-fake: session ${id} is ${session.status}`);
    return session;
  }

  return {
    url: `http://127.0.0.1:${port}`,
    sessions,
    refunds,
    requests,
    completeSession(id, { paid }) {
      const session = openSession(id);
      const intent: PaymentIntent = { id: stripeId("pi"), amount: session.amount_total, refunded: 0, currency: session.currency, status: paid ? "succeeded" : "processing" };
      intents.set(intent.id, intent);
      session.status = "complete";
      session.payment_status = paid ? "paid" : "unpaid";
      session.payment_intent = intent.id;
      return session;
    },
    expireSession(id) {
      const session = openSession(id);
      session.status = "expired";
      return session;
    },
    failNext(status, message = "An unknown error occurred") {
      failure = { status, message };
    },
    sessionEvent(type, sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`stripe-fake: no session ${sessionId}`);
      return {
        id: `evt_${randomBytes(12).toString("hex")}`,
        object: "event",
        type,
        created: nowSeconds(),
        livemode: false,
        api_version: "2025-06-30.basil",
        data: { object: structuredClone(session) as unknown as Record<string, unknown> },
      };
    },
    signEvent(event, { timestamp = nowSeconds(), secret = webhookSecret } = {}) {
      // Stripe delivers events pretty-printed; the signature covers these exact bytes.
      const body = JSON.stringify(event, null, 2);
      const headers = new Headers({ "content-type": "application/json; charset=utf-8", "stripe-signature": stripeSignatureHeader(body, secret, timestamp) });
      return { body, headers };
    },
    close() {
      return new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}

function invalid(param: string, message: string) {
  return new StripeError(400, "invalid_request_error", message, param ? { param } : {});
}

function asStripeError(error: unknown): StripeError {
  if (error instanceof StripeError) return error;
  return new StripeError(500, "api_error", error instanceof Error ? error.message : String(error));
}

function isForm(value: FormValue | undefined): value is FormObject {
  return typeof value === "object" && !Array.isArray(value);
}

function field(value: FormValue | undefined, key: string): FormValue | undefined {
  return isForm(value) ? value[key] : undefined;
}

function optionalString(form: FormObject, key: string): string | null {
  const value = form[key];
  if (value === undefined) return null;
  if (typeof value !== "string") throw invalid(key, `Invalid string: ${key}`);
  return value;
}

function stringRecord(value: FormValue | undefined, param: string): Record<string, string> {
  if (value === undefined) return {};
  if (!isForm(value)) throw invalid(param, `Invalid hash: ${param}`);
  const record: Record<string, string> = {};
  for (const [key, item] of Object.entries(value)) {
    if (typeof item !== "string") throw invalid(`${param}[${key}]`, "Metadata values must be strings");
    record[key] = item;
  }
  return record;
}

/** Decodes `a[b][0][c]=x&a[b][0][d]=y` into nested objects, with numeric keys becoming arrays. */
export function parseForm(raw: string): FormObject {
  type Tree = { [key: string]: Tree | string };
  const root: Tree = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    if (!match) throw invalid(key, `Invalid parameter name: ${key}`);
    const path = [match[1], ...[...match[2].matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1])];
    let node = root;
    path.forEach((part, i) => {
      // `a[]=x` appends, as Stripe's decoder does.
      const name = part === "" ? String(Object.keys(node).length) : part;
      if (i === path.length - 1) {
        if (name in node) throw invalid(key, `Duplicate parameter: ${key}`);
        node[name] = value;
        return;
      }
      const next = node[name] ?? {};
      if (typeof next === "string") throw invalid(key, `Parameter ${key} conflicts with a scalar`);
      node[name] = next;
      node = next;
    });
  }
  const normalize = (tree: Tree | string): FormValue => {
    if (typeof tree === "string") return tree;
    const keys = Object.keys(tree);
    if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) {
      const indexes = keys.map(Number).sort((a, b) => a - b);
      if (indexes.some((n, i) => n !== i)) throw invalid(keys[0], "Array indexes must be contiguous from 0");
      return indexes.map((n) => normalize(tree[String(n)]));
    }
    return Object.fromEntries(keys.map((k) => [k, normalize(tree[k])]));
  };
  return Object.fromEntries(Object.keys(root).map((k) => [k, normalize(root[k])]));
}

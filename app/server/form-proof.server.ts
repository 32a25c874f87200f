// The proof that a form post comes from one of the shop's own pages when the client sends neither
// Origin nor Referer (docs/decisions/036-form-proof-without-origin.md). A text browser such as
// lynx sends no Origin ever, and no Referer from a page whose address has a query string (the
// product page with its colour and size, the register page with its redirectTo): the same-origin
// check (http-guards.server.ts) refused every such post. Such a client gets, with each page, a
// random cookie and, in every POST form of that page, a hidden field holding an HMAC of that
// cookie; a post without Origin and Referer passes only when the field matches the cookie.
//
// The field is put in by the HTTP half as the page goes out (injectFormProof), the one place
// every form of the storefront and of Atelier goes through: no component has to remember it.
// Browsers that speak Fetch Metadata (their requests carry Sec-Fetch-Mode) always send Origin on
// a POST: their pages carry no field, so the anonymous page cache keeps sharing them; a client
// that gets the field is never served nor stored by that cache (its page names its own cookie).
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { RequestHandler } from "express";

/** The hidden field's name: never one of a form's own (every other field name is a word). */
export const FORM_PROOF_FIELD = "_form_proof";
/** The cookie the field is derived from: random, one per client, HttpOnly, for the browser session. */
export const FORM_PROOF_COOKIE = "bottega_form";
const COOKIE_VALUE = /^[\w-]{43}$/;

export interface FormProofOptions {
  /** SESSION_SECRET: the HMAC's key is derived from it for this one purpose. */
  secret: string;
  /** Whether the shop is served over HTTPS (the cookie is then Secure). */
  secure: boolean;
}

/** What a request's page needs to carry the proof (res.locals.formProof). */
export interface PageFormProof {
  /** The hidden field's value. */
  proof: string;
  /** The Set-Cookie header to send with the page when the client has no cookie yet. */
  setCookie?: string;
}

export interface FormProof {
  /** Express middleware before the page cache: decides whether this request's page carries the proof. */
  pages: RequestHandler;
  /** True when the form body's field proves the post came from a page given to this client. */
  proves(cookieHeader: string | undefined, field: unknown): boolean;
}

/** The value of one cookie in a Cookie header (the first of a repeated name). */
function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

export function createFormProof({ secret, secure }: FormProofOptions): FormProof {
  const key = createHmac("sha256", secret).update("bottega:form-proof").digest();
  const proofOf = (cookie: string) => createHmac("sha256", key).update(cookie).digest("base64url");

  return {
    pages(req, res, next) {
      const held = cookieValue(req.headers.cookie, FORM_PROOF_COOKIE);
      if (held !== undefined && COOKIE_VALUE.test(held)) {
        // A client that holds the cookie gets the field on every page, whatever it sends.
        res.locals.formProof = { proof: proofOf(held) } satisfies PageFormProof;
      } else if ((req.method === "GET" || req.method === "HEAD") && needsFormProof(req)) {
        // Issued with a page the client asked for, never with the answer to a post (a mail
        // client's one-click unsubscribe gets no cookie).
        const cookie = randomBytes(32).toString("base64url");
        res.locals.formProof = {
          proof: proofOf(cookie),
          setCookie: `${FORM_PROOF_COOKIE}=${cookie}; Path=/; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`,
        } satisfies PageFormProof;
      }
      next();
    },
    proves(cookieHeader, field) {
      const cookie = cookieValue(cookieHeader, FORM_PROOF_COOKIE);
      if (typeof field !== "string" || cookie === undefined || !COOKIE_VALUE.test(cookie)) return false;
      const expected = Buffer.from(proofOf(cookie));
      const given = Buffer.from(field);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

/**
 * A client whose requests carry no Fetch Metadata (lynx, w3m, an old browser, a script): it may
 * post without Origin and, from some pages, without Referer. Every browser that sends
 * `Sec-Fetch-Mode` sends `Origin` on a POST. Only pages are concerned: not route data, the API or files.
 */
export function needsFormProof(req: { path: string; get(name: string): string | undefined }): boolean {
  const path = req.path;
  return req.get("Sec-Fetch-Mode") === undefined && !path.startsWith("/api/") && !/\.[^/]*$/.test(path);
}

/**
 * A page's answer with the proof in every POST form (and the cookie when it is new); any other
 * answer (route data, a redirect, a file) as it is.
 */
export function withFormProof(response: Response, { proof, setCookie }: PageFormProof): Response {
  if (!response.body || !(response.headers.get("Content-Type") ?? "").startsWith("text/html")) return response;
  const headers = new Headers(response.headers);
  headers.delete("Content-Length");
  if (setCookie) headers.append("Set-Cookie", setCookie);
  // A page made for this one client: no shared cache may keep it.
  headers.set("Cache-Control", "private, no-store");
  return new Response(injectFormProof(response.body, proof), { status: response.status, statusText: response.statusText, headers });
}

/** The hidden field, first thing in a form (React's hydration passes over hidden inputs it did not render). */
const fieldOf = (proof: string) => `<input type="hidden" name="${FORM_PROOF_FIELD}" value="${proof}"/>`;

/**
 * The document with the field after the start tag of every `<form method="post">`. The document
 * is React's: a `<` in text or in an attribute is escaped, so every `<` outside a script starts a
 * tag or a comment, and a tag ends at its first `>`. Scripts' text is passed over whole. Chunks
 * may split a tag: the unfinished tag waits for the next chunk.
 */
export function injectFormProof(body: ReadableStream<Uint8Array>, proof: string): ReadableStream<Uint8Array> {
  const field = fieldOf(proof);
  let pending = "";
  let inScript = false;
  const rewrite = (text: string, final: boolean): string => {
    let out = "";
    let at = 0;
    while (at < text.length) {
      if (inScript) {
        const end = text.indexOf("</script", at);
        if (end === -1) {
          // "</script" may be cut at the chunk's end: keep its possible start for the next one.
          const keep = final ? text.length : Math.max(at, text.length - 8);
          out += text.slice(at, keep);
          pending = text.slice(keep);
          return out;
        }
        out += text.slice(at, end);
        at = end;
        inScript = false;
        continue;
      }
      const open = text.indexOf("<", at);
      if (open === -1) {
        out += text.slice(at);
        return out;
      }
      out += text.slice(at, open);
      const close = text.indexOf(">", open);
      if (close === -1) {
        if (final) out += text.slice(open);
        else pending = text.slice(open);
        return out;
      }
      const tag = text.slice(open, close + 1);
      out += tag;
      if (/^<script\b/i.test(tag)) inScript = !tag.endsWith("/>");
      else if (/^<form\b/i.test(tag) && /\smethod=["']?post\b/i.test(tag)) out += field;
      at = close + 1;
    }
    return out;
  };
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        const text = pending + decoder.decode(chunk, { stream: true });
        pending = "";
        const out = rewrite(text, false);
        if (out) controller.enqueue(encoder.encode(out));
      },
      flush(controller) {
        const text = pending + decoder.decode();
        pending = "";
        const out = rewrite(text, true);
        if (out) controller.enqueue(encoder.encode(out));
      },
    }),
  );
}

/** The field's value in a form body the HTTP half read (a Buffer); the urlencoded body without it. */
export async function formProofField(body: unknown, contentType: string | undefined): Promise<{ field: unknown; rest?: Buffer }> {
  if (!Buffer.isBuffer(body)) return { field: undefined };
  const mediaType = contentType?.split(";")[0]!.trim().toLowerCase();
  if (mediaType === "application/x-www-form-urlencoded") {
    const params = new URLSearchParams(body.toString("utf8"));
    const field = params.get(FORM_PROOF_FIELD) ?? undefined;
    params.delete(FORM_PROOF_FIELD);
    // The actions never see the field: the body goes on without it.
    return { field, rest: Buffer.from(params.toString(), "utf8") };
  }
  if (mediaType === "multipart/form-data") {
    try {
      const form = await new globalThis.Response(new Uint8Array(body), { headers: { "Content-Type": contentType! } }).formData();
      return { field: form.get(FORM_PROOF_FIELD) ?? undefined };
    } catch {
      return { field: undefined };
    }
  }
  return { field: undefined };
}

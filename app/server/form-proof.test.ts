import { describe, expect, it } from "vitest";
import { FORM_PROOF_FIELD, createFormProof, formProofField, injectFormProof, needsFormProof, withFormProof } from "./form-proof.server";

const PROOF = "p".repeat(43);
const FIELD = `<input type="hidden" name="${FORM_PROOF_FIELD}" value="${PROOF}"/>`;

/** The document as a stream cut into the given pieces (a tag, a script or a character split anywhere). */
async function injected(pieces: string[]): Promise<string> {
  const encoder = new TextEncoder();
  const bytes = pieces.map((piece) => encoder.encode(piece));
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of bytes) controller.enqueue(chunk);
      controller.close();
    },
  });
  return new Response(injectFormProof(body, PROOF)).text();
}

/** Every way of cutting the text in two. */
const cuts = (text: string) => Array.from({ length: text.length + 1 }, (_, at) => [text.slice(0, at), text.slice(at)]);

describe("injectFormProof", () => {
  const page =
    '<html><body><form role="search" action="/search" method="get"><input name="q"/></form>' +
    '<script>if (a<b && "<form method=\\"post\\">") {}</script><p>Perché €</p>' +
    '<form class="x" action="/cart" method="post"><input type="hidden" name="intent" value="add"/></form>' +
    '<script type="application/ld+json">{"a":"\\u003cform method=post>"}</script>' +
    '<form method="dialog"></form><form action="/pages/cookies" method="post"><button>Ok</button></form></body></html>';
  const expected = page
    .replace('method="post"><input type="hidden" name="intent"', `method="post">${FIELD}<input type="hidden" name="intent"`)
    .replace('method="post"><button>', `method="post">${FIELD}<button>`);

  it("puts the field first in every POST form, not in GET or dialog forms nor in scripts' text", async () => {
    expect(await injected([page])).toBe(expected);
  });

  it("gives the same document however the stream is cut (tags, scripts and multi-byte characters split)", async () => {
    for (const pieces of cuts(page)) expect(await injected(pieces)).toBe(expected);
    expect(await injected([...page])).toBe(expected);
  });
});

describe("withFormProof", () => {
  it("rewrites a page, adds the cookie and no-store; leaves route data and redirects alone", async () => {
    const page = new Response('<form action="/x" method="post"></form>', { headers: { "Content-Type": "text/html; charset=utf-8", "Content-Length": "39" } });
    const answer = withFormProof(page, { proof: PROOF, setCookie: "bottega_form=abc; Path=/" });
    expect(await answer.text()).toBe(`<form action="/x" method="post">${FIELD}</form>`);
    expect(answer.headers.get("Content-Length")).toBeNull();
    expect(answer.headers.getSetCookie()).toEqual(["bottega_form=abc; Path=/"]);
    expect(answer.headers.get("Cache-Control")).toBe("private, no-store");

    const data = new Response('<form method="post">', { headers: { "Content-Type": "text/x-script" } });
    expect(withFormProof(data, { proof: PROOF })).toBe(data);
    const moved = new Response(null, { status: 303, headers: { Location: "/cart" } });
    expect(withFormProof(moved, { proof: PROOF, setCookie: "x=1" })).toBe(moved);
  });
});

describe("createFormProof", () => {
  const formProof = createFormProof({ secret: "s".repeat(32), secure: true });

  function page(headers: Record<string, string>, path = "/products/x") {
    const locals: Record<string, unknown> = {};
    const req = { method: headers.method ?? "GET", path, headers: { cookie: headers.Cookie }, get: (name: string) => headers[name] };
    formProof.pages(req as never, { locals } as never, () => {});
    return locals.formProof as { proof: string; setCookie?: string } | undefined;
  }

  it("gives a client without Fetch Metadata a cookie and the field derived from it; a browser that sends it nothing", () => {
    const first = page({});
    expect(first?.setCookie).toMatch(/^bottega_form=[\w-]{43}; Path=\/; HttpOnly; SameSite=Lax; Secure$/);
    const cookie = first!.setCookie!.split(";")[0]!;
    // The same cookie gives the same field on every later page, and no new cookie.
    expect(page({ Cookie: `consent=x; ${cookie}` })).toEqual({ proof: first!.proof });
    expect(page({ "Sec-Fetch-Mode": "navigate" })).toBeUndefined();
    // …unless it holds the cookie (a text browser's page then keeps its field).
    expect(page({ "Sec-Fetch-Mode": "navigate", Cookie: cookie })).toEqual({ proof: first!.proof });
    expect(page({}, "/api/settings")).toBeUndefined();
    expect(page({}, "/favicon.svg")).toBeUndefined();
    // A cookie comes with a page asked for, not with the answer to a post.
    expect(page({ method: "POST" })).toBeUndefined();
    expect(page({ method: "POST", Cookie: cookie })).toEqual({ proof: first!.proof });

    expect(formProof.proves(cookie, first!.proof)).toBe(true);
    expect(formProof.proves(`a=b; ${cookie}`, first!.proof)).toBe(true);
    expect(formProof.proves(cookie, first!.proof.slice(1))).toBe(false);
    expect(formProof.proves(cookie, undefined)).toBe(false);
    expect(formProof.proves(undefined, first!.proof)).toBe(false);
    expect(formProof.proves(page({})!.setCookie!.split(";")[0], first!.proof)).toBe(false);
    // Another secret, another field for the same cookie.
    expect(createFormProof({ secret: "t".repeat(32), secure: false }).proves(cookie, first!.proof)).toBe(false);
  });

  it("needsFormProof: pages only, and only without Sec-Fetch-Mode", () => {
    const req = (path: string, headers: Record<string, string> = {}) => ({ path, get: (name: string) => headers[name] });
    expect(needsFormProof(req("/products/x"))).toBe(true);
    expect(needsFormProof(req("/products/x", { "Sec-Fetch-Mode": "navigate" }))).toBe(false);
    expect(needsFormProof(req("/cart.data"))).toBe(false);
  });
});

describe("formProofField", () => {
  it("reads the field from a urlencoded body and hands the rest on without it; from multipart too", async () => {
    const body = Buffer.from(`intent=add&${FORM_PROOF_FIELD}=${PROOF}&sku=A+B`);
    const { field, rest } = await formProofField(body, "application/x-www-form-urlencoded; charset=utf-8");
    expect(field).toBe(PROOF);
    expect(Object.fromEntries(new URLSearchParams(rest!.toString()))).toEqual({ intent: "add", sku: "A B" });

    const form = new FormData();
    form.append(FORM_PROOF_FIELD, PROOF);
    const request = new Request("http://x/", { method: "POST", body: form });
    const multipart = Buffer.from(await request.arrayBuffer());
    expect((await formProofField(multipart, request.headers.get("Content-Type")!)).field).toBe(PROOF);
    expect((await formProofField(undefined, "application/x-www-form-urlencoded")).field).toBeUndefined();
  });
});

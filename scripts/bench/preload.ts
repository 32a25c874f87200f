// The JavaScript a page makes the browser download before it hydrates: every
// <link rel="modulepreload">, every <script src>, the imports of the inline module script
// (React Router's `import("/assets/entry.client-….js")` and route modules), and, to be safe,
// any chunk those files import statically without being preloaded. Chunks loaded with a dynamic
// import() from a JavaScript file (after hydration, e.g. the newsletter form's validation) are
// not preloaded and do not count: that is the point of splitting them off.
import { gzipSync } from "node:zlib";
import { httpGet } from "./http";

export type JsSource = "modulepreload" | "script src" | "inline module" | "static import";

export interface JsFile {
  path: string;
  /** How the page pulls the file in (the first way found). */
  source: JsSource;
  rawBytes: number;
  /** gzip level 9, as a CDN or a precompressed asset would be served. */
  gzipBytes: number;
}

export interface PreloadedJs {
  files: JsFile[];
  rawBytes: number;
  gzipBytes: number;
  /** Same-origin files reached only through a static import, not preloaded (a request waterfall). */
  notPreloaded: string[];
  /** Script URLs on another origin: listed, not counted. */
  external: string[];
}

const TAG = {
  link: /<link\b([^>]*)>/gi,
  script: /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi,
};
const JS_TYPES = new Set(["", "module", "text/javascript", "application/javascript"]);
const ATTRIBUTE = /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;
// import("x") with a literal argument.
const DYNAMIC_IMPORT = /\bimport\s*\(\s*["'`]([^"'`]+)["'`]\s*\)/g;
// import x from "x", import {a} from "x", import * as x from "x", import "x", export {a} from "x", export * from "x".
// (No "(" allowed before the quote, so import("x") is not matched here.)
const STATIC_IMPORT = /\b(?:import|export)\s*(?:[\w$*{}\s,]*?\bfrom\s*)?["']([^"'\n]+)["']/g;
// What a relative import of a built chunk looks like; guards against look-alikes inside strings.
const CHUNK_SPECIFIER = /^(?:\.{1,2}\/|\/)[\w./@~+-]+\.m?js(?:\?[\w=&.-]*)?$/;

function attributes(source: string): Map<string, string> {
  const result = new Map<string, string>();
  for (const match of source.matchAll(ATTRIBUTE)) {
    const value = match[2] ?? match[3] ?? match[4] ?? "";
    result.set(match[1].toLowerCase(), decodeEntities(value));
  }
  return result;
}

function decodeEntities(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** The script URLs the HTML itself makes the browser fetch before hydration, in document order. */
export function scriptUrlsInHtml(html: string): { url: string; source: JsSource }[] {
  const found: { url: string; source: JsSource }[] = [];
  for (const match of html.matchAll(TAG.link)) {
    const attrs = attributes(match[1]);
    const rel = (attrs.get("rel") ?? "").toLowerCase().split(/\s+/);
    const href = attrs.get("href");
    if (href && rel.includes("modulepreload")) found.push({ url: href, source: "modulepreload" });
  }
  for (const match of html.matchAll(TAG.script)) {
    const attrs = attributes(match[1]);
    const type = (attrs.get("type") ?? "").toLowerCase();
    if (!JS_TYPES.has(type) || attrs.has("nomodule")) continue; // JSON data blocks; legacy fallbacks
    const src = attrs.get("src");
    if (src) {
      found.push({ url: src, source: "script src" });
      continue;
    }
    if (type !== "module") continue;
    const body = match[2];
    for (const m of [...body.matchAll(STATIC_IMPORT), ...body.matchAll(DYNAMIC_IMPORT)]) {
      if (!/\s/.test(m[1])) found.push({ url: m[1], source: "inline module" });
    }
  }
  return found;
}

/** Relative static imports of a built chunk (bare specifiers cannot occur in browser code). */
function staticImportsOf(code: string): string[] {
  return [...code.matchAll(STATIC_IMPORT)].map((m) => m[1]).filter((s) => CHUNK_SPECIFIER.test(s));
}

/** Fetches every preloaded script of the page from the running server and sums their sizes. */
export async function measurePreloadedJs(pageUrl: string, html: string): Promise<PreloadedJs> {
  const origin = new URL(pageUrl).origin;
  const seen = new Map<string, JsFile>();
  const external: string[] = [];
  const queue = scriptUrlsInHtml(html).map((entry) => ({ ...entry, base: pageUrl }));

  while (queue.length) {
    const { url, source, base } = queue.shift()!;
    const absolute = new URL(url, base);
    if (absolute.origin !== origin) {
      if (!external.includes(absolute.href)) external.push(absolute.href);
      continue;
    }
    const key = absolute.pathname + absolute.search;
    if (seen.has(key)) continue;
    const response = await httpGet(absolute.href, { "Accept-Encoding": "identity" });
    if (response.status !== 200) throw new Error(`${key}, referenced by ${new URL(pageUrl).pathname}, answers ${response.status}`);
    const code = response.body;
    seen.set(key, { path: key, source, rawBytes: code.length, gzipBytes: gzipSync(code, { level: 9 }).length });
    for (const specifier of staticImportsOf(code.toString("utf8"))) {
      queue.push({ url: specifier, source: "static import", base: absolute.href });
    }
  }

  const files = [...seen.values()];
  return {
    files,
    rawBytes: files.reduce((sum, f) => sum + f.rawBytes, 0),
    gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0),
    notPreloaded: files.filter((f) => f.source === "static import").map((f) => f.path),
    external,
  };
}

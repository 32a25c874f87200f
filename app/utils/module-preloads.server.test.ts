import { describe, expect, it } from "vitest";
import { withoutModulePreloads } from "./module-preloads.server";

const DOCUMENT =
  '<!DOCTYPE html><html lang="it"><head><meta charSet="utf-8"/><title>Città è più</title>' +
  '<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="n1"/><link rel="stylesheet" href="/assets/app.css"/>' +
  '<link rel="modulepreload" href="/assets/jsx-runtime-B.js" nonce="n1"/></head><body><p>Perché così</p>' +
  '<link rel="modulepreload" href="/in-body.js"/><script type="module" async="">import("/assets/entry.client-A.js");</script></body></html>';

async function run(chunks: Buffer[]): Promise<{ text: string; ended: boolean }> {
  let ended = false;
  const stream = withoutModulePreloads(() => (ended = true));
  const out: Buffer[] = [];
  stream.on("data", (chunk: Buffer) => out.push(chunk));
  const done = new Promise((resolve) => stream.on("end", resolve));
  for (const chunk of chunks) stream.write(chunk);
  stream.end();
  await done;
  return { text: Buffer.concat(out).toString("utf8"), ended };
}

describe("withoutModulePreloads", () => {
  const expected = DOCUMENT.replace(/<link rel="modulepreload" href="\/assets[^>]*>/g, "");

  it("drops the head's module preloads and keeps everything else, the body untouched", async () => {
    const { text, ended } = await run([Buffer.from(DOCUMENT)]);
    expect(text).toBe(expected);
    expect(text).toContain('<link rel="stylesheet" href="/assets/app.css"/>');
    expect(text).toContain('<link rel="modulepreload" href="/in-body.js"/>');
    expect(ended).toBe(true);
  });

  it("gives the same bytes whatever the chunks, split inside a tag or a character", async () => {
    const bytes = Buffer.from(DOCUMENT);
    for (let size = 1; size < bytes.length; size += 7) {
      const chunks: Buffer[] = [];
      for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
      expect((await run(chunks)).text).toBe(expected);
    }
  });

  it("passes a document without a head through, preloads removed", async () => {
    expect((await run([Buffer.from('<link rel="modulepreload" href="/a.js"/><p>x</p>')])).text).toBe("<p>x</p>");
  });
});

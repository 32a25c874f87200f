import { Transform, type TransformCallback } from "node:stream";

const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g;
const HEAD_END = "</head>";

/**
 * The document stream without its `<link rel="modulepreload">` tags.
 *
 * React Router's `<Scripts>` preloads every module the page will hydrate with, and React hoists
 * those links into `<head>`, where they compete with the stylesheet and the font for a slow
 * phone's first round trips (≈ 125 KiB: 15 links). The module script at the foot of the page
 * imports the same modules, so the browser still fetches them all, only after the page has
 * painted. Measured in docs/decisions/025-first-paint-and-client-texts.md: the first paint on
 * slow 4G moves from 2.4 s to about 1 s; hydration comes one round trip later.
 *
 * Only the head is searched (it arrives whole in the first chunks); the body streams through.
 */
export function withoutModulePreloads(onEnd?: () => void): Transform {
  let head: Buffer[] = [];
  let inBody = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      if (inBody) return callback(null, chunk);
      head.push(chunk);
      const buffered = Buffer.concat(head);
      const end = buffered.indexOf(HEAD_END);
      if (end === -1) {
        head = [buffered];
        return callback();
      }
      // Cut at "</head>" (ASCII), so the decoded head never splits a character.
      inBody = true;
      head = [];
      const kept = buffered.subarray(0, end).toString("utf8").replace(MODULE_PRELOAD, "");
      callback(null, Buffer.concat([Buffer.from(kept, "utf8"), buffered.subarray(end)]));
    },
    flush(callback: TransformCallback) {
      onEnd?.();
      const rest = Buffer.concat(head);
      callback(null, rest.length ? Buffer.from(rest.toString("utf8").replace(MODULE_PRELOAD, ""), "utf8") : undefined);
    },
  });
}

import { Transform } from "node:stream";

// Reading a Shopify CSV (docs/decisions/024): bytes → records, a binary file refused from its
// first bytes, a big chunk handed on in small slices so that parsing never holds the event loop.

/** Line breaks in a record's raw text (CRLF, LF or CR), to number the rows as an editor does. */
export function lineBreaks(raw: string): number {
  let count = 0;
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c === 10) count++;
    else if (c === 13 && raw.charCodeAt(i + 1) !== 10) count++;
  }
  return count;
}

export class NotText extends Error {}

/** Refuses a binary file from its first bytes (a NUL byte in the first 64 KiB): it is no CSV. */
export function textGuard(): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (seen < 65_536 && chunk.subarray(0, 65_536 - seen).includes(0))
        return callback(new NotText());
      seen += chunk.length;
      callback(null, chunk);
    },
  });
}


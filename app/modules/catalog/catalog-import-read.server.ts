import { setImmediate as nextTurn } from "node:timers/promises";
import type { Readable } from "node:stream";
import { CsvError, parse } from "csv-parse";
import { type ImportFatal, type ImportLimits, MAX_RECORD_CHARS } from "./catalog-import-report";
import { type HeaderMap, type Row, readHeader, rowOf } from "./shopify-csv";

// The read stage (docs/decisions/024, 046): bytes → records → a product's rows (grouped by
// Handle), refusing a binary file from its first bytes and a file past the limits (bytes, rows;
// a product's rows past its cap are counted, not kept). The bytes are handed to the parser in
// small slices, one per turn of the event loop, so that reading a big file never holds it
// (issue 37): a 1 MiB chunk parsed at once takes tens of milliseconds.

/** A row of the file and its line (the first line of the record: a quoted cell may hold line breaks). */
export interface RowIn {
  line: number;
  row: Row;
}

/** A product's rows: the read stage's output, the check stage's input. */
export interface Group {
  handle: string;
  rows: RowIn[];
  /** Rows past the cap on a product's variants: counted, not kept (the product is refused). */
  overflow?: number;
}

/** Bytes parsed per turn of the event loop. */
const SLICE_BYTES = 16 * 1024;

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

/** The file cannot be read at all: the report's fatal. */
export class ReadFatal extends Error {
  constructor(readonly fatal: ImportFatal) {
    super(fatal.code);
  }
}

export type ReadEvent =
  | { kind: "header"; header: HeaderMap }
  /** A row without a Handle, or of a product whose rows ended earlier in the file. */
  | { kind: "stray"; line: number; handle: string }
  | { kind: "group"; group: Group };

export interface ReadProgress {
  /** Data rows read so far. */
  rows: number;
  /** Bytes of the file read so far. */
  bytes: number;
}

/**
 * A yielder: resolves at once while the caller has held the event loop for less than `budgetMs`,
 * else after a turn of it (setImmediate), so that timers, I/O and other requests run between.
 */
export function timeSlicer(budgetMs = 8): () => Promise<void> | undefined {
  let since = performance.now();
  return () => {
    if (performance.now() - since < budgetMs) return undefined;
    return nextTurn().then(() => {
      since = performance.now();
    });
  };
}

/**
 * The file's products, a group of consecutive rows sharing a Handle at a time, with the header
 * first. Throws ReadFatal for a file that cannot be read (binary, malformed, past the limits).
 * `progress` is kept current as the file is read.
 */
export async function* readCatalogueCsv(input: Readable, limits: ImportLimits, progress: ReadProgress = { rows: 0, bytes: 0 }): AsyncGenerator<ReadEvent> {
  const parser = parse({ bom: true, raw: true, info: true, relax_column_count: true, relax_quotes: false, max_record_size: MAX_RECORD_CHARS });
  let failure: unknown = null;
  // The bytes go to the parser a slice per turn; a NUL byte in the first 64 KiB means "not text".
  const feed = (async () => {
    try {
      for await (const part of input as AsyncIterable<Buffer | string>) {
        const chunk = typeof part === "string" ? Buffer.from(part) : part;
        if (progress.bytes < 65_536 && chunk.subarray(0, 65_536 - progress.bytes).includes(0)) throw new ReadFatal({ code: "notText" });
        for (let at = 0; at < chunk.length; at += SLICE_BYTES) {
          if (parser.destroyed) return;
          const slice = chunk.subarray(at, at + SLICE_BYTES);
          progress.bytes += slice.length;
          if (progress.bytes > limits.maxBytes) throw new ReadFatal({ code: "tooBig", max: String(Math.round(limits.maxBytes / 1024 / 1024)) });
          if (!parser.write(slice))
            await new Promise<void>((resolve) => {
              const done = () => {
                parser.off("drain", done);
                parser.off("close", done);
                resolve();
              };
              parser.on("drain", done);
              parser.on("close", done);
            });
          await nextTurn();
        }
      }
      parser.end();
    } catch (error) {
      failure = error;
      parser.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  })();

  let header: HeaderMap | null = null;
  let line = 1;
  let group: Group | null = null;
  const seen = new Set<string>();
  const cap = limits.maxVariantsPerProduct;
  try {
    for await (const { record, raw } of parser as AsyncIterable<{ record: string[]; raw: string }>) {
      const start = line;
      line += lineBreaks(raw);
      if (record.every((cell) => cell.trim() === "")) continue;
      if (!header) {
        const read = readHeader(record);
        if (!read.ok) throw new ReadFatal(read.problem);
        header = read.header;
        yield { kind: "header", header };
        continue;
      }
      progress.rows++;
      if (progress.rows > limits.maxRows) throw new ReadFatal({ code: "tooManyRows", max: String(limits.maxRows) });
      // Only the Handle is read from a row beyond a product's cap (the product is refused anyway).
      const handle = (header.index.handle === undefined ? "" : (record[header.index.handle] ?? "")).trim();
      if (group && handle === group.handle) {
        if (group.rows.length < cap + 1) group.rows.push({ line: start, row: rowOf(header, record) });
        else group.overflow = (group.overflow ?? 0) + 1;
        continue;
      }
      if (!handle || seen.has(handle)) {
        yield { kind: "stray", line: start, handle };
        continue;
      }
      if (group) yield { kind: "group", group };
      group = { handle, rows: [{ line: start, row: rowOf(header, record) }] };
      seen.add(handle);
    }
    if (failure) throw failure;
    if (group) yield { kind: "group", group };
  } catch (error) {
    const cause = failure ?? error;
    if (cause instanceof ReadFatal) throw cause;
    if (cause instanceof CsvError) throw new ReadFatal({ code: "malformed", line: (cause as CsvError & { lines?: number }).lines ?? line });
    throw cause;
  } finally {
    parser.destroy();
    input.destroy();
    await feed;
  }
}

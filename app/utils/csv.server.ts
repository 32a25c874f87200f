import { setCachePolicy } from "./cache-policy";

// One way to write CSV (orders, newsletter subscribers, invoices): RFC 4180 quoting (and any cell
// with a semicolon), CRLF line
// ends, a UTF-8 byte-order mark so spreadsheet programs read accents right, and cells that a
// spreadsheet would run as a formula (=, +, -, @, tab, CR at the start) prefixed with an
// apostrophe (OWASP's CSV injection advice). Rows are streamed: an export never holds a whole
// table in memory.

export type CsvCell = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_DECIMAL = /^-?\d{1,15}(\.\d{1,6})?$/;

/** One cell as CSV text. Numbers are written as they are (a negative amount stays a number). */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  // A decimal written as text (cents as "-12.50", a rate as "-3.5") is a number, not a formula.
  if (PLAIN_DECIMAL.test(value)) return value;
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  // A semicolon is quoted too: spreadsheets in an Italian locale split on it, and a cell after
  // one would start with whatever follows (a formula).
  return /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record, CRLF-terminated. */
export function csvLine(cells: readonly CsvCell[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

/**
 * A streamed CSV download: the header line, then every row the iterator yields (fetch them in
 * pages inside it). The file name is reduced to safe characters.
 */
export function csvResponse(fileName: string, header: readonly string[], rows: AsyncIterable<readonly CsvCell[]>, headers: HeadersInit = {}): Response {
  const encoder = new TextEncoder();
  const iterator = rows[Symbol.asyncIterator]();
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`\uFEFF${csvLine(header)}`));
    },
    async pull(controller) {
      try {
        const next = await iterator.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(csvLine(next.value)));
      } catch (error) {
        controller.error(error);
      }
    },
    async cancel() {
      await iterator.return?.();
    },
  });
  const safeName = fileName.replace(/[^A-Za-z0-9._-]+/g, "-");
  const response = new Response(stream, { headers });
  response.headers.set("Content-Type", "text/csv; charset=utf-8");
  response.headers.set("Content-Disposition", `attachment; filename="${safeName}"`);
  setCachePolicy(response.headers, "private");
  response.headers.set("X-Content-Type-Options", "nosniff");
  return response;
}

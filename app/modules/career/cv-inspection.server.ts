import { constants, inflateRawSync, inflateSync } from "node:zlib";

// What a CV really is, past its first bytes (decision 020): a PDF must have a PDF's structure and
// no active content, a DOCX must be a Word document by its [Content_Types].xml and carry no
// macros or embedded programs, a DOC no macros or embedded objects. Each check reads the file
// already in memory (at most 5 MiB) with node:zlib and nothing else.

/** "ok"; "type": the bytes are not what they claim to be; "content": they carry active content. */
export type CvInspection = "ok" | "type" | "content";

/** Decompressed bytes a check may produce in all: a zip bomb stops here, and is refused. */
const MAX_INFLATED_BYTES = 32 * 1024 * 1024;

// ----- PDF -----

/**
 * Names of PDF actions and parts that run or carry something: scripts, program launches,
 * attached or embedded files, rich media (Flash), XML forms (scripted), submissions and imports.
 */
const PDF_ACTIVE_NAMES = /\/(?:JavaScript|JS|Launch|EmbeddedFiles?|RichMedia|GoToE|ImportData|SubmitForm|XFA)(?=[\s/[\]<>(){}%]|$)/;

/**
 * A PDF: the `%PDF-1.x`/`%PDF-2.0` header, at least one indirect object, a `startxref` near the
 * end pointing at a cross-reference table or stream, a trailer (or an xref stream) naming the
 * document's /Root, and `%%EOF`. Then no active content, in the file's own text or inside its
 * compressed object streams (where a PDF 1.5+ keeps most dictionaries). An encrypted PDF cannot
 * be looked into: refused as content.
 */
export function inspectPdf(bytes: Uint8Array): CvInspection {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (!/^%PDF-(?:1\.[0-7]|2\.0)\s/.test(buffer.toString("latin1", 0, 9))) return "type";
  const tail = buffer.toString("latin1", Math.max(0, buffer.length - 1024));
  const end = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail);
  if (!end) return "type";
  const xrefAt = Number(end[1]);
  if (!Number.isSafeInteger(xrefAt) || xrefAt >= buffer.length) return "type";
  const atXref = buffer.toString("latin1", xrefAt, Math.min(buffer.length, xrefAt + 64)).trimStart();
  const xrefTable = atXref.startsWith("xref");
  if (!xrefTable && !/^\d+\s+\d+\s+obj\b[\s\S]*\/Type\s*\/XRef\b/.test(atXref + buffer.toString("latin1", xrefAt + 64, Math.min(buffer.length, xrefAt + 1024)))) {
    return "type";
  }
  const raw = buffer.toString("latin1");
  const text = decodeNames(raw);
  if (!OBJECT_HEADER.test(text) || !text.includes("endobj")) return "type";
  if (!/\/Root\s{1,16}\d{1,10}\s{1,16}\d{1,5}\s{1,16}R/.test(text) || (xrefTable && !text.includes("trailer"))) return "type";
  if (/\/Encrypt\b/.test(text)) return "content";
  if (PDF_ACTIVE_NAMES.test(text)) return "content";
  return objectStreamsAreClean(buffer, raw) ? "ok" : "content";
}

/**
 * An indirect object's header, `12 0 obj`. The counts are bounded: with `\d+\s+\d+` a long run of
 * digits costs quadratic time to reject (a 5 MiB file of digits, hours of the event loop).
 */
const OBJECT_HEADER = /\d{1,10}\s{1,16}\d{1,5}\s{1,16}obj\b/;

/** `/J#61vaScript` is `/JavaScript`: names read with their #xx escapes undone. */
function decodeNames(text: string): string {
  return text.replace(/\/[^\s/[\]<>(){}%]*#[0-9a-fA-F]{2}[^\s/[\]<>(){}%]*/g, (name) =>
    name.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
  );
}

/**
 * Inflates every object stream (`/Type /ObjStm`) and looks for active content in it. One that
 * cannot be read (another filter, a predictor, broken data, past the inflate budget) is not
 * clean. Streams are found in the raw bytes (a `#xx` name decoded before them would shift every
 * offset), one forward pass: each search resumes where the last one ended, so no input makes
 * the scan quadratic.
 */
function objectStreamsAreClean(buffer: Buffer, raw: string): boolean {
  let budget = MAX_INFLATED_BYTES;
  const headers = new RegExp(OBJECT_HEADER.source, "g");
  // Next occurrences at or after the current object, each moved only forward.
  const next = { endobj: -2, stream: -2, endstream: -2 };
  const find = (word: keyof typeof next, from: number) => {
    if (next[word] !== -1 && next[word] < from) next[word] = raw.indexOf(word, from);
    return next[word];
  };
  for (let match = headers.exec(raw); match; match = headers.exec(raw)) {
    const from = match.index + match[0].length;
    const endobj = find("endobj", from);
    if (endobj === -1) break;
    const streamAt = find("stream", from);
    if (streamAt === -1) break;
    if (streamAt > endobj) continue;
    const dictionary = decodeNames(raw.slice(from, streamAt));
    if (!/\/Type\s*\/ObjStm\b/.test(dictionary)) continue;
    if (/\/DecodeParms\b/.test(dictionary)) return false;
    const start = streamAt + 6 + (raw.startsWith("\r\n", streamAt + 6) ? 2 : raw[streamAt + 6] === "\n" ? 1 : 0);
    const stop = find("endstream", start);
    if (stop === -1) return false;
    const filters = /\/Filter\s*(\/\w+|\[[^\]]*\])/.exec(dictionary)?.[1].replace(/[[\]\s]/g, "");
    let content: Buffer;
    try {
      if (filters === "/FlateDecode") {
        content = inflateSync(buffer.subarray(start, stop), { finishFlush: constants.Z_SYNC_FLUSH, maxOutputLength: budget });
      } else if (filters === undefined) {
        content = buffer.subarray(start, stop);
      } else {
        return false;
      }
    } catch {
      return false;
    }
    budget -= content.length;
    if (budget <= 0 || PDF_ACTIVE_NAMES.test(decodeNames(content.toString("latin1")))) return false;
    // The stream's bytes hold no object headers of the file's own.
    headers.lastIndex = Math.max(headers.lastIndex, stop);
  }
  return true;
}

// ----- DOCX (Office Open XML) -----

const WORD_MAIN = "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml";

/**
 * Parts that are programs or hold them: macros, ActiveX controls, OLE objects, executables and
 * any other binary part, but the printer settings Word itself saves as a .bin (a DEVMODE record).
 */
const DOCX_PRINTER_SETTINGS = /^word\/printerSettings\/printerSettings\d+\.bin$/;
const DOCX_ACTIVE_PART = /(?:^|\/)(?:vbaProject|vbaData|oleObject[^/]*)$|(?:^|\/)activeX\/|\.(?:bin|exe|dll|com|scr|msi|bat|cmd|ps1|vbs|js|jar|docm|dotm|xlsm|pptm)$/i;
/** Content types that declare the same: macro-enabled documents, VBA projects, ActiveX, OLE objects, programs. */
const DOCX_ACTIVE_TYPE = /macroEnabled|vbaProject|vbaData|activeX|oleObject|x-msdownload|x-msdos-program|x-executable|java-archive|\/rtf\b/i;

interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localHeaderAt: number;
}

/**
 * A Word document: a ZIP whose central directory is readable, whose [Content_Types].xml
 * declares the WordprocessingML main document (an existing part), and which has no
 * macro-enabled type, VBA project, ActiveX control, OLE object or executable part.
 */
export function inspectDocx(bytes: Uint8Array): CvInspection {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const entries = zipEntries(buffer);
  if (!entries) return "type";
  const contentTypesEntry = entries.find((entry) => entry.name === "[Content_Types].xml");
  const contentTypes = contentTypesEntry && readZipEntry(buffer, contentTypesEntry, 1024 * 1024)?.toString("utf8");
  if (!contentTypes) return "type";
  // A macro-enabled document (.docm renamed) says so here, before it fails to be a plain one.
  if (DOCX_ACTIVE_TYPE.test(contentTypes)) return "content";
  const main = new RegExp(`<Override\\b[^>]*\\bPartName="/([^"]+)"[^>]*\\bContentType="${WORD_MAIN.replace(/[.+]/g, "\\$&")}"`).exec(contentTypes)
    ?? new RegExp(`<Override\\b[^>]*\\bContentType="${WORD_MAIN.replace(/[.+]/g, "\\$&")}"[^>]*\\bPartName="/([^"]+)"`).exec(contentTypes);
  if (!main || !entries.some((entry) => entry.name === main[1])) return "type";
  if (entries.some((entry) => DOCX_ACTIVE_PART.test(entry.name) && !DOCX_PRINTER_SETTINGS.test(entry.name))) return "content";
  return relationshipsAreClean(buffer, entries) ? "ok" : "content";
}

/**
 * What Word fetches or imports when the document opens is named in its relationship parts
 * (`*.rels`): an external target other than a hyperlink (a remote template with macros, an
 * `mhtml:` OLE link — "Follina") or an imported chunk (altChunk, which may be RTF with objects).
 * A relationship part that cannot be read, or past the inflate budget, is not clean.
 */
function relationshipsAreClean(buffer: Buffer, entries: ZipEntry[]): boolean {
  let budget = MAX_INFLATED_BYTES;
  for (const entry of entries) {
    if (!entry.name.endsWith(".rels")) continue;
    const part = readZipEntry(buffer, entry, Math.min(budget, 4 * 1024 * 1024));
    if (!part) return false;
    budget -= part.length;
    if (budget <= 0) return false;
    for (const [tag] of part.toString("utf8").matchAll(/<(?:\w+:)?Relationship\b[^>]*>/g)) {
      const type = /\bType\s*=\s*["']([^"']*)["']/.exec(tag)?.[1] ?? "";
      if (/\/aFChunk$/i.test(type)) return false;
      if (/\bTargetMode\s*=\s*["']External["']/i.test(tag) && !/\/hyperlink$/i.test(type)) return false;
    }
  }
  return true;
}

/**
 * The entries of a ZIP's central directory (the archive's own list, which is what Word reads),
 * or null when it cannot be read: no end record, entries outside the file, ZIP64.
 */
function zipEntries(buffer: Buffer): ZipEntry[] | null {
  const END = 0x06054b50;
  const searchFrom = Math.max(0, buffer.length - 22 - 0xffff);
  let endAt = -1;
  for (let at = buffer.length - 22; at >= searchFrom; at--) {
    if (buffer.readUInt32LE(at) === END) {
      endAt = at;
      break;
    }
  }
  if (endAt === -1) return null;
  const count = buffer.readUInt16LE(endAt + 10);
  const directoryAt = buffer.readUInt32LE(endAt + 16);
  if (count === 0xffff || directoryAt === 0xffffffff || directoryAt >= buffer.length) return null;
  const entries: ZipEntry[] = [];
  let at = directoryAt;
  for (let i = 0; i < count; i++) {
    if (at + 46 > buffer.length || buffer.readUInt32LE(at) !== 0x02014b50) return null;
    const nameLength = buffer.readUInt16LE(at + 28);
    const next = at + 46 + nameLength + buffer.readUInt16LE(at + 30) + buffer.readUInt16LE(at + 32);
    if (next > buffer.length) return null;
    entries.push({
      name: buffer.toString("utf8", at + 46, at + 46 + nameLength),
      method: buffer.readUInt16LE(at + 10),
      compressedSize: buffer.readUInt32LE(at + 20),
      size: buffer.readUInt32LE(at + 24),
      localHeaderAt: buffer.readUInt32LE(at + 42),
    });
    at = next;
  }
  return entries;
}

/** One entry's bytes (stored or deflated), or null when it cannot be read within `maxBytes`. */
function readZipEntry(buffer: Buffer, entry: ZipEntry, maxBytes: number): Buffer | null {
  const at = entry.localHeaderAt;
  if (at + 30 > buffer.length || buffer.readUInt32LE(at) !== 0x04034b50) return null;
  const dataAt = at + 30 + buffer.readUInt16LE(at + 26) + buffer.readUInt16LE(at + 28);
  if (dataAt + entry.compressedSize > buffer.length || entry.size > maxBytes) return null;
  const data = buffer.subarray(dataAt, dataAt + entry.compressedSize);
  try {
    if (entry.method === 0) return data;
    if (entry.method === 8) return inflateRawSync(data, { maxOutputLength: maxBytes });
  } catch {
    return null;
  }
  return null;
}

// ----- DOC (OLE2 compound file) -----

/** Storages and streams of a Word 97–2003 file that hold macros or an embedded file (the packager's). */
const DOC_ACTIVE_ENTRIES = ["Macros", "_VBA_PROJECT_CUR", "VBA", "\u0001Ole10Native"];
/**
 * An embedded object's storage inside ObjectPool ("_1234567890"): where the equation editor's
 * and other OLE servers' data live. Word writes an empty ObjectPool into most documents; only
 * what is in it counts.
 */
const DOC_EMBEDDED_OBJECT = /^_\d+$/;

/**
 * A Word 97–2003 document without macros or embedded objects: no directory entry named as the
 * storages that hold them. Like hasWordDocumentStream, every 128-byte slot after the header is
 * read as a possible entry, so nothing hides in a directory sector found by another route.
 */
export function inspectDoc(bytes: Uint8Array): CvInspection {
  if (bytes.length < 512) return "type";
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const shift = view.getUint16(0x1e, true);
  if (shift !== 9 && shift !== 12) return "type";
  for (let at = 1 << shift; at + 128 <= bytes.length; at += 128) {
    const nameBytes = view.getUint16(at + 64, true);
    const type = bytes[at + 66];
    if (nameBytes < 4 || nameBytes > 64 || nameBytes % 2 || (type !== 1 && type !== 2)) continue;
    let name = "";
    for (let i = 0; i < nameBytes / 2 - 1; i++) name += String.fromCharCode(view.getUint16(at + i * 2, true));
    if (DOC_ACTIVE_ENTRIES.includes(name) || (type === 1 && DOC_EMBEDDED_OBJECT.test(name))) return "content";
  }
  return "ok";
}

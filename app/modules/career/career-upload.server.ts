import { once } from "node:events";
import { fileTypeFromBuffer } from "file-type";
import { openMultipart } from "~/utils/multipart.server";
import { CV_FIELD, CV_MAX_BYTES } from "./career.fields";
import { inspectDoc, inspectDocx, inspectPdf } from "./cv-inspection.server";

// Reading the "work with us" form (a multipart POST) as a stream, and checking the CV from its
// bytes. Nothing here buffers an unbounded body: the CV stops at its limit, text fields at
// theirs, and the request itself at `bodyBytes`.

export interface UploadLimits {
  /**
   * The file's limit: the first byte past it stops the reading (the rest of the body is not read,
   * the file is marked truncated and the answer should close the connection): a too-large file is
   * refused once its limit is reached, not after the browser has sent all of it.
   */
  fileBytes: number;
  /** Each text field's limit (longer values are cut; the schema's max lengths are far below). */
  fieldBytes: number;
  /** How many text fields are read; more are ignored. */
  fields: number;
  /** The whole request: past this, reading stops (a body of many parts, or of text fields). */
  bodyBytes: number;
  /**
   * A file refused from its first bytes: when at most this much of the body is left (by its
   * Content-Length), it is still read, so that the fields after the file are kept; more, and
   * reading stops at once.
   */
  readAfterRefusal: number;
}

export const CAREER_UPLOAD_LIMITS: UploadLimits = {
  fileBytes: CV_MAX_BYTES,
  fieldBytes: 16 * 1024,
  fields: 20,
  bodyBytes: 32 * 1024 * 1024,
  readAfterRefusal: 256 * 1024,
};

export interface ReceivedFile {
  /** As the browser sent it (no path): data to sanitise, never a path. */
  fileName: string;
  /** At most the file limit. */
  bytes: Buffer;
  /** True when the file was larger than the limit (its bytes are then incomplete). */
  truncated: boolean;
}

export type ReadFormResult =
  | {
      status: "read";
      /** Text fields in the order sent; the first file of `fileField`, if any was chosen. */
      fields: Array<[string, string]>;
      file?: ReceivedFile;
      /**
       * Reading stopped before the body's end (it passed `bodyBytes`, or the file passed its
       * limit): the text fields after that point are missing, and the answer should close the
       * connection (the browser may still be sending).
       */
      bodyTruncated: boolean;
    }
  /**
   * The file's first bytes showed it is none of the accepted types. Unless `complete`, reading
   * stopped there: the text fields after the file are missing and the answer should close the
   * connection.
   */
  | { status: "refused"; fields: Array<[string, string]>; complete: boolean }
  /** Not a form body, a broken multipart body, or a client that went away mid-upload. */
  | { status: "malformed" };

/** How much of a file's start tells its type (what file-type reads at most for the types here). */
export const SNIFF_BYTES = 4100;

/**
 * Reads a form POST (multipart or urlencoded) from a Web Request's body stream with busboy.
 * Only `fileField` may carry a file; other files are discarded as they arrive. Once the file's
 * first SNIFF_BYTES (or all of a smaller one) are in, `sniff` judges them: false stops reading
 * the body at once (a wrong type is refused before megabytes of it arrive).
 */
export async function readForm(
  request: Request,
  {
    fileField = CV_FIELD,
    limits = CAREER_UPLOAD_LIMITS,
    sniff = mayBeCv,
  }: { fileField?: string; limits?: UploadLimits; sniff?: (head: Uint8Array) => Promise<boolean> } = {},
): Promise<ReadFormResult> {
  const form = openMultipart(request, { fileSize: limits.fileBytes, fieldSize: limits.fieldBytes, fields: limits.fields, files: 3, parts: limits.fields + 3 });
  if (!form) return { status: "malformed" };
  const { parser } = form;

  const fields: Array<[string, string]> = [];
  let file: ReceivedFile | undefined;
  const fileReads: Promise<unknown>[] = [];
  /** The sniff's verdict on the file's first bytes, awaited by the read loop below. */
  let verdict: Promise<boolean> | undefined;
  parser.on("field", (name: string, value: string) => fields.push([name, value]));
  parser.on("file", (name: string, stream: NodeJS.ReadableStream & { truncated?: boolean }, fileName: string) => {
    // A part that breaks off errors its stream as well as the parser: the parser's error is the
    // one answered, and an unheard one on the stream would take the process down.
    stream.on("error", () => undefined);
    if (name !== fileField || file) {
      stream.resume();
      return;
    }
    const received: ReceivedFile = { fileName: decodeFileName(fileName ?? ""), bytes: Buffer.alloc(0), truncated: false };
    file = received;
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (!verdict && size >= SNIFF_BYTES) verdict = judge(Buffer.concat(chunks).subarray(0, SNIFF_BYTES));
    });
    stream.on("limit", () => {
      received.truncated = true;
    });
    const read = once(stream, "end").then(() => {
      received.bytes = Buffer.concat(chunks);
      // A file smaller than the sniff's sample (an empty part is "no file", judged later).
      if (!verdict && size > 0) verdict = judge(received.bytes);
    });
    // Awaited below on success; a broken body is answered before, so never left unhandled.
    read.catch(() => undefined);
    fileReads.push(read);
  });
  const judge = (head: Uint8Array) => sniff(head).catch(() => false);

  let judged = false;
  let refused = false;
  const declaredLength = Number(request.headers.get("content-length") ?? Number.NaN);
  try {
    const stopped = await form.pump<ReadFormResult>({
      maxBytes: limits.bodyBytes,
      // Stop here: whatever the parser holds is kept, the file (if it was arriving) is too big.
      tooBig: () => {
        if (file) file.truncated = true;
        return { status: "read", fields, file: file ?? { fileName: "", bytes: Buffer.alloc(0), truncated: true }, bodyTruncated: true };
      },
      before: async (total) => {
        // The file passed its limit: too large whatever follows, so nothing more is read.
        if (file?.truncated) return { status: "read", fields, file, bodyTruncated: true };
        if (verdict && !judged) {
          judged = true;
          refused = !(await verdict);
          // Not a CV, and much more to come: the rest is not read (the answer closes the connection).
          if (refused && !(declaredLength - total <= limits.readAfterRefusal)) return { status: "refused", fields, complete: false };
        }
        return undefined;
      },
    });
    if (stopped) return stopped;
    await Promise.all(fileReads);
    if (refused || (verdict && !judged && !(await verdict))) return { status: "refused", fields, complete: true };
  } catch {
    return { status: "malformed" };
  }
  // No file chosen: the browser sends an empty part with an empty name.
  if (file && file.fileName === "" && file.bytes.length === 0) file = undefined;
  return { status: "read", fields, file, bodyTruncated: false };
}

/**
 * Browsers send the file name's UTF-8 bytes as they are; busboy hands them over as Latin-1
 * characters. Read them back as UTF-8 when they are valid UTF-8.
 */
function decodeFileName(raw: string): string {
  // eslint-disable-next-line no-control-regex -- "anything outside Latin-1" is the range from U+0000 up.
  if (!/[\u0080-\u00ff]/.test(raw) || /[^\u0000-\u00ff]/.test(raw)) return raw;
  const decoded = Buffer.from(raw, "latin1").toString("utf8");
  return decoded.includes("\uFFFD") ? raw : decoded;
}

export const CV_TYPES = {
  pdf: { mime: "application/pdf", ext: "pdf" },
  doc: { mime: "application/msword", ext: "doc" },
  docx: { mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", ext: "docx" },
} as const;

export type CvType = (typeof CV_TYPES)[keyof typeof CV_TYPES];

/**
 * What the bytes are, whatever the file is called: a PDF, a Word 97–2003 document (an OLE2
 * compound file with a WordDocument stream) or a Word document (an Office Open XML package
 * whose main part is a wordprocessing document, per its [Content_Types].xml). Anything else,
 * a bare ZIP, a spreadsheet or an executable included, is null.
 */
export async function detectCvType(bytes: Uint8Array): Promise<CvType | null> {
  let detected: Awaited<ReturnType<typeof fileTypeFromBuffer>>;
  try {
    detected = await fileTypeFromBuffer(bytes);
  } catch {
    return null;
  }
  switch (detected?.ext) {
    case "pdf":
      return CV_TYPES.pdf;
    case "docx":
      return CV_TYPES.docx;
    case "cfb":
      // file-type stops at "a compound file", which Excel, PowerPoint and Windows installers
      // (.msi) are too: only one with a WordDocument stream is a Word document.
      return hasWordDocumentStream(bytes) ? CV_TYPES.doc : null;
    default:
      return null;
  }
}

const WORD_STREAM = "WordDocument";

/**
 * Looks for the "WordDocument" stream among an OLE2 compound file's directory entries. Entries
 * are 128 bytes, aligned within the sectors after the header (512 or 4096 bytes): a UTF-16LE
 * name, its length in bytes (with the terminator) at +64, and the object type at +66 (2 = stream).
 */
export function hasWordDocumentStream(bytes: Uint8Array): boolean {
  if (bytes.length < 512) return false;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const shift = view.getUint16(0x1e, true);
  if (shift !== 9 && shift !== 12) return false;
  const nameBytes = (WORD_STREAM.length + 1) * 2;
  for (let at = 1 << shift; at + 128 <= bytes.length; at += 128) {
    if (view.getUint16(at + 64, true) !== nameBytes || bytes[at + 66] !== 2) continue;
    let same = true;
    for (let i = 0; i < WORD_STREAM.length && same; i++) same = view.getUint16(at + i * 2, true) === WORD_STREAM.charCodeAt(i);
    if (same) return true;
  }
  return false;
}

/**
 * The first bytes of one of the accepted types, by file-type: a PDF, a Word document, or, since
 * a DOCX's first bytes may show only a ZIP and a DOC's an OLE2 compound file, those two. The
 * whole file is judged by checkCv once it is in.
 */
export async function mayBeCv(head: Uint8Array): Promise<boolean> {
  const detected = await fileTypeFromBuffer(head);
  return ["pdf", "docx", "zip", "cfb"].includes(detected?.ext ?? "");
}

export type CvErrorKey = "career:validation.cvRequired" | "career:validation.cvTooLarge" | "career:validation.cvType" | "career:validation.cvContent";

export type CvCheck =
  | { ok: true; cv: { fileName: string; mimeType: string; bytes: Buffer } }
  | { ok: false; error: CvErrorKey };

const INSPECTIONS = { pdf: inspectPdf, doc: inspectDoc, docx: inspectDocx } as const;

/**
 * The CV's verdict: present, within the limit, a PDF, DOC or DOCX by its content and structure
 * (cv-inspection.server.ts), and without macros, scripts or embedded programs.
 */
export async function checkCv(file: ReceivedFile | undefined): Promise<CvCheck> {
  if (!file) return { ok: false, error: "career:validation.cvRequired" };
  if (file.truncated) return { ok: false, error: "career:validation.cvTooLarge" };
  const type = file.bytes.length ? await detectCvType(file.bytes) : null;
  const inspection = type ? INSPECTIONS[type.ext](file.bytes) : "type";
  if (!type || inspection === "type") return { ok: false, error: "career:validation.cvType" };
  if (inspection === "content") return { ok: false, error: "career:validation.cvContent" };
  return { ok: true, cv: { fileName: sanitizeFileName(file.fileName, type.ext), mimeType: type.mime, bytes: file.bytes } };
}

const MAX_NAME = 150;

/**
 * The applicant's file name as data for HR: no folders, no control or bidirectional-override
 * characters (which make "cv‮fdp.exe" look like a PDF), none of the characters file systems
 * refuse, at most 150 characters, and ending with the extension of what the content is.
 */
export function sanitizeFileName(raw: string, ext: string): string {
  const base = raw.split(/[\\/]/).pop() ?? "";
  let name = base
    .normalize("NFC")
    .replace(/[\p{Cc}\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff<>:"|?*]/gu, "")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^\.+/, "")
    .replace(/[. ]+$/, "");
  if (!name.toLowerCase().endsWith(`.${ext}`)) name = name ? `${name}.${ext}` : `cv.${ext}`;
  const chars = Array.from(name);
  if (chars.length > MAX_NAME) {
    const suffix = `.${ext}`;
    name = chars.slice(0, MAX_NAME - suffix.length).join("").trimEnd() + suffix;
  }
  return name;
}

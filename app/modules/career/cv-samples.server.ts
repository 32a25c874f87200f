import { crc32, deflateRawSync, deflateSync } from "node:zlib";

// Test support, imported by the tests only: small documents made in code (no binary files in
// the repository), what a CV may be and what it may pretend to be.

export interface PdfOptions {
  /** More indirect objects after the page's (dictionaries, or whole `<<…>>\nstream…endstream` bodies). */
  extraObjects?: string[];
  /** More trailer entries ("/Encrypt 9 0 R"). */
  trailer?: string;
  /** The cross-reference as a stream object (PDF 1.5+), not a table. */
  xrefStream?: boolean;
}

/** A one-page PDF with a line of text, complete enough for any reader. */
export function samplePdf(text = "Curriculum vitae", { extraObjects = [], trailer = "", xrefStream = false }: PdfOptions = {}): Buffer {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${text.length + 37} >>\nstream\nBT /F1 24 Tf 72 760 Td (${text}) Tj ET\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ...extraObjects,
  ];
  let body = "%PDF-1.5\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, "latin1"));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, "latin1");
  if (xrefStream) {
    // Type 1 entries (offset, generation 0), 1 + 4 + 1 bytes each, uncompressed for brevity.
    const rows = [Buffer.from([0, 0, 0, 0, 0, 0xff]), ...[...offsets, xref].map((o) => Buffer.from([1, o >>> 24, (o >>> 16) & 0xff, (o >>> 8) & 0xff, o & 0xff, 0]))];
    const data = Buffer.concat(rows).toString("latin1");
    const size = objects.length + 2;
    body += `${size - 1} 0 obj\n<< /Type /XRef /Size ${size} /W [1 4 1] /Root 1 0 R${trailer} /Length ${data.length} >>\nstream\n${data}\nendstream\nendobj\n`;
  } else {
    body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
    body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R${trailer} >>\n`;
  }
  body += `startxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

/** A compressed object stream (PDF 1.5+) holding one dictionary, as an extra object for samplePdf. */
export function objectStream(objectNumber: number, dictionary: string): string {
  const content = `${objectNumber} 0 ${dictionary}`;
  const compressed = deflateSync(Buffer.from(content, "latin1")).toString("latin1");
  return `<< /Type /ObjStm /N 1 /First ${String(objectNumber).length + 3} /Filter /FlateDecode /Length ${compressed.length} >>\nstream\n${compressed}\nendstream`;
}

/** A ZIP archive of stored (uncompressed) entries, or deflated ones as Word writes them. */
export function zipOf(entries: Record<string, string>, { deflate = false } = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const plain = Buffer.from(text, "utf8");
    const data = deflate ? deflateRawSync(plain) : plain;
    const fileName = Buffer.from(name, "utf8");
    const crc = crc32(plain);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(deflate ? 8 : 0, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(plain.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(deflate ? 8 : 0, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(plain.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const contentTypes = (main: string, part: string, extra = "") =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>${extra}<Override PartName="/${part}" ContentType="${main}"/></Types>`;

const rels = (part: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="${part}"/></Relationships>`;

export const WORD_MAIN_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml";

export interface DocxOptions {
  /** The main part's content type (a macro-enabled document's, say). */
  mainType?: string;
  /** More <Default>/<Override> declarations in [Content_Types].xml. */
  declarations?: string;
  /** More parts (name → content). */
  parts?: Record<string, string>;
  deflate?: boolean;
}

/** A minimal Word document (Office Open XML). */
export function sampleDocx({ mainType = WORD_MAIN_TYPE, declarations = "", parts = {}, deflate = false }: DocxOptions = {}): Buffer {
  return zipOf(
    {
      "[Content_Types].xml": contentTypes(mainType, "word/document.xml", declarations),
      "_rels/.rels": rels("word/document.xml"),
      "word/document.xml":
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Curriculum vitae</w:t></w:r></w:p></w:body></w:document>',
      ...parts,
    },
    { deflate },
  );
}

/** A minimal Excel workbook: a ZIP and an Office file, but not a Word document. */
export function sampleXlsx(): Buffer {
  return zipOf({
    "[Content_Types].xml": contentTypes("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml", "xl/workbook.xml"),
    "_rels/.rels": rels("xl/workbook.xml"),
    "xl/workbook.xml": '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"/>',
  });
}

/**
 * A minimal OLE2 compound file (the Word 97–2003 container, shared with Excel and .msi
 * installers): header, one FAT sector, one directory sector with the root and one stream.
 */
export function sampleCompoundFile(streamName: "WordDocument" | "Workbook", extraEntries: Array<[name: string, type: "storage" | "stream"]> = []): Buffer {
  const header = Buffer.alloc(512);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header, 0);
  header.writeUInt16LE(0x3e, 0x18);
  header.writeUInt16LE(3, 0x1a);
  header.writeUInt16LE(0xfffe, 0x1c);
  header.writeUInt16LE(9, 0x1e);
  header.writeUInt16LE(6, 0x20);
  header.writeUInt32LE(1, 0x2c);
  header.writeUInt32LE(1, 0x30);
  header.writeUInt32LE(4096, 0x38);
  header.writeUInt32LE(0xfffffffe, 0x3c);
  header.writeUInt32LE(0xfffffffe, 0x44);
  for (let i = 0; i < 109; i++) header.writeUInt32LE(i === 0 ? 0 : 0xffffffff, 0x4c + i * 4);
  const fat = Buffer.alloc(512, 0xff);
  fat.writeUInt32LE(0xfffffffd, 0);
  fat.writeUInt32LE(0xfffffffe, 4);
  const directory = Buffer.alloc(512);
  const entry = (index: number, name: string, type: number) => {
    const at = index * 128;
    directory.write(`${name}\0`, at, "utf16le");
    directory.writeUInt16LE((name.length + 1) * 2, at + 64);
    directory[at + 66] = type;
    directory.writeUInt32LE(0xffffffff, at + 68);
    directory.writeUInt32LE(0xffffffff, at + 72);
    directory.writeUInt32LE(type === 5 ? 1 : 0xffffffff, at + 76);
    directory.writeUInt32LE(0xfffffffe, at + 116);
  };
  entry(0, "Root Entry", 5);
  entry(1, streamName, 2);
  // A directory sector holds four entries: two more at most (enough for the tests).
  extraEntries.slice(0, 2).forEach(([name, type], i) => entry(2 + i, name, type === "storage" ? 1 : 2));
  return Buffer.concat([header, fat, directory]);
}

/** The start of a Linux executable (ELF) and of a Windows one (MZ/PE). */
export function sampleElf(): Buffer {
  const elf = Buffer.alloc(256);
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]).copy(elf, 0);
  return elf;
}

export function sampleExe(): Buffer {
  const exe = Buffer.alloc(256);
  exe.write("MZ", 0, "latin1");
  exe.writeUInt32LE(0x80, 0x3c);
  exe.write("PE\0\0", 0x80, "latin1");
  return exe;
}

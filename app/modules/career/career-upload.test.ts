import { describe, expect, it } from "vitest";
import { CV_MAX_BYTES } from "./career.fields";
import { CAREER_UPLOAD_LIMITS, checkCv, CV_TYPES, detectCvType, hasWordDocumentStream, readForm, sanitizeFileName, type UploadLimits } from "./career-upload.server";
import { sampleCompoundFile, sampleDocx, sampleElf, sampleExe, samplePdf, sampleXlsx, zipOf } from "./cv-samples.server";

const URL = "http://shop.example/pages/career";

/** A multipart POST as a browser sends it (undici encodes the FormData as a stream). */
function post(entries: Array<[string, string | File]>): Request {
  const body = new FormData();
  for (const [name, value] of entries) body.append(name, value);
  return new Request(URL, { method: "POST", body });
}

const file = (bytes: Uint8Array, name: string, type = "application/pdf") => new File([new Uint8Array(bytes)], name, { type });

describe("reading the form from the request stream", () => {
  it("reads the text fields in order and the CV with its name and bytes", async () => {
    const pdf = samplePdf();
    const result = await readForm(post([["firstName", "Giulia"], ["cv", file(pdf, "Curriculum Niccolò.pdf")], ["privacy", "on"]]));
    expect(result).toMatchObject({ status: "read", bodyTruncated: false, fields: [["firstName", "Giulia"], ["privacy", "on"]] });
    if (result.status !== "read") throw new Error("unreachable");
    expect(result.file?.fileName).toBe("Curriculum Niccolò.pdf");
    expect(result.file?.truncated).toBe(false);
    expect(Buffer.compare(result.file!.bytes, pdf)).toBe(0);
  });

  it("takes no file when none was chosen (the empty part a browser sends)", async () => {
    const result = await readForm(post([["firstName", "Giulia"], ["cv", new File([], "", { type: "application/octet-stream" })]]));
    expect(result).toMatchObject({ status: "read", fields: [["firstName", "Giulia"]] });
    expect(result.status === "read" && result.file).toBeUndefined();
  });

  it("stops reading at the file's limit: the file marked truncated, the fields before it kept, the rest of the body not pulled (issue 37, item 25)", async () => {
    // A valid PDF's start, then 20 MiB in 64 KiB chunks, counted as the reader pulls them.
    const boundary = "----bottega-test";
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="firstName"\r\n\r\nGiulia\r\n--${boundary}\r\nContent-Disposition: form-data; name="cv"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
    const chunk = new Uint8Array(64 * 1024).fill(0x20);
    const total = 20 * 1024 * 1024;
    let pulledBytes = 0;
    let chunks = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const piece = chunks++ === 0 ? Buffer.concat([Buffer.from(head), samplePdf()]) : chunk;
        pulledBytes += piece.length;
        controller.enqueue(piece);
        if (pulledBytes >= total) {
          controller.enqueue(new TextEncoder().encode(`\r\n--${boundary}\r\nContent-Disposition: form-data; name="message"\r\n\r\nafter the file\r\n--${boundary}--\r\n`));
          controller.close();
        }
      },
    });
    const request = new Request(URL, { method: "POST", body, headers: { "content-type": `multipart/form-data; boundary=${boundary}` }, duplex: "half" } as RequestInit);
    const result = await readForm(request);
    if (result.status !== "read") throw new Error(`unexpected ${result.status}`);
    expect(result.file?.truncated).toBe(true);
    expect(result.bodyTruncated).toBe(true);
    expect(result.fields).toEqual([["firstName", "Giulia"]]);
    // The 5 MB limit and what the stream queues ahead: not the 20 MiB on offer.
    expect(pulledBytes).toBeLessThan(CV_MAX_BYTES + 512 * 1024);
  });

  it("accepts a file of exactly the limit", async () => {
    const exact = Buffer.concat([samplePdf(), Buffer.alloc(CV_MAX_BYTES - samplePdf().length, 0x20)]);
    const result = await readForm(post([["cv", file(exact, "cv.pdf")]]));
    expect(result.status === "read" && result.file?.truncated).toBe(false);
    expect(result.status === "read" && result.file?.bytes.length).toBe(CV_MAX_BYTES);
  });

  it("stops reading the body past the request limit, without pulling the rest", async () => {
    const limits: UploadLimits = { ...CAREER_UPLOAD_LIMITS, fileBytes: 1024, bodyBytes: 16 * 1024 };
    const boundary = "----bottega-test";
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="firstName"\r\n\r\nGiulia\r\n--${boundary}\r\nContent-Disposition: form-data; name="cv"; filename="huge.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(pulled === 1 ? new TextEncoder().encode(head) : new Uint8Array(1024).fill(0x41));
        if (pulled > 1000) controller.close();
      },
    });
    const request = new Request(URL, { method: "POST", body, headers: { "content-type": `multipart/form-data; boundary=${boundary}` }, duplex: "half" } as RequestInit);
    // Its first bytes pass (what follows them is the point here).
    const result = await readForm(request, { limits, sniff: async () => true });
    expect(result).toMatchObject({ status: "read", bodyTruncated: true, fields: [["firstName", "Giulia"]] });
    expect(result.status === "read" && result.file?.truncated).toBe(true);
    // 16 KiB in 1 KiB chunks, plus what the stream queues ahead: nowhere near the 1000 on offer.
    expect(pulled).toBeLessThan(40);
  });

  it("refuses a file from its first bytes: a small body is still read for the fields after it", async () => {
    const small = await readForm(post([["firstName", "Giulia"], ["cv", file(sampleElf(), "cv.pdf")], ["privacy", "on"]]));
    expect(small).toEqual({ status: "refused", complete: true, fields: [["firstName", "Giulia"], ["privacy", "on"]] });
  });

  it("refuses a file from its first bytes: a large body is not read further", async () => {
    const boundary = "----bottega-test";
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="firstName"\r\n\r\nGiulia\r\n--${boundary}\r\nContent-Disposition: form-data; name="cv"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(pulled === 1 ? new TextEncoder().encode(head) : pulled === 2 ? new Uint8Array(sampleElf()) : new Uint8Array(64 * 1024));
        if (pulled > 320) controller.close();
      },
    });
    const headers = { "content-type": `multipart/form-data; boundary=${boundary}`, "content-length": String(20 * 1024 * 1024) };
    const request = new Request(URL, { method: "POST", body, headers, duplex: "half" } as RequestInit);
    expect(await readForm(request)).toEqual({ status: "refused", complete: false, fields: [["firstName", "Giulia"]] });
    // The ELF's 256 bytes and one 64 KiB chunk complete the sniff's 4 100: a few pulls, not 320.
    expect(pulled).toBeLessThan(10);
  });

  it("cuts text fields at their limit and reads no more fields than allowed", async () => {
    const limits: UploadLimits = { ...CAREER_UPLOAD_LIMITS, fieldBytes: 10, fields: 2 };
    const result = await readForm(post([["message", "x".repeat(50)], ["a", "1"], ["b", "2"]]), { limits });
    expect(result).toMatchObject({ status: "read", fields: [["message", "x".repeat(10)], ["a", "1"]] });
  });

  it("keeps only the first CV and discards any other file", async () => {
    const result = await readForm(post([["other", file(sampleElf(), "x.bin")], ["cv", file(samplePdf(), "one.pdf")], ["cv", file(samplePdf(), "two.pdf")]]));
    expect(result.status === "read" && result.file?.fileName).toBe("one.pdf");
  });

  it("reads an urlencoded post too (no file)", async () => {
    const request = new Request(URL, { method: "POST", body: new URLSearchParams({ firstName: "Giulia" }) });
    expect(await readForm(request)).toMatchObject({ status: "read", fields: [["firstName", "Giulia"]], file: undefined });
  });

  it("answers malformed for a body that is not a form or breaks off", async () => {
    expect(await readForm(new Request(URL, { method: "POST", body: "{}", headers: { "content-type": "application/json" } }))).toEqual({ status: "malformed" });
    expect(await readForm(new Request(URL, { method: "POST" }))).toEqual({ status: "malformed" });
    const cut = `--b\r\nContent-Disposition: form-data; name="cv"; filename="a.pdf"\r\n\r\n%PDF-1.4 and then nothing`;
    const request = new Request(URL, { method: "POST", body: cut, headers: { "content-type": "multipart/form-data; boundary=b" } });
    expect(await readForm(request)).toEqual({ status: "malformed" });
  });

  it("survives a body that breaks off inside a file it discards", async () => {
    const cut = `--b\r\nContent-Disposition: form-data; name="other"; filename="x.bin"\r\n\r\nsome bytes and then nothing`;
    const request = new Request(URL, { method: "POST", body: cut, headers: { "content-type": "multipart/form-data; boundary=b" } });
    expect(await readForm(request)).toEqual({ status: "malformed" });
  });
});

describe("what the CV is, from its bytes", () => {
  it("recognises PDF, DOCX and DOC", async () => {
    expect(await detectCvType(samplePdf())).toEqual(CV_TYPES.pdf);
    expect(await detectCvType(sampleDocx())).toEqual(CV_TYPES.docx);
    expect(await detectCvType(sampleCompoundFile("WordDocument"))).toEqual(CV_TYPES.doc);
  });

  it("refuses executables, spreadsheets, bare archives, text and nothing", async () => {
    expect(await detectCvType(sampleElf())).toBeNull();
    expect(await detectCvType(sampleExe())).toBeNull();
    expect(await detectCvType(sampleXlsx())).toBeNull();
    expect(await detectCvType(sampleCompoundFile("Workbook"))).toBeNull();
    expect(await detectCvType(zipOf({ "word/document.xml": "<w:document/>" }))).toBeNull();
    expect(await detectCvType(zipOf({ "notes.txt": "hello" }))).toBeNull();
    expect(await detectCvType(Buffer.from("Curriculum vitae: Giulia Rossi"))).toBeNull();
    expect(await detectCvType(Buffer.alloc(0))).toBeNull();
  });

  it("finds the WordDocument stream only among directory entries", () => {
    expect(hasWordDocumentStream(sampleCompoundFile("WordDocument"))).toBe(true);
    expect(hasWordDocumentStream(sampleCompoundFile("Workbook"))).toBe(false);
    // The name written in the header sector, where no directory entry lives, does not count.
    const fake = sampleCompoundFile("Workbook");
    fake.write("WordDocument\0", 0x100, "utf16le");
    expect(hasWordDocumentStream(fake)).toBe(false);
    expect(hasWordDocumentStream(Buffer.alloc(100))).toBe(false);
  });
});

describe("the CV's verdict", () => {
  const received = (bytes: Buffer, fileName = "cv.pdf", truncated = false) => ({ bytes, fileName, truncated });

  it("requires a CV, within 5 MB, of an accepted type", async () => {
    expect(await checkCv(undefined)).toEqual({ ok: false, error: "career:validation.cvRequired" });
    expect(await checkCv(received(samplePdf(), "cv.pdf", true))).toEqual({ ok: false, error: "career:validation.cvTooLarge" });
    expect(await checkCv(received(sampleElf(), "cv.pdf"))).toEqual({ ok: false, error: "career:validation.cvType" });
    expect(await checkCv(received(Buffer.alloc(0), "cv.pdf"))).toEqual({ ok: false, error: "career:validation.cvType" });
  });

  it("keeps the bytes, the detected type and a safe name", async () => {
    const docx = sampleDocx();
    expect(await checkCv(received(docx, "CV Giulia.docx"))).toEqual({
      ok: true,
      cv: { fileName: "CV Giulia.docx", mimeType: CV_TYPES.docx.mime, bytes: docx },
    });
    // A PDF named like something else is stored under the name of what it is.
    const verdict = await checkCv(received(samplePdf(), "cv.exe"));
    expect(verdict.ok && verdict.cv).toMatchObject({ fileName: "cv.exe.pdf", mimeType: "application/pdf" });
  });
});

describe("the stored file name", () => {
  it("is a name, not a path, without control or direction-changing characters", () => {
    expect(sanitizeFileName("../../etc/passwd", "pdf")).toBe("passwd.pdf");
    expect(sanitizeFileName("C:\\Users\\giulia\\CV.pdf", "pdf")).toBe("CV.pdf");
    expect(sanitizeFileName("cv\u202Efdp.exe", "pdf")).toBe("cvfdp.exe.pdf");
    expect(sanitizeFileName("a\r\nb<>:\"|?*.PDF", "pdf")).toBe("ab.PDF");
    expect(sanitizeFileName("  ..hidden.pdf  ", "pdf")).toBe("hidden.pdf");
    expect(sanitizeFileName("", "docx")).toBe("cv.docx");
    expect(sanitizeFileName("...", "doc")).toBe("cv.doc");
  });

  it("is at most 150 characters and keeps its extension", () => {
    const long = sanitizeFileName(`${"è".repeat(300)}.pdf`, "pdf");
    expect(Array.from(long)).toHaveLength(150);
    expect(long.endsWith(".pdf")).toBe(true);
  });
});

import { once } from "node:events";
import { Busboy } from "@fastify/busboy";
import { DomainError, isDomainError } from "~/utils/domain-error";

// Reading the import page's upload (a multipart POST) as a stream: the file part goes straight
// to `stage` (which stores it a chunk at a time and refuses it past its limit or when it is not
// text); nothing here holds the file. When `stage` refuses the file before the body is over,
// reading stops at once and the answer should close the connection.

export type ImportUploadResult<T> =
  | { status: "staged"; value: T }
  | { status: "refused"; error: DomainError; complete: boolean }
  | { status: "missingFile" }
  | { status: "malformed" };

export async function receiveImportUpload<T>(request: Request, fileField: string, maxBytes: number, stage: (file: AsyncIterable<Uint8Array>, fileName: string) => Promise<T>): Promise<ImportUploadResult<T>> {
  const contentType = request.headers.get("content-type");
  if (!request.body || !contentType?.toLowerCase().startsWith("multipart/form-data")) return { status: "malformed" };
  let parser: InstanceType<typeof Busboy>;
  try {
    // One byte past the limit reaches `stage`, which refuses the file.
    parser = new Busboy({ headers: { "content-type": contentType }, limits: { fileSize: maxBytes + 1, fieldSize: 1024, fields: 10, files: 2, parts: 12 } });
  } catch {
    return { status: "malformed" };
  }
  let staging: Promise<T> | undefined;
  let failure: unknown;
  let failed: () => void = () => undefined;
  const stageFailed = new Promise<void>((resolve) => (failed = resolve));
  parser.on("file", (name: string, stream: NodeJS.ReadableStream, fileName: string) => {
    stream.on("error", () => undefined);
    if (name !== fileField || staging || !fileName) {
      stream.resume();
      return;
    }
    staging = stage(stream as AsyncIterable<Uint8Array>, fileName);
    staging.catch((error: unknown) => {
      failure = error;
      failed();
    });
  });
  parser.on("field", () => undefined);
  const finished = new Promise<void>((resolve, reject) => {
    parser.on("finish", resolve);
    parser.on("error", reject);
  });
  finished.catch(() => undefined);

  const reader = request.body.getReader();
  let total = 0;
  const stop = () => {
    reader.releaseLock();
    parser.destroy();
  };
  try {
    for (;;) {
      if (failure !== undefined) {
        stop();
        if (isDomainError(failure)) return { status: "refused", error: failure, complete: false };
        throw failure;
      }
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes + 1024 * 1024) {
        stop();
        return { status: "refused", error: new DomainError("IMPORT_FILE_TOO_BIG"), complete: false };
      }
      if (!parser.write(Buffer.from(value.buffer, value.byteOffset, value.byteLength))) {
        await Promise.race([once(parser, "drain"), finished, stageFailed]);
      }
    }
    parser.end();
    await Promise.race([finished, stageFailed]);
  } catch (error) {
    if (failure === undefined) return { status: "malformed" };
    if (!isDomainError(failure)) throw failure;
    void error;
  }
  if (!staging) return { status: "missingFile" };
  try {
    return { status: "staged", value: await staging };
  } catch (error) {
    if (isDomainError(error)) return { status: "refused", error, complete: true };
    throw error;
  }
}

import { DomainError, isDomainError } from "~/utils/domain-error";
import { openMultipart } from "~/utils/multipart.server";

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
  if (!request.headers.get("content-type")?.toLowerCase().startsWith("multipart/form-data")) return { status: "malformed" };
  // One byte past the limit reaches `stage`, which refuses the file.
  const form = openMultipart(request, { fileSize: maxBytes + 1, fieldSize: 1024, fields: 10, files: 2, parts: 12 });
  if (!form) return { status: "malformed" };
  let staging: Promise<T> | undefined;
  let failure: unknown;
  let failed: () => void = () => undefined;
  const stageFailed = new Promise<void>((resolve) => (failed = resolve));
  form.parser.on("file", (name: string, stream: NodeJS.ReadableStream, fileName: string) => {
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
  form.parser.on("field", () => undefined);

  try {
    const stopped = await form.pump<"stageFailed" | "tooBig">({
      maxBytes: maxBytes + 1024 * 1024,
      tooBig: () => "tooBig",
      before: () => (failure !== undefined ? "stageFailed" : undefined),
      alsoDone: stageFailed,
    });
    if (stopped === "tooBig") return { status: "refused", error: new DomainError("IMPORT_FILE_TOO_BIG"), complete: false };
    if (stopped === "stageFailed") {
      if (isDomainError(failure)) return { status: "refused", error: failure, complete: false };
      throw failure;
    }
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

import { once } from "node:events";
import { Busboy } from "@fastify/busboy";

// The streamed reading of a form POST, shared by the uploads (the CV of "work with us", the
// catalogue import's file): busboy fed from the Web Request's body a chunk at a time, with the
// body capped while it arrives and the parser's back-pressure respected. What each upload does
// with its file part stays with it; nothing here buffers the body.

export type MultipartLimits = NonNullable<ConstructorParameters<typeof Busboy>[0]["limits"]>;

export interface MultipartReader {
  parser: InstanceType<typeof Busboy>;
  /**
   * Streams the body into the parser. Before each read `before(total)` may answer, and past
   * `maxBytes` `tooBig()` answers: reading then stops at once (the body released, the parser
   * destroyed; the answer should close the connection). Undefined: the whole body was read and
   * parsed (or `alsoDone` settled first). A broken body or a client gone mid-upload throws.
   */
  pump<R>(options: { maxBytes: number; tooBig: () => R; before?: (total: number) => R | undefined | Promise<R | undefined>; alsoDone?: Promise<unknown> }): Promise<R | undefined>;
}

/** A reader of the request's form body, or null when it has none or busboy cannot read its type. */
export function openMultipart(request: Request, limits: MultipartLimits): MultipartReader | null {
  const contentType = request.headers.get("content-type");
  const body = request.body;
  if (!body || !contentType) return null;
  let parser: InstanceType<typeof Busboy>;
  try {
    parser = new Busboy({ headers: { "content-type": contentType }, limits });
  } catch {
    return null;
  }
  const finished = new Promise<void>((resolve, reject) => {
    parser.on("finish", resolve);
    parser.on("error", reject);
  });
  // Awaited by pump; a body that breaks before is answered there, so never left unhandled.
  finished.catch(() => undefined);

  return {
    parser,
    async pump({ maxBytes, tooBig, before, alsoDone }) {
      const reader = body.getReader();
      const stop = () => {
        reader.releaseLock();
        parser.destroy();
      };
      const waits = alsoDone ? [finished, alsoDone] : [finished];
      let total = 0;
      for (;;) {
        const early = await before?.(total);
        if (early !== undefined) {
          stop();
          return early;
        }
        const { done, value } = await reader.read();
        if (done) break;
        total += value.byteLength;
        if (total > maxBytes) {
          stop();
          return tooBig();
        }
        if (!parser.write(Buffer.from(value.buffer, value.byteOffset, value.byteLength))) {
          await Promise.race([once(parser, "drain"), ...waits]);
        }
      }
      parser.end();
      await Promise.race(waits);
      return undefined;
    },
  };
}

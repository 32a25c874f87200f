import http from "node:http";
import zlib from "node:zlib";

export interface HttpResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body after content decoding. */
  body: Buffer;
  /** The body as it came over the wire (compressed when the server compressed it). */
  wireBytes: number;
}

/** One plain GET with exact control over the request headers (fetch adds its own Accept-Encoding). */
export function httpGet(url: string, headers: Record<string, string> = {}, timeoutMs = 10_000): Promise<HttpResponse> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers, timeout: timeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("error", reject);
      res.on("end", () => {
        const wire = Buffer.concat(chunks);
        const encoding = String(res.headers["content-encoding"] ?? "identity").toLowerCase();
        let body: Buffer;
        try {
          if (encoding === "gzip" || encoding === "x-gzip") body = zlib.gunzipSync(wire);
          else if (encoding === "br") body = zlib.brotliDecompressSync(wire);
          else if (encoding === "deflate") body = zlib.inflateSync(wire);
          else if (encoding === "identity") body = wire;
          else throw new Error(`unsupported Content-Encoding ${encoding}`);
        } catch (error) {
          reject(new Error(`GET ${url}: cannot decode the body (${(error as Error).message})`));
          return;
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, wireBytes: wire.length });
      });
    });
    req.on("timeout", () => req.destroy(new Error(`GET ${url}: no answer within ${timeoutMs} ms`)));
    req.on("error", reject);
  });
}

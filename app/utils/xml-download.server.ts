import { cacheControl } from "~/utils/cache-policy";

/** An SDI file name as a download names it: letters, digits, "_", "." and "-"; anything else is dropped. */
export function sdiFileName(fileName: string): string {
  return fileName.replace(/[^A-Za-z0-9_.-]/g, "");
}

/**
 * A stored electronic document (an invoice, a credit note: docs/decisions/022) as it was issued,
 * byte for byte: always a download under its SDI file name, kept by no cache, never sniffed or
 * shown as a page.
 */
export function xmlDownload(file: { fileName: string; xml: string }): Response {
  return new Response(file.xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Content-Disposition": `attachment; filename="${sdiFileName(file.fileName)}"`,
      "X-Content-Type-Options": "nosniff",
      ...cacheControl("private"),
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}

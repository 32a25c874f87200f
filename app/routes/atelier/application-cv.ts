import type { Route } from "./+types/application-cv";
import { getAtelierContext } from "~/middleware/request-context.server";
import { applicationCv } from "~/modules/career/applications.service.server";
import { pageError } from "~/utils/form.server";
import { recordExport } from "./staff-context.server";
import { requireIdParam } from "~/utils/id-param";
import { cacheControl } from "~/utils/cache-policy";

// An application's CV, always as a download: the type its bytes show (file-type, never the name
// or the stored label), a name safe in the header (an ASCII one and the original in UTF-8),
// nosniff, and kept by no cache. The bytes live with the application (decision 008).
export async function loader({ context, params }: Route.LoaderArgs) {
  const { db, staff: viewer } = getAtelierContext(context);
  const id = requireIdParam(params.id);
  let cv: Awaited<ReturnType<typeof applicationCv>>;
  try {
    cv = await applicationCv(db, id);
  } catch (error) {
    pageError(error);
  }
  await recordExport(context, viewer, { action: "export.cv", entityType: "application", entityId: id, summary: cv.fileName.slice(0, 200) });
  return new Response(new Uint8Array(cv.bytes), {
    headers: {
      "Content-Type": cv.contentType,
      "Content-Length": String(cv.bytes.length),
      "Content-Disposition": `attachment; filename="${cv.asciiFileName}"; filename*=UTF-8''${rfc5987(cv.fileName)}`,
      "X-Content-Type-Options": "nosniff",
      ...cacheControl("private"),
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}

/** A header parameter's value in UTF-8 (RFC 8187): percent-encoded, the characters that delimit it too. */
function rfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

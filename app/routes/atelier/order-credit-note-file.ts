import type { Route } from "./+types/order-credit-note-file";
import { getAtelierContext } from "~/middleware/request-context.server";
import { creditNoteFile } from "~/modules/invoice/credit-note.service.server";
import { DomainError } from "~/utils/domain-error";
import { pageError } from "~/utils/form.server";
import { idParam } from "~/utils/id-param";
import { xmlDownload } from "~/utils/xml-download.server";

// /atelier/orders/:id/credit-notes/:noteId: a credit note (TD04) as it was issued, byte for byte,
// always as a download under its SDI file name, kept by no cache (as the invoice's file).
export async function loader({ context, params }: Route.LoaderArgs) {
  const { db } = getAtelierContext(context);
  let file: Awaited<ReturnType<typeof creditNoteFile>>;
  try {
    const orderId = idParam(params.id);
    const noteId = idParam(params.noteId);
    if (orderId === null || noteId === null) throw new DomainError("INVOICE_NOT_FOUND", "No such credit note id.");
    file = await creditNoteFile(db, orderId, noteId);
  } catch (error) {
    pageError(error);
  }
  return xmlDownload(file);
}

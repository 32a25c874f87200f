import { redirect } from "react-router";
import type { Route } from "./+types/catalog-export";
import { getAtelierContext } from "~/middleware/request-context.server";
import { EXPORT_HEADER, catalogueCsvRows, recordCatalogueExport } from "~/modules/catalog/catalog-export.service.server";
import { csvResponse } from "~/utils/csv.server";
import { atelierHref, staffActor } from "./staff-context.server";

// POST /atelier/catalog/export: the whole catalogue in Shopify's product CSV format, streamed a
// page of products at a time, as an attachment. A post, not a link: the export is recorded in
// the audit log (catalog.export), and a GET writes nothing (it leads to the import page).
export async function loader({ context }: Route.LoaderArgs) {
  getAtelierContext(context);
  throw redirect(atelierHref(context, "/atelier/catalog/import"));
}

export async function action({ context }: Route.ActionArgs) {
  const { db, env, staff: viewer } = getAtelierContext(context);
  const day = new Date().toISOString().slice(0, 10);
  const fileName = `bottega-catalogo-${day}.csv`;
  await recordCatalogueExport(db, staffActor(viewer), fileName);
  return csvResponse(fileName, EXPORT_HEADER, catalogueCsvRows(db, { publicUrl: env.PUBLIC_URL }));
}

import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { type ColourRow, type NewImportImage, insertColour, insertImportImage } from "./catalog-import.repository.server";

// The two places where the Shopify import hands over to other parts of Atelier (issue 24), each
// ONE function so that the merge can route it:
//
// - MERGE POINT (colours): a colour the file names that the shop does not have. Until the
//   variants service's `findOrCreateColor` (variant-admin.service.server.ts) is on main, the
//   import writes the colour itself (the colours and color_translations tables).
// - MERGE POINT (photographs): a photograph fetched from an `Image Src` URL. Until the photograph
//   pipeline's ingestion (app/modules/media/…, `ingestImage(db, bytes, …)`) is on main, the bytes
//   are STAGED in catalog_import_images (with their URL, position and alt texts): the storefront
//   does not show them yet. Routing this call to the pipeline (and keeping the URL beside the
//   photograph, so a second run does not fetch it again) is all the merge needs.

/** Creates a colour the import met (codes and names already decided by the import). */
export async function createImportedColour(trx: Kysely<Database>, colour: ColourRow): Promise<void> {
  await insertColour(trx, colour);
}

/** Stores a fetched, checked photograph of a product. */
export async function ingestImportedImage(trx: Kysely<Database>, image: NewImportImage): Promise<void> {
  await insertImportImage(trx, image);
}

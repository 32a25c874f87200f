import type { Kysely, Transaction } from "kysely";
import type { Database } from "~/db/schema";
import {
  type AuditActor,
  recordAudit,
} from "~/modules/audit/audit.service.server";
import {
  type PreparedImage,
  prepareImage,
} from "~/modules/media/media.service.server";
import {
  type PhotoPlacement,
  addPhotoIn,
} from "~/modules/media/product-photos.service.server";
import type { MediaStorage } from "~/modules/media/storage.server";
import { isDomainError } from "~/utils/domain-error";
import { findOrCreateColor } from "./variant-admin.service.server";

// Where the Shopify import hands over to other parts of Atelier (issue 24), each ONE function:
//
// - colours: a colour the file names that the shop does not have is made by the variants
//   service's findOrCreateColor (the one rule for a colour's code, names and swatch), with the
//   same `color.create` audit entry as Atelier's "new colour";
// - photographs: the fetched bytes go through the photograph pipeline: prepareImage (checked and
//   the original stored, before the batch's transaction), then, inside it, an asset with its job
//   and a product_photos row (addPhotoIn, as Atelier's upload), its source URL kept beside it so a
//   second run finds it instead of fetching it again. The import wakes the media workers after
//   its commit.

/** A colour the import met, found by name or created (its code may differ from the import's prediction). */
export async function createImportedColour(
  trx: Kysely<Database>,
  colour: { nameIt: string; nameEn: string; hex: string },
  actor: AuditActor,
  at: Date,
): Promise<{ code: string; created: boolean }> {
  const made = await findOrCreateColor(trx, {
    name: { it: colour.nameIt, en: colour.nameEn },
    hex: colour.hex,
  });
  if (made.created) {
    await recordAudit(trx, {
      actor,
      action: "color.create",
      entityType: "color",
      entityId: made.code,
      after: {
        name: { it: colour.nameIt, en: colour.nameEn },
        hex: colour.hex,
        source: "import",
      },
      summary: made.code,
      at,
    });
  }
  return made;
}

/** A fetched photograph checked by the pipeline's rule and its original stored; refused: the IMAGE_* code as the reason. */
export async function prepareImportedImage(
  storage: MediaStorage,
  bytes: Uint8Array,
): Promise<{ ok: true; image: PreparedImage } | { ok: false; reason: string }> {
  try {
    return { ok: true, image: await prepareImage(storage, bytes) };
  } catch (error) {
    if (isDomainError(error)) return { ok: false, reason: error.code };
    throw error;
  }
}

/** A prepared photograph as one of the product's photographs, in the batch's transaction. */
export async function ingestImportedImage(
  trx: Transaction<Database>,
  storage: MediaStorage,
  photo: PhotoPlacement,
): Promise<void> {
  await addPhotoIn(trx, storage, photo);
}

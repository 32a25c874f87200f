import type { Kysely, Transaction } from "kysely";
import type { ContentImageRole, Database, Locale } from "~/db/schema";
import { type AuditActor, recordAudit } from "~/modules/audit/audit.service.server";
import { type AssetFiles, deleteAsset, discardPreparedImage, ingestImage, prepareImage, imageOfState, removeAssetFiles, widthsOf } from "~/modules/media/media.service.server";
import type { ResponsiveImage } from "~/modules/media/drawn-image";
import { photoUrl } from "~/modules/media/media-urls";
import { wakeMediaWorkers } from "~/modules/media/media-worker.server";
import type { MediaStorage } from "~/modules/media/storage.server";
import { DomainError } from "~/utils/domain-error";
import { CONTENT_IMAGE_FIELD, type ContentKind } from "./content-editor.schema";
import { type ContentImageRow, deleteContentImageRow, findImageOfEntry, insertContentImage, listImagesOfEntry, listShownCovers } from "./content-images.repository.server";
import { findContentEntryRows } from "./content.repository.server";

// The pictures of journal posts, care-guide entries and pages, from the photograph pipeline
// (issue 24, docs/decisions/023): an entry's cover photograph (shown where its drawing was; the
// drawing stays the fallback) and the images its Markdown body shows — uploaded here, each then
// given to the owner as a snippet `![alt](/media/p/…)` to paste into the body. Each write has its
// audit entry on the entry in its transaction. The storefront reads content on every request
// (no cache), so a picture shows as soon as its variants are made.

type Db = Kysely<Database>;

/** Entries that show a cover: the journal, the care guide and the stories (static pages have none). */
export const kindHasCover = (kind: ContentKind) => kind !== "page";

/** The width a body snippet names: the largest made up to 960 px (the article's column, at 2×, on a phone). */
const SNIPPET_MAX_WIDTH = 960;

export interface AtelierContentImage {
  id: number;
  role: ContentImageRole;
  altIt: string;
  altEn: string;
  status: "pending" | "ready" | "failed";
  error: string | null;
  width: number;
  height: number;
  image: ResponsiveImage | null;
  /** The Markdown to paste into the body, per language (null until the variants are made). */
  snippets: Record<Locale, string> | null;
}


/** The Markdown image of a body picture, in a language: `![alt](/media/p/<set>/<width>.jpg)`. */
export function bodySnippet(row: Pick<ContentImageRow, "variantKey" | "variantWidths" | "altIt" | "altEn">, locale: Locale): string | null {
  const widths = widthsOf(row.variantWidths);
  if (!row.variantKey || !widths.length) return null;
  const width = [...widths].reverse().find((w) => w <= SNIPPET_MAX_WIDTH) ?? widths[0]!;
  const alt = (locale === "en" ? row.altEn : row.altIt).replace(/[[\]\\\n\r]/g, " ").trim();
  return `![${alt}](${photoUrl(row.variantKey, width, "jpg")})`;
}

/** An entry's pictures for its editor: the cover (or null) and the body's. */
export async function getContentImages(db: Db, kind: ContentKind, key: string): Promise<{ cover: AtelierContentImage | null; body: AtelierContentImage[] }> {
  const rows = await listImagesOfEntry(db, kind, key);
  const view = (row: ContentImageRow): AtelierContentImage => {
    const it = bodySnippet(row, "it");
    return {
      id: row.id,
      role: row.role,
      altIt: row.altIt,
      altEn: row.altEn,
      status: row.status,
      error: row.error,
      width: row.width,
      height: row.height,
      image: imageOfState(row),
      snippets: row.role === "body" && it ? { it, en: bodySnippet(row, "en")! } : null,
    };
  };
  return { cover: rows.filter((row) => row.role === "cover").map(view)[0] ?? null, body: rows.filter((row) => row.role === "body").map(view) };
}

async function requireEntry(db: Db | Transaction<Database>, kind: ContentKind, key: string): Promise<void> {
  if (!(await findContentEntryRows(db, kind, key)).length) throw new DomainError("CONTENT_NOT_FOUND", `no ${kind} entry ${key}`);
}

const auditId = (kind: ContentKind, key: string) => `${kind}:${key}`;

export interface ContentImageUpload {
  kind: ContentKind;
  key: string;
  role: ContentImageRole;
  bytes: Uint8Array;
  altIt: string;
  altEn: string;
  actor: AuditActor;
  now?: Date;
}

/**
 * Adds a picture to an entry: its cover (replacing the one it has, whose asset and files go) or
 * one for its body. The image is checked and its original stored before the transaction: refused
 * bytes throw DomainError IMAGE_* at the image field and store nothing; so does an unknown entry
 * (CONTENT_NOT_FOUND) or a cover for a static page (CONTENT_IMAGE_NOT_FOUND). Returns the id.
 */
export async function addContentImage(db: Db, storage: MediaStorage, input: ContentImageUpload): Promise<number> {
  const now = input.now ?? new Date();
  await requireEntry(db, input.kind, input.key);
  if (input.role === "cover" && !kindHasCover(input.kind)) throw new DomainError("CONTENT_IMAGE_NOT_FOUND", `${input.kind} entries have no cover`);
  const prepared = await prepareImage(storage, input.bytes, { field: CONTENT_IMAGE_FIELD });
  let result: { id: number; replaced: AssetFiles | null };
  try {
    result = await db.transaction().execute(async (trx) => {
      await requireEntry(trx, input.kind, input.key);
      let replaced: AssetFiles | null = null;
      let previous: ContentImageRow | undefined;
      if (input.role === "cover") {
        previous = (await listImagesOfEntry(trx, input.kind, input.key)).find((row) => row.role === "cover");
        if (previous) {
          await deleteContentImageRow(trx, previous.id);
          replaced = await deleteAsset(trx, previous.assetId);
        }
      }
      const assetId = await ingestImage(trx, storage, prepared, { now });
      const id = await insertContentImage(trx, { kind: input.kind, key: input.key, assetId, role: input.role, altIt: input.altIt, altEn: input.altEn, at: now.toISOString() });
      await recordAudit(trx, {
        actor: input.actor,
        action: input.role === "cover" ? "content.cover.set" : "content.image.add",
        entityType: "content",
        entityId: auditId(input.kind, input.key),
        before: previous ? { image: previous.id, altIt: previous.altIt, altEn: previous.altEn } : null,
        after: { image: id, altIt: input.altIt, altEn: input.altEn, bytes: prepared.byteSize, size: `${prepared.width}×${prepared.height}` },
        summary: `${input.role} image ${id}`,
        at: now,
      });
      return { id, replaced };
    });
  } catch (error) {
    await discardPreparedImage(db, storage, prepared);
    throw error;
  }
  wakeMediaWorkers();
  if (result.replaced) await removeAssetFiles(db, storage, result.replaced);
  return result.id;
}

/**
 * Removes a picture of an entry (its files go unless another asset shares them). A body picture
 * that a body still shows is refused (CONTENT_IMAGE_IN_USE): shoppers would see a broken image.
 */
export async function removeContentImage(db: Db, storage: MediaStorage, input: { kind: ContentKind; key: string; imageId: number; actor: AuditActor; now?: Date }): Promise<void> {
  const now = input.now ?? new Date();
  const files = await db.transaction().execute(async (trx) => {
    const image = await findImageOfEntry(trx, input.kind, input.key, input.imageId);
    if (!image) throw new DomainError("CONTENT_IMAGE_NOT_FOUND", `no image ${input.imageId} of ${input.kind} ${input.key}`);
    if (image.role === "body" && image.variantKey) {
      const rows = await findContentEntryRows(trx, input.kind, input.key);
      if (rows.some((row) => row.body.includes(image.variantKey!))) throw new DomainError("CONTENT_IMAGE_IN_USE", `image ${image.id} is in a body`);
    }
    await deleteContentImageRow(trx, image.id);
    const removed = await deleteAsset(trx, image.assetId);
    await recordAudit(trx, {
      actor: input.actor,
      action: image.role === "cover" ? "content.cover.remove" : "content.image.remove",
      entityType: "content",
      entityId: auditId(input.kind, input.key),
      before: { image: image.id, altIt: image.altIt, altEn: image.altEn },
      after: null,
      summary: `${image.role} image ${image.id}`,
      at: now,
    });
    return removed;
  });
  if (files) await removeAssetFiles(db, storage, files);
}

// --- The storefront ---

export interface ShownCover {
  image: ResponsiveImage;
  alt: string;
}

/** The cover photographs shoppers see of these entries (those with variants), by key, one query. */
export async function getShownCovers(db: Db, kind: ContentKind, keys: string[], locale: Locale): Promise<Map<string, ShownCover>> {
  const out = new Map<string, ShownCover>();
  if (!kindHasCover(kind)) return out;
  for (const row of await listShownCovers(db, kind, keys)) {
    const image = imageOfState(row);
    if (image) out.set(row.key, { image, alt: locale === "en" ? row.altEn : row.altIt });
  }
  return out;
}

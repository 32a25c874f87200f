import { recordAudit } from "~/modules/audit/audit.service.server";
import { notifyBackInStock } from "~/modules/backstock/backstock.service.server";
import { wakeMailWorkers } from "~/modules/mail/mail-worker.server";
import { type AssetFiles, type PreparedImage, discardPreparedImage, removeAssetFiles } from "~/modules/media/media.service.server";
import { wakeMediaWorkers } from "~/modules/media/media-worker.server";
import { removePhotosIn, updatePhotoIn } from "~/modules/media/product-photos.service.server";
import { recordPathChanges } from "~/modules/seo/slug-redirect.service.server";
import { catalogueChanged, recordFirstPrices, recordPriceChange } from "./catalog-write.server";
import { createImportedColour, ingestImportedImage, prepareImportedImage } from "./catalog-import-hooks.server";
import { type TranslationRow, insertProduct, insertTranslation, insertVariants, updateProduct, updateTranslation, updateVariant } from "./catalog-import.repository.server";
import { type ImageWork, type ProductWork, outcomeOf } from "./catalog-import-check.server";
import { FETCH_CONCURRENCY, type ProductOutcome } from "./catalog-import-report";
import { type Colour, type RunState, addColour, addNote, addOutcome, reportColour } from "./catalog-import-state.server";
import { type FetchedImage, fetchImage } from "./image-fetch.server";
import { toDecimal } from "~/utils/money";
import { adoptVariantPricesIn } from "./variant-admin.service.server";
import { ensureHoldingCategory } from "./category-admin.service.server";

// The apply stage (docs/decisions/024, 046): the checked work of a batch → the writes. A dry run
// only reports what would be done. A real run fetches and checks the batch's photographs before its
// transaction, then writes in one transaction what differs, with an audit entry per product and one
// catalogueChanged; the photographs' sizes are made afterwards by the media jobs (wakeMediaWorkers).

async function mapLimit<T, R>(
  items: T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await fn(items[i]);
      }
    }),
  );
  return results;
}

/** Applies a batch's work: in a dry run, the report of what would be done; otherwise the writes. */
export async function applyBatch(state: RunState, work: ProductWork[]): Promise<void> {
  if (state.options.dryRun) reportDryRun(state, work);
  else if (work.length) await writeBatch(state, work);
}

function reportDryRun(state: RunState, work: ProductWork[]): void {
  for (const w of work) {
    for (const colour of w.colours) reportColour(state, colour);
    const outcome = outcomeOf(w);
    tally(state, w);
    state.report.images.fetch += w.images.filter((i) => !i.existing).length;
    addOutcome(state, {
      handle: w.plan.handle,
      line: w.plan.line,
      outcome,
      productId: w.existing?.id,
    });
  }
}

function tally(state: RunState, w: ProductWork) {
  state.report.variants.create += w.variants.filter((v) => !v.existing).length;
  state.report.variants.update += w.variants.filter(
    (v) => v.existing && v.change,
  ).length;
}

async function writeBatch(state: RunState, work: ProductWork[]): Promise<void> {
  const { db, options } = state;
  const at = state.now();
  const stamp = at.toISOString();
  const fetcher = options.fetchImage ?? ((url: string) => fetchImage(url));

  // Photographs are fetched and checked (prepareImage: the pipeline's rule, decoding the whole
  // image, its original stored) before the transaction: never holding the database on the network
  // or on sharp.
  const toFetch = work.flatMap((w) => w.images.filter((i) => !i.existing));
  const storage = options.storage;
  if ((toFetch.length || work.some((w) => w.removeImages.length)) && !storage)
    throw new Error(
      "importCatalogue: a real run with photographs needs options.storage",
    );
  // The holding category is made (its own transaction, audited) before the batch's.
  if (state.lookups.holdingCategoryId === null && work.some((w) => w.create && w.create.categoryId === null))
    state.lookups.holdingCategoryId = await ensureHoldingCategory(db, options.actor, at);
  const prepared = new Map<
    ImageWork,
    { ok: true; image: PreparedImage } | { ok: false; reason: string }
  >();
  const answers = await mapLimit(toFetch, FETCH_CONCURRENCY, async (image) => {
    const answer: FetchedImage = await fetcher(image.plan.url);
    return answer.ok
      ? prepareImportedImage(storage!, answer.bytes)
      : { ok: false as const, reason: answer.reason };
  });
  toFetch.forEach((image, i) => prepared.set(image, answers[i]));
  state.report.images.fetch += toFetch.length;

  const outcomes: {
    work: ProductWork;
    outcome: ProductOutcome;
    productId: number;
  }[] = [];
  let notified = 0;
  let ingested = 0;
  const removedFiles: AssetFiles[] = [];
  /** Planned colour code → the code findOrCreateColor gave (the same unless another process made one meanwhile). */
  const colourCodes = new Map<string, string>();
  const createdColours: Colour[] = [];
  const codeOf = (planned: string) => colourCodes.get(planned) ?? planned;
  try {
    await db.transaction().execute(async (trx) => {
      const changedIds: number[] = [];
      for (const w of work) {
        // Other requests get a turn between products (on SQLite they wait for the database anyway).
        await state.slice();
        for (const colour of w.colours) {
          if (
            colourCodes.has(colour.code) ||
            state.lookups.colourByCode.has(colour.code)
          )
            continue;
          const made = await createImportedColour(
            trx,
            colour,
            options.actor,
            at,
          );
          colourCodes.set(colour.code, made.code);
          if (made.created) createdColours.push({ ...colour, code: made.code });
        }
        let outcome = outcomeOf(w);
        let productId: number;
        const before: Record<string, unknown> = {};
        const after: Record<string, unknown> = {};
        if (w.create) {
          const categoryId = w.create.categoryId ?? state.lookups.holdingCategoryId!;
          productId = await insertProduct(trx, {
            categoryId,
            manufacturerId: w.create.manufacturerId,
            garment: state.lookups.garmentOf(categoryId),
            status: w.create.status,
            at: stamp,
          });
          await insertTranslation(trx, productId, "it", w.create.it);
          await insertTranslation(trx, productId, "en", w.create.en);
          Object.assign(after, {
            handle: w.plan.handle,
            name: w.create.it.name,
            slugEn: w.create.en.slug,
            status: w.create.status,
            category:
              state.lookups.categoryPath.get(categoryId)?.it ?? (w.create.categoryId === null ? "holding" : null),
          });
        } else {
          const stored = w.existing!;
          productId = stored.id;
          if (Object.keys(w.product).length) {
            await updateProduct(trx, productId, w.product, stamp);
            if (w.product.status !== undefined) {
              before.status = stored.status;
              after.status = w.product.status;
            }
            if (w.product.categoryId !== undefined) {
              before.category =
                state.lookups.categoryPath.get(stored.categoryId)?.it ??
                stored.categoryId;
              after.category =
                state.lookups.categoryPath.get(w.product.categoryId)?.it ??
                w.product.categoryId;
            }
            if (w.product.manufacturerId !== undefined) {
              before.manufacturerId = stored.manufacturerId;
              after.manufacturerId = w.product.manufacturerId;
            }
          }
          for (const locale of ["it", "en"] as const) {
            const change = w[locale];
            if (!Object.keys(change).length) continue;
            await updateTranslation(trx, productId, locale, change);
            for (const [key, value] of Object.entries(change)) {
              before[`${key}_${locale}`] = clip(
                stored[locale][key as keyof TranslationRow],
              );
              after[`${key}_${locale}`] = clip(value as string);
            }
          }
          if (w.en.slug !== undefined && stored.status === "published") {
            await recordPathChanges(
              trx,
              [
                {
                  kind: "product",
                  locale: "en",
                  entityId: productId,
                  oldPath: stored.en.slug,
                  newPath: w.en.slug,
                },
              ],
              at,
            );
          }
        }
        // New variants in a few statements (a product may bring thousands), their first prices too.
        const added = w.variants.filter((v) => !v.existing);
        if (added.length) {
          const ids = await insertVariants(
            trx,
            added.map((v) => ({
              productId,
              sku: v.sku,
              colorCode: codeOf(v.plan.colour.code),
              size: v.plan.size,
              position: v.position,
              priceCents: v.plan.priceCents,
              compareAtCents: v.plan.compareAtCents ?? null,
              stock: v.plan.stock ?? 0,
              at: stamp,
            })),
          );
          await recordFirstPrices(trx, added.map((v) => ({ variantId: ids.get(v.sku)!, priceCents: v.plan.priceCents })), at);
          for (const v of added.slice(0, 200))
            after[`variant ${v.sku}`] = variantSummary(v.plan.priceCents, v.plan.compareAtCents ?? null, v.plan.stock ?? 0);
          if (added.length > 200) after.variantsAdded = added.length;
        }
        for (const v of w.variants) {
          if (!v.existing) continue;
          if (!v.change) continue;
          const e = v.existing;
          await updateVariant(trx, e.id, v.change, stamp);
          if (v.change.priceCents !== undefined)
            await recordPriceChange(trx, e.id, v.change.priceCents, at);
          if (
            v.change.stock !== undefined &&
            e.stock <= 0 &&
            v.change.stock > 0
          )
            notified += await notifyBackInStock(
              trx,
              e.id,
              { origin: options.origin },
              at,
            );
          before[`variant ${e.sku}`] = variantSummary(
            e.priceCents,
            e.compareAtCents,
            e.stock,
          );
          after[`variant ${v.sku}`] = variantSummary(
            v.change.priceCents ?? e.priceCents,
            v.change.compareAtCents !== undefined
              ? v.change.compareAtCents
              : e.compareAtCents,
            v.change.stock ?? e.stock,
          );
        }
        // The file's prices are per variant: the product's pricing is read from them again.
        if (w.variants.some((v) => !v.existing || v.change?.priceCents !== undefined || v.change?.compareAtCents !== undefined)) {
          await adoptVariantPricesIn(trx, productId);
        }
        let imagesWritten = 0;
        if (w.removeImages.length) {
          removedFiles.push(
            ...(await removePhotosIn(trx, productId, w.removeImages, at)),
          );
          state.report.images.removed += w.removeImages.length;
          before.imagesRemoved = w.removeImages.map((i) =>
            (i.sourceUrl ?? "").slice(0, 200),
          );
        }
        for (const image of w.images) {
          const colorCode =
            image.plan.colour === undefined
              ? undefined
              : image.plan.colour === null
                ? null
                : codeOf(image.plan.colour);
          if (image.existing) {
            if (!image.changed) continue;
            const photo = image.existing;
            await updatePhotoIn(
              trx,
              photo,
              {
                colorCode:
                  colorCode === undefined ? photo.colorCode : colorCode,
                altIt: image.plan.altIt,
                altEn: image.altEn,
                position: image.plan.position - 1,
              },
              at,
            );
            state.report.images.updated++;
            imagesWritten++;
            continue;
          }
          const answer = prepared.get(image)!;
          if (!answer.ok) {
            state.report.images.failed++;
            addNote(state, {
              line: image.plan.line,
              handle: w.plan.handle,
              code: "imageFailed",
              params: {
                url: image.plan.url.slice(0, 200),
                reason: answer.reason,
              },
            });
            continue;
          }
          // Image Position 1 is the cover (a product's first photograph is, whatever its position).
          await ingestImportedImage(trx, storage!, {
            productId,
            image: answer.image,
            colorCode: colorCode ?? null,
            altIt: image.plan.altIt,
            altEn: image.altEn,
            position: image.plan.position - 1,
            isCover: image.plan.position === 1 ? true : undefined,
            sourceUrl: image.plan.url,
            now: at,
          });
          state.report.images.fetched++;
          imagesWritten++;
          ingested++;
          after[`image ${image.plan.position}`] = image.plan.url.slice(0, 200);
        }
        // An update that came down to images that could not be fetched wrote nothing.
        const wroteSomething =
          !!w.create ||
          Object.keys(w.product).length > 0 ||
          Object.keys(w.it).length > 0 ||
          Object.keys(w.en).length > 0 ||
          w.variants.some((v) => !v.existing || v.change) ||
          imagesWritten > 0 ||
          w.removeImages.length > 0;
        if (outcome === "update" && !wroteSomething) outcome = "unchanged";
        if (outcome !== "unchanged") {
          changedIds.push(productId);
          await recordAudit(trx, {
            actor: options.actor,
            action:
              outcome === "create"
                ? "product.import-create"
                : "product.import-update",
            entityType: "product",
            entityId: productId,
            before: outcome === "create" ? null : before,
            after,
            summary: w.plan.handle,
            at,
          });
        }
        outcomes.push({ work: w, outcome, productId });
      }
      await catalogueChanged(trx, changedIds, at);
    });
  } catch (error) {
    // Nothing of the batch was written: the originals stored for it go unless an asset holds them.
    for (const answer of prepared.values())
      if (answer.ok) await discardPreparedImage(db, storage!, answer.image);
    throw error;
  }
  if (ingested > 0) wakeMediaWorkers();
  for (const files of removedFiles) await removeAssetFiles(db, storage!, files);
  for (const colour of createdColours) {
    addColour(state.lookups.colourByName, state.lookups.colourByCode, colour);
    reportColour(state, colour);
  }
  for (const { work: w, outcome, productId } of outcomes) {
    if (outcome !== "unchanged") tally(state, w);
    addOutcome(state, {
      handle: w.plan.handle,
      line: w.plan.line,
      outcome,
      productId,
    });
  }
  if (notified > 0) wakeMailWorkers();
}

const clip = (text: string) =>
  text.length > 300 ? `${text.slice(0, 300)}…` : text;
const variantSummary = (
  price: number,
  compareAt: number | null,
  stock: number,
) =>
  `${toDecimal(price)}${compareAt !== null ? ` (${toDecimal(compareAt)})` : ""}, ${stock}`;

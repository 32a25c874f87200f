import type { Kysely } from "kysely";
import type { Database, ProductStatus } from "~/db/schema";
import { type AuditActor, recordAudit } from "~/modules/audit/audit.service.server";
import { type PhotoRow, listPhotosOfProductsForExchange } from "~/modules/media/product-photos.service.server";
import type { CsvCell } from "~/utils/csv.server";
import { markdownToHtml } from "./catalog-import-html";
import { selectExportPage, selectVariantsOfProducts } from "./catalog-import.repository.server";
import { groupBy, loadLookups } from "./catalog-import-state.server";
import { toDecimal } from "~/utils/money";
import { EXPORT_COLUMNS, SHOPIFY_COLUMNS } from "./shopify-csv";

// The catalogue exported in Shopify's product CSV format (docs/decisions/024), the format the
// import (catalog-import.service.server.ts) reads back.

/**
 * A photograph's URL in the export: this shop's public URL of its largest JPEG, naming the
 * photograph (?photo=id: two photographs of the same file have the same variants), or, while its
 * variants are being made, the URL an import fetched it from; null for neither.
 */
function exportedPhotoUrl(
  photo: PhotoRow & { path: string | null },
  publicUrl: string,
): string | null {
  if (!photo.path) return photo.sourceUrl;
  const url = new URL(photo.path, publicUrl);
  url.searchParams.set("photo", String(photo.id));
  return url.href;
}

// One row per variant, the product's fields on its first row, its
// photographs on its rows in order (and on image-only rows when there are more photographs than
// variants). Italian is the primary language; English is in the " (en)" columns.

const EXPORT_PAGE = 100;

/** The header of the export, Shopify's names. */
export const EXPORT_HEADER: readonly string[] = EXPORT_COLUMNS.map(
  (key) => SHOPIFY_COLUMNS[key],
);

/**
 * The catalogue's rows, a page of products at a time. A photograph's Image Src is this shop's
 * public URL of its largest JPEG (absolute, under `publicUrl`: PUBLIC_URL), or, while its variants
 * are being made, the URL the import fetched it from; the import finds it again by either.
 */
export async function* catalogueCsvRows(
  db: Kysely<Database>,
  { publicUrl }: { publicUrl: string },
): AsyncGenerator<CsvCell[]> {
  const lookups = await loadLookups(db);
  const STATUS_OF: Record<ProductStatus, string> = {
    published: "active",
    draft: "draft",
    archived: "archived",
  };
  for (let afterId = 0; ;) {
    const products = await selectExportPage(db, afterId, EXPORT_PAGE);
    if (!products.length) return;
    afterId = products[products.length - 1].id;
    const ids = products.map((p) => p.id);
    const [variants, photos] = await Promise.all([
      selectVariantsOfProducts(db, ids),
      listPhotosOfProductsForExchange(db, ids),
    ]);
    const variantsOf = groupBy(variants, (v) => v.productId);
    const images = photos.flatMap((photo) => {
      const src = exportedPhotoUrl(photo, publicUrl);
      return src ? [{ ...photo, src }] : [];
    });
    const imagesOf = groupBy(images, (i) => i.productId);
    for (const p of products) {
      const vs = variantsOf.get(p.id) ?? [];
      const is = imagesOf.get(p.id) ?? [];
      const rows = Math.max(vs.length, is.length, 1);
      for (let i = 0; i < rows; i++) {
        const cells: Partial<Record<(typeof EXPORT_COLUMNS)[number], CsvCell>> =
          { handle: p.it.slug };
        if (i === 0) {
          Object.assign(cells, {
            title: p.it.name,
            body: markdownToHtml(p.it.description),
            vendor: p.manufacturerName ?? "",
            type: lookups.categoryPath.get(p.categoryId)?.it ?? "",
            tags: p.it.keywords,
            published: p.status === "published" ? "TRUE" : "FALSE",
            option1Name: "Colore",
            option2Name: "Taglia",
            seoTitle: p.it.metaTitle,
            seoDescription: p.it.metaDescription,
            status: STATUS_OF[p.status],
            handleEn: p.en.slug,
            titleEn: p.en.name,
            bodyEn: markdownToHtml(p.en.description),
            tagsEn: p.en.keywords,
            seoTitleEn: p.en.metaTitle,
            seoDescriptionEn: p.en.metaDescription,
          });
        }
        const v = vs[i];
        if (v) {
          Object.assign(cells, {
            option1Value:
              lookups.colourByCode.get(v.colorCode)?.nameIt ?? v.colorCode,
            option2Value: v.size,
            sku: v.sku,
            qty: v.stock,
            price: toDecimal(v.priceCents),
            compareAt:
              v.compareAtCents !== null ? toDecimal(v.compareAtCents) : "",
            // The first photograph of the variant's colour ties the colour to it again on import.
            variantImage:
              is.find((photo) => photo.colorCode === v.colorCode)?.src ?? "",
          });
        }
        const image = is[i];
        if (image)
          Object.assign(cells, {
            imageSrc: image.src,
            imagePosition: image.position + 1,
            imageAlt: image.altIt,
            imageAltEn: image.altEn,
          });
        yield EXPORT_COLUMNS.map((key) => cells[key] ?? "");
      }
    }
  }
}

/** Records an export in the audit log (the file itself is streamed by the caller). */
export async function recordCatalogueExport(
  db: Kysely<Database>,
  actor: AuditActor,
  target: string,
): Promise<void> {
  await recordAudit(db, {
    actor,
    action: "catalog.export",
    entityType: "catalog",
    entityId: "shopify-csv",
    after: { target },
    summary: `Shopify CSV ${target}`,
  });
}

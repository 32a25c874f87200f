import type { Kysely, Transaction } from "kysely";
import type { CatalogImportUploadState, Database, Locale, ProductStatus } from "~/db/schema";

// Every query of the Shopify CSV import and export, and nothing else (the stages, the
// catalog-import-*.server.ts files, hold the rules and the transactions): what the check looks up
// by the batch, what the apply stage writes, the staged uploads and their jobs, and the export's pages.

type Db = Kysely<Database> | Transaction<Database>;

// An update names every column it may change: Kysely leaves out a column whose value is
// undefined (a change that does not say), and writes null where null is said.

/**
 * A query over many values (a product of thousands of sizes has thousands of SKUs), a few
 * hundred at a time: SQLite refuses a statement of more than 32 766 parameters ("too many SQL
 * variables") and PostgreSQL one of more than 65 535.
 */
const IN_CHUNK = 500;
async function inChunks<V, R>(values: V[], query: (part: V[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < values.length; i += IN_CHUNK) out.push(...(await query(values.slice(i, i + IN_CHUNK))));
  return out;
}

// ---------------------------------------------------------------------------------------------
// What every batch needs: the tree, the colours, the makers (small tables, read once a run).

export interface CategoryRow {
  id: number;
  parentId: number | null;
  position: number;
  nameIt: string;
  nameEn: string;
  /** The import's holding category. */
  holding: boolean;
}

export async function selectCategories(db: Db): Promise<CategoryRow[]> {
  return db
    .selectFrom("categories as c")
    .innerJoin("category_translations as it", (j) => j.onRef("it.category_id", "=", "c.id").on("it.locale", "=", "it"))
    .innerJoin("category_translations as en", (j) => j.onRef("en.category_id", "=", "c.id").on("en.locale", "=", "en"))
    .select(["c.id", "c.parent_id as parentId", "c.position", "it.name as nameIt", "en.name as nameEn", "c.holding"])
    .orderBy("c.position")
    .orderBy("c.id")
    .execute()
    .then((rows) => rows.map((r) => ({ ...r, holding: Number(r.holding) === 1 })));
}

/** How many products of each garment (the drawing) a category holds: a new product takes its category's commonest. */
export async function selectCategoryGarments(db: Db): Promise<{ categoryId: number; garment: string; products: number }[]> {
  const rows = await db
    .selectFrom("products")
    .select((eb) => ["category_id as categoryId", "garment", eb.fn.countAll<number | string>().as("products")])
    .groupBy(["category_id", "garment"])
    .execute();
  return rows.map((r) => ({ categoryId: r.categoryId, garment: r.garment, products: Number(r.products) }));
}

export interface ColourRow {
  code: string;
  hex: string;
  position: number;
  nameIt: string;
  nameEn: string;
}

export async function selectColours(db: Db): Promise<ColourRow[]> {
  return db
    .selectFrom("colors as c")
    .innerJoin("color_translations as it", (j) => j.onRef("it.color_code", "=", "c.code").on("it.locale", "=", "it"))
    .innerJoin("color_translations as en", (j) => j.onRef("en.color_code", "=", "c.code").on("en.locale", "=", "en"))
    .select(["c.code", "c.hex", "c.position", "it.name as nameIt", "en.name as nameEn"])
    .orderBy("c.position")
    .execute();
}

export async function selectManufacturers(db: Db): Promise<{ id: number; name: string }[]> {
  return db.selectFrom("manufacturers").select(["id", "name"]).orderBy("id").execute();
}

// ---------------------------------------------------------------------------------------------
// A batch's products, as they stand.

export interface TranslationRow {
  name: string;
  slug: string;
  description: string;
  keywords: string;
  metaTitle: string;
  metaDescription: string;
}

export interface StoredProduct {
  id: number;
  categoryId: number;
  manufacturerId: number | null;
  status: ProductStatus;
  publishedAt: string;
  it: TranslationRow;
  en: TranslationRow;
}

const TRANSLATION_COLUMNS = ["name", "slug", "description", "keywords", "meta_title as metaTitle", "meta_description as metaDescription"] as const;

/** The products whose Italian slug (their Handle) is one of these, with both translations. */
export async function selectProductsByHandle(db: Db, handles: string[]): Promise<StoredProduct[]> {
  if (!handles.length) return [];
  const products = await db
    .selectFrom("product_translations as t")
    .innerJoin("products as p", "p.id", "t.product_id")
    .where("t.locale", "=", "it")
    .where("t.slug", "in", handles)
    .select(["p.id", "p.category_id as categoryId", "p.manufacturer_id as manufacturerId", "p.status", "p.published_at as publishedAt"])
    .execute();
  return withTranslations(db, products);
}

async function withTranslations<T extends { id: number }>(db: Db, products: T[]): Promise<(T & { it: TranslationRow; en: TranslationRow })[]> {
  if (!products.length) return [];
  const translations = await db
    .selectFrom("product_translations")
    .where(
      "product_id",
      "in",
      products.map((p) => p.id),
    )
    .select(["product_id as productId", "locale", ...TRANSLATION_COLUMNS])
    .execute();
  const byKey = new Map(translations.map((t) => [`${t.productId}:${t.locale}`, t]));
  const pick = (id: number, locale: Locale): TranslationRow => {
    const t = byKey.get(`${id}:${locale}`);
    return t
      ? { name: t.name, slug: t.slug, description: t.description, keywords: t.keywords, metaTitle: t.metaTitle, metaDescription: t.metaDescription }
      : { name: "", slug: "", description: "", keywords: "", metaTitle: "", metaDescription: "" };
  };
  return products.map((p) => ({ ...p, it: pick(p.id, "it"), en: pick(p.id, "en") }));
}

export interface StoredVariant {
  id: number;
  productId: number;
  sku: string;
  colorCode: string;
  size: string;
  position: number;
  priceCents: number;
  compareAtCents: number | null;
  stock: number;
}

const VARIANT_COLUMNS = [
  "id",
  "product_id as productId",
  "sku",
  "color_code as colorCode",
  "size",
  "position",
  "price_cents as priceCents",
  "compare_at_cents as compareAtCents",
  "stock",
] as const;

export async function selectVariantsOfProducts(db: Db, productIds: number[]): Promise<StoredVariant[]> {
  if (!productIds.length) return [];
  return db.selectFrom("variants").where("product_id", "in", productIds).select(VARIANT_COLUMNS).orderBy("product_id").orderBy("position").orderBy("id").execute();
}

/** Which product holds each of these SKUs (the ones held). */
export async function selectSkuOwners(db: Db, skus: string[]): Promise<{ sku: string; productId: number; handle: string }[]> {
  return inChunks(skus, (part) =>
    db
      .selectFrom("variants as v")
      .innerJoin("product_translations as t", (j) => j.onRef("t.product_id", "=", "v.product_id").on("t.locale", "=", "it"))
      .where("v.sku", "in", part)
      .select(["v.sku", "v.product_id as productId", "t.slug as handle"])
      .execute(),
  );
}

/** Which product holds each of these slugs in a language. */
export async function selectSlugOwners(db: Db, locale: Locale, slugs: string[]): Promise<{ slug: string; productId: number }[]> {
  return inChunks(slugs, (part) => db.selectFrom("product_translations").where("locale", "=", locale).where("slug", "in", part).select(["slug", "product_id as productId"]).execute());
}

// ---------------------------------------------------------------------------------------------
// Writes (inside the batch's transaction).

export interface NewProduct {
  categoryId: number;
  manufacturerId: number | null;
  garment: string;
  status: ProductStatus;
  at: string;
}

export async function insertProduct(trx: Db, product: NewProduct): Promise<number> {
  const { id } = await trx
    .insertInto("products")
    .values({
      category_id: product.categoryId,
      manufacturer_id: product.manufacturerId,
      garment: product.garment,
      featured_rank: 0,
      status: product.status,
      published_at: product.at,
      created_at: product.at,
      updated_at: product.at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

export async function insertTranslation(trx: Db, productId: number, locale: Locale, t: TranslationRow): Promise<void> {
  await trx
    .insertInto("product_translations")
    .values({
      product_id: productId,
      locale,
      name: t.name,
      slug: t.slug,
      description: t.description,
      composition: "",
      care: "",
      meta_title: t.metaTitle,
      meta_description: t.metaDescription,
      keywords: t.keywords,
      share_image: null,
    })
    .execute();
}

export interface ProductChange {
  categoryId?: number;
  manufacturerId?: number | null;
  status?: ProductStatus;
}

export async function updateProduct(trx: Db, productId: number, change: ProductChange, at: string): Promise<void> {
  await trx
    .updateTable("products")
    .set({ category_id: change.categoryId, manufacturer_id: change.manufacturerId, status: change.status, updated_at: at })
    .where("id", "=", productId)
    .execute();
}

export async function updateTranslation(trx: Db, productId: number, locale: Locale, change: Partial<TranslationRow>): Promise<void> {
  const set = {
    name: change.name,
    slug: change.slug,
    description: change.description,
    keywords: change.keywords,
    meta_title: change.metaTitle,
    meta_description: change.metaDescription,
  };
  if (Object.values(set).every((value) => value === undefined)) return;
  await trx.updateTable("product_translations").set(set).where("product_id", "=", productId).where("locale", "=", locale).execute();
}

export interface NewVariant {
  productId: number;
  sku: string;
  colorCode: string;
  size: string;
  position: number;
  priceCents: number;
  compareAtCents: number | null;
  stock: number;
  at: string;
}

/** Many new variants, a few hundred a statement; returns each one's id by its SKU (unique). */
export async function insertVariants(trx: Db, variants: NewVariant[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (let i = 0; i < variants.length; i += 200) {
    const rows = await trx
      .insertInto("variants")
      .values(
        variants.slice(i, i + 200).map((v) => ({
          product_id: v.productId,
          sku: v.sku,
          color_code: v.colorCode,
          size: v.size,
          position: v.position,
          price_cents: v.priceCents,
          compare_at_cents: v.compareAtCents,
          stock: v.stock,
          created_at: v.at,
          updated_at: v.at,
        })),
      )
      .returning(["id", "sku"])
      .execute();
    for (const row of rows) ids.set(row.sku, row.id);
  }
  return ids;
}

export interface VariantChange {
  sku?: string;
  priceCents?: number;
  compareAtCents?: number | null;
  stock?: number;
}

export async function updateVariant(trx: Db, variantId: number, change: VariantChange, at: string): Promise<void> {
  await trx
    .updateTable("variants")
    .set({ sku: change.sku, price_cents: change.priceCents, compare_at_cents: change.compareAtCents, stock: change.stock, updated_at: at })
    .where("id", "=", variantId)
    .execute();
}

// ---------------------------------------------------------------------------------------------
// The export, a page of products at a time (by id).

export interface ExportProductRow extends StoredProduct {
  manufacturerName: string | null;
}

export async function selectExportPage(db: Db, afterId: number, limit: number): Promise<ExportProductRow[]> {
  const products = await db
    .selectFrom("products as p")
    .leftJoin("manufacturers as m", "m.id", "p.manufacturer_id")
    .where("p.id", ">", afterId)
    .select(["p.id", "p.category_id as categoryId", "p.manufacturer_id as manufacturerId", "p.status", "p.published_at as publishedAt", "m.name as manufacturerName"])
    .orderBy("p.id")
    .limit(limit)
    .execute();
  return withTranslations(db, products);
}

// ---------------------------------------------------------------------------------------------
// Uploads kept between the dry run and the real run.

export interface UploadRow {
  id: string;
  staffId: number | null;
  fileName: string;
  sizeBytes: number;
  state: CatalogImportUploadState;
  report: string | null;
  createdAt: string;
  expiresAt: string;
  progressRows: number;
  progressBytes: number;
  attempts: number;
  leaseOwner: string | null;
  leaseUntil: string | null;
  queuedAt: string | null;
  error: string | null;
  actor: string | null;
  origin: string | null;
}

const UPLOAD_COLUMNS = [
  "id",
  "staff_id as staffId",
  "file_name as fileName",
  "size_bytes as sizeBytes",
  "state",
  "report",
  "created_at as createdAt",
  "expires_at as expiresAt",
  "progress_rows as progressRows",
  "progress_bytes as progressBytes",
  "attempts",
  "lease_owner as leaseOwner",
  "lease_until as leaseUntil",
  "queued_at as queuedAt",
  "error",
  "actor",
  "origin",
] as const;

const asIso = (value: unknown): string | null => (value === null || value === undefined ? null : value instanceof Date ? value.toISOString() : String(value));
const uploadRowOf = (row: Record<string, unknown>): UploadRow =>
  ({
    ...row,
    sizeBytes: Number(row.sizeBytes),
    progressRows: Number(row.progressRows),
    progressBytes: Number(row.progressBytes),
    attempts: Number(row.attempts),
    createdAt: asIso(row.createdAt)!,
    expiresAt: asIso(row.expiresAt)!,
    leaseUntil: asIso(row.leaseUntil),
    queuedAt: asIso(row.queuedAt),
  }) as UploadRow;

export async function insertUpload(db: Db, upload: { id: string; staffId: number | null; fileName: string; at: string; expiresAt: string }): Promise<void> {
  await db
    .insertInto("catalog_import_uploads")
    .values({ id: upload.id, staff_id: upload.staffId, file_name: upload.fileName, size_bytes: 0, state: "checked", report: null, created_at: upload.at, expires_at: upload.expiresAt })
    .execute();
}

export async function insertUploadChunk(db: Db, uploadId: string, seq: number, content: Buffer): Promise<void> {
  await db.insertInto("catalog_import_upload_chunks").values({ upload_id: uploadId, seq, content }).execute();
}

export async function selectUploadChunk(db: Db, uploadId: string, seq: number): Promise<Buffer | null> {
  const row = await db.selectFrom("catalog_import_upload_chunks").where("upload_id", "=", uploadId).where("seq", "=", seq).select("content").executeTakeFirst();
  return row ? Buffer.from(row.content) : null;
}

export async function selectUpload(db: Db, id: string, now: string): Promise<UploadRow | undefined> {
  const row = await db.selectFrom("catalog_import_uploads").where("id", "=", id).where("expires_at", ">", now).select(UPLOAD_COLUMNS).executeTakeFirst();
  return row ? uploadRowOf(row) : undefined;
}

// ---------------------------------------------------------------------------------------------
// The uploads as background jobs: "checking" (the dry run to do) and "running" (the real run).

const PENDING: CatalogImportUploadState[] = ["checking", "running"];

/** Asks for a job on an upload: its state, who asked and when (jobs run oldest first). */
export async function queueUploadJob(db: Db, id: string, job: { from: CatalogImportUploadState | null; to: "checking" | "running"; actor: string; origin: string; at: string }): Promise<boolean> {
  let query = db
    .updateTable("catalog_import_uploads")
    .set({ state: job.to, queued_at: job.at, actor: job.actor, origin: job.origin, progress_rows: 0, progress_bytes: 0, attempts: 0, lease_owner: null, lease_until: null, error: null })
    .where("id", "=", id);
  if (job.from) query = query.where("state", "=", job.from);
  const result = await query.executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/**
 * Takes the oldest job no live process holds (never taken, or its holder's lease ran out: a
 * process that died mid-run) for `owner` until `leaseUntil`, counting the attempt. A
 * compare-and-set: of two processes only one takes it.
 */
export async function claimUploadJob(db: Db, owner: string, { now, leaseUntil }: { now: string; leaseUntil: string }): Promise<UploadRow | null> {
  const candidate = await db
    .selectFrom("catalog_import_uploads")
    .where("state", "in", PENDING)
    .where("expires_at", ">", now)
    .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<=", now), eb("lease_owner", "=", owner)]))
    .orderBy("queued_at")
    .orderBy("id")
    .select(["id", "state", "lease_until as leaseUntil"])
    .executeTakeFirst();
  if (!candidate) return null;
  const result = await db
    .updateTable("catalog_import_uploads")
    .set((eb) => ({ lease_owner: owner, lease_until: leaseUntil, attempts: eb("attempts", "+", 1) }))
    .where("id", "=", candidate.id)
    .where("state", "=", candidate.state)
    .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<=", now), eb("lease_owner", "=", owner)]))
    .executeTakeFirst();
  if (result.numUpdatedRows !== 1n) return null;
  const row = await db.selectFrom("catalog_import_uploads").where("id", "=", candidate.id).select(UPLOAD_COLUMNS).executeTakeFirst();
  return row ? uploadRowOf(row) : null;
}

/** The job's heartbeat: its progress and a longer lease, only while `owner` still holds it. */
export async function renewUploadJob(db: Db, id: string, owner: string, change: { leaseUntil: string; rows?: number; bytes?: number }): Promise<boolean> {
  const result = await db
    .updateTable("catalog_import_uploads")
    .set({ lease_until: change.leaseUntil, progress_rows: change.rows, progress_bytes: change.bytes })
    .where("id", "=", id)
    .where("lease_owner", "=", owner)
    .where("state", "in", PENDING)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Ends the job `owner` holds: its new state, its report or its error; the lease goes. */
export async function finishUploadJob(db: Db, id: string, owner: string, end: { state: CatalogImportUploadState; report?: string; error?: string | null }): Promise<boolean> {
  const result = await db
    .updateTable("catalog_import_uploads")
    .set({ state: end.state, lease_owner: null, lease_until: null, report: end.report, error: end.error })
    .where("id", "=", id)
    .where("lease_owner", "=", owner)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Lets go of a job without ending it (it is taken again at the next poll). */
export async function releaseUploadJob(db: Db, id: string, owner: string, error: string): Promise<void> {
  await db.updateTable("catalog_import_uploads").set({ lease_owner: null, lease_until: null, error }).where("id", "=", id).where("lease_owner", "=", owner).execute();
}

/** How many jobs of the shop were asked for before this one and are not done: 0 means it is next (or running). */
export async function countJobsBefore(db: Db, queuedAt: string, id: string): Promise<number> {
  const row = await db
    .selectFrom("catalog_import_uploads")
    .where("state", "in", PENDING)
    .where((eb) => eb.or([eb("queued_at", "<", queuedAt), eb.and([eb("queued_at", "=", queuedAt), eb("id", "<", id)])]))
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function updateUpload(db: Db, id: string, change: { sizeBytes?: number; state?: CatalogImportUploadState; report?: string }): Promise<void> {
  await db
    .updateTable("catalog_import_uploads")
    .set({ size_bytes: change.sizeBytes, state: change.state, report: change.report })
    .where("id", "=", id)
    .execute();
}

/** Moves an upload from one state to another; false when another request moved it first. */
export async function claimUpload(db: Db, id: string, from: CatalogImportUploadState, to: CatalogImportUploadState): Promise<boolean> {
  const result = await db.updateTable("catalog_import_uploads").set({ state: to }).where("id", "=", id).where("state", "=", from).executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** The chunks go first (no cascade is needed on either database). */
export async function deleteUploads(db: Db, ids: string[]): Promise<void> {
  if (!ids.length) return;
  await db.deleteFrom("catalog_import_upload_chunks").where("upload_id", "in", ids).execute();
  await db.deleteFrom("catalog_import_uploads").where("id", "in", ids).execute();
}

export async function selectExpiredUploadIds(db: Db, now: string): Promise<string[]> {
  const rows = await db.selectFrom("catalog_import_uploads").where("expires_at", "<=", now).select("id").limit(100).execute();
  return rows.map((r) => r.id);
}

import { type ExpressionBuilder, type Kysely, PostgresAdapter, type SelectQueryBuilder, sql, type Transaction } from "kysely";
import type { CamelRow, Database, Locale, ProductStatus, ProductTranslationsTable } from "~/db/schema";
import type { ProductSort, ProductStockFilter } from "./product-admin.schema";
import type { ProductState } from "./product-status";

// Every query of Atelier's products on the catalogue's tables (issue 24). The list reads one page
// and one row more (whether another page follows), never a count of every product; each sort and
// filter walks an index (migration 20261202010000-product-admin-indexes and earlier ones), and
// each row's price range and stock come from its variants' index, for the page's rows only.

type Db = Kysely<Database> | Transaction<Database>;
type ListQuery = SelectQueryBuilder<Database & { p: Database["products"]; t: Database["product_translations"] }, "p" | "t", object>;

export interface AdminProductFilter {
  /** A part of a name (any language, lower case) or the start of a SKU (capitals). */
  text: { name: string; sku: string } | null;
  categoryIds: number[] | null;
  state: ProductState | null;
  stock: ProductStockFilter | null;
  /** Units under which a size is running low (the shop's low-stock threshold). */
  lowBelow: number;
  now: string;
}

const likeContains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const HIGH = "\uffff";

// A product's lowest price and units in stock, from its variants' covering index (product_id, stock, price_cents).
const minPrice = (eb: ExpressionBuilder<Database & { p: Database["products"] }, "p">) =>
  eb.selectFrom("variants as v").select((e) => e.fn.min<number>("v.price_cents").as("m")).whereRef("v.product_id", "=", "p.id");
const stockTotal = (eb: ExpressionBuilder<Database & { p: Database["products"] }, "p">) =>
  eb.selectFrom("variants as v").select((e) => e.fn.sum<number>("v.stock").as("s")).whereRef("v.product_id", "=", "p.id");

function filtered(query: ListQuery, filter: AdminProductFilter): ListQuery {
  let q = query;
  const { text, state, stock, now } = filter;
  if (filter.categoryIds) q = q.where("p.category_id", "in", filter.categoryIds);
  if (state === "draft" || state === "archived") q = q.where("p.status", "=", state);
  if (state === "published") q = q.where("p.status", "=", "published").where("p.published_at", "<=", now);
  if (state === "scheduled") q = q.where("p.status", "=", "published").where("p.published_at", ">", now);
  if (text) {
    // A name is checked per product as the list walks (it stops at a page's worth); the SKUs
    // starting with the text are one range of the SKU index, read once.
    q = q.where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom("product_translations as n")
            .select("n.product_id")
            .whereRef("n.product_id", "=", "p.id")
            .where(sql<string>`lower(n.name)`, "like", sql<string>`${likeContains(text.name)} escape '\\'`),
        ),
        ...(text.sku ? [eb("p.id", "in", eb.selectFrom("variants as s").select("s.product_id").where("s.sku", ">=", text.sku).where("s.sku", "<", text.sku + HIGH))] : []),
      ]),
    );
  }
  const inStock = (eb: ExpressionBuilder<Database & { p: Database["products"] }, "p">) =>
    eb.exists(eb.selectFrom("variants as w").select("w.id").whereRef("w.product_id", "=", "p.id").where("w.stock", ">", 0));
  if (stock === "in") q = q.where((eb) => inStock(eb));
  if (stock === "out") q = q.where((eb) => eb.not(inStock(eb)));
  if (stock === "low") {
    q = q.where((eb) =>
      eb.exists(eb.selectFrom("variants as w").select("w.id").whereRef("w.product_id", "=", "p.id").where("w.stock", ">", 0).where("w.stock", "<", filter.lowBelow)),
    );
  }
  return q;
}

/** One page of the filtered list in the chosen order (ties by id), named in `locale`. */
export async function listAdminProducts(db: Db, locale: Locale, filter: AdminProductFilter, sort: ProductSort, page: { limit: number; offset: number }) {
  let query = filtered(
    db
      .selectFrom("products as p")
      .innerJoin("product_translations as t", (join) => join.onRef("t.product_id", "=", "p.id").on("t.locale", "=", locale)) as unknown as ListQuery,
    filter,
  ) as unknown as SelectQueryBuilder<Database & { p: Database["products"]; t: Database["product_translations"] }, "p" | "t", object>;
  if (sort === "name") query = query.orderBy("t.name").orderBy("p.id");
  else if (sort === "price") query = query.orderBy((eb) => minPrice(eb), "asc").orderBy("p.id");
  else if (sort === "stock") query = query.orderBy((eb) => stockTotal(eb), "asc").orderBy("p.id");
  else query = query.orderBy("p.created_at", "desc").orderBy("p.id", "desc");
  return query
    .select(["p.id", "t.name", "t.slug", "p.category_id as categoryId", "p.status", "p.published_at as publishedAt", "p.created_at as createdAt"])
    .limit(page.limit)
    .offset(page.offset)
    .execute() as Promise<{ id: number; name: string; slug: string; categoryId: number; status: ProductStatus; publishedAt: string; createdAt: string }[]>;
}

/** The price range, units in stock and number of variants of some products (their variants' index). */
export function listProductFigures(db: Db, productIds: number[]) {
  if (!productIds.length) return Promise.resolve([]);
  return db
    .selectFrom("variants")
    .select((eb) => [
      "product_id as productId",
      eb.fn.min<number>("price_cents").as("minCents"),
      eb.fn.max<number>("price_cents").as("maxCents"),
      eb.fn.sum<number>("stock").as("stock"),
      eb.fn.countAll<number>().as("variants"),
    ])
    .where("product_id", "in", productIds)
    .groupBy("product_id")
    .execute();
}

/** The product's own row, locked for the rest of the transaction on PostgreSQL. */
export async function findProductRow(db: Db, productId: number, { lock = false } = {}) {
  let query = db
    .selectFrom("products")
    .select(["id", "category_id as categoryId", "manufacturer_id as manufacturerId", "garment", "status", "published_at as publishedAt", "created_at as createdAt", "updated_at as updatedAt"])
    .where("id", "=", productId);
  if (lock && db.getExecutor().adapter instanceof PostgresAdapter) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** Several products' rows (the bulk actions), locked in id order on PostgreSQL. */
export async function findProductRows(db: Db, productIds: number[], { lock = false } = {}) {
  if (!productIds.length) return [];
  let query = db.selectFrom("products").select(["id", "category_id as categoryId", "status", "published_at as publishedAt"]).where("id", "in", productIds).orderBy("id");
  if (lock && db.getExecutor().adapter instanceof PostgresAdapter) query = query.forUpdate();
  return query.execute();
}

/** A product's texts in every language. */
export function listProductTranslations(db: Db, productId: number) {
  return db
    .selectFrom("product_translations")
    .select(["locale", "name", "slug", "description", "composition", "care", "meta_title as metaTitle", "meta_description as metaDescription", "keywords"])
    .where("product_id", "=", productId)
    .execute();
}

/** Names of some products in a language (bulk messages, audit summaries). */
export function listProductNames(db: Db, locale: Locale, productIds: number[]) {
  if (!productIds.length) return Promise.resolve([]);
  return db.selectFrom("product_translations").select(["product_id as id", "name"]).where("locale", "=", locale).where("product_id", "in", productIds).execute();
}

/** The product that holds a slug in a language, if any. */
export async function findSlugOwner(db: Db, locale: Locale, slug: string): Promise<number | undefined> {
  const row = await db.selectFrom("product_translations").select("product_id").where("locale", "=", locale).where("slug", "=", slug).executeTakeFirst();
  return row?.product_id;
}

/** How many variants each of these products has (those without any are missing). */
export async function countVariants(db: Db, productIds: number[]): Promise<Map<number, number>> {
  if (!productIds.length) return new Map();
  const rows = await db
    .selectFrom("variants")
    .select((eb) => ["product_id as productId", eb.fn.countAll<number>().as("n")])
    .where("product_id", "in", productIds)
    .groupBy("product_id")
    .execute();
  return new Map(rows.map((row) => [row.productId, Number(row.n)]));
}

export function categoryExists(db: Db, categoryId: number) {
  return db.selectFrom("categories").select("id").where("id", "=", categoryId).executeTakeFirst();
}

export function manufacturerExists(db: Db, manufacturerId: number) {
  return db.selectFrom("manufacturers").select("id").where("id", "=", manufacturerId).executeTakeFirst();
}

/** The catalogue's manufacturers, by name (the editor's choice). */
export function listManufacturers(db: Db) {
  return db.selectFrom("manufacturers").select(["id", "name", "country_code as countryCode"]).orderBy("name").orderBy("id").execute();
}

/** The last featured rank: a new product comes after every other in the "featured" order. */
export async function lastFeaturedRank(db: Db): Promise<number> {
  const row = await db.selectFrom("products").select((eb) => eb.fn.max("featured_rank").as("rank")).executeTakeFirst();
  return Number(row?.rank ?? 0);
}

export interface ProductRowValues {
  categoryId: number;
  manufacturerId: number | null;
  garment: string;
  status: ProductStatus;
  publishedAt: string;
}

export async function insertProduct(db: Db, row: ProductRowValues & { featuredRank: number; at: string }): Promise<number> {
  const inserted = await db
    .insertInto("products")
    .values({
      category_id: row.categoryId,
      manufacturer_id: row.manufacturerId,
      garment: row.garment,
      status: row.status,
      published_at: row.publishedAt,
      featured_rank: row.featuredRank,
      created_at: row.at,
      updated_at: row.at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export async function updateProductRow(db: Db, productId: number, row: Partial<ProductRowValues> & { at: string }): Promise<void> {
  await db
    .updateTable("products")
    .set({
      ...(row.categoryId !== undefined ? { category_id: row.categoryId } : {}),
      ...(row.manufacturerId !== undefined ? { manufacturer_id: row.manufacturerId } : {}),
      ...(row.garment !== undefined ? { garment: row.garment } : {}),
      ...(row.status !== undefined ? { status: row.status } : {}),
      ...(row.publishedAt !== undefined ? { published_at: row.publishedAt } : {}),
      updated_at: row.at,
    })
    .where("id", "=", productId)
    .execute();
}

/** A product's texts in one language, as the editor writes them. */
export type TranslationValues = Pick<CamelRow<ProductTranslationsTable>, "name" | "slug" | "description" | "composition" | "care" | "metaTitle" | "metaDescription">;

/** Writes a product's texts in one language (the row is made when the language had none). */
export async function saveTranslation(db: Db, productId: number, locale: Locale, values: TranslationValues): Promise<void> {
  const columns = {
    name: values.name,
    slug: values.slug,
    description: values.description,
    composition: values.composition,
    care: values.care,
    meta_title: values.metaTitle,
    meta_description: values.metaDescription,
  };
  const updated = await db.updateTable("product_translations").set(columns).where("product_id", "=", productId).where("locale", "=", locale).executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) return;
  await db
    .insertInto("product_translations")
    .values({ product_id: productId, locale, ...columns, keywords: "", share_image: null })
    .execute();
}

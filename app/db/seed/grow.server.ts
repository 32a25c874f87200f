import { type Kysely, PostgresAdapter, type RawBuilder, sql } from "kysely";
import { bumpCatalogRevision } from "../../modules/base/revision-cache.server";
import { moveProfileCounts, raiseFileDates } from "../../modules/catalog/listing-entries.server";
import { SITEMAP_PRODUCTS_PER_FILE } from "../../modules/seo/sitemap-files";
import { profileKey } from "../../modules/catalog/listing-profile";
import type { Database } from "../schema";
import { catalogue as demoCatalogue } from "./catalogue";
import { analyzeDatabase } from "../statistics.server";

// `npm run db:seed -- --products N`: grows the demo catalogue to N products, for measuring the
// shop at a real catalogue's size (scripts/bench.ts --products). Product j (counting from 1) is a
// copy of demo product ((j - 1) mod 92) + 1: the same category, maker, variants, stock, prices,
// price history, pictures and search text, under the name "<name> <copy>" and the slug
// "<slug>-<copy>" in both languages. So the result depends only on N, whatever the steps taken to
// reach it. The copying is done by the database itself (INSERT … SELECT), in one transaction.

export interface GrowResult {
  before: number;
  after: number;
  seconds: number;
}

const isPostgres = (db: Kysely<Database>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function growCatalogue(db: Kysely<Database>, target: number, log: (step: string) => void = () => {}): Promise<GrowResult> {
  const started = performance.now();
  let lap = started;
  const step = (name: string) => {
    const at = performance.now();
    log(`${name} (${((at - lap) / 1000).toFixed(1)} s)`);
    lap = at;
  };
  const templateCount = demoCatalogue.products.length;
  const result = await db.transaction().execute(async (trx) => {
    const counts = await trx
      .selectFrom("products")
      .select((eb) => [eb.fn.countAll<number>().as("count"), eb.fn.max("id").as("maxId")])
      .executeTakeFirstOrThrow();
    const before = Number(counts.count);
    if (before < templateCount) throw new Error(`The demo catalogue (${templateCount} products) must be seeded first; found ${before} products.`);
    if (target <= before) return { before, after: before };

    const templates = await trx.selectFrom("products").select("id").orderBy("id").limit(templateCount).execute();
    const lastTemplate = templates[templates.length - 1].id;
    const variantMax = await trx.selectFrom("variants").select((eb) => eb.fn.max("id").as("id")).executeTakeFirstOrThrow();
    const n = (value: number) => sql.lit(value);
    const postgres = isPostgres(trx);
    if (postgres) {
      // Room for the copy's joins in memory, for this transaction only.
      await sql`set local work_mem = '128MB'`.execute(trx);
      // Every copied row refers to rows this transaction has just written with ids it chose, so a
      // superuser (the benchmark's database) may skip the per-row foreign-key triggers, as
      // pg_restore --disable-triggers does; anyone else gets them checked.
      const role = await sql<{ rolsuper: boolean }>`select rolsuper from pg_roles where rolname = current_user`.execute(trx);
      if (role.rows[0]?.rolsuper) await sql`set local session_replication_role = replica`.execute(trx);
    }
    const temp = (name: string, select: RawBuilder<unknown>) =>
      sql`create temporary table ${sql.id(name)} ${postgres ? sql`on commit drop` : sql``} as ${select}`.execute(trx);

    // Which new product copies which demo product, and under which copy number.
    await temp(
      "grow_products",
      sql`with recursive counter(j) as (select ${n(before + 1)} union all select j + 1 from counter where j < ${n(target)})
          select counter.j as j, ${n(Number(counts.maxId))} + counter.j - ${n(before)} as new_id, t.id as template_id, (counter.j - 1) / ${n(templateCount)} + 1 as copy
          from counter join (select id, row_number() over (order by id) as r from products where id <= ${n(lastTemplate)}) t
            on t.r = ((counter.j - 1) % ${n(templateCount)}) + 1`,
    );
    await sql`insert into products (id, category_id, manufacturer_id, garment, featured_rank, published_at, created_at, updated_at, price_cents, compare_at_cents)
      select g.new_id, p.category_id, p.manufacturer_id, p.garment, p.featured_rank + (g.copy - 1) * 1000, p.published_at, p.created_at, p.updated_at, p.price_cents, p.compare_at_cents
      from grow_products g join products p on p.id = g.template_id`.execute(trx);
    step("products");
    await sql`insert into product_translations (product_id, locale, name, slug, description, composition, care, meta_title, meta_description, keywords, share_image)
      select g.new_id, t.locale, t.name || ' ' || cast(g.copy as varchar(12)), t.slug || '-' || cast(g.copy as varchar(12)), t.description, t.composition, t.care,
        t.meta_title, t.meta_description, t.keywords, t.share_image
      from grow_products g join product_translations t on t.product_id = g.template_id`.execute(trx);
    step("translations");

    await temp(
      "grow_variants",
      sql`select ${n(Number(variantMax.id ?? 0))} + row_number() over (order by g.j, v.id) as new_id, v.id as template_id, g.new_id as product_id, g.copy as copy
          from grow_products g join variants v on v.product_id = g.template_id`,
    );
    await sql`insert into variants (id, product_id, sku, color_code, size, position, price_cents, compare_at_cents, stock, created_at, updated_at)
      select gv.new_id, gv.product_id, v.sku || '-' || cast(gv.copy as varchar(12)), v.color_code, v.size, v.position, v.price_cents, v.compare_at_cents, v.stock,
        v.created_at, v.updated_at
      from grow_variants gv join variants v on v.id = gv.template_id`.execute(trx);
    step("variants");
    await sql`insert into price_history (variant_id, price_cents, effective_at)
      select gv.new_id, ph.price_cents, ph.effective_at from grow_variants gv join price_history ph on ph.variant_id = gv.template_id`.execute(trx);
    step("price history");
    await sql`insert into product_images (product_id, color_code, view, position)
      select g.new_id, i.color_code, i.view, i.position from grow_products g join product_images i on i.product_id = g.template_id`.execute(trx);
    step("images");

    // The demo's search documents, read once (an FTS5 table is not joined by an unindexed column);
    // a copy's name holds its copy number, as rebuildSearchIndex would write it, and so does the vocabulary.
    await temp(
      "grow_documents",
      sql`select product_id as template_id, locale, name_terms, category_terms, color_terms, body_terms from search_documents where product_id <= ${n(lastTemplate)}`,
    );
    await sql`insert into search_documents (product_id, locale, name_terms, category_terms, color_terms, body_terms)
      select g.new_id, d.locale, d.name_terms || ' ' || cast(g.copy as varchar(12)), d.category_terms, d.color_terms, d.body_terms
      from grow_products g join grow_documents d on d.template_id = g.template_id`.execute(trx);
    await sql`insert into search_vocabulary (locale, word, stem)
      select distinct d.locale, cast(g.copy as varchar(12)), cast(g.copy as varchar(12))
      from grow_products g join grow_documents d on d.template_id = g.template_id
      where true
      on conflict (locale, word) do nothing`.execute(trx);
    step("search documents");

    // A copy lists exactly as its demo product does (same variants, stock and prices): its
    // entries are the demo's under its own id, and each category's profile counts grow by the
    // number of copies (listing-entries.server.ts writes the same from the variants, slower).
    await sql`insert into listing_entries (category_id, product_id, depth, published_at, featured_rank, price_cents, max_price_cents, in_stock, on_sale,
        sizes, colors, stock_sizes, stock_colors, pairs, stock_pairs, changed_at)
      select e.category_id, g.new_id, e.depth, e.published_at, e.featured_rank + (g.copy - 1) * 1000, e.price_cents, e.max_price_cents, e.in_stock, e.on_sale,
        e.sizes, e.colors, e.stock_sizes, e.stock_colors, e.pairs, e.stock_pairs, e.changed_at
      from grow_products g join listing_entries e on e.product_id = g.template_id`.execute(trx);
    const copies = await sql<{ template_id: number; copies: number | string }>`
      select template_id, count(*) as copies from grow_products group by template_id`.execute(trx);
    const copiesOf = new Map(copies.rows.map((row) => [Number(row.template_id), Number(row.copies)]));
    const templateEntries = await trx
      .selectFrom("listing_entries")
      .select(["product_id", "category_id", "sizes", "colors", "stock_sizes", "stock_colors", "pairs", "stock_pairs", "in_stock", "on_sale"])
      .where("product_id", "<=", lastTemplate)
      .execute();
    await moveProfileCounts(
      trx,
      templateEntries.map((row) => ({ category_id: row.category_id, profile: profileKey(row), products: copiesOf.get(row.product_id) ?? 0 })),
    );
    // The new products' sitemap files, dated by their newest product.
    const files = await trx
      .selectFrom("listing_entries")
      .select((eb) => [sql<number>`(product_id - 1) / ${n(SITEMAP_PRODUCTS_PER_FILE)} + 1`.as("file"), eb.fn.max("changed_at").as("lastmod")])
      .where("depth", "=", 0)
      .where("product_id", ">", Number(counts.maxId))
      .groupBy(sql`(product_id - 1) / ${n(SITEMAP_PRODUCTS_PER_FILE)}`)
      .execute();
    await raiseFileDates(trx, files.map((row) => ({ file: Number(row.file), lastmod: String(row.lastmod) })));
    step("listing entries");

    if (postgres) {
      await sql`select setval(pg_get_serial_sequence('products', 'id'), (select max(id) from products))`.execute(trx);
      await sql`select setval(pg_get_serial_sequence('variants', 'id'), (select max(id) from variants))`.execute(trx);
    } else {
      for (const name of ["grow_products", "grow_variants", "grow_documents"]) await sql`drop table ${sql.id("temp")}.${sql.id(name)}`.execute(trx);
    }
    await bumpCatalogRevision(trx);
    return { before, after: target };
  });
  step("committed");
  // New statistics, so the planner knows the tables' new sizes.
  await analyzeDatabase(db);
  step("statistics");
  return { ...result, seconds: (performance.now() - started) / 1000 };
}

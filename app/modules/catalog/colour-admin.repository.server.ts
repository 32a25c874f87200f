import type { Kysely, Transaction } from "kysely";
import type { Database } from "~/db/schema";

// Every query of Atelier's colour editor: the shop's colours with both names and how many
// variants wear each, one colour, and its writes.

type Db = Kysely<Database> | Transaction<Database>;

export interface ColourRow {
  code: string;
  hex: string;
  position: number;
  nameIt: string;
  nameEn: string;
  variants: number;
}

export async function selectColourList(db: Db, code?: string): Promise<ColourRow[]> {
  let query = db
    .selectFrom("colors as c")
    .leftJoin("color_translations as it", (j) => j.onRef("it.color_code", "=", "c.code").on("it.locale", "=", "it"))
    .leftJoin("color_translations as en", (j) => j.onRef("en.color_code", "=", "c.code").on("en.locale", "=", "en"))
    .select((eb) => [
      "c.code",
      "c.hex",
      "c.position",
      "it.name as nameIt",
      "en.name as nameEn",
      eb.selectFrom("variants as v").whereRef("v.color_code", "=", "c.code").select((e) => e.fn.countAll<number | string>().as("n")).as("variants"),
    ])
    .orderBy("c.position")
    .orderBy("c.code");
  if (code !== undefined) query = query.where("c.code", "=", code);
  const rows = await query.execute();
  return rows.map((r) => ({ code: r.code, hex: r.hex, position: Number(r.position), nameIt: r.nameIt ?? "", nameEn: r.nameEn ?? "", variants: Number(r.variants ?? 0) }));
}

/** Another colour already named so (either language, any case). */
export async function findColourNamed(db: Db, names: string[], exceptCode: string | null): Promise<string | undefined> {
  let query = db
    .selectFrom("color_translations")
    .select("color_code")
    .where((eb) => eb.or(names.map((n) => eb(eb.fn("lower", ["name"]), "=", n.toLowerCase()))));
  if (exceptCode !== null) query = query.where("color_code", "!=", exceptCode);
  return (await query.limit(1).executeTakeFirst())?.color_code;
}

export async function updateColourRow(db: Db, code: string, colour: { hex: string; nameIt: string; nameEn: string }): Promise<void> {
  await db.updateTable("colors").set({ hex: colour.hex }).where("code", "=", code).execute();
  for (const [locale, name] of [["it", colour.nameIt], ["en", colour.nameEn]] as const) {
    const updated = await db.updateTable("color_translations").set({ name }).where("color_code", "=", code).where("locale", "=", locale).executeTakeFirst();
    if (updated.numUpdatedRows === 0n) await db.insertInto("color_translations").values({ color_code: code, locale, name }).execute();
  }
}

/** The products wearing a colour (their pages and listings show its name and swatch). */
export async function selectProductsWearing(db: Db, code: string): Promise<number[]> {
  const rows = await db.selectFrom("variants").select("product_id").distinct().where("color_code", "=", code).execute();
  return rows.map((r) => r.product_id);
}

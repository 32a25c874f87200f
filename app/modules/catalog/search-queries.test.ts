import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, createTestDatabase } from "../../../tests/support/databases";
import type { Locale } from "~/db/schema";
import { seedDatabase } from "~/db/seed/seed.server";
import { parseListingQuery } from "./listing.schema";
import { searchEngine } from "./search-engine.server";
import { searchCatalogue } from "./search.service.server";

// Issue 39's query set: what shoppers type on the demo catalogue, in both languages (plurals,
// genders, synonyms, typos, colours, categories, two words, nonsense), each with what it must
// find. Run on SQLite and PostgreSQL, and the two must answer every query with the same
// products in the same order.

interface Case {
  q: string;
  locale?: Locale;
  /** Every product whose name matches is found. */
  finds?: RegExp;
  /** The first `n` results' names all match (n: how many products' names match `finds`, or given). */
  first?: RegExp;
  firstCount?: number;
  /** Nothing found (without it: something found). */
  none?: true;
  /** The query was corrected to this. */
  corrected?: string;
}

const CASES: Case[] = [
  // Plurals and singulars, genders.
  { q: "pantaloni", finds: /^Pantaloni/, first: /^(Pantaloni|Jeans|Chino)/ },
  { q: "pantalone", finds: /^Pantaloni/ },
  { q: "pantalone lino", finds: /^Pantaloni.*lino/, first: /^Pantaloni.*lino/ },
  { q: "camicia", finds: /^Camicia/, first: /^(Camicia|Blusa|Overshirt)/ },
  { q: "camicie", finds: /^Camicia/ },
  { q: "gonne", finds: /^(Gonna|Minigonna)/, first: /^(Gonna|Minigonna)/ },
  { q: "gonna", finds: /^Gonna/ },
  { q: "sandalo", finds: /^Sandali/, first: /^Sandali/ },
  { q: "sciarpe", finds: /^Sciarpa/ },
  { q: "cintura", finds: /^Cintura/, first: /^Cintura/ },
  { q: "stivale", finds: /^Stivali/ },
  { q: "cappotti", finds: /^Cappotto/ },
  { q: "bianca" },
  { q: "camicia bianca", first: /^Camicia/, firstCount: 3 },
  { q: "abiti neri", first: /^Abito/, firstCount: 2 },
  { q: "giacche", finds: /^Giacca/, first: /^(Giacca|Blazer|Giubbotto)/ },
  // Synonyms.
  { q: "vestito", finds: /^Abito/, first: /^Abito/ },
  { q: "vestiti lunghi", finds: /^Abito lungo/ },
  { q: "cachemire", finds: /cashmere/i, first: /cashmere/i },
  { q: "maglione", finds: /^(Maglione|Pullover)/ },
  { q: "borsetta", finds: /^Borsa/, first: /^(Borsa|Shopper|Pochette)/ },
  { q: "giubbotto", finds: /^(Giubbotto|Giacca)/ },
  { q: "dolcevita", finds: /^Dolcevita/, first: /^Dolcevita/ },
  { q: "lupetto", finds: /^Dolcevita/ },
  { q: "calzature", finds: /^(Mocassini|Sneakers|Ballerine)/ },
  { q: "scamosciato", finds: /^Giubbotto in pelle scamosciata/ },
  { q: "denim", finds: /denim/i },
  { q: "golf", finds: /^Cardigan/ },
  { q: "impermeabile", finds: /^Trench/ },
  { q: "pants", locale: "en", finds: /trousers$/, first: /(trousers|jeans|chinos)$/ },
  { q: "trainers", locale: "en", finds: /sneakers/, first: /sneakers/ },
  { q: "handbag", locale: "en", finds: /bag$/ },
  { q: "jumpers", locale: "en", finds: /jumper$/ },
  { q: "sweater", locale: "en", finds: /(sweater|jumper)$/ },
  { q: "pullover", locale: "en", finds: /jumper$/ },
  { q: "cachemire", locale: "en", finds: /cashmere/i },
  { q: "purse", locale: "en", finds: /bag$/ },
  { q: "raincoat", locale: "en", finds: /trench coat/ },
  { q: "waistcoat", locale: "en", finds: /(vest|gilet)$/ },
  // Typos: one edit from five letters, two from nine.
  { q: "capotto", finds: /^Cappotto/, first: /^Cappotto/, corrected: "cappotto" },
  { q: "camica", finds: /^Camicia/ },
  { q: "cardigna", finds: /^Cardigan/, corrected: "cardigan" },
  { q: "maglieira", finds: /^(Maglione|Pullover|Cardigan|Dolcevita)/, corrected: "maglieria" },
  { q: "pantaolni", finds: /^Pantaloni/, corrected: "pantaloni" },
  { q: "cashmire", locale: "en", finds: /cashmere/i, corrected: "cashmere" },
  { q: "trousres", locale: "en", finds: /trousers$/, corrected: "trousers" },
  { q: "leathr", locale: "en", finds: /leather/i, corrected: "leather" },
  // Colours.
  { q: "giacca blu", first: /^(Giacca|Blazer|Giubbotto)/, firstCount: 1 },
  { q: "verde bosco" },
  { q: "sage", locale: "en" },
  { q: "black leather", locale: "en", first: /leather/i, firstCount: 3 },
  { q: "cammello", finds: /cammello/i },
  // Categories.
  { q: "scarpa", first: /^(Mocassini|Stivaletti|Décolleté|Ballerine|Sneakers|Stringate|Stivali|Sandali)/, firstCount: 8 },
  { q: "borse", first: /^(Borsa|Shopper|Pochette)/, firstCount: 7 },
  { q: "maglieria", first: /./, firstCount: 10 },
  { q: "shoes", locale: "en", first: /(loafers|boots|pumps|flats|sneakers|shoes|sandals)$/, firstCount: 8 },
  { q: "belts", locale: "en", finds: /belt/i, first: /belt/i },
  { q: "coats", locale: "en", finds: /coat$/ },
  { q: "women", locale: "en", finds: /dress$/ },
  // Two words, prefixes, stop words.
  { q: "pantaloni in lino", finds: /^Pantaloni.*lino/, first: /^Pantaloni.*lino/ },
  { q: "cardig", finds: /^Cardigan/, first: /^Cardigan/ },
  { q: "linen shirt", locale: "en", finds: /linen.*shirt$/i, first: /shirt$/ },
  { q: "wool coat", locale: "en", first: /coat$/, firstCount: 2 },
  { q: "silk skirt", locale: "en", finds: /^Silk midi skirt/ },
  // Nonsense and what finds nothing.
  { q: "zzzqx", none: true },
  { q: "qwerty asdf", locale: "en", none: true },
  { q: "pantaloni rosa", none: true },
  { q: "in di con", none: true },
  { q: "***", none: true },
];

const kinds = DIALECTS;

describe("the query set on every database", () => {
  const dbs: Awaited<ReturnType<typeof createTestDatabase>>[] = [];
  let names: Record<Locale, Map<number, string>>;

  beforeAll(async () => {
    for (const kind of kinds) {
      const db = await createTestDatabase(kind);
      await seedDatabase(db.db);
      dbs.push(db);
    }
    const rows = await dbs[0].db.selectFrom("product_translations").select(["product_id", "locale", "name"]).execute();
    names = { it: new Map(), en: new Map() };
    for (const row of rows) names[row.locale].set(row.product_id, row.name);
  }, 120_000);

  afterAll(async () => {
    for (const db of dbs) await db.destroy();
  });

  it("holds at least 60 queries in both languages", () => {
    expect(CASES.length).toBeGreaterThanOrEqual(60);
    expect(CASES.filter((c) => c.locale === "en").length).toBeGreaterThanOrEqual(20);
  });

  for (const c of CASES) {
    const locale = c.locale ?? "it";
    it(`${locale}: «${c.q}»`, async () => {
      const answers: number[][] = [];
      for (const { db, kind } of dbs) {
        const ids = (await searchEngine(db, locale, c.q)).productIds;
        answers.push(ids);
        const found = ids.map((id) => names[locale].get(id)!);
        const where = `${kind} «${c.q}» → ${found.join(" · ")}`;
        if (c.none) expect(ids, where).toEqual([]);
        else expect(ids.length, where).toBeGreaterThan(0);
        if (c.finds) {
          const wanted = [...names[locale]].filter(([, name]) => c.finds!.test(name)).map(([id]) => id);
          expect(wanted.length, `«${c.q}» names nothing in the catalogue`).toBeGreaterThan(0);
          expect(ids, where).toEqual(expect.arrayContaining(wanted));
        }
        if (c.first) {
          const count = c.firstCount ?? [...names[locale].values()].filter((name) => (c.finds ?? c.first)!.test(name)).length;
          for (const name of found.slice(0, count)) expect(name, where).toMatch(c.first);
        }
        if (c.corrected) {
          const result = await searchCatalogue(db, locale, c.q, parseListingQuery(new URLSearchParams()));
          expect(result.correction, where).toEqual({ from: c.q, to: c.corrected });
        }
      }
      // Both databases: the same products in the same order.
      for (const other of answers.slice(1)) expect(other).toEqual(answers[0]);
    });
  }
});

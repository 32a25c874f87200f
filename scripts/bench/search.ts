// `npm run bench -- --search-only [--products N]`: the search's own latency (issue 39) at N
// products (100 000 by default), on SQLite and (when BENCH_POSTGRES_URL or TEST_POSTGRES_URL is
// set) PostgreSQL. In process, on a scratch database seeded and grown by the catalogue generator
// (app/db/seed/grow.server.ts): each query is searched uncached (searchCatalogue, not the page's
// catalogue cache, which would hide the cost), a distinct query each time in a round, and the
// suggestions likewise (searchSuggestions). Fails when p50 passes 50 ms or p99 200 ms for the
// search, p50 20 ms for the suggestions. See docs/decisions/049-search.md.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "../../app/db/connection.server";
import { migrateToLatest } from "../../app/db/migrate.server";
import { growCatalogue } from "../../app/db/seed/grow.server";
import { seedDatabase } from "../../app/db/seed/seed.server";
import type { Locale } from "../../app/utils/locale";
import { parseListingQuery } from "../../app/modules/catalog/listing.schema";
import { searchCatalogue } from "../../app/modules/catalog/search.service.server";
import { searchSuggestions } from "../../app/modules/catalog/search-suggestions.service.server";
import { percentile } from "./load";
import { fixed, table } from "./report";
import { withScratchPostgres } from "./server";

/** What shoppers type: single words common and rare, two words, synonyms, typos, beginnings, nonsense. */
const QUERIES: [Locale, string][] = [
  ...[
    "lana",
    "cotone",
    "pelle",
    "seta",
    "lino",
    "cashmere",
    "camicia",
    "camicie bianche",
    "pantaloni",
    "pantalone lino",
    "giacca blu",
    "cappotto",
    "capotto",
    "camica",
    "vestito",
    "abito nero",
    "scarpa",
    "borse",
    "borsetta",
    "sandalo",
    "cachemire",
    "maglione",
    "maglia a coste",
    "gonna lunga",
    "cintura in cuoio",
    "sciarpa",
    "cardig",
    "dolcevita",
    "giubbotto",
    "blazer doppiopetto",
    "stivaletti",
    "jeans",
    "denim",
    "velluto",
    "flanella grigia",
    "popeline",
    "merino",
    "cammello",
    "donna",
    "uomo giacca",
    "zzzqx",
    "pantaloni rosa",
    "sneakers",
    "mocassini",
    "trench",
    "pochette",
  ].map((q): [Locale, string] => ["it", q]),
  ...[
    "wool",
    "cotton",
    "leather",
    "silk",
    "linen shirt",
    "pants",
    "trainers",
    "handbag",
    "cashmire",
    "jumpers",
    "white shirt",
    "blue jacket",
    "coat",
    "dress",
    "skirt",
    "scarf",
    "belt",
    "boots",
    "suede",
    "corduroy trousers",
    "knitwear",
    "women",
    "men shirts",
    "sweater",
    "trousers",
    "qwxz",
  ].map((q): [Locale, string] => ["en", q]),
];

/** The beginnings a shopper types on the way to each query. */
const PREFIXES: [Locale, string][] = QUERIES.flatMap(([locale, q]) =>
  [2, 3, 4, 6].filter((n) => n < q.length).map((n): [Locale, string] => [locale, q.slice(0, n)]),
);

export interface SearchFigures {
  database: "sqlite" | "postgres";
  products: number;
  growSeconds: number;
  search: { p50: number; p99: number; max: number; samples: number };
  suggestions: { p50: number; p99: number; max: number; samples: number };
  /**
   * This process's CPU time per search (user + system): on SQLite the whole work, whatever else
   * runs on the machine (a shared machine inflates the wall-clock figures); on PostgreSQL only the
   * client's share.
   */
  searchCpu: { p50: number; p99: number };
}

const BUDGET = { searchP50: 50, searchP99: 200, suggestP50: 20 };

async function timed(samples: number[], run: () => Promise<unknown>, cpu?: number[]) {
  const started = performance.now();
  const startedCpu = process.cpuUsage();
  await run();
  samples.push(performance.now() - started);
  const used = process.cpuUsage(startedCpu);
  cpu?.push((used.user + used.system) / 1000);
}

const summary = (samples: number[]) => {
  const sorted = Float64Array.from(samples).sort();
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted[sorted.length - 1] ?? NaN, samples: sorted.length };
};

async function measure(database: SearchFigures["database"], url: string, products: number, rounds: number, log: (line: string) => void): Promise<SearchFigures> {
  const handle = openDatabase(url);
  try {
    await migrateToLatest(handle.db);
    await seedDatabase(handle.db);
    log(`${database}: growing the catalogue to ${products} products…`);
    const { seconds } = await growCatalogue(handle.db, products);
    log(`${database}: grown in ${fixed(seconds, 1)} s; searching ${QUERIES.length} queries × ${rounds} rounds, ${PREFIXES.length} beginnings × ${rounds}`);
    const listing = parseListingQuery(new URLSearchParams());
    // Warm-up: the lexicon of each language (once per process and catalogue revision), the planner.
    for (const [locale, q] of QUERIES.slice(0, 4).concat(QUERIES.slice(-4))) await searchCatalogue(handle.db, locale, q, listing);
    const search: number[] = [];
    const suggest: number[] = [];
    const cpu: number[] = [];
    for (let round = 0; round < rounds; round++) {
      for (const [locale, q] of QUERIES) await timed(search, () => searchCatalogue(handle.db, locale, q, listing), cpu);
      for (const [locale, q] of PREFIXES) await timed(suggest, () => searchSuggestions(handle.db, locale, q));
    }
    const cpuSummary = summary(cpu);
    return { database, products, growSeconds: seconds, search: summary(search), suggestions: summary(suggest), searchCpu: { p50: cpuSummary.p50, p99: cpuSummary.p99 } };
  } finally {
    await handle.close();
  }
}

/** Runs the search benchmark; returns the exit code. */
export async function runSearchBenchmark({ products, rounds = 3, json }: { products: number; rounds?: number; json?: string }): Promise<number> {
  const log = (line = "") => console.log(line);
  const figures: SearchFigures[] = [];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bottega-search-bench-"));
  // BENCH_DATABASES=postgres measures one of the two (a second look at one database).
  const only = process.env.BENCH_DATABASES;
  try {
    if (!only || only.includes("sqlite")) figures.push(await measure("sqlite", `file:${path.join(dir, "search.sqlite")}`, products, rounds, log));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const postgresBase = process.env.BENCH_POSTGRES_URL ?? process.env.TEST_POSTGRES_URL;
  if (only && !only.includes("postgres")) log("note: PostgreSQL not measured (BENCH_DATABASES)");
  else if (postgresBase) figures.push(await withScratchPostgres(postgresBase, "bottega_search", (url) => measure("postgres", url, products, rounds, log)));
  else log("note: PostgreSQL not measured: set BENCH_POSTGRES_URL (or TEST_POSTGRES_URL)");

  const violations: string[] = [];
  for (const f of figures) {
    if (f.search.p50 > BUDGET.searchP50) violations.push(`${f.database}: search p50 ${fixed(f.search.p50, 1)} ms > ${BUDGET.searchP50} ms`);
    if (f.search.p99 > BUDGET.searchP99) violations.push(`${f.database}: search p99 ${fixed(f.search.p99, 1)} ms > ${BUDGET.searchP99} ms`);
    if (f.suggestions.p50 > BUDGET.suggestP50) violations.push(`${f.database}: suggestions p50 ${fixed(f.suggestions.p50, 1)} ms > ${BUDGET.suggestP50} ms`);
  }
  log();
  log(
    table(
      ["database", "products", "search p50", "search p99", "search max", "n", "cpu p50", "cpu p99", "suggest p50", "suggest p99", "n", "budget"],
      figures.map((f) => [
        f.database,
        String(f.products),
        `${fixed(f.search.p50, 1)} ms`,
        `${fixed(f.search.p99, 1)} ms`,
        `${fixed(f.search.max, 1)} ms`,
        String(f.search.samples),
        `${fixed(f.searchCpu.p50, 1)} ms`,
        `${fixed(f.searchCpu.p99, 1)} ms`,
        `${fixed(f.suggestions.p50, 1)} ms`,
        `${fixed(f.suggestions.p99, 1)} ms`,
        String(f.suggestions.samples),
        `p50 ≤ ${BUDGET.searchP50}, p99 ≤ ${BUDGET.searchP99}; suggest p50 ≤ ${BUDGET.suggestP50}`,
      ]),
      ["left", "right", "right", "right", "right", "right", "right", "right", "right", "right", "right", "left"],
    ),
  );
  for (const violation of violations) log(`FAIL ${violation}`);
  log("cpu = this process's CPU time per search (on SQLite the whole work; on PostgreSQL the client's share).");
  log(violations.length ? "FAIL" : "PASS");
  if (json) fs.writeFileSync(json, JSON.stringify({ date: new Date().toISOString(), figures, violations }, null, 2) + "\n");
  return violations.length ? 1 : 0;
}

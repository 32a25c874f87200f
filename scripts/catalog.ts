// `npm run catalog -- import FILE [--dry-run]`: imports a Shopify product CSV (Atelier's import,
// the same service): a dry run only reports; the real run writes, a batch of products at a time.
// Prints the report (the rejected rows with their line numbers and reasons); the exit code is 1
// when rows were rejected or the file could not be read, 0 otherwise.
// `npm run catalog -- export FILE`: writes the catalogue in the same format (FILE "-" = stdout).
// Both are recorded in the audit log as the command line's.
import { once } from "node:events";
import { createReadStream, createWriteStream } from "node:fs";
import { stat } from "node:fs/promises";
import { openDatabase } from "../app/db/connection.server";
import { migrateToLatest } from "../app/db/migrate.server";
import type { AuditActor } from "../app/modules/audit/audit.service.server";
import { EXPORT_HEADER, catalogueCsvRows, recordCatalogueExport } from "../app/modules/catalog/catalog-export.service.server";
import { type ImportIssue, type ImportReport, importCatalogue } from "../app/modules/catalog/catalog-import.service.server";
import { getMediaStorage } from "../app/modules/media/storage.server";
import { csvLine } from "../app/utils/csv.server";
import { getEnv } from "../app/utils/env.server";
import messages from "../locales/en/atelier-import.json";

const USAGE = "Usage: npm run catalog -- import FILE [--dry-run]\n       npm run catalog -- export FILE";

type Command = { name: "import"; file: string; dryRun: boolean } | { name: "export"; file: string };

function parseCommand(args: string[]): Command | null {
  const [name, ...rest] = args;
  const dryRun = rest.includes("--dry-run");
  const files = rest.filter((a) => a !== "--dry-run");
  if (files.length !== 1 || files[0].startsWith("--")) return null;
  if (name === "import") return { name, file: files[0], dryRun };
  if (name === "export" && !dryRun) return { name, file: files[0] };
  return null;
}

const command = parseCommand(process.argv.slice(2));
if (!command) {
  console.error(USAGE);
  process.exit(2);
}

const CLI: AuditActor = { kind: "cli" };

/** An English message of the import's namespace, its {{placeholders}} filled. */
function message(group: "issues" | "notes" | "fatal", issue: { code: string; params?: Record<string, string> } & Record<string, unknown>): string {
  const texts = messages[group] as Record<string, string>;
  const values: Record<string, unknown> = { ...issue, ...issue.params };
  if (values.reason) values.reason = (messages.imageFailures as Record<string, string>)[String(values.reason)] ?? values.reason;
  if (Array.isArray(values.columns)) values.columns = values.columns.join(", ");
  return (texts[issue.code] ?? issue.code).replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key] ?? ""));
}

function printReport(report: ImportReport) {
  const p = report.products;
  if (report.fatal) console.error(message("fatal", report.fatal as never));
  console.log(`${report.dryRun ? "Dry run (nothing written)" : "Import"}: ${report.rows} rows, ${report.rowsAccepted} accepted, ${report.rowsRejected} rejected.`);
  console.log(`Products: ${p.create} ${report.dryRun ? "to create" : "created"}, ${p.update} ${report.dryRun ? "to update" : "updated"}, ${p.unchanged} unchanged, ${p.rejected} rejected.`);
  console.log(`Variants: ${report.variants.create} new, ${report.variants.update} changed.`);
  if (report.dryRun) console.log(`Photographs to fetch: ${report.images.fetch}.`);
  else console.log(`Photographs: ${report.images.fetched} fetched (staged for the photograph pipeline), ${report.images.updated} updated, ${report.images.removed} removed, ${report.images.failed} failed.`);
  if (report.newColours.length) console.log(`New colours: ${report.newColours.join(", ")}.`);
  if (report.ignoredColumns.length) console.log(`Columns not read: ${report.ignoredColumns.join(", ")}.`);
  const line = (group: "issues" | "notes") => (i: ImportIssue) => `  line ${i.line}${i.handle ? ` (${i.handle})` : ""}: ${message(group, i as never)}`;
  if (report.errors.length) console.log(["Rejected rows:", ...report.errors.map(line("issues"))].join("\n"));
  if (report.errorsNotListed) console.log(`  …and ${report.errorsNotListed} more.`);
  if (report.notes.length) console.log(["Notices:", ...report.notes.map(line("notes"))].join("\n"));
  if (report.notesNotListed) console.log(`  …and ${report.notesNotListed} more.`);
}

const env = getEnv();
const handle = openDatabase(env.DATABASE_URL);
try {
  await migrateToLatest(handle.db);
  if (command.name === "import") {
    const info = await stat(command.file).catch(() => null);
    if (!info?.isFile()) {
      console.error(`No file ${command.file}.`);
      process.exitCode = 1;
    } else {
      const report = await importCatalogue(handle.db, createReadStream(command.file), { dryRun: command.dryRun, actor: CLI, origin: env.PUBLIC_URL, storage: getMediaStorage(env), source: command.file.split(/[\\/]/).pop() });
      printReport(report);
      if (report.fatal || report.rowsRejected > 0) process.exitCode = 1;
    }
  } else {
    const toStdout = command.file === "-";
    const out = toStdout ? process.stdout : createWriteStream(command.file);
    await recordCatalogueExport(handle.db, CLI, toStdout ? "stdout" : command.file.split(/[\\/]/).pop()!);
    const write = async (text: string) => {
      if (!out.write(text)) await once(out, "drain");
    };
    await write(`\uFEFF${csvLine(EXPORT_HEADER)}`);
    let rows = 0;
    for await (const row of catalogueCsvRows(handle.db, { publicUrl: env.PUBLIC_URL })) {
      await write(csvLine(row));
      rows++;
    }
    if (!toStdout) {
      out.end();
      await once(out, "finish");
      console.log(`${rows} rows written to ${command.file}.`);
    }
  }
} finally {
  await handle.close();
}

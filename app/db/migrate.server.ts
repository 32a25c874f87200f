import { type Kysely, type Migration, type MigrationProvider, Migrator, NO_MIGRATIONS, sql } from "kysely";
import * as foundation from "./migrations/20261122000000-foundation";
import * as catalogue from "./migrations/20261122010000-catalogue";
import * as content from "./migrations/20261123010000-content";
import * as stores from "./migrations/20261123020000-stores";
import * as career from "./migrations/20261123030000-career";
import * as mailOutbox from "./migrations/20261124000000-mail-outbox";
import * as manufacturers from "./migrations/20261124020000-manufacturers";
import * as catalogRevision from "./migrations/20261124030000-catalog-revision";
import * as bags from "./migrations/20261124040000-bags";
import * as accounts from "./migrations/20261125000000-accounts";
import * as addresses from "./migrations/20261125010000-addresses";
import * as socialLogin from "./migrations/20261126000000-social-login";
import * as checkout from "./migrations/20261127000000-checkout";
import * as afterOrder from "./migrations/20261128000000-after-order";
import * as listingEntries from "./migrations/20261129000000-listing-entries";
import * as userFiscalCode from "./migrations/20261130000000-user-fiscal-code";
import * as returnDeadlineWording from "./migrations/20261130000001-return-deadline-wording";
import * as accountBags from "./migrations/20261130010000-account-bags";
import * as mailAbout from "./migrations/20261130050000-mail-about";
import * as redemptionEmailHash from "./migrations/20261130050001-redemption-email-hash";
import * as addressVerification from "./migrations/20261130050002-address-verification";
import * as emailConfirmationTokens from "./migrations/20261130060000-email-confirmation-tokens";
import * as auditLog from "./migrations/20261201000000-audit-log";
import * as staff from "./migrations/20261201010000-staff";
import * as orderDesk from "./migrations/20261201020000-order-desk";
import * as dashboardIndexes from "./migrations/20261201030000-dashboard-indexes";
import * as invoices from "./migrations/20261201040000-invoices";
import * as customerDesk from "./migrations/20261201050000-customer-desk";
import * as newsletterDoubleOptIn from "./migrations/20261201060000-newsletter-double-opt-in";
import * as applicationHandling from "./migrations/20261201060001-application-handling";
import * as slugRedirects from "./migrations/20261202000000-slug-redirects";
import * as productStatus from "./migrations/20261202000001-product-status";
import * as productAdminIndexes from "./migrations/20261202010000-product-admin-indexes";
import * as productPrices from "./migrations/20261202020000-product-prices";
import * as photographs from "./migrations/20261202030000-photographs";
import * as bannerAndPromotions from "./migrations/20261202050000-banner-and-promotions";
import * as contentStatus from "./migrations/20261202060000-content-status";
import * as catalogImport from "./migrations/20261202070000-catalog-import";
import * as importPhotographs from "./migrations/20261202080000-import-photographs";
import * as tilesAndContentImages from "./migrations/20261202090000-tiles-and-content-images";
import * as scheduledTasks from "./migrations/20261203000000-scheduled-tasks";
import * as refundsAndCreditNotes from "./migrations/20261206020000-refunds-and-credit-notes";
import * as importJobs from "./migrations/20261206040000-import-jobs";
import * as search from "./migrations/20261207000000-search";
import * as wishlist from "./migrations/20261207010000-wishlist";
import * as sizeGuides from "./migrations/20261207020000-size-guides";
import * as storeStock from "./migrations/20261207030000-store-stock";
import * as storePickup from "./migrations/20261207040000-store-pickup";
import * as customerNotes from "./migrations/20261207050000-customer-notes";
import * as savedViews from "./migrations/20261208000000-saved-views";
import * as staffCapabilities from "./migrations/20261206030000-staff-capabilities";
import { log } from "../utils/log.server";
import type { Database } from "./schema";

// Migrations are imported statically (not read from a folder) so they travel inside the
// bundled production server. Add new ones here, in timestamp order.
const migrations: Record<string, Migration> = {
  "20261122000000-foundation": foundation,
  "20261122010000-catalogue": catalogue,
  "20261123010000-content": content,
  "20261123020000-stores": stores,
  "20261123030000-career": career,
  "20261124000000-mail-outbox": mailOutbox,
  "20261124020000-manufacturers": manufacturers,
  "20261124030000-catalog-revision": catalogRevision,
  "20261124040000-bags": bags,
  "20261125000000-accounts": accounts,
  "20261125010000-addresses": addresses,
  "20261126000000-social-login": socialLogin,
  "20261127000000-checkout": checkout,
  "20261128000000-after-order": afterOrder,
  "20261129000000-listing-entries": listingEntries,
  "20261130000000-user-fiscal-code": userFiscalCode,
  "20261130000001-return-deadline-wording": returnDeadlineWording,
  "20261130010000-account-bags": accountBags,
  "20261130050000-mail-about": mailAbout,
  "20261130050001-redemption-email-hash": redemptionEmailHash,
  "20261130050002-address-verification": addressVerification,
  "20261130060000-email-confirmation-tokens": emailConfirmationTokens,
  "20261201000000-audit-log": auditLog,
  "20261201010000-staff": staff,
  "20261201020000-order-desk": orderDesk,
  "20261201030000-dashboard-indexes": dashboardIndexes,
  "20261201040000-invoices": invoices,
  "20261201050000-customer-desk": customerDesk,
  "20261201060000-newsletter-double-opt-in": newsletterDoubleOptIn,
  "20261201060001-application-handling": applicationHandling,
  "20261202000000-slug-redirects": slugRedirects,
  "20261202000001-product-status": productStatus,
  "20261202010000-product-admin-indexes": productAdminIndexes,
  "20261202020000-product-prices": productPrices,
  "20261202030000-photographs": photographs,
  "20261202050000-banner-and-promotions": bannerAndPromotions,
  "20261202060000-content-status": contentStatus,
  "20261202070000-catalog-import": catalogImport,
  "20261202080000-import-photographs": importPhotographs,
  "20261202090000-tiles-and-content-images": tilesAndContentImages,
  "20261203000000-scheduled-tasks": scheduledTasks,
  "20261206020000-refunds-and-credit-notes": refundsAndCreditNotes,
  "20261206030000-staff-capabilities": staffCapabilities,
  "20261206040000-import-jobs": importJobs,
  "20261207000000-search": search,
  "20261207010000-wishlist": wishlist,
  "20261207020000-size-guides": sizeGuides,
  "20261207030000-store-stock": storeStock,
  "20261207040000-store-pickup": storePickup,
  "20261207050000-customer-notes": customerNotes,
  "20261208000000-saved-views": savedViews,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** This code's migrations by name (tests build a newer release's migrator from them). */
export function knownMigrations(): Record<string, Migration> {
  return { ...migrations };
}

function migrator(db: Kysely<Database>) {
  return new Migrator({ db, provider });
}

/**
 * Where a database stands against the migrations this code knows (docs/decisions/031):
 * - "in step": every migration it applied is known here; `pending` are the known ones still to apply;
 * - "ahead": a newer release migrated it, during a rolling restart: every migration applied that
 *   this code does not know sorts after the newest it knows, and all of those are applied, so the
 *   schema only grew in ways this code ignores;
 * - "diverged": anything else (an unknown migration among known ones, or a known one missing
 *   before an unknown one): code and database come from different branches, and nothing is safe.
 */
export type MigrationState =
  | { kind: "in step"; pending: string[] }
  | { kind: "ahead"; unknown: string[] }
  | { kind: "diverged"; reason: string };

/** Compares the applied migrations' names with the known ones' (names sort as Kysely sorts them). */
export function migrationState(known: readonly string[], applied: readonly string[]): MigrationState {
  const knownNames = new Set(known);
  const appliedNames = new Set(applied);
  const unknown = applied.filter((name) => !knownNames.has(name)).sort();
  const pending = [...known].sort().filter((name) => !appliedNames.has(name));
  if (!unknown.length) return { kind: "in step", pending };
  const newestKnown = [...known].sort().at(-1) ?? "";
  const among = unknown.filter((name) => name <= newestKnown);
  if (among.length) {
    return {
      kind: "diverged",
      reason: `The database applied migrations this code does not know, among ones it knows: ${among.join(", ")} (sorting before ${newestKnown}). Code and database come from different branches.`,
    };
  }
  if (pending.length) {
    return {
      kind: "diverged",
      reason: `The database applied newer migrations (${unknown.join(", ")}) but not ${pending.join(", ")}, which come before them. Code and database come from different branches.`,
    };
  }
  return { kind: "ahead", unknown };
}

/** The names in Kysely's migration table; none when it does not exist yet. */
async function appliedMigrations(db: Kysely<Database>): Promise<string[]> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((table) => table.name === "kysely_migration")) return [];
  const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  return rows.map((row) => row.name);
}

/**
 * Applies every pending migration; a no-op when the schema is current, and when a newer release
 * already migrated the database past this code (a rolling restart: the old processes keep serving
 * meanwhile, see docs/decisions/031). A database on another branch's migrations fails.
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const known = Object.keys(migrations);
  const before = migrationState(known, await appliedMigrations(db));
  if (before.kind === "diverged") throw new Error(before.reason);
  if (before.kind === "ahead") return warnAhead(before.unknown);
  // Kysely's migrator holds a lock (an advisory lock on PostgreSQL) while it reads the migration
  // table and applies what is pending, so processes starting at once migrate once.
  const { error, results } = await migrator(db).migrateToLatest();
  if (error) {
    // A newer process may have migrated past this code while this one waited for the lock:
    // Kysely then refuses ("previously executed migration … is missing"). Judge again what it saw.
    const after = migrationState(known, await appliedMigrations(db));
    const failed = results?.some((r) => r.status === "Error");
    if (after.kind === "ahead" && !failed) return warnAhead(after.unknown);
    if (after.kind === "diverged") throw new Error(after.reason, { cause: error });
    throw error instanceof Error ? error : new Error(String(error));
  }
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

function warnAhead(unknown: string[]): string[] {
  log.warn("database migrated by a newer release: not migrating", { unknownMigrations: unknown });
  return [];
}

/**
 * The migrations this code knows that the database has not applied yet: none when the schema is
 * current, or ahead of this code (what /readyz checks before a balancer sends a process traffic).
 */
export async function pendingMigrations(db: Kysely<Database>): Promise<string[]> {
  const known = await migrator(db).getMigrations();
  return known.filter((migration) => !migration.executedAt).map((migration) => migration.name);
}

/**
 * Reverts every migration, newest first (tests use it to prove each `down` works; db:seed's reset).
 * One call of the migrator: one lock and one look at its tables for the whole history, where a
 * call per migration paid them 45 times (seconds on PostgreSQL, many more on a busy machine).
 */
export async function migrateToBottom(db: Kysely<Database>): Promise<void> {
  const { error } = await migrator(db).migrateTo(NO_MIGRATIONS);
  if (error) throw error instanceof Error ? error : new Error(String(error));
}

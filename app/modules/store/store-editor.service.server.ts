import { countOpenPickupOrders } from "./store-stock.repository.server";
import countries from "i18n-iso-countries";
import type { Kysely } from "kysely";
import type { Database, Locale } from "~/db/schema";
import { type AuditActor, type AuditRecord, type AuditValues, auditOfRecord, recordAudit } from "~/modules/audit/audit.service.server";
import { DomainError } from "~/utils/domain-error";
import { INTL_LOCALE } from "~/utils/locale";
import type { StoreInput } from "./store-editor.schema";
import { deleteStoreRow, findStore, insertStore, listAllStores, listRegions, regionExists, type StoreRow, updateStoreRow } from "./store.repository.server";
import { isOpeningHours, type OpeningHours, type StoreKind } from "./store.schema";

// Atelier's store editor (issue 24): the store locator's boutiques and corners, each write with
// its audit entry (values before and after) in the same transaction. The locator reads the
// stores table on every request, so a change shows at once on every app process.

export interface StoreListItem {
  id: number;
  name: string;
  kind: StoreKind;
  city: string;
  country: string;
  region: string;
  position: number;
}

/** Every store, in the locator's order (region, then the shop's order). */
export async function listStoresForAtelier(db: Kysely<Database>, locale: Locale): Promise<StoreListItem[]> {
  const names = new Intl.DisplayNames([INTL_LOCALE[locale]], { type: "region" });
  const rows = await listAllStores(db);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    kind: row.kind,
    city: row.city,
    country: names.of(row.country_code) ?? row.country_code,
    region: locale === "it" ? row.region_it : row.region_en,
    position: row.position,
  }));
}

/** The editor's choices: the locator's regions and the world's countries, by name in the reader's language. */
export async function storeEditorOptions(db: Kysely<Database>, locale: Locale) {
  const regions = await listRegions(db);
  const collator = new Intl.Collator(INTL_LOCALE[locale]);
  const names = countries.getNames(locale, { select: "official" });
  return {
    regions: regions.map((region) => ({ value: region.code, label: locale === "it" ? region.name_it : region.name_en })),
    countries: Object.entries(names)
      .map(([value, label]) => ({ value, label }))
      .sort((a, b) => collator.compare(a.label, b.label)),
  };
}

export interface StoreView {
  id: number;
  name: string;
  kind: StoreKind;
  address: string;
  city: string;
  province: string;
  postalCode: string;
  country: string;
  region: string;
  phone: string;
  hours: OpeningHours;
  latitude: number;
  longitude: number;
  position: number;
  audit: AuditRecord[];
}

/** A store for its editor, with its history; null when there is none. */
export async function getStoreForAtelier(db: Kysely<Database>, id: number): Promise<StoreView | null> {
  const row = await findStore(db, id);
  if (!row) return null;
  const hours: unknown = JSON.parse(row.opening_hours);
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    address: row.address,
    city: row.city,
    province: row.province ?? "",
    postalCode: row.postal_code ?? "",
    country: row.country_code,
    region: row.region_code,
    phone: row.phone,
    hours: isOpeningHours(hours) ? hours : [[], [], [], [], [], [], []],
    latitude: Number(row.latitude),
    longitude: Number(row.longitude),
    position: row.position,
    audit: await auditOfRecord(db, "store", id),
  };
}

function auditValues(row: Omit<StoreRow, "id" | "created_at" | "updated_at">): AuditValues {
  return {
    name: row.name,
    kind: row.kind,
    address: row.address,
    city: row.city,
    province: row.province,
    postalCode: row.postal_code,
    country: row.country_code,
    region: row.region_code,
    phone: row.phone,
    hours: row.opening_hours,
    latitude: Number(row.latitude),
    longitude: Number(row.longitude),
    position: row.position,
  };
}

async function rowOf(db: Kysely<Database>, input: StoreInput, now: Date) {
  if (!countries.isValid(input.country)) throw new DomainError("STORE_COUNTRY_UNKNOWN", `unknown country ${input.country}`, { field: "country" });
  if (!(await regionExists(db, input.region))) throw new DomainError("STORE_REGION_UNKNOWN", `unknown region ${input.region}`, { field: "region" });
  return {
    name: input.name,
    kind: input.kind,
    address: input.address,
    city: input.city,
    province: input.province || null,
    postal_code: input.postalCode || null,
    country_code: input.country,
    region_code: input.region,
    phone: input.phone,
    opening_hours: JSON.stringify(input.hours),
    latitude: input.latitude,
    longitude: input.longitude,
    position: input.position,
    updated_at: now.toISOString(),
  };
}

/** A new store; its id. */
export async function createStore(db: Kysely<Database>, input: StoreInput, actor: AuditActor, now = new Date()): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const row = await rowOf(trx, input, now);
    const id = await insertStore(trx, { ...row, created_at: now.toISOString() });
    await recordAudit(trx, { actor, action: "store.create", entityType: "store", entityId: id, after: auditValues(row), summary: `${row.name}, ${row.city}`, at: now });
    return id;
  });
}

/** Saves a store; STORE_NOT_FOUND when there is none. */
export async function updateStore(db: Kysely<Database>, id: number, input: StoreInput, actor: AuditActor, now = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await findStore(trx, id);
    if (!before) throw new DomainError("STORE_NOT_FOUND", `no store ${id}`);
    const row = await rowOf(trx, input, now);
    await updateStoreRow(trx, id, row);
    await recordAudit(trx, { actor, action: "store.update", entityType: "store", entityId: id, before: auditValues(before), after: auditValues(row), summary: `${row.name}, ${row.city}`, at: now });
  });
}

/** Deletes a store (the audit entry keeps what it was); STORE_NOT_FOUND when there is none. */
export async function deleteStore(db: Kysely<Database>, id: number, actor: AuditActor, now = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await findStore(trx, id);
    if (!before) throw new DomainError("STORE_NOT_FOUND", `no store ${id}`);
    // Open pick-up orders hold pieces on its shelf and send their shoppers there: it stays until they are closed.
    if (await countOpenPickupOrders(trx, id)) throw new DomainError("STORE_HAS_PICKUPS", `store ${id} has open pick-up orders`);
    await deleteStoreRow(trx, id);
    await recordAudit(trx, { actor, action: "store.delete", entityType: "store", entityId: id, before: auditValues(before), summary: `${before.name}, ${before.city}`, at: now });
  });
}

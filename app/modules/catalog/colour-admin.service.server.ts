import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { type AuditActor, recordAudit } from "~/modules/audit/audit.service.server";
import { DomainError } from "~/utils/domain-error";
import { bumpCatalogRevision } from "./catalog-cache.server";
import { catalogueChanged } from "./catalog-write.server";
import type { ColourInput } from "./colour-admin.schema";
import { type ColourRow, findColourNamed, selectColourList, selectProductsWearing, updateColourRow } from "./colour-admin.repository.server";
import { findOrCreateColor } from "./variant-admin.service.server";

// Atelier's colours (issue 37, item 7): the page the import sends the owner to for a new colour's
// swatch. A colour is made by the variants service's findOrCreateColor (the one rule for its code);
// saving its names or swatch renews the pages and listings of the products wearing it. Every
// write is in the audit log.

export type { ColourRow };

export const listColours = (db: Kysely<Database>) => selectColourList(db);

export async function getColour(db: Kysely<Database>, code: string): Promise<ColourRow | null> {
  if (!/^[a-z0-9-]{1,40}$/.test(code)) return null;
  return (await selectColourList(db, code))[0] ?? null;
}

async function checkNamesFree(db: Kysely<Database>, input: ColourInput, exceptCode: string | null) {
  if (await findColourNamed(db, [input.nameIt, input.nameEn], exceptCode)) throw new DomainError("COLOR_NAME_TAKEN", "another colour has this name", { field: "nameIt" });
}

/** A new colour; COLOR_NAME_TAKEN when another already has one of its names. Returns its code. */
export async function createColour(db: Kysely<Database>, input: ColourInput, actor: AuditActor, now = new Date()): Promise<string> {
  return db.transaction().execute(async (trx) => {
    await checkNamesFree(trx, input, null);
    const made = await findOrCreateColor(trx, { name: { it: input.nameIt, en: input.nameEn }, hex: input.hex });
    await recordAudit(trx, { actor, action: "color.create", entityType: "color", entityId: made.code, after: { name: { it: input.nameIt, en: input.nameEn }, hex: input.hex }, summary: made.code, at: now });
    return made.code;
  });
}

/** Saves a colour's names and swatch; COLOR_UNKNOWN when there is none, COLOR_NAME_TAKEN for another's name. */
export async function updateColour(db: Kysely<Database>, code: string, input: ColourInput, actor: AuditActor, now = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const [before] = await selectColourList(trx, code);
    if (!before) throw new DomainError("COLOR_UNKNOWN", `no colour ${code}`);
    await checkNamesFree(trx, input, code);
    if (before.hex === input.hex && before.nameIt === input.nameIt && before.nameEn === input.nameEn) return;
    await updateColourRow(trx, code, input);
    await recordAudit(trx, {
      actor,
      action: "color.update",
      entityType: "color",
      entityId: code,
      before: { name: { it: before.nameIt, en: before.nameEn }, hex: before.hex },
      after: { name: { it: input.nameIt, en: input.nameEn }, hex: input.hex },
      summary: code,
      at: now,
    });
    await catalogueChanged(trx, await selectProductsWearing(trx, code), now);
    // The facets name every colour, worn or not.
    await bumpCatalogRevision(trx);
  });
}

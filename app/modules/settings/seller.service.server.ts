import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { type AuditActor, recordAudit } from "~/modules/audit/audit.service.server";
import { isSellerIdentitySet, sellerIdentity } from "./seller";
import type { SellerIdentity } from "./shop-settings";
import { getShopSettings, saveShopSettings } from "./shop-settings.server";

// The seller's fiscal identity as Atelier reads and saves it (the owner's settings page, the
// dashboard's reminder). Saving is audited and raises the shop's revision, so every process uses
// the new identity on its next invoice, page and e-mail.

export async function getSellerIdentity(db: Kysely<Database>): Promise<SellerIdentity> {
  return sellerIdentity(await getShopSettings(db));
}

/** Whether the dashboard must remind the owner: the identity is missing or still the demo one. */
export async function sellerIdentityMissing(db: Kysely<Database>): Promise<boolean> {
  return !isSellerIdentitySet(await getSellerIdentity(db));
}

/** Saves the owner's identity with the audit entry (what changed, before and after) in one transaction. */
export async function saveSellerIdentity(db: Kysely<Database>, seller: SellerIdentity, actor: AuditActor, now = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = sellerIdentity(await getShopSettings(trx));
    await saveShopSettings(trx, { seller }, now);
    await recordAudit(trx, { actor, action: "settings.seller", entityType: "settings", entityId: "seller", before: { ...before }, after: { ...seller }, summary: `${seller.name} IT${seller.vatNumber}`, at: now });
  });
}

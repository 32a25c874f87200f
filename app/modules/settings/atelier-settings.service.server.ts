import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { type AuditActor, recordAudit } from "~/modules/audit/audit.service.server";
import type { ShopSettings } from "./shop-settings";
import { forgetShopSettings, getShopSettings, saveShopSettings } from "./shop-settings.server";

/** The settings the owner edits in Atelier. */
export type AtelierSettings = Pick<ShopSettings, "staffRefundLimitCents" | "lowStockThreshold" | "applicationRetentionMonths">;

export async function getAtelierSettings(db: Kysely<Database>): Promise<AtelierSettings> {
  const { staffRefundLimitCents, lowStockThreshold, applicationRetentionMonths } = await getShopSettings(db);
  return { staffRefundLimitCents, lowStockThreshold, applicationRetentionMonths };
}

/** Saves them with the audit entry (values before and after) in one transaction. */
export async function saveAtelierSettings(db: Kysely<Database>, values: AtelierSettings, actor: AuditActor, now = new Date()): Promise<void> {
  forgetShopSettings(db);
  const before = await getAtelierSettings(db);
  await db.transaction().execute(async (trx) => {
    await saveShopSettings(trx, values, now);
    await recordAudit(trx, { actor, action: "settings.update", entityType: "settings", entityId: "shop", before: { ...before }, after: { ...values }, at: now });
  });
  forgetShopSettings(db);
}

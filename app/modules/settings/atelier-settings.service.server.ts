import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { type AuditActor, recordAudit } from "~/modules/audit/audit.service.server";
import { PAYMENT_METHODS, type ShopSettings } from "./shop-settings";
import type { ShopSettingsForm } from "./settings.schema";
import { paymentField } from "./settings.schema";
import { getShopSettings, saveShopSettings } from "./shop-settings.server";

/** The settings the owner edits on Atelier's settings page (the seller's fiscal identity has its own: seller.service.server.ts; the rest stay as the seed wrote them). */
export const ATELIER_SETTINGS_KEYS = [
  "shippingFeeCents",
  "freeShippingFromCents",
  "returnFeeCents",
  "returnDays",
  "paymentMethods",
  "paypalInstalments",
  "bankTransfer",
  "supportHours",
  "socialLinks",
  "staffRefundLimitCents",
  "lowStockThreshold",
  "applicationRetentionMonths",
] as const satisfies readonly (keyof ShopSettings)[];

export type AtelierSettings = Pick<ShopSettings, (typeof ATELIER_SETTINGS_KEYS)[number]>;

function pick(settings: ShopSettings): AtelierSettings {
  return Object.fromEntries(ATELIER_SETTINGS_KEYS.map((key) => [key, settings[key]])) as AtelierSettings;
}

export async function getAtelierSettings(db: Kysely<Database>): Promise<AtelierSettings> {
  return pick(await getShopSettings(db));
}

/** The form's values as settings (amounts in cents, the checked payment methods in the checkout's order). */
export function settingsFromForm(form: ShopSettingsForm): AtelierSettings {
  return {
    shippingFeeCents: form.shippingFee,
    freeShippingFromCents: form.freeShippingFrom,
    returnFeeCents: form.returnFee,
    returnDays: form.returnDays,
    paymentMethods: PAYMENT_METHODS.filter((method) => form[paymentField(method)]),
    paypalInstalments: form.paypalInstalments,
    bankTransfer: { beneficiary: form.bankBeneficiary, iban: form.bankIban, bic: form.bankBic, holdDays: form.bankHoldDays },
    supportHours: { open: form.supportOpen, close: form.supportClose },
    socialLinks: { instagram: form.instagram, facebook: form.facebook, tiktok: form.tiktok, pinterest: form.pinterest, youtube: form.youtube },
    staffRefundLimitCents: form.staffRefundLimit,
    lowStockThreshold: form.lowStockThreshold,
    applicationRetentionMonths: form.applicationRetentionMonths,
  };
}

/**
 * Saves them with the audit entry (the values that changed, before and after) in one
 * transaction, which also raises the shop's revision: every app process reads the new values on
 * its next request (app/modules/base/revision-cache.server.ts).
 */
export async function saveAtelierSettings(db: Kysely<Database>, values: AtelierSettings, actor: AuditActor, now = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = pick(await getShopSettings(trx));
    await saveShopSettings(trx, values, now);
    await recordAudit(trx, { actor, action: "settings.update", entityType: "settings", entityId: "shop", before: { ...before }, after: { ...values }, at: now });
  });
}

import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { type AuditActor, recordAudit } from "~/modules/audit/audit.service.server";
import { bumpShopRevision, cachedShopRead, readShopRevision } from "~/modules/base/revision-cache.server";
import { getShopSettings } from "~/modules/settings/shop-settings.server";
import { DomainError } from "~/utils/domain-error";
import { romeDayEnd, romeDayOf, romeDayStart, romeLastDay } from "~/utils/rome-time";
import type { PromotionInput } from "./promotion.schema";
import * as repo from "./promotion.repository.server";

// Dated free-shipping promotions (spec §9): while one runs, shipping is free from its threshold
// instead of the shop's usual one. `shippingRuleAt` is the one place the bag (and so the bag
// page, the free-shipping progress, the checkout's totals and the order placed) learns the fee
// and the threshold, so all of them agree to the cent and to the instant.

export interface Promotion {
  id: number;
  thresholdCents: number;
  /** Days in Italy, both inclusive. */
  startsOn: string;
  endsOn: string;
  /** The instants: from (inclusive) until (exclusive). */
  startsAt: string;
  endsAt: string;
}

/** The shipping rule in force at an instant: the shop's fee, and the threshold from which shipping is free. */
export interface ShippingRuleNow {
  shippingFeeCents: number;
  freeShippingFromCents: number;
  /** The promotion setting the threshold, when one runs. */
  promotion: { id: number; thresholdCents: number; endsAt: string; /** Its last day in Italy (inclusive), to announce it. */ endsOn: string } | null;
}

function toPromotion(row: repo.PromotionRow): Promotion {
  const startsAt = new Date(row.starts_at).toISOString();
  const endsAt = new Date(row.ends_at).toISOString();
  return { id: row.id, thresholdCents: row.threshold_cents, startsOn: romeDayOf(startsAt), endsOn: romeLastDay(endsAt), startsAt, endsAt };
}

/** Whether a promotion runs at the instant: from its start (inclusive) until its end (exclusive). */
export function runsAt(promotion: Pick<Promotion, "startsAt" | "endsAt">, now: Date): boolean {
  const t = now.getTime();
  return new Date(promotion.startsAt).getTime() <= t && t < new Date(promotion.endsAt).getTime();
}

async function allPromotions(db: Kysely<Database>, revision: string): Promise<Promotion[]> {
  return cachedShopRead(db, "promotions", async () => (await repo.listPromotionRows(db)).map(toPromotion), { revision });
}

/**
 * The fee and threshold at `now`: the shop settings', with the threshold of the promotion that
 * runs (the lowest, should two overlap). Read through the shop's revision cache: a promotion
 * saved by any process applies on every process's next request.
 */
export async function shippingRuleAt(db: Kysely<Database>, now = new Date(), options: { revision?: string } = {}): Promise<ShippingRuleNow> {
  // One read of the revision for both (the bag is read on most pages); the shell passes the one it read.
  const revision = options.revision ?? (await readShopRevision(db));
  const [settings, promotions] = await Promise.all([getShopSettings(db, { revision }), allPromotions(db, revision)]);
  const running = promotions.filter((p) => runsAt(p, now)).sort((a, b) => a.thresholdCents - b.thresholdCents || a.id - b.id)[0];
  return {
    shippingFeeCents: settings.shippingFeeCents,
    freeShippingFromCents: running ? running.thresholdCents : settings.freeShippingFromCents,
    promotion: running ? { id: running.id, thresholdCents: running.thresholdCents, endsAt: running.endsAt, endsOn: running.endsOn } : null,
  };
}

export async function listPromotions(db: Kysely<Database>): Promise<Promotion[]> {
  return (await repo.listPromotionRows(db)).map(toPromotion);
}

export async function getPromotion(db: Kysely<Database>, id: number): Promise<Promotion | null> {
  const row = await repo.findPromotionRow(db, id);
  return row ? toPromotion(row) : null;
}

const audited = (p: { thresholdCents: number; startsOn: string; endsOn: string }) => ({ thresholdCents: p.thresholdCents, startsOn: p.startsOn, endsOn: p.endsOn });

/** Creates a promotion, or changes one (`id`); returns its id. */
export async function savePromotion(db: Kysely<Database>, { id, input, actor, now = new Date() }: { id?: number; input: PromotionInput; actor: AuditActor; now?: Date }): Promise<number> {
  const at = now.toISOString();
  const values = { threshold_cents: input.threshold, starts_at: romeDayStart(input.startsOn), ends_at: romeDayEnd(input.endsOn), updated_at: at };
  const after = audited({ thresholdCents: input.threshold, startsOn: input.startsOn, endsOn: input.endsOn });
  return db.transaction().execute(async (trx) => {
    if (id === undefined) {
      const newId = await repo.insertPromotionRow(trx, { ...values, created_at: at });
      await recordAudit(trx, { actor, action: "promotion.create", entityType: "promotion", entityId: newId, after, at: now });
      await bumpShopRevision(trx);
      return newId;
    }
    const row = await repo.findPromotionRow(trx, id);
    if (!row) throw new DomainError("PROMOTION_NOT_FOUND");
    await repo.updatePromotionRow(trx, id, values);
    await recordAudit(trx, { actor, action: "promotion.update", entityType: "promotion", entityId: id, before: audited(toPromotion(row)), after, at: now });
    await bumpShopRevision(trx);
    return id;
  });
}

export async function deletePromotion(db: Kysely<Database>, { id, actor, now = new Date() }: { id: number; actor: AuditActor; now?: Date }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await repo.findPromotionRow(trx, id);
    if (!row) throw new DomainError("PROMOTION_NOT_FOUND");
    await repo.deletePromotionRow(trx, id);
    await recordAudit(trx, { actor, action: "promotion.delete", entityType: "promotion", entityId: id, before: audited(toPromotion(row)), at: now });
    await bumpShopRevision(trx);
  });
}

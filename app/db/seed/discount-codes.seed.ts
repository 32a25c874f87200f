import type { Transaction } from "kysely";
import type { Database, DiscountKind } from "../schema";

/** The demo shop's discount codes (README lists them). */
export const DEMO_DISCOUNT_CODES: {
  code: string;
  kind: DiscountKind;
  amount: number;
  minSubtotalCents?: number;
  categoryKeys?: string[];
  /** Days from the seed date; negative: in the past. */
  window?: { startsInDays: number; endsInDays: number };
  maxUses?: number;
  maxUsesPerCustomer?: number;
}[] = [
  { code: "BENVENUTO10", kind: "percentage", amount: 10, maxUsesPerCustomer: 1 },
  { code: "ACCESSORI20", kind: "percentage", amount: 20, categoryKeys: ["accessori"] },
  { code: "MENO30", kind: "fixed", amount: 3_000, minSubtotalCents: 15_000 },
  { code: "SPEDIZIONEGRATIS", kind: "free_shipping", amount: 0, minSubtotalCents: 10_000 },
  { code: "SCADUTO", kind: "percentage", amount: 15, window: { startsInDays: -60, endsInDays: -30 } },
];

export async function seedDiscountCodes(trx: Transaction<Database>, categoryIds: Map<string, number>, now: Date): Promise<void> {
  const at = (days: number) => new Date(now.getTime() + days * 86_400_000).toISOString();
  for (const demo of DEMO_DISCOUNT_CODES) {
    const { id } = await trx
      .insertInto("discount_codes")
      .values({
        code: demo.code,
        kind: demo.kind,
        amount: demo.amount,
        min_subtotal_cents: demo.minSubtotalCents ?? 0,
        starts_at: demo.window ? at(demo.window.startsInDays) : null,
        ends_at: demo.window ? at(demo.window.endsInDays) : null,
        max_uses: demo.maxUses ?? null,
        max_uses_per_customer: demo.maxUsesPerCustomer ?? null,
        created_at: now.toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    for (const key of demo.categoryKeys ?? []) {
      const categoryId = categoryIds.get(key);
      if (categoryId === undefined) throw new Error(`Discount code ${demo.code}: no category ${key}`);
      await trx.insertInto("discount_code_categories").values({ discount_code_id: id, category_id: categoryId }).execute();
    }
  }
}

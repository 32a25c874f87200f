import { parseWithZod } from "@conform-to/zod/v4";
import { beforeAll, describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/support/databases";
import { seedDatabase } from "~/db/seed/seed.server";
import { isDomainError } from "~/utils/domain-error";
import { addDiscountCode, addToBag, getBag } from "./bag.service.server";
import { type DiscountCodeInput, createDiscountCode, endDiscountCode, getDiscountCode, listDiscountCodes, updateDiscountCode } from "./discount-code-admin.service.server";
import { discountCodeState, discountRuleIssues, normalizeDiscountCode } from "./discount-code-rules";
import { DiscountCodeFormSchema } from "./discount-code.schema";

const actor = { kind: "staff" as const, staffId: 7, email: "luca@bottega.test" };
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (isDomainError(error) ? { code: error.code, field: error.field } : error),
  );
const input = (changes: Partial<DiscountCodeInput> = {}): DiscountCodeInput => ({
  code: "PROVA",
  kind: "percentage",
  amount: 10,
  minSubtotalCents: 0,
  startsAt: null,
  endsAt: null,
  maxUses: null,
  maxUsesPerCustomer: null,
  categoryIds: [],
  productRefs: [],
  ...changes,
});

describe("discount code rules", () => {
  it("normalizes as the bag does and tells a code's state", () => {
    expect(normalizeDiscountCode("  estate25 ")).toBe("ESTATE25");
    const at = "2026-12-10T10:00:00.000Z";
    expect(discountCodeState({ startsAt: null, endsAt: null }, at)).toBe("active");
    expect(discountCodeState({ startsAt: "2026-12-11T00:00:00.000Z", endsAt: null }, at)).toBe("scheduled");
    expect(discountCodeState({ startsAt: null, endsAt: at }, at)).toBe("ended");
  });

  it("names the field of each broken rule", () => {
    const base = { kind: "percentage" as const, amount: 10, minSubtotalCents: 0, startsAt: null, endsAt: null, maxUses: null, maxUsesPerCustomer: null };
    expect(discountRuleIssues(base)).toEqual([]);
    expect(discountRuleIssues({ ...base, amount: 101 }).map((i) => i.field)).toEqual(["amount"]);
    expect(discountRuleIssues({ ...base, kind: "fixed", amount: 0 }).map((i) => i.field)).toEqual(["amount"]);
    expect(discountRuleIssues({ ...base, kind: "free_shipping", amount: 0 })).toEqual([]);
    expect(discountRuleIssues({ ...base, startsAt: "2026-12-02T00:00:00.000Z", endsAt: "2026-12-01T00:00:00.000Z" }).map((i) => i.field)).toEqual(["endsAt"]);
    expect(discountRuleIssues({ ...base, maxUses: 0, maxUsesPerCustomer: 0 }).map((i) => i.field)).toEqual(["maxUses", "maxUsesPerCustomer"]);
    expect(discountRuleIssues({ ...base, maxUses: 2, maxUsesPerCustomer: 3 }).map((i) => i.message)).toEqual(["atelier-merch:codes.errors.perCustomerOverLimit"]);
  });

  it("reads the editor's form: euro and percent as typed, dates in Italy, every broken rule at its field", () => {
    const form = (fields: Record<string, string | string[]>) => {
      const data = new FormData();
      for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) data.append(name, v);
      return parseWithZod(data, { schema: DiscountCodeFormSchema });
    };
    const errorsOf = (fields: Record<string, string | string[]>) => {
      const submission = form(fields);
      return submission.status === "error" ? submission.error : undefined;
    };
    const ok = form({ code: " natale-26 ", kind: "fixed", amount: "12,50", minSubtotal: "100", startsAt: "2026-12-01T00:00", endsAt: "2026-12-24T23:59", maxUses: "100", maxUsesPerCustomer: "1", categoryIds: ["3", "4"], products: "BTG-1, abito-lino\nfoo" });
    expect(ok.status).toBe("success");
    expect(ok.status === "success" && ok.value).toEqual({
      code: "NATALE-26",
      kind: "fixed",
      amount: 1250,
      minSubtotalCents: 10_000,
      startsAt: "2026-11-30T23:00:00.000Z",
      endsAt: "2026-12-24T22:59:00.000Z",
      maxUses: 100,
      maxUsesPerCustomer: 1,
      categoryIds: [3, 4],
      productRefs: ["BTG-1", "abito-lino", "foo"],
    });
    const single = form({ code: "UNO", kind: "percentage", amount: "15%", categoryIds: "3" });
    expect(single.status === "success" && single.value).toMatchObject({ amount: 15, categoryIds: [3], productRefs: [], startsAt: null, maxUses: null });

    const bad = errorsOf({ code: "a b", kind: "percentage", amount: "150", minSubtotal: "dieci", startsAt: "2026-02-30T10:00", maxUses: "-1" });
    expect(Object.keys(bad ?? {}).sort()).toEqual(["code", "maxUses", "minSubtotal", "startsAt"]);
    const rules = errorsOf({ code: "REGOLE", kind: "percentage", amount: "150", startsAt: "2026-12-02T00:00", endsAt: "2026-12-01T00:00", maxUses: "1", maxUsesPerCustomer: "2" });
    expect(rules).toEqual({
      amount: ["atelier-merch:codes.errors.percent"],
      endsAt: ["atelier-merch:codes.errors.endBeforeStart"],
      maxUsesPerCustomer: ["atelier-merch:codes.errors.perCustomerOverLimit"],
    });
    expect(errorsOf({ code: "KIND", kind: "gift" })).toHaveProperty("kind");
    expect(errorsOf({ code: "FISSO", kind: "fixed", amount: "" })).toEqual({ amount: ["atelier-merch:codes.errors.fixed"] });
  });
});

describeEachDatabase("discount codes in Atelier", (ctx) => {
  let accessori: number;
  let accessory: { sku: string; productId: number; slug: string; price: number };
  let clothing: { sku: string; productId: number; price: number };
  beforeAll(async () => {
    const { db } = ctx();
    await seedDatabase(db);
    accessori = (await db.selectFrom("category_translations").select("category_id").where("locale", "=", "it").where("path", "=", "accessori").executeTakeFirstOrThrow()).category_id;
    const rows = await db
      .selectFrom("variants as v")
      .innerJoin("products as p", "p.id", "v.product_id")
      .innerJoin("categories as c", "c.id", "p.category_id")
      .innerJoin("product_translations as t", (join) => join.onRef("t.product_id", "=", "p.id").on("t.locale", "=", "it"))
      .select(["v.sku", "v.product_id as productId", "v.price_cents as price", "c.parent_id as parentId", "t.slug"])
      .where("v.stock", ">=", 3)
      .where("p.published_at", "<=", new Date().toISOString())
      .orderBy("v.id")
      .execute();
    accessory = rows.find((r) => r.parentId === accessori)!;
    clothing = rows.find((r) => r.parentId !== accessori)!;
  });
  const auditOf = (id: number) => ctx().db.selectFrom("audit_log").selectAll().where("entity_type", "=", "discount-code").where("entity_id", "=", String(id)).orderBy("id").execute();

  it("creates a code normalized as the bag normalizes it, unique whatever its case, audited", async () => {
    const { db } = ctx();
    const id = await createDiscountCode(db, input({ code: "  estate25 ", amount: 25, maxUsesPerCustomer: 1, categoryIds: [accessori] }), actor);
    const code = (await getDiscountCode(db, id, "it"))!;
    expect(code).toMatchObject({ code: "ESTATE25", kind: "percentage", amount: 25, maxUsesPerCustomer: 1, categoryIds: [accessori], uses: 0, state: "active" });
    const [entry] = await auditOf(id);
    expect(entry).toMatchObject({ action: "discount-code.create", staff_id: 7, summary: "ESTATE25", before: null });
    expect(JSON.parse(entry!.after!)).toMatchObject({ code: "ESTATE25", amount: 25, categoryIds: [accessori], productIds: [] });

    const count = async () => (await db.selectFrom("discount_codes").select("id").execute()).length;
    const before = await count();
    expect(await failure(createDiscountCode(db, input({ code: "Estate25" }), actor))).toEqual({ code: "DISCOUNT_CODE_TAKEN", field: "code" });
    expect(await failure(createDiscountCode(db, input({ code: "benvenuto10" }), actor))).toEqual({ code: "DISCOUNT_CODE_TAKEN", field: "code" });
    expect(await failure(createDiscountCode(db, input({ code: "no spaces" }), actor))).toEqual({ code: "DISCOUNT_CODE_INVALID", field: "code" });
    expect(await failure(createDiscountCode(db, input({ code: "OK", amount: 0 }), actor))).toMatchObject({ code: "DISCOUNT_CODE_INVALID" });
    expect(await failure(createDiscountCode(db, input({ code: "TROPPO", amount: 120 }), actor))).toEqual({ code: "DISCOUNT_CODE_RULE", field: "amount" });
    expect(await failure(createDiscountCode(db, input({ code: "DATE", startsAt: "2026-12-02T00:00:00.000Z", endsAt: "2026-12-01T00:00:00.000Z" }), actor))).toEqual({
      code: "DISCOUNT_CODE_RULE",
      field: "endsAt",
    });
    expect(await failure(createDiscountCode(db, input({ code: "LIMITI", maxUses: 1, maxUsesPerCustomer: 2 }), actor))).toEqual({ code: "DISCOUNT_CODE_RULE", field: "maxUsesPerCustomer" });
    expect(await failure(createDiscountCode(db, input({ code: "CATEGORIA", categoryIds: [987654] }), actor))).toEqual({ code: "CATEGORY_NOT_FOUND", field: "categoryIds" });
    expect(await failure(createDiscountCode(db, input({ code: "PRODOTTI", productRefs: [accessory.sku, "non-esiste"] }), actor))).toEqual({ code: "DISCOUNT_CODE_UNKNOWN_PRODUCTS", field: "products" });
    expect(await count()).toBe(before);
  });

  it("binds products by SKU (any case) or slug, and a code made in Atelier works in the bag", async () => {
    const { db } = ctx();
    const id = await createDiscountCode(db, input({ code: "BORSA15", amount: 15, productRefs: [accessory.sku.toLowerCase(), accessory.slug] }), actor);
    expect((await getDiscountCode(db, id, "it"))!.products.map((p) => p.id)).toEqual([accessory.productId]);

    const { bagId } = await addToBag(db, { bagId: null, sku: accessory.sku, quantity: 1 });
    await addToBag(db, { bagId, sku: clothing.sku, quantity: 1 });
    const view = await addDiscountCode(db, { bagId, code: " borsa15 " }, "it");
    expect(view.discount).toMatchObject({ code: "BORSA15", problem: null, partlyEligible: true, cents: Math.round(accessory.price * 0.15) });
    expect((await getBag(db, "it", bagId)).totals.discountCents).toBe(Math.round(accessory.price * 0.15));

    // A fixed code with a minimum above the bag: refused by the bag.
    await createDiscountCode(db, input({ code: "MINIMO", kind: "fixed", amount: 1000, minSubtotalCents: 10_000_000 }), actor);
    expect(await failure(addDiscountCode(db, { bagId, code: "minimo" }, "it"))).toMatchObject({ code: "INVALID_COUPON" });
    // Scheduled: not yet.
    await createDiscountCode(db, input({ code: "DOMANI", startsAt: new Date(Date.now() + 86_400_000).toISOString() }), actor);
    expect(await failure(addDiscountCode(db, { bagId, code: "DOMANI" }, "it"))).toMatchObject({ code: "INVALID_COUPON" });
    // Free shipping through the editor's rule.
    await createDiscountCode(db, input({ code: "SPEDIAMO", kind: "free_shipping", amount: 0 }), actor);
    const free = await addDiscountCode(db, { bagId, code: "spediamo" }, "it");
    expect(free.discount).toMatchObject({ kind: "free_shipping", problem: null });
    expect(free.totals.shippingCents).toBe(0);
  });

  it("edits a code's rule and scope with before and after; a used code keeps its name; ending stops it in the bag and keeps its history", async () => {
    const { db } = ctx();
    const id = await createDiscountCode(db, input({ code: "AUTUNNO", amount: 20 }), actor);
    const { bagId } = await addToBag(db, { bagId: null, sku: clothing.sku, quantity: 1 });
    await addDiscountCode(db, { bagId, code: "AUTUNNO" }, "it");

    await updateDiscountCode(db, id, input({ code: "autunno", amount: 30, maxUses: 5 }), actor);
    expect((await getBag(db, "it", bagId)).discount).toMatchObject({ cents: Math.round(clothing.price * 0.3) });
    const update = (await auditOf(id)).at(-1)!;
    expect(update.action).toBe("discount-code.update");
    expect(JSON.parse(update.before!)).toEqual({ amount: 20, maxUses: null });
    expect(JSON.parse(update.after!)).toEqual({ amount: 30, maxUses: 5 });

    // Renaming is fine until an order uses it.
    await updateDiscountCode(db, id, input({ code: "AUTUNNO-2", amount: 30, maxUses: 5 }), actor);
    await db.insertInto("discount_redemptions").values({ discount_code_id: id, email: "cliente@esempio.it", user_id: null, created_at: new Date().toISOString() }).execute();
    expect(await failure(updateDiscountCode(db, id, input({ code: "AUTUNNO-3", amount: 30 }), actor))).toEqual({ code: "DISCOUNT_CODE_RENAME_USED", field: "code" });
    expect(await failure(updateDiscountCode(db, id, input({ code: "BENVENUTO10" }), actor))).toEqual({ code: "DISCOUNT_CODE_RENAME_USED", field: "code" });
    expect(await failure(updateDiscountCode(db, 987654, input({ code: "NESSUNO" }), actor))).toMatchObject({ code: "DISCOUNT_CODE_NOT_FOUND" });
    expect((await getDiscountCode(db, id, "it"))!).toMatchObject({ code: "AUTUNNO-2", uses: 1 });

    const now = new Date();
    await endDiscountCode(db, id, actor, now);
    const ended = (await getDiscountCode(db, id, "it", new Date(now.getTime() + 1)))!;
    expect(ended).toMatchObject({ state: "ended", endsAt: now.toISOString(), uses: 1, amount: 30 });
    expect((await getBag(db, "it", bagId, new Date(now.getTime() + 1))).discount).toMatchObject({ code: "AUTUNNO-2", cents: 0, problem: "notEligible" });
    expect(await failure(endDiscountCode(db, id, actor, new Date(now.getTime() + 1)))).toMatchObject({ code: "DISCOUNT_CODE_ENDED" });
    expect(await failure(endDiscountCode(db, 987654, actor))).toMatchObject({ code: "DISCOUNT_CODE_NOT_FOUND" });
    const end = (await auditOf(id)).at(-1)!;
    expect(end).toMatchObject({ action: "discount-code.end" });
    expect(JSON.parse(end.after!)).toEqual({ endsAt: now.toISOString() });

    // A scheduled code ends before it starts.
    const later = await createDiscountCode(db, input({ code: "PRIMAVERA", startsAt: new Date(Date.now() + 86_400_000).toISOString() }), actor);
    await endDiscountCode(db, later, actor, now);
    expect((await getDiscountCode(db, later, "it", new Date(now.getTime() + 1)))!).toMatchObject({ startsAt: now.toISOString(), endsAt: now.toISOString(), state: "ended" });
  });

  it("lists codes with their state, use counts and scope, filtered by state and code", async () => {
    const { db } = ctx();
    const all = await listDiscountCodes(db, { q: "", state: "all", page: 1 }, "it");
    const byCode = new Map(all.codes.map((c) => [c.code, c]));
    expect(byCode.get("SCADUTO")).toMatchObject({ state: "ended" });
    expect(byCode.get("ACCESSORI20")).toMatchObject({ state: "active", categories: ["Accessori"] });
    expect(byCode.get("AUTUNNO-2")).toMatchObject({ uses: 1, maxUses: 5, state: "ended" });
    expect(byCode.get("BORSA15")).toMatchObject({ productCount: 1 });
    const scheduled = await listDiscountCodes(db, { q: "", state: "scheduled", page: 1 }, "it");
    expect(scheduled.codes.map((c) => c.code)).toEqual(["DOMANI"]);
    const active = await listDiscountCodes(db, { q: "", state: "active", page: 1 }, "it");
    expect(active.codes.every((c) => c.state === "active")).toBe(true);
    expect(active.codes.map((c) => c.code)).toContain("BENVENUTO10");
    expect((await listDiscountCodes(db, { q: "benven", state: "all", page: 1 }, "it")).codes.map((c) => c.code)).toEqual(["BENVENUTO10"]);
    expect((await listDiscountCodes(db, { q: "%", state: "all", page: 1 }, "it")).codes.length).toBe(all.codes.length);
    expect(await listDiscountCodes(db, { q: "", state: "all", page: 2 }, "it")).toEqual({ codes: [], hasNext: false });
  });
});

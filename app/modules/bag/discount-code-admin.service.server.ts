import type { Kysely } from "kysely";
import { isUniqueViolation } from "~/db/errors.server";
import type { Database, Locale } from "~/db/schema";
import { type AuditActor, type AuditRecord, auditOfRecord, recordAudit } from "~/modules/audit/audit.service.server";
import { normalizeSku } from "~/modules/catalog/catalog-rules";
import { DomainError } from "~/utils/domain-error";
import * as repo from "./discount-code-admin.repository.server";
import { type DiscountCodeState, type DiscountRuleInput, type DiscountStateFilter, SMALL_DISCOUNT, discountCodeState, discountRuleIssues, isValidDiscountCode, normalizeDiscountCode } from "./discount-code-rules";

// Discount codes in Atelier: the list with their use counts, one code's editor, creating,
// editing and ending codes. The rules are discount-code-rules.ts's, the same the bag applies;
// every write records its audit entry (the values before and after) in its own transaction.

export const DISCOUNT_CODES_PAGE_SIZE = 50;

export interface DiscountCodeInput extends DiscountRuleInput {
  code: string;
  categoryIds: number[];
  /** Products by a variant's SKU or the product's slug (either language). */
  productRefs: string[];
  /**
   * Whoever saves it lacks the "marketing" capability: the code may be no bigger than
   * SMALL_DISCOUNT (a goodwill gesture), else DISCOUNT_OVER_LIMIT at the amount.
   */
  smallOnly?: boolean;
}

export interface DiscountCodeListItem extends repo.DiscountCodeRow {
  uses: number;
  state: DiscountCodeState;
  usedUp: boolean;
  categories: string[];
  productCount: number;
}

/** One page of codes, newest first, filtered by part of the code and by state. */
export async function listDiscountCodes(
  db: Kysely<Database>,
  filter: { q: string; state: DiscountStateFilter; page: number },
  locale: Locale,
  now = new Date(),
): Promise<{ codes: DiscountCodeListItem[]; hasNext: boolean }> {
  const at = now.toISOString();
  const rows = await repo.selectDiscountCodes(db, {
    q: normalizeDiscountCode(filter.q),
    state: filter.state,
    at,
    limit: DISCOUNT_CODES_PAGE_SIZE + 1,
    offset: (filter.page - 1) * DISCOUNT_CODES_PAGE_SIZE,
  });
  const page = rows.slice(0, DISCOUNT_CODES_PAGE_SIZE);
  const scopes = await repo.selectScopes(
    db,
    page.map((row) => row.id),
    locale,
  );
  return {
    codes: page.map((row) => ({
      ...row,
      state: discountCodeState(row, at),
      usedUp: row.maxUses !== null && row.uses >= row.maxUses,
      categories: scopes.categories.filter((c) => c.codeId === row.id).map((c) => c.name),
      productCount: scopes.products.filter((p) => p.codeId === row.id).length,
    })),
    hasNext: rows.length > DISCOUNT_CODES_PAGE_SIZE,
  };
}

export interface DiscountCodeDetail extends repo.DiscountCodeRow {
  uses: number;
  state: DiscountCodeState;
  categoryIds: number[];
  products: { id: number; name: string; slug: string }[];
  recentUses: { id: number; at: string; orderId: number | null; number: string | null }[];
  audit: AuditRecord[];
}

/** A code with its scope, its use count, its last uses and its history; null when there is none. */
export async function getDiscountCode(db: Kysely<Database>, id: number, locale: Locale, now = new Date()): Promise<DiscountCodeDetail | null> {
  const row = await repo.findDiscountCodeById(db, id);
  if (!row) return null;
  const [uses, scope, recentUses, audit] = await Promise.all([repo.countUses(db, id), repo.scopeOf(db, id), repo.selectRecentUses(db, id, 10), auditOfRecord(db, "discount-code", id, 30)]);
  const products = await repo.selectProductsByIds(db, scope.productIds, locale);
  return { ...row, uses, state: discountCodeState(row, now.toISOString()), categoryIds: scope.categoryIds, products, recentUses, audit };
}

/** What the audit log keeps of a code: its rule and scope. */
type AuditView = Omit<repo.DiscountCodeRow, "id" | "createdAt"> & { categoryIds: number[]; productIds: number[] };

const codeError = (code: "DISCOUNT_CODE_INVALID" | "DISCOUNT_CODE_TAKEN" | "DISCOUNT_CODE_RENAME_USED" | "DISCOUNT_CODE_UNKNOWN_PRODUCTS" | "DISCOUNT_CODE_RULE", field: string, detail: string) =>
  new DomainError(code, detail, { field });

/** The input as the code's stored values (checked: the code's form, the rules, the scope's existence). */
async function checkedValues(db: Kysely<Database>, input: DiscountCodeInput): Promise<{ values: Omit<AuditView, "categoryIds" | "productIds">; categoryIds: number[]; productIds: number[] }> {
  const code = normalizeDiscountCode(input.code);
  if (!isValidDiscountCode(code)) throw codeError("DISCOUNT_CODE_INVALID", "code", `Not a code: ${code}`);
  const values = {
    code,
    kind: input.kind,
    amount: input.kind === "free_shipping" ? 0 : input.amount,
    minSubtotalCents: input.minSubtotalCents,
    startsAt: input.startsAt,
    endsAt: input.endsAt,
    maxUses: input.maxUses,
    maxUsesPerCustomer: input.maxUsesPerCustomer,
  };
  const [issue] = discountRuleIssues(values);
  if (issue) throw codeError("DISCOUNT_CODE_RULE", issue.field, `${code}: ${issue.message}`);
  if (input.smallOnly && ((values.kind === "percentage" && values.amount > SMALL_DISCOUNT.percent) || (values.kind === "fixed" && values.amount > SMALL_DISCOUNT.fixedCents))) {
    throw new DomainError("DISCOUNT_OVER_LIMIT", `${code}: ${values.kind} ${values.amount} over the small-discount cap`, { field: "amount" });
  }

  const categoryIds = [...new Set(input.categoryIds)].sort((a, b) => a - b);
  const known = await repo.existingCategoryIds(db, categoryIds);
  if (known.length !== categoryIds.length) throw new DomainError("CATEGORY_NOT_FOUND", `No category ${categoryIds.filter((id) => !known.includes(id)).join(", ")}`, { field: "categoryIds" });

  const refs = [...new Set(input.productRefs.map((ref) => ref.trim()).filter(Boolean))];
  const found = await repo.findProductsByRefs(db, { skus: refs.map(normalizeSku), slugs: refs.map((ref) => ref.toLowerCase()) });
  const productIds = new Set<number>();
  const unknown: string[] = [];
  for (const ref of refs) {
    const matches = [...found.bySku.filter((row) => row.ref === normalizeSku(ref)), ...found.bySlug.filter((row) => row.ref === ref.toLowerCase())];
    if (!matches.length) unknown.push(ref);
    for (const match of matches) productIds.add(match.productId);
  }
  if (unknown.length) throw codeError("DISCOUNT_CODE_UNKNOWN_PRODUCTS", "products", `No product for ${unknown.join(", ")}`);
  return { values, categoryIds, productIds: [...productIds].sort((a, b) => a - b) };
}

async function ensureFree(db: Kysely<Database>, code: string, id: number | null): Promise<void> {
  const holder = await repo.findDiscountCodeIdByCode(db, code);
  if (holder !== undefined && holder !== id) throw codeError("DISCOUNT_CODE_TAKEN", "code", `${code} exists`);
}

/** Two saves of one code at once, or a code taken between the check and the write: the same answer as the check's. */
function takenOnRace(code: string) {
  return (error: unknown) => {
    if (isUniqueViolation(error)) throw codeError("DISCOUNT_CODE_TAKEN", "code", `${code} exists`);
    throw error;
  };
}

/** Creates a code (normalized as the bag normalizes what shoppers type; unique). Returns its id. */
export async function createDiscountCode(db: Kysely<Database>, input: DiscountCodeInput, actor: AuditActor, now = new Date()): Promise<number> {
  const { values, categoryIds, productIds } = await checkedValues(db, input);
  return db
    .transaction()
    .execute(async (trx) => {
      await ensureFree(trx, values.code, null);
      const id = await repo.insertDiscountCode(trx, values, now.toISOString());
      await repo.replaceScope(trx, id, { categoryIds, productIds });
      await recordAudit(trx, { actor, action: "discount-code.create", entityType: "discount-code", entityId: id, before: null, after: { ...values, categoryIds, productIds }, summary: values.code, at: now });
      return id;
    })
    .catch(takenOnRace(values.code));
}

/**
 * Saves a code's rule and scope. A code some order has used keeps its name (the orders name it);
 * its limits may go below its uses (it is then used up).
 */
export async function updateDiscountCode(db: Kysely<Database>, id: number, input: DiscountCodeInput, actor: AuditActor, now = new Date()): Promise<void> {
  const { values, categoryIds, productIds } = await checkedValues(db, input);
  await db
    .transaction()
    .execute(async (trx) => {
      const current = await repo.lockDiscountCode(trx, id);
      if (!current) throw new DomainError("DISCOUNT_CODE_NOT_FOUND", `No discount code ${id}`);
      if (current.code !== values.code) {
        if ((await repo.countUses(trx, id)) > 0) throw codeError("DISCOUNT_CODE_RENAME_USED", "code", `${current.code} has been used`);
        await ensureFree(trx, values.code, id);
      }
      const scope = await repo.scopeOf(trx, id);
      await repo.updateDiscountCode(trx, id, values);
      await repo.replaceScope(trx, id, { categoryIds, productIds });
      await recordAudit(trx, {
        actor,
        action: "discount-code.update",
        entityType: "discount-code",
        entityId: id,
        before: { ...auditView(current), ...scope },
        after: { ...values, categoryIds, productIds },
        summary: values.code,
        at: now,
      });
    })
    .catch(takenOnRace(values.code));
}

function auditView(row: repo.DiscountCodeRow): Omit<AuditView, "categoryIds" | "productIds"> {
  const { id: _id, createdAt: _createdAt, ...values } = row;
  return values;
}

/**
 * Ends a code now: it stops applying (bags holding it show it no longer counting) and its
 * history stays. A scheduled code ends before it started. Ending an ended code is refused.
 */
export async function endDiscountCode(db: Kysely<Database>, id: number, actor: AuditActor, now = new Date()): Promise<void> {
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    const current = await repo.lockDiscountCode(trx, id);
    if (!current) throw new DomainError("DISCOUNT_CODE_NOT_FOUND", `No discount code ${id}`);
    if (discountCodeState(current, at) === "ended") throw new DomainError("DISCOUNT_CODE_ENDED", `${current.code} has ended`);
    const window = { startsAt: current.startsAt !== null && current.startsAt > at ? at : current.startsAt, endsAt: at };
    await repo.setDiscountWindow(trx, id, window);
    await recordAudit(trx, {
      actor,
      action: "discount-code.end",
      entityType: "discount-code",
      entityId: id,
      before: { startsAt: current.startsAt, endsAt: current.endsAt },
      after: window,
      summary: current.code,
      at: now,
    });
  });
}

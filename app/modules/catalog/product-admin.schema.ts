import { withoutControlCharacters } from "~/utils/form-fields";
import { romeLocalToUtc } from "~/utils/rome-time";
import { z } from "~/utils/zod";
import { SLUG_MAX_LENGTH, isValidSlug } from "./catalog-rules";
import { PRODUCT_STATES, type ProductState } from "./product-status";
import { idParam } from "~/utils/id-param";

// Atelier's products (issue 24): the list's filters, sort and page from one GET form (parsing
// never fails: what is not ours falls back to the default), and the editor's and the bulk form's
// schemas, shared by each form and its action. Messages are translation keys (common.json's
// validation.*, atelier-catalog.json's for the rest). Safe on client and server.

export const PRODUCT_SORTS = ["newest", "name", "price", "stock"] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
export const PRODUCT_STOCK_FILTERS = ["in", "low", "out"] as const;
export type ProductStockFilter = (typeof PRODUCT_STOCK_FILTERS)[number];
export const PRODUCT_PAGE_SIZE = 50;
export const PRODUCT_MAX_PAGE = 10_000;

export interface ProductListQuery {
  /** A part of a name (either language) or the start of a SKU. */
  q: string;
  categoryId: number | null;
  state: ProductState | null;
  stock: ProductStockFilter | null;
  sort: ProductSort;
  page: number;
}

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;
}

/** The list's query from a URL's search parameters. */
export function parseProductListQuery(params: URLSearchParams): ProductListQuery {
  const page = Number(params.get("page"));
  const q = (params.get("q") ?? "")
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]+/g, " ")
    .trim()
    .slice(0, 100);
  return {
    q,
    categoryId: idParam(params.get("category")),
    state: oneOf(PRODUCT_STATES, params.get("status")),
    stock: oneOf(PRODUCT_STOCK_FILTERS, params.get("stock")),
    sort: oneOf(PRODUCT_SORTS, params.get("sort")) ?? "newest",
    page: Number.isSafeInteger(page) && page >= 1 && page <= PRODUCT_MAX_PAGE ? page : 1,
  };
}

/** The list's query as search parameters, defaults left out (to come back to the same list). */
export function productListParams(query: ProductListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.categoryId) params.set("category", String(query.categoryId));
  if (query.state) params.set("status", query.state);
  if (query.stock) params.set("stock", query.stock);
  if (query.sort !== "newest") params.set("sort", query.sort);
  if (query.page > 1) params.set("page", String(query.page));
  return params;
}

// ---- The editor ----

export const PRODUCT_LOCALES = ["it", "en"] as const;
/** The statuses an editor sets; "scheduled" is published with a later date. */
export const EDITABLE_STATUSES = ["draft", "published", "archived"] as const;

export const PRODUCT_NAME_MAX = 200;
export const PRODUCT_DESCRIPTION_MAX = 20_000;
export const PRODUCT_DETAIL_MAX = 2_000;
export const META_TITLE_MAX = 200;
export const META_DESCRIPTION_MAX = 500;

const required = (max: number) =>
  z
    .string({ error: "validation.required" })
    .trim()
    .min(1, { error: "validation.required" })
    .max(max, { error: "validation.tooLong" })
    .refine(withoutControlCharacters(), { error: "validation.characters" });

/** A text that may be empty (conform sends an empty field as undefined). */
const optional = (max: number, multiline = false) =>
  z
    .string()
    .trim()
    .max(max, { error: "validation.tooLong" })
    .refine(withoutControlCharacters(multiline), { error: "validation.characters" })
    .optional()
    .transform((value) => value ?? "");

/** A slug typed by hand, or nothing (the name's slug is used). */
const slugField = () =>
  z
    .string()
    .trim()
    .max(SLUG_MAX_LENGTH, { error: "atelier-catalog:validation.slug" })
    .refine((value) => value === "" || isValidSlug(value), { error: "atelier-catalog:validation.slug" })
    .optional()
    .transform((value) => value ?? "");

const idField = (message: string) =>
  z
    .string({ error: message })
    .transform((value) => idParam(value.trim()))
    .refine((id) => id !== null, { error: message })
    .transform((id) => id as number);

const translationFields = (locale: (typeof PRODUCT_LOCALES)[number]) => ({
  [`name_${locale}`]: required(PRODUCT_NAME_MAX),
  [`slug_${locale}`]: slugField(),
  [`description_${locale}`]: optional(PRODUCT_DESCRIPTION_MAX, true),
  [`composition_${locale}`]: optional(PRODUCT_DETAIL_MAX, true),
  [`care_${locale}`]: optional(PRODUCT_DETAIL_MAX, true),
  [`metaTitle_${locale}`]: optional(META_TITLE_MAX),
  [`metaDescription_${locale}`]: optional(META_DESCRIPTION_MAX),
});

/** Every field of the editor, in page order (the first invalid one gets focus). */
export const PRODUCT_FIELDS = [
  ...PRODUCT_LOCALES.flatMap((l) => [`name_${l}`, `slug_${l}`, `description_${l}`, `composition_${l}`, `care_${l}`, `metaTitle_${l}`, `metaDescription_${l}`]),
  "categoryId",
  "manufacturerId",
  "garment",
  "status",
  "publishedAt",
] as const;

/** The editor's form; `garments` are the drawing kinds the shop can draw. */
export function productFormSchema(garments: readonly string[]) {
  return z.object({
    intent: z.enum(["save", "preview"]),
    ...translationFields("it"),
    ...translationFields("en"),
    categoryId: idField("atelier-catalog:validation.category"),
    manufacturerId: z
      .string()
      .optional()
      .transform((value) => (value ? idParam(value.trim()) : null))
      .refine((id) => id !== undefined, { error: "atelier-catalog:validation.manufacturer" }),
    garment: z.string({ error: "validation.required" }).refine((value) => garments.includes(value), { error: "atelier-catalog:validation.garment" }),
    status: z.enum(EDITABLE_STATUSES, { error: "atelier-catalog:validation.status" }),
    publishedAt: z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (!value?.trim()) return null;
        const at = romeLocalToUtc(value.trim());
        if (!at) {
          ctx.addIssue({ code: "custom", message: "atelier-catalog:validation.publishedAt" });
          return z.NEVER;
        }
        return at;
      }),
  });
}

export type ProductFormValues = z.infer<ReturnType<typeof productFormSchema>>;

/** The list's bulk form: the ticked products and what to do with them. */
export const BULK_ACTIONS = ["publish", "unpublish", "archive"] as const;
/** Every button of the bulk form: a status (BULK_ACTIONS), a category, or a price change. */
export const BULK_INTENTS = [...BULK_ACTIONS, "category", "price"] as const;

/** The bulk price change, in whole percent: −90 (a tenth of the price left) to +200 (three times it). */
export const PRICE_PERCENT_MIN = -90;
export const PRICE_PERCENT_MAX = 200;
/** A change the bulk form accepts: a whole number of percent in range, never 0 (no change). */
export const isPricePercent = (percent: number) => Number.isSafeInteger(percent) && percent >= PRICE_PERCENT_MIN && percent <= PRICE_PERCENT_MAX && percent !== 0;

const bulkIds = () =>
  z
    .array(z.string().max(12), { error: "atelier-catalog:validation.noneSelected" })
    .min(1, { error: "atelier-catalog:validation.noneSelected" })
    .max(PRODUCT_PAGE_SIZE, { error: "atelier-catalog:validation.noneSelected" })
    .transform((ids) => [...new Set(ids.map((id) => idParam(id)))])
    .refine((ids): ids is number[] => ids.every((id) => id !== null), { error: "atelier-catalog:validation.noneSelected" });

/** "-20", "+15", "35": a whole number with an optional sign (a number field sends no other form). */
const percentField = () =>
  z
    .string({ error: "atelier-catalog:validation.percent" })
    .trim()
    .regex(/^[+-]?\d{1,4}$/, { error: "atelier-catalog:validation.percent" })
    .transform(Number)
    .refine(isPricePercent, { error: "atelier-catalog:validation.percent" });

const bulkCommon = { ids: bulkIds(), back: z.string().max(2048).optional() };

/**
 * One schema for the bulk form and its action, told apart by the button pressed: a status for
 * the ticked products, a category to move them to, or a price change in percent. The other
 * buttons' fields come along in the same post and are ignored.
 */
export const ProductBulkSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.enum(BULK_ACTIONS), ...bulkCommon }),
  z.object({ intent: z.literal("category"), ...bulkCommon, categoryId: idField("atelier-catalog:validation.category") }),
  z.object({ intent: z.literal("price"), ...bulkCommon, percent: percentField() }),
]);

export type ProductBulkForm = z.infer<typeof ProductBulkSchema>;

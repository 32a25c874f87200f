import { isValidSlug, SLUG_MAX_LENGTH, slugify } from "~/modules/base/slug-rules";
import type { Locale } from "~/utils/locale";
import { romeLocalToUtc } from "~/utils/rome-time";
import { z } from "~/utils/zod";

// Atelier's content editor (issue 24): the list's GET filter and the editor's form, one schema for
// the form and its action. Error messages are keys ("validation.x" in common.json, or
// "atelier-content:…"). Safe on client and server.

export type ContentKind = "blog" | "care" | "page" | "inside";
/** The kinds in the list's order: the journal and the care guide first, they change most. */
export const CONTENT_KINDS = ["blog", "care", "page", "inside"] as const satisfies readonly ContentKind[];
/** Kinds the editor can create: static pages are the ones the shop's routes and footer name (app/modules/base/static-pages.ts). */
export const CREATABLE_KINDS = ["blog", "care", "inside"] as const satisfies readonly ContentKind[];
export type CreatableKind = (typeof CREATABLE_KINDS)[number];

/** What the list shows: a draft, a publication still to come, or what shoppers read now. */
export const CONTENT_STATES = ["draft", "scheduled", "published"] as const;
export type ContentState = (typeof CONTENT_STATES)[number];

export const CONTENT_LIMITS = { title: 300, excerpt: 1_000, body: 100_000, metaTitle: 300, metaDescription: 500, keywords: 500 } as const;
export const MAX_CONTENT_PAGE = 400;
export const CONTENT_PAGE_SIZE = 25;

/** The file field of the editor's picture uploads (a cover, a body image), read from the multipart stream. */
export const CONTENT_IMAGE_FIELD = "image";

export const isContentKind = (value: unknown): value is ContentKind => (CONTENT_KINDS as readonly unknown[]).includes(value);
export const isCreatableKind = (value: unknown): value is CreatableKind => (CREATABLE_KINDS as readonly unknown[]).includes(value);

export interface ContentFilter {
  kind: ContentKind | null;
  state: ContentState | null;
  q: string;
  page: number;
}

/** The list's filter from the URL: anything unusable falls back to "all" (a GET anyone can edit). */
export function parseContentFilter(params: URLSearchParams): ContentFilter {
  const kind = params.get("kind");
  const state = params.get("state");
  const pageParam = params.get("page") ?? "";
  return {
    kind: isContentKind(kind) ? kind : null,
    state: (CONTENT_STATES as readonly (string | null)[]).includes(state) ? (state as ContentState) : null,
    q: (params.get("q") ?? "").trim().slice(0, 200),
    page: /^\d{1,6}$/.test(pageParam) ? Math.min(Math.max(1, Number(pageParam)), MAX_CONTENT_PAGE) : 1,
  };
}

/** An entry's key from the URL (stable across languages: "Faq", "linen-summer"), else null (404). */
export function parseContentKey(value: string | undefined): string | null {
  return value && /^[A-Za-z0-9][A-Za-z0-9-]{0,99}$/.test(value) ? value : null;
}

/** The {{placeholders}} the shop fills from its settings (app/modules/settings/placeholders.ts; a test keeps the two lists equal). */
export const CONTENT_PLACEHOLDERS = [
  "freeShippingFrom",
  "shippingFee",
  "deliveryDays",
  "courier",
  "returnDays",
  "returnFee",
  "paymentMethods",
  "paypalInstalments",
  "supportHours",
  "supportEmail",
  "supportPhone",
  "companyName",
  "companyAddress",
  "vatNumber",
  "reaNumber",
  "hrEmail",
  "lowestPriceNotice",
] as const;

/** The {{placeholders}} a text names ("{{returnDays}}" → "returnDays"). */
export function placeholdersIn(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\{\s*([a-zA-Z]+)\s*\}\}/g)].map((match) => match[1]))];
}

const required = (max: number) =>
  z
    .string({ error: "validation.required" })
    .trim()
    .min(1, { error: "validation.required" })
    .max(max, { error: "validation.tooLong" });
const optional = (max: number) => z.string().trim().max(max, { error: "validation.tooLong" }).optional().default("");

/**
 * One language of an entry. A slug left empty is made from the title; static pages have none
 * (their address is their key). The texts' {{placeholders}} must be ones the shop fills
 * (`known`), so a typo never reaches shoppers as braces.
 */
function translationSchema(withSlug: boolean, known: readonly string[], keeps: readonly string[]) {
  const text = (schema: z.ZodType<string>) =>
    schema.superRefine((value, ctx) => {
      const unknown = placeholdersIn(value).filter((name) => !known.includes(name));
      if (unknown.length) ctx.addIssue({ code: "custom", message: "atelier-content:validation.placeholder" });
    });
  return z
    .object({
      title: text(required(CONTENT_LIMITS.title)),
      slug: z
        .string()
        .trim()
        .max(SLUG_MAX_LENGTH, { error: "validation.tooLong" })
        .refine((slug) => slug === "" || isValidSlug(slug), { error: "atelier-content:validation.slug" })
        .optional(),
      excerpt: text(required(CONTENT_LIMITS.excerpt)),
      body: text(required(CONTENT_LIMITS.body)).refine((body) => keeps.every((name) => placeholdersIn(body).includes(name)), {
        message: "atelier-content:validation.keepPlaceholders",
      }),
      metaTitle: text(optional(CONTENT_LIMITS.metaTitle)),
      metaDescription: text(optional(CONTENT_LIMITS.metaDescription)),
      keywords: optional(CONTENT_LIMITS.keywords),
    })
    .transform((value, ctx) => {
      if (!withSlug) return { ...value, slug: undefined };
      const slug = value.slug || slugify(value.title);
      if (!isValidSlug(slug)) {
        ctx.addIssue({ code: "custom", path: ["slug"], message: "atelier-content:validation.slug" });
        return z.NEVER;
      }
      return { ...value, slug };
    });
}

export type ContentTranslationInput = { title: string; slug?: string; excerpt: string; body: string; metaTitle: string; metaDescription: string; keywords: string };

/**
 * The editor's form for an entry of `kind` in `locales`, by the button's intent: "save" checks
 * everything; "preview" renders the Markdown of what was typed and saves nothing, so it asks for
 * nothing. Pages keep their address and are always published (their routes, footer and legal
 * duty need them): they have no slug, status or date here.
 */
export function contentEditorSchema({
  kind,
  locales,
  placeholders = CONTENT_PLACEHOLDERS,
  keeps = [],
}: {
  kind: ContentKind;
  locales: readonly Locale[];
  /** The placeholders the shop fills (CONTENT_PLACEHOLDERS). */
  placeholders?: readonly string[];
  /** The placeholders each body must hold (a static page's `keeps`). */
  keeps?: readonly string[];
}) {
  const translation = translationSchema(kind !== "page", placeholders, keeps);
  const languages = Object.fromEntries(locales.map((locale) => [locale, translation])) as Record<Locale, typeof translation>;
  return z.discriminatedUnion("intent", [
    z.object({ intent: z.literal("preview") }),
    z.object({
      intent: z.literal("save"),
      ...languages,
      // A page's state is not the editor's to change: whatever a post says, it stays published.
      status: kind === "page" ? z.unknown().optional().transform(() => "published" as const) : z.enum(["draft", "published"], { error: "validation.required" }),
      publishedAt: z
        .string()
        .trim()
        .optional()
        .transform((value, ctx) => {
          if (!value || kind === "page") return null;
          const iso = romeLocalToUtc(value);
          if (!iso) {
            ctx.addIssue({ code: "custom", message: "atelier-content:validation.date" });
            return z.NEVER;
          }
          return new Date(iso);
        }),
      cover: z.string().trim().max(50).optional().default(""),
    }),
  ]);
}

/** The editor's Markdown fields, for the preview. */
export const markdownFields = (locales: readonly Locale[]) => locales.map((locale) => `${locale}.body`);

const imageAlt = () => z.string().trim().max(300, { error: "validation.tooLong" }).default("");

/** The editor's picture forms (an existing entry's): a cover or a body image uploaded, a picture removed. */
export const CONTENT_IMAGE_INTENTS = ["cover-upload", "image-upload", "image-remove"] as const;
export const ContentImageSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("cover-upload"), imageAltIt: imageAlt(), imageAltEn: imageAlt() }),
  z.object({ intent: z.literal("image-upload"), imageAltIt: imageAlt(), imageAltEn: imageAlt() }),
  z.object({
    intent: z.literal("image-remove"),
    imageId: z.coerce.number({ error: "validation.required" }).int().positive().max(2_147_483_647),
  }),
]);

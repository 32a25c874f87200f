import { withoutControlCharacters } from "~/utils/form-fields";
import { z } from "~/utils/zod";
import { SLUG_MAX_LENGTH, isValidSlug } from "./catalog-rules";

// Atelier's category forms: the editor (texts in both languages, the parent) and the tree's
// move buttons. Safe in the browser. Field names nest by language ("it.name", "en.slug").

const E = "atelier-merch:categories.errors";

/** A one-line text, optional (blank: ""), at most `max` characters. */
const optionalLine = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `${E}.tooLong` })
    .refine(withoutControlCharacters(), { error: "validation.characters" })
    .default("");

const texts = z.object({
  name: z
    .string({ error: `${E}.name` })
    .trim()
    .min(1, { error: `${E}.name` })
    .max(100, { error: `${E}.tooLong` })
    .refine(withoutControlCharacters(), { error: "validation.characters" }),
  slug: z
    .string()
    .trim()
    .max(SLUG_MAX_LENGTH, { error: `${E}.slug` })
    .refine((slug) => slug === "" || isValidSlug(slug), { error: `${E}.slug` })
    .default(""),
  metaTitle: optionalLine(120),
  metaDescription: optionalLine(320),
  keywords: optionalLine(300),
});

/** A row id from a form: digits only, within the database's integer. */
export const formId = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{1,10}$/, { error: message })
    .transform(Number)
    .refine((id) => id > 0 && id <= 2_147_483_647, { error: message });

export const CategoryFormSchema = z.object({
  /** Blank: a top category. */
  parentId: formId(`${E}.parent`).optional(),
  it: texts,
  en: texts,
});
export type CategoryForm = z.infer<typeof CategoryFormSchema>;

/** The tile photograph's file field (read from the multipart stream, checked by the image pipeline). */
export const TILE_FIELD = "tile";

const alt = () =>
  z
    .string()
    .trim()
    .max(300, { error: `${E}.altLength` })
    .refine(withoutControlCharacters(), { error: "validation.characters" })
    .default("");
/** A percentage, 0 to 100, decimals allowed (a comma too: "33,5"). */
const percent = () =>
  z.preprocess(
    (value) => (typeof value === "string" ? value.trim().replace(",", ".") : value),
    z.coerce.number({ error: `${E}.focal` }).min(0, { error: `${E}.focal` }).max(100, { error: `${E}.focal` }),
  );

export const CATEGORY_EDITOR_INTENTS = ["save", "delete", "tile-upload", "tile-update", "tile-remove"] as const;
export const CategoryEditorSchema = z.discriminatedUnion("intent", [
  CategoryFormSchema.extend({ intent: z.literal("save") }),
  z.object({ intent: z.literal("delete") }),
  z.object({ intent: z.literal("tile-upload"), tileAltIt: alt(), tileAltEn: alt() }),
  z.object({ intent: z.literal("tile-update"), tileAltIt: alt(), tileAltEn: alt(), focalX: percent(), focalY: percent() }),
  z.object({ intent: z.literal("tile-remove") }),
]);

export const CATEGORY_TREE_INTENTS = ["move-up", "move-down"] as const;
export const CategoryTreeSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("move-up"), categoryId: formId(`${E}.notFound`) }),
  z.object({ intent: z.literal("move-down"), categoryId: formId(`${E}.notFound`) }),
]);


import { z } from "~/utils/zod";
import { idParam } from "~/utils/id-param";
import { FITS, GUIDE_KINDS, type GuideRow, SIZE_SYSTEMS, parseCentimetres } from "./size-guide-rules";

// The size guide's forms, one schema each for the form and its action: "Trova la tua taglia"
// (a GET form on the guide page: nothing is kept), Atelier's guide editor and a product's sizing.

const wholeNumber = (min: number, max: number, message: string) =>
  z
    .string()
    .trim()
    .max(6, { error: message })
    .optional()
    .transform((value, ctx) => {
      if (!value) return null;
      const number = /^\d+$/.test(value) ? Number(value) : NaN;
      if (!(number >= min && number <= max)) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return number;
    });

/** "Trova la tua taglia": height and weight, and a usual size in a system; none of it kept. */
export const FindSizeSchema = z
  .object({
    height: wholeNumber(100, 230, "size-guide:find.errors.height"),
    weight: wholeNumber(25, 250, "size-guide:find.errors.weight"),
    system: z.enum(SIZE_SYSTEMS, { error: "size-guide:find.errors.system" }).optional(),
    usual: z.string().trim().max(8, { error: "size-guide:find.errors.usual" }).optional(),
  })
  .superRefine((value, ctx) => {
    // Height and weight go together; a usual size needs its system.
    if (value.height !== null && value.weight === null) ctx.addIssue({ code: "custom", path: ["weight"], message: "size-guide:find.errors.weightToo" });
    if (value.weight !== null && value.height === null) ctx.addIssue({ code: "custom", path: ["height"], message: "size-guide:find.errors.heightToo" });
    if (value.usual && !value.system) ctx.addIssue({ code: "custom", path: ["system"], message: "size-guide:find.errors.system" });
    if (value.height === null && value.weight === null && !value.usual) ctx.addIssue({ code: "custom", path: ["height"], message: "size-guide:find.errors.nothing" });
  })
  .transform((value) => ({ heightCm: value.height, weightKg: value.weight, system: value.usual ? (value.system ?? null) : null, usual: value.usual || null }));

export const FIND_SIZE_FIELDS = ["height", "weight", "system", "usual"] as const;

/* Atelier ----------------------------------------------------------------------------------- */

export const MAX_GUIDE_ROWS = 30;

const text = (max: number, message = "validation.tooLong") => z.string().trim().max(max, { error: message }).optional().transform((value) => value ?? "");
const length = z
  .string()
  .trim()
  .max(6, { error: "atelier-catalog:sizeGuides.validation.length" })
  .optional()
  .transform((value, ctx) => {
    if (!value) return null;
    const mm = parseCentimetres(value);
    if (mm === null) {
      ctx.addIssue({ code: "custom", message: "atelier-catalog:sizeGuides.validation.length" });
      return z.NEVER;
    }
    return mm;
  });
const height = wholeNumber(50, 250, "atelier-catalog:sizeGuides.validation.height");
const weight = wholeNumber(10, 300, "atelier-catalog:sizeGuides.validation.weight");

/** One line of the editor's grid; a line without a size is an unused blank one. */
const GuideRowSchema = z.object({
  size: text(16),
  it: text(16),
  eu: text(16),
  us: text(16),
  uk: text(16),
  chest: length,
  waist: length,
  hips: length,
  inseam: length,
  foot: length,
  garmentChest: length,
  garmentLength: length,
  heightFrom: height,
  heightTo: height,
  weightFrom: weight,
  weightTo: weight,
});

export const SizeGuideFormSchema = z
  .object({
    intent: z.literal("save"),
    kind: z.enum(GUIDE_KINDS, { error: "atelier-catalog:sizeGuides.validation.kind" }),
    nameIt: z.string({ error: "validation.required" }).trim().min(1, { error: "validation.required" }).max(120, { error: "validation.tooLong" }),
    nameEn: z.string({ error: "validation.required" }).trim().min(1, { error: "validation.required" }).max(120, { error: "validation.tooLong" }),
    rows: z.array(GuideRowSchema).max(MAX_GUIDE_ROWS + 5, { error: "atelier-catalog:sizeGuides.validation.tooMany" }).optional().transform((rows) => rows ?? []),
    categoryIds: z
      .array(z.string().max(12))
      .max(1000)
      .optional()
      .transform((ids) => [...new Set((ids ?? []).map((id) => idParam(id)))])
      .refine((ids): ids is number[] => ids.every((id) => id !== null), { error: "atelier-catalog:sizeGuides.errors.category" }),
  })
  .superRefine((value, ctx) => {
    const seen = new Set<string>();
    let filled = 0;
    value.rows.forEach((row, index) => {
      if (!row.size) return;
      filled++;
      const key = row.size.toUpperCase();
      if (seen.has(key)) ctx.addIssue({ code: "custom", path: ["rows", index, "size"], message: "atelier-catalog:sizeGuides.validation.sizeTwice" });
      seen.add(key);
      for (const [from, to] of [
        ["heightFrom", "heightTo"],
        ["weightFrom", "weightTo"],
      ] as const) {
        const [a, b] = [row[from], row[to]];
        if ((a === null) !== (b === null)) ctx.addIssue({ code: "custom", path: ["rows", index, a === null ? from : to], message: "atelier-catalog:sizeGuides.validation.range" });
        else if (a !== null && b !== null && a > b) ctx.addIssue({ code: "custom", path: ["rows", index, to], message: "atelier-catalog:sizeGuides.validation.range" });
      }
    });
    if (filled > MAX_GUIDE_ROWS) ctx.addIssue({ code: "custom", path: ["rows"], message: "atelier-catalog:sizeGuides.validation.tooMany" });
  })
  .transform(({ intent, kind, nameIt, nameEn, rows, categoryIds }) => ({
    intent,
    kind,
    nameIt,
    nameEn,
    categoryIds,
    rows: rows
      .filter((row) => row.size)
      .map(
        (row): GuideRow => ({
          size: row.size,
          names: { it: row.it, eu: row.eu, us: row.us, uk: row.uk },
          measures: { chest: row.chest, waist: row.waist, hips: row.hips, inseam: row.inseam, foot: row.foot, garmentChest: row.garmentChest, garmentLength: row.garmentLength },
          heightCm: { from: row.heightFrom, to: row.heightTo },
          weightKg: { from: row.weightFrom, to: row.weightTo },
        }),
      ),
  }));

export type SizeGuideInput = Omit<z.infer<typeof SizeGuideFormSchema>, "intent" | "categoryIds"> & { categoryIds: number[] };

export const SizeGuideDeleteSchema = z.object({
  intent: z.literal("delete"),
  confirm: z.literal("on", { error: "atelier-catalog:sizeGuides.validation.confirm" }),
});

export const SizeGuideActionSchema = z.discriminatedUnion("intent", [SizeGuideFormSchema, SizeGuideDeleteSchema]);

/** A product's sizing: its own guide ("" = its category's), fit, and the model its photographs show. */
export const ProductSizingSchema = z
  .object({
    guideId: z
      .string()
      .max(12)
      .optional()
      // "" is the category's guide; anything that is no id is a broken form's, said at the field.
      .transform((value) => (value ? (idParam(value) ?? -1) : null))
      .refine((id) => id !== -1, { error: "atelier-catalog:sizeGuides.errors.notFound" }),
    fit: z
      .enum(["", ...FITS], { error: "atelier-catalog:sizing.validation.fit" })
      .optional()
      .transform((value) => (value ? value : null)),
    modelHeightCm: wholeNumber(100, 230, "atelier-catalog:sizing.validation.height"),
    modelSize: z.string().trim().max(16, { error: "validation.tooLong" }).optional().transform((value) => value || null),
    modelChestCm: wholeNumber(40, 200, "atelier-catalog:sizing.validation.measure"),
    modelWaistCm: wholeNumber(40, 200, "atelier-catalog:sizing.validation.measure"),
    modelHipsCm: wholeNumber(40, 200, "atelier-catalog:sizing.validation.measure"),
  })
  .superRefine((value, ctx) => {
    // The model's line starts with height and size: measurements without them say nothing.
    const anyMeasure = value.modelChestCm !== null || value.modelWaistCm !== null || value.modelHipsCm !== null;
    if ((value.modelHeightCm !== null || anyMeasure) && !value.modelSize) ctx.addIssue({ code: "custom", path: ["modelSize"], message: "atelier-catalog:sizing.validation.modelSize" });
    if ((value.modelSize || anyMeasure) && value.modelHeightCm === null) ctx.addIssue({ code: "custom", path: ["modelHeightCm"], message: "atelier-catalog:sizing.validation.modelHeight" });
  });

export type ProductSizingInput = z.infer<typeof ProductSizingSchema>;
export const PRODUCT_SIZING_FIELDS = ["guideId", "fit", "modelHeightCm", "modelSize", "modelChestCm", "modelWaistCm", "modelHipsCm"] as const;

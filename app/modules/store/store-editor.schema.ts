import { z } from "~/utils/zod";
import { isOpeningHours, type OpeningHours, STORE_KINDS, WEEKDAYS } from "./store.schema";

// Atelier's store editor (issue 24): one schema for the form and its action. Opening hours are a
// line per day ("10:00–13:00, 15:30–19:30", or "chiuso"), read into the stored shape and checked
// with the locator's own rule (isOpeningHours). Error messages are keys ("validation.x" in
// common.json, or "atelier-content:…"). Safe on client and server.

/** Ranges a day may have (the locator's rule: isOpeningHours). */
export const MAX_RANGES_PER_DAY = 3;
const CLOSED_WORDS = new Set(["chiuso", "closed", "-", "—"]);
const RANGE = /^(\d{1,2})[:.](\d{2})\s*[-–—]\s*(\d{1,2})[:.](\d{2})$/;

const pad = (hours: string, minutes: string) => `${hours.padStart(2, "0")}:${minutes}`;

/**
 * A day's line as ranges: "10:00-13:00, 15:30-19:30" → [["10:00","13:00"],["15:30","19:30"]];
 * "chiuso" or "closed" → []; null when it is neither (a bad time, a range closing before it
 * opens, overlapping ranges, more than three).
 */
export function parseDayHours(line: string): [string, string][] | null {
  const text = line.trim().toLowerCase();
  if (CLOSED_WORDS.has(text)) return [];
  const ranges: [string, string][] = [];
  for (const part of text.split(/[,;]|\s+e\s+|\s+and\s+/)) {
    const match = RANGE.exec(part.trim());
    if (!match) return null;
    ranges.push([pad(match[1], match[2]), pad(match[3], match[4])]);
  }
  ranges.sort((a, b) => a[0].localeCompare(b[0]));
  if (ranges.length > MAX_RANGES_PER_DAY) return null;
  // Each closes after it opens (checked with the week below) and before the next opens.
  if (ranges.some((range, i) => i > 0 && ranges[i - 1][1] > range[0])) return null;
  return isOpeningHours([ranges, [], [], [], [], [], []]) ? ranges : null;
}

/** A day's ranges as the editor writes them ("10:00–19:30, …"), or the closed word. */
export function formatDayHours(ranges: [string, string][], closed: string): string {
  return ranges.length ? ranges.map(([opens, closes]) => `${opens}–${closes}`).join(", ") : closed;
}

const text = (max: number) =>
  z
    .string({ error: "validation.required" })
    .trim()
    .min(1, { error: "validation.required" })
    .max(max, { error: "validation.tooLong" });

/** An international number: "+", the country code, then digits in groups (8 to 15 digits, E.164). */
export function normalizePhone(value: string): string | null {
  const phone = value.trim().replace(/\s+/g, " ");
  if (!/^\+[1-9][\d .-]*\d$/.test(phone)) return null;
  const digits = phone.replace(/\D/g, "").length;
  return digits >= 8 && digits <= 15 ? phone : null;
}

/** A coordinate typed with a point or a comma, within ±limit degrees. */
const coordinate = (limit: number, message: string) =>
  z
    .string({ error: "validation.required" })
    .trim()
    .transform((value, ctx) => {
      const normal = value.replace(",", ".");
      const number = Number(normal);
      if (!/^-?\d{1,3}(?:\.\d{1,10})?$/.test(normal) || !Number.isFinite(number) || Math.abs(number) > limit) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return number;
    });

const dayFields = Object.fromEntries(
  WEEKDAYS.map((day) => [
    day,
    z
      .string({ error: "atelier-content:validation.hoursRequired" })
      .trim()
      .max(120, { error: "validation.tooLong" })
      .transform((value, ctx) => {
        const ranges = parseDayHours(value);
        if (!ranges) {
          ctx.addIssue({ code: "custom", message: "atelier-content:validation.hours" });
          return z.NEVER;
        }
        return ranges;
      }),
  ]),
) as unknown as Record<(typeof WEEKDAYS)[number], z.ZodType<[string, string][], string>>;

export const StoreFormSchema = z.object({
  name: text(120),
  kind: z.enum(STORE_KINDS, { error: "validation.required" }),
  address: text(200),
  city: text(100),
  province: z.string().trim().max(40, { error: "validation.tooLong" }).optional(),
  postalCode: z
    .string()
    .trim()
    .max(20, { error: "validation.tooLong" })
    .regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, { error: "atelier-content:validation.postalCode" })
    .optional(),
  country: z
    .string({ error: "validation.country" })
    .trim()
    .regex(/^[A-Za-z]{2}$/, { error: "validation.country" })
    .transform((code) => code.toUpperCase()),
  region: z
    .string({ error: "validation.required" })
    .trim()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: "atelier-content:validation.region" })
    .max(40, { error: "atelier-content:validation.region" }),
  phone: z
    .string({ error: "validation.required" })
    .transform((value, ctx) => {
      const phone = normalizePhone(value);
      if (!phone) {
        ctx.addIssue({ code: "custom", message: "atelier-content:validation.phone" });
        return z.NEVER;
      }
      return phone;
    }),
  hours: z.object(dayFields).transform((days): OpeningHours => WEEKDAYS.map((day) => days[day])),
  latitude: coordinate(90, "atelier-content:validation.latitude"),
  longitude: coordinate(180, "atelier-content:validation.longitude"),
  position: z
    .string()
    .trim()
    .regex(/^\d{1,4}$/, { error: "atelier-content:validation.position" })
    .optional()
    .transform((value) => (value ? Number(value) : 0)),
});

export type StoreInput = z.output<typeof StoreFormSchema>;

/** The store page's forms, by the button's intent: save, or delete behind an "I understand" box. */
export const StoreActionSchema = z.discriminatedUnion("intent", [
  StoreFormSchema.extend({ intent: z.literal("save") }),
  z.object({ intent: z.literal("delete"), confirm: z.literal("on", { error: "atelier-content:stores.deleteConfirmRequired" }) }),
]);


import { AA_CONTRAST, HEX_COLOUR, contrastRatio } from "~/utils/contrast";
import { textField } from "~/utils/form-fields";
import { isDay } from "~/utils/rome-time";
import { safeRedirect } from "~/utils/safe-redirect";
import { z } from "~/utils/zod";

// Atelier's Banner page (/atelier/banner): the messages of the bar above the header and the
// closure notices, one form per action told apart by `intent`, shared by the page and its
// action. Messages are translation keys (atelier-shop.json). Safe on client and server.

export const BANNER_TEXT_MAX = 200;
export const BANNER_LINK_MAX = 300;

export const id = () => z.coerce.number({ error: "validation.required" }).int().positive().max(2_147_483_647);

/** Whether a link is a path of this shop: "/pages/Shipping" yes; "https://…", "//host", "/../x", "javascript:" no. */
export function isLocalLink(value: string): boolean {
  return value.length <= BANNER_LINK_MAX && safeRedirect(value, "") !== "" && !/\s/.test(value);
}

const text = () => textField(BANNER_TEXT_MAX, { tooLong: "atelier-shop:validation.textTooLong" });

/** An optional local path: empty is no link. */
const link = () =>
  z
    .string()
    .trim()
    .max(BANNER_LINK_MAX, { error: "atelier-shop:validation.link" })
    .optional()
    .transform((value) => value || null)
    .refine((value) => value === null || isLocalLink(value), { error: "atelier-shop:validation.link" });

const colour = () =>
  z
    .string({ error: "validation.required" })
    .trim()
    .min(1, { error: "validation.required", abort: true })
    .regex(HEX_COLOUR, { error: "atelier-shop:validation.colour" })
    .transform((value) => value.toUpperCase());

/** A day in Italy, YYYY-MM-DD (a date input's value). */
export const day = () =>
  z
    .string({ error: "validation.required" })
    .trim()
    .min(1, { error: "validation.required", abort: true })
    .refine(isDay, { error: "atelier-shop:validation.day" });

const optionalDay = () =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => value || null)
    .refine((value) => value === null || isDay(value), { error: "atelier-shop:validation.day" });

export const MessageFieldsSchema = z.object({
  textIt: text(),
  textEn: text(),
  linkIt: link(),
  linkEn: link(),
  background: colour(),
  color: colour(),
  startsOn: optionalDay(),
  endsOn: optionalDay(),
});
export type BannerMessageInput = z.infer<typeof MessageFieldsSchema>;

export const ClosureFieldsSchema = z.object({
  startsOn: day(),
  endsOn: day(),
  shipsFrom: day(),
  textIt: text(),
  textEn: text(),
});
export type ClosureInput = z.infer<typeof ClosureFieldsSchema>;

/**
 * Whether `later` comes before `earlier`, both real days (YYYY-MM-DD compare as text). zod runs an
 * object's checks even when a field's own refinement failed: a field already wrong gets no
 * second message here.
 */
export function dayBefore(later: unknown, earlier: unknown): boolean {
  return typeof later === "string" && typeof earlier === "string" && isDay(later) && isDay(earlier) && later < earlier;
}

function checkMessage(value: BannerMessageInput, ctx: z.RefinementCtx) {
  if (HEX_COLOUR.test(value.background) && HEX_COLOUR.test(value.color) && contrastRatio(value.background, value.color) < AA_CONTRAST) {
    ctx.addIssue({ code: "custom", path: ["color"], message: "atelier-shop:validation.contrast" });
  }
  if (dayBefore(value.endsOn, value.startsOn)) ctx.addIssue({ code: "custom", path: ["endsOn"], message: "atelier-shop:validation.endBeforeStart" });
}

function checkClosure(value: ClosureInput, ctx: z.RefinementCtx) {
  if (dayBefore(value.endsOn, value.startsOn)) ctx.addIssue({ code: "custom", path: ["endsOn"], message: "atelier-shop:validation.endBeforeStart" });
  if (dayBefore(value.shipsFrom, value.startsOn)) ctx.addIssue({ code: "custom", path: ["shipsFrom"], message: "atelier-shop:validation.shipsBeforeStart" });
}

export const BANNER_INTENTS = ["save-message", "delete-message", "move-message", "save-closure", "delete-closure"] as const;
export type BannerIntent = (typeof BANNER_INTENTS)[number];

export const BannerActionSchema = z.discriminatedUnion("intent", [
  MessageFieldsSchema.extend({ intent: z.literal("save-message"), id: id().optional() }).superRefine(checkMessage),
  z.object({ intent: z.literal("delete-message"), id: id() }),
  z.object({ intent: z.literal("move-message"), id: id(), direction: z.enum(["up", "down"]) }),
  ClosureFieldsSchema.extend({ intent: z.literal("save-closure"), id: id().optional() }).superRefine(checkClosure),
  z.object({ intent: z.literal("delete-closure"), id: id() }),
]);

/** The fields of each form, in page order (the first invalid one gets focus). */
export const MESSAGE_FIELDS = ["textIt", "textEn", "linkIt", "linkEn", "background", "color", "startsOn", "endsOn"] as const;
export const CLOSURE_FIELDS = ["startsOn", "endsOn", "shipsFrom", "textIt", "textEn"] as const;

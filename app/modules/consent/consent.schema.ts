import { redirectTargetField, z } from "~/utils/zod";
import type { ConsentChoice } from "./consent";

const checkbox = z
  .literal("on")
  .optional()
  .transform((value) => value === "on");

/** Where the form goes back to without JavaScript (checked again with safeRedirect before use). */
const back = { redirectTo: redirectTargetField() };

/**
 * The consent forms' buttons: "accept" (accept all), "reject" (the banner's X and "reject all")
 * and "save" (the granular choices). Any other intent is a bad request (the form kit's
 * parseIntentForm).
 */
export const ConsentChoiceSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("accept"), ...back }),
  z.object({ intent: z.literal("reject"), ...back }),
  z.object({ intent: z.literal("save"), preferences: checkbox, analytics: checkbox, marketing: checkbox, ...back }),
]);

export const CONSENT_INTENTS = ["accept", "reject", "save"] as const;

/** The choice a valid form makes: only the save intent carries categories; the other two ignore stray fields. */
export function consentChoiceOf(value: z.infer<typeof ConsentChoiceSchema>): ConsentChoice {
  return value.intent === "save" ? { intent: "save", preferences: value.preferences, analytics: value.analytics, marketing: value.marketing } : { intent: value.intent };
}

import { z } from "~/utils/zod";
import type { ConsentChoice } from "./consent";

const checkbox = z
  .literal("on")
  .optional()
  .transform((value) => value === "on");

/**
 * The consent forms' buttons: "accept" (accept all), "reject" (the banner's X and "reject all")
 * and "save" (the granular choices). Any other intent is a bad request.
 */
export const ConsentChoiceSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("accept") }),
  z.object({ intent: z.literal("reject") }),
  z.object({ intent: z.literal("save"), analytics: checkbox, marketing: checkbox }),
]);

export function parseConsentChoice(formData: FormData): ConsentChoice | null {
  const parsed = ConsentChoiceSchema.safeParse({
    intent: formData.get("intent") ?? undefined,
    analytics: formData.get("analytics") ?? undefined,
    marketing: formData.get("marketing") ?? undefined,
  });
  if (!parsed.success) return null;
  // Only the save intent carries categories; the other two ignore stray fields.
  return parsed.data.intent === "save" ? parsed.data : { intent: parsed.data.intent };
}

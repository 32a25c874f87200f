import { withoutControlCharacters } from "~/utils/form-fields";
import { redirectTargetField, z } from "~/utils/zod";

// The wishlist's forms, shared by the hearts, the wishlist page and the /api/wishlist calls. A
// form names a product and, when the shopper chose one, a size: never a price.

// Bounded to the database's integer: a larger id can only be a forged form, not a product.
const productId = z
  .number({ error: "domain.productUnavailable" })
  .int({ error: "domain.productUnavailable" })
  .positive({ error: "domain.productUnavailable" })
  .max(2_147_483_647, { error: "domain.productUnavailable" });
const sku = z
  .string({ error: "domain.productUnavailable" })
  .trim()
  .max(64, { error: "domain.productUnavailable" })
  .refine(withoutControlCharacters(), { error: "domain.productUnavailable" })
  .optional();

export const WishlistAddSchema = z.object({ productId, sku });
export const WishlistRemoveSchema = z.object({ productId });

/** Price-drop e-mails on or off (an account holder's, from the wishlist page). */
export const WishlistAlertsSchema = z.object({ alerts: z.enum(["on", "off"], { error: "domain.malformedForm" }) });

export const WISHLIST_INTENTS = ["add", "remove", "alerts"] as const;

/** The pages' forms: the same fields, and where a form without JavaScript goes back to. */
export const WishlistFormSchema = z.discriminatedUnion("intent", [
  WishlistAddSchema.extend({ intent: z.literal("add"), redirectTo: redirectTargetField() }),
  WishlistRemoveSchema.extend({ intent: z.literal("remove"), redirectTo: redirectTargetField() }),
  WishlistAlertsSchema.extend({ intent: z.literal("alerts"), redirectTo: redirectTargetField() }),
]);
export type WishlistForm = z.infer<typeof WishlistFormSchema>;

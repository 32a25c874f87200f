import { z } from "~/utils/zod";

// Atelier's photographs page (/atelier/products/:id/photos): one form per action, told apart by
// `intent`, shared by the page and its action. Messages are translation keys (common.json's
// validation.*, atelier-photos.json's for the rest). The upload's file is read from the stream
// and checked by the image pipeline; these are its other fields.

/** The form field of the upload's file. */
export const PHOTO_FIELD = "photo";

const id = () => z.coerce.number({ error: "validation.required" }).int().positive().max(2_147_483_647);
/** A colour code of the product, or "" for every colour. */
const color = () => z.string().trim().max(40, { error: "atelier-photos:errors.color" }).default("");
const alt = () => z.string().trim().max(300, { error: "atelier-photos:errors.altLength" }).default("");
/** A percentage, 0 to 100, decimals allowed (a comma too: "33,5"). */
const percent = () =>
  z.preprocess(
    (value) => (typeof value === "string" ? value.trim().replace(",", ".") : value),
    z.coerce
      .number({ error: "atelier-photos:errors.focal" })
      .min(0, { error: "atelier-photos:errors.focal" })
      .max(100, { error: "atelier-photos:errors.focal" }),
  );

export const PHOTO_INTENTS = ["upload", "update", "focus", "move", "cover", "delete", "retry"] as const;

export const ProductPhotoSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("upload"), color: color(), altIt: alt(), altEn: alt() }),
  z.object({ intent: z.literal("update"), photoId: id(), color: color(), altIt: alt(), altEn: alt() }),
  z.object({ intent: z.literal("focus"), photoId: id(), focalX: percent(), focalY: percent() }),
  z.object({ intent: z.literal("move"), photoId: id(), direction: z.enum(["up", "down"]) }),
  z.object({ intent: z.literal("cover"), photoId: id() }),
  z.object({ intent: z.literal("delete"), photoId: id() }),
  z.object({ intent: z.literal("retry"), photoId: id() }),
]);

export type ProductPhotoForm = z.infer<typeof ProductPhotoSchema>;


// A photograph's upload as Atelier's photographs page sends it, for the HTTP tests of the page
// and of the media store (tests/http/atelier-photos.test.ts, media-full.test.ts). Every image is
// made with sharp here: no binary fixtures.
import sharp from "sharp";

/** A JPEG of a plain colour. */
export const jpeg = (width = 1000, height = 1250, hex = "#b4785a") => sharp({ create: { width, height, channels: 3, background: hex } }).jpeg().toBuffer();

/** The upload form as the page sends it: intent, colour, alt texts, then the file. */
export function uploadForm(bytes: Uint8Array, fileName: string, fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries({ intent: "upload", color: "", altIt: "Vista di fronte", altEn: "Front view", ...fields })) form.append(name, value);
  form.append("photo", new File([new Uint8Array(bytes)], fileName, { type: "image/jpeg" }));
  return form;
}

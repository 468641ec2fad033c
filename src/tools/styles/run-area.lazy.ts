/**
 * (Fetched by run-conversion.ts with the first region edit.) The area as the request's second image, at
 * the size of the photo sent, and the answer's composite over the photo (lib/image/area-edit.ts).
 */
import { blobToBase64, type PreparedImage } from "@/lib/image";
import { maskAt } from "@/lib/image/area-edit";

export { composite } from "@/lib/image/area-edit";

/** The area, white on black at the prepared photo's size, as an inline PNG part. */
export async function maskPart(area: Blob, prepared: PreparedImage) {
  const mask = await maskAt(area, prepared.width, prepared.height);
  return { inlineData: { mimeType: "image/png", data: await blobToBase64(mask) } };
}

/** A Blob's bytes in base64 (no data: prefix), as an AI request carries an image. */
import { blobDataUrl } from "@/lib/read-blob";

export async function blobToBase64(blob: Blob): Promise<string> {
  const dataUrl = await blobDataUrl(blob);
  return dataUrl.slice(dataUrl.indexOf(",") + 1);
}

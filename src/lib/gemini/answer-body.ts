/**
 * An answer's body as the client reads it: the JSON, with each answered image's base64 already a Blob
 * (`inlineData: { mimeType, blob }`), so the page never holds the megabytes of base64 of a picture (a
 * 4K PNG is about 19 MB of it) nor a data: URL made of them. The image worker runs this for large
 * answers (client.ts), off the page's thread; small ones and pages without the worker read it here.
 * Thought parts (drafts) are left as they came: they are never shown.
 */
import { base64ToBlob } from "@/lib/image/download";
import { blobText } from "@/lib/read-blob";

/** An image of an answer, its bytes decoded. */
export type AnsweredImage = { mimeType: string; blob: Blob };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** `body` with the inline images of its candidates' parts decoded into Blobs (in place). */
export function withPictures(body: unknown): unknown {
  if (!isRecord(body) || !Array.isArray(body.candidates)) return body;
  for (const candidate of body.candidates as unknown[]) {
    const content = isRecord(candidate) ? candidate.content : undefined;
    const parts = isRecord(content) && Array.isArray(content.parts) ? (content.parts as unknown[]) : [];
    for (const part of parts) {
      if (!isRecord(part) || part.thought === true || !isRecord(part.inlineData)) continue;
      const { data, mimeType } = part.inlineData;
      if (typeof data !== "string" || data === "") continue;
      const type = typeof mimeType === "string" && mimeType !== "" ? mimeType : "image/png";
      try {
        const image: AnsweredImage = { mimeType: type, blob: base64ToBlob(data, type) };
        part.inlineData = image;
      } catch {
        // Base64 that does not decode: the image is left out, and the reading says no image came.
        delete part.inlineData;
      }
    }
  }
  return body;
}

/** The answer's JSON with its pictures as Blobs; undefined when it is empty or not JSON (an HTML page). */
export async function readAnswerBody(answer: Blob): Promise<unknown> {
  const text = await blobText(answer);
  if (text.trim() === "") return undefined;
  let body: unknown;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
  return withPictures(body);
}

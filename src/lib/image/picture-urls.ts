/**
 * Pictures shown by URL (issue 28 §2, "each result's bytes kept once"): a result is a Blob, shown and
 * passed around as a short object URL made here, and read back as that same Blob (no copy, no base64
 * string beside it). Who makes a URL owns it: the tool page (use-tool.ts, through useObjectUrls) revokes
 * its pictures when it closes, and a revoked URL is forgotten here.
 */
import { dataUrlToBlob } from "./download";

const pictures = new Map<string, Blob>();

/** An object URL for `blob`, whose Blob pictureBlob gives back until revokePicture. */
export function pictureUrl(blob: Blob): string {
  const url = URL.createObjectURL(blob);
  pictures.set(url, blob);
  return url;
}

/** Revokes a URL pictureUrl made (and forgets its Blob). */
export function revokePicture(url: string): void {
  pictures.delete(url);
  URL.revokeObjectURL(url);
}

/**
 * The Blob behind a picture's URL: one pictureUrl made (the same Blob), or a data: URL decoded; undefined
 * for any other URL (read it with fetch).
 */
export function knownPicture(url: string): Blob | undefined {
  const known = pictures.get(url);
  if (known) return known;
  return url.startsWith("data:") ? dataUrlToBlob(url) : undefined;
}

/** The Blob behind a picture's URL: knownPicture's, else what the URL fetches (a same-origin or blob: URL). */
export async function pictureBlob(url: string): Promise<Blob> {
  const known = knownPicture(url);
  if (known) return known;
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Could not read the picture (${response.status})`);
  return response.blob();
}

/** Object URLs made for a download are revoked this long after the click (an immediate revoke can cancel it). */
const REVOKE_DELAY_MS = 1000;

type FromBase64 = (text: string) => Uint8Array<ArrayBuffer>;

/**
 * The Blobs of the last data: URLs decoded, by URL: a result is decoded once for its thumbnail, its
 * kept creation and the ZIP (decoding a 4K answer takes the main thread about 90 ms each time). Four:
 * the most results of one run (use-tool-results.ts MAX_RESULTS). A Blob is immutable, so sharing it is
 * safe; a long URL is compared only when the lengths match.
 */
const DECODED_KEPT = 4;
const decoded = new Map<string, Blob>();

/**
 * Decodes a data: URL (base64 or percent-encoded) into a Blob of its media type. An AI answer is megabytes
 * of base64 behind a short header (a 4K PNG: about 19 MB): only the header is parsed, and where the
 * browser has Uint8Array.fromBase64 (which skips whitespace itself) the rest is decoded in that one native
 * pass, with no regular expression, trim or scan over the megabytes on the main thread (bench:variants).
 */
export function dataUrlToBlob(dataUrl: string): Blob {
  const known = decoded.get(dataUrl);
  if (known) return known;
  const blob = decodeDataUrl(dataUrl);
  decoded.set(dataUrl, blob);
  if (decoded.size > DECODED_KEPT) decoded.delete(decoded.keys().next().value!);
  return blob;
}

function decodeDataUrl(dataUrl: string): Blob {
  const comma = dataUrl.indexOf(",");
  const header = comma >= 0 ? /^\s*data:([^,]*)$/i.exec(dataUrl.slice(0, comma)) : null;
  if (!header) throw new TypeError("Not a data: URL");
  const params = header[1]!.split(";");
  const isBase64 = params.length > 1 && params[params.length - 1]!.trim().toLowerCase() === "base64";
  if (isBase64) params.pop();
  const type = params.join(";").trim() || "text/plain;charset=US-ASCII";
  const data = dataUrl.slice(comma + 1);
  if (!isBase64) return new Blob([decodeURIComponent(data.trim())], { type });
  const fromBase64 = (Uint8Array as { fromBase64?: FromBase64 }).fromBase64;
  if (fromBase64) {
    try {
      return new Blob([fromBase64(data)], { type });
    } catch {
      // Percent-escaped or not strict base64 (missing padding, say): the forgiving path below.
    }
  }
  const unescaped = data.includes("%") ? decodeURIComponent(data) : data;
  const base64 = /\s/.test(unescaped) ? unescaped.replace(/\s+/g, "") : unescaped;
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type });
}

/** Saves a data: URL or Blob (or a same-origin/blob: URL) as a download with the given file name. */
export function downloadImage(source: string | Blob, fileName: string): void {
  const ownsUrl = typeof source !== "string" || source.startsWith("data:");
  const href =
    typeof source !== "string"
      ? URL.createObjectURL(source)
      : ownsUrl
        ? URL.createObjectURL(dataUrlToBlob(source))
        : source;
  const anchor = document.createElement("a");
  anchor.href = href;
  anchor.download = fileName;
  anchor.rel = "noopener";
  anchor.style.display = "none";
  document.body.append(anchor);
  try {
    anchor.click();
  } finally {
    anchor.remove();
    if (ownsUrl) setTimeout(() => URL.revokeObjectURL(href), REVOKE_DELAY_MS);
  }
}

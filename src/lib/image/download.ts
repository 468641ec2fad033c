/** Object URLs made for a download are revoked this long after the click (an immediate revoke can cancel it). */
const REVOKE_DELAY_MS = 1000;

type FromBase64 = (text: string) => Uint8Array<ArrayBuffer>;

/**
 * Decodes a data: URL (base64 or percent-encoded) into a Blob of its media type. Only the short header is
 * parsed; the base64 goes to base64ToBlob.
 */
export function dataUrlToBlob(dataUrl: string): Blob {
  const comma = dataUrl.indexOf(",");
  const header = comma >= 0 ? /^\s*data:([^,]*)$/i.exec(dataUrl.slice(0, comma)) : null;
  if (!header) throw new TypeError("Not a data: URL");
  const params = header[1]!.split(";");
  const isBase64 = params.length > 1 && params[params.length - 1]!.trim().toLowerCase() === "base64";
  if (isBase64) params.pop();
  const type = params.join(";").trim() || "text/plain;charset=US-ASCII";
  const data = dataUrl.slice(comma + 1);
  if (!isBase64) return new Blob([decodeURIComponent(data.trim())], { type });
  return base64ToBlob(data.includes("%") ? decodeURIComponent(data) : data, type);
}

/**
 * Base64 (an AI answer's image: a 4K PNG is about 19 MB of it) as a Blob of `type`. Where the engine has
 * Uint8Array.fromBase64 (which skips whitespace itself) it is one native pass, with no regular
 * expression, trim or scan over the megabytes; else atob. The image worker decodes answers with it, off
 * the page's thread (lib/gemini/answer-body.ts).
 */
export function base64ToBlob(data: string, type: string): Blob {
  const fromBase64 = (Uint8Array as { fromBase64?: FromBase64 }).fromBase64;
  if (fromBase64) {
    try {
      return new Blob([fromBase64(data)], { type });
    } catch {
      // Not strict base64 (missing padding, say): the forgiving path below.
    }
  }
  const base64 = /\s/.test(data) ? data.replace(/\s+/g, "") : data;
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

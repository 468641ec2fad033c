/** Object URLs made for a download are revoked this long after the click (an immediate revoke can cancel it). */
const REVOKE_DELAY_MS = 1000;

/** Decodes a data: URL (base64 or percent-encoded) into a Blob of its media type. */
export function dataUrlToBlob(dataUrl: string): Blob {
  const match = /^data:([^,]*),(.*)$/s.exec(dataUrl.trim());
  if (!match) throw new TypeError("Not a data: URL");
  const params = match[1]!.split(";");
  const isBase64 = params.length > 1 && params[params.length - 1]!.trim().toLowerCase() === "base64";
  if (isBase64) params.pop();
  const type = params.join(";").trim() || "text/plain;charset=US-ASCII";
  const data = match[2]!;
  if (!isBase64) return new Blob([decodeURIComponent(data)], { type });
  const binary = atob(decodeURIComponent(data).replace(/\s+/g, ""));
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

/**
 * SVG and text primitives of the local preview engine: XML escaping, the document around fragments,
 * a seeded random generator and a string hash (so a request always draws the same picture), text
 * fitting (width estimate, truncation, wrapping), and the pieces laid over every kind of output: the
 * caption banner and card, a frame, and the "Local preview" badge. Fragments are in the coordinates of
 * the image they are laid over, so one overlay SVG holds them all and sharp composites it in one pass.
 */

export const FONT = "DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif";

/** A coordinate rounded to one decimal, to keep the SVG short. */
export const r1 = (n: number) => Math.round(n * 10) / 10;

/** Text made safe for SVG: XML-escaped, without the control characters XML forbids. */
export function escapeXml(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- removing exactly these is the point
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "")
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;")
      .replace(/'/g, "&apos;")
  );
}

/** A whole-canvas SVG document around the given fragments. */
export function svgDocument(width: number, height: number, fragments: string[]): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" ` +
    `viewBox="0 0 ${width} ${height}">${fragments.join("")}</svg>`
  );
}

/** Small deterministic PRNG (mulberry32), so the same request draws the same picture. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A stable 32-bit hash of a string (FNV-1a). */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Rough width of a line of text in the sans-serif font, for fitting without measuring. */
export function estimateTextWidth(text: string, fontSize: number): number {
  let units = 0;
  for (const ch of text) {
    // DejaVu Sans Bold is wide: these are generous averages, so text rather fits than overflows.
    if (/[ il.,:;'!|]/.test(ch)) units += 0.38;
    else if (/[MW@%mw]/.test(ch)) units += 1.05;
    else if (/[A-Z0-9]/.test(ch)) units += 0.8;
    else units += 0.68;
  }
  return units * fontSize;
}

/** Cut text to at most `max` characters at a word boundary where possible, with an ellipsis. */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text.replace(/\s+/g, " ").trim());
  if (chars.length <= max) return chars.join("");
  const cut = chars.slice(0, max - 1).join("");
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** Break text into at most `maxLines` lines of about `perLine` characters. */
export function wrapText(text: string, perLine: number, maxLines: number): string[] {
  const words = text.replace(/\s+/g, " ").trim().split(" ").filter(Boolean);
  const lines: string[] = [];
  let current = "";
  for (const word of words) {
    const next = current ? `${current} ${word}` : word;
    if (Array.from(next).length > perLine && current) {
      lines.push(current);
      current = word;
      if (lines.length === maxLines) break;
    } else {
      current = next;
    }
  }
  if (lines.length < maxLines && current) lines.push(current);
  if (lines.length === maxLines) {
    const rest = words.join(" ").length > lines.join(" ").length;
    if (rest) lines[maxLines - 1] = truncate(`${lines[maxLines - 1]} …`, perLine);
  }
  return lines.map((line) => truncate(line, perLine + 4));
}

/** A translucent banner across the bottom of the image with the caption text centred in it. */
export function captionBanner(text: string, width: number, height: number): string {
  const caption = text.trim();
  if (!caption) return "";
  const bannerHeight = Math.max(28, Math.round(height * 0.11));
  let fontSize = Math.round(bannerHeight * 0.42);
  const fits = (width * 0.92) / Math.max(1, estimateTextWidth(caption, fontSize));
  if (fits < 1) fontSize = Math.max(9, Math.floor(fontSize * fits));
  const y = height - bannerHeight;
  return (
    `<g><rect x="0" y="${y}" width="${width}" height="${bannerHeight}" fill="#111827" fill-opacity="0.72"/>` +
    `<text x="${r1(width / 2)}" y="${r1(y + bannerHeight / 2)}" font-family="${FONT}" font-size="${fontSize}" ` +
    `font-weight="bold" fill="#ffffff" text-anchor="middle" dominant-baseline="central">` +
    `${escapeXml(caption)}</text></g>`
  );
}

/** Multi-line caption on a rounded white card, for generated pictures. */
export function captionCard(lines: string[], width: number, height: number): string {
  if (lines.length === 0) return "";
  const fontSize = Math.round(Math.min(width, height) * 0.045);
  const lineHeight = Math.round(fontSize * 1.3);
  const widest = Math.max(...lines.map((line) => estimateTextWidth(line, fontSize)));
  const cardWidth = Math.min(width * 0.92, widest + fontSize * 2);
  const cardHeight = lineHeight * lines.length + fontSize;
  const x = (width - cardWidth) / 2;
  const y = height - cardHeight - height * 0.04;
  const texts = lines
    .map(
      (line, i) =>
        `<text x="${r1(width / 2)}" y="${r1(y + fontSize * 0.5 + lineHeight * (i + 0.5))}" ` +
        `font-family="${FONT}" font-size="${fontSize}" font-weight="bold" fill="#1f2937" ` +
        `text-anchor="middle" dominant-baseline="central">${escapeXml(line)}</text>`,
    )
    .join("");
  return (
    `<g><rect x="${r1(x)}" y="${r1(y)}" width="${r1(cardWidth)}" height="${r1(cardHeight)}" ` +
    `rx="${r1(fontSize * 0.6)}" fill="#ffffff" fill-opacity="0.88"/>${texts}</g>`
  );
}

/** A thick frame drawn inside the edges of the image (keeps its size). */
export function frame(
  width: number,
  height: number,
  thickness: number,
  colour: string,
  inner?: string,
): string {
  const t = thickness;
  const innerLine = inner
    ? `<rect x="${r1(t + t * 0.15)}" y="${r1(t + t * 0.15)}" width="${r1(width - 2 * t - t * 0.3)}" ` +
      `height="${r1(height - 2 * t - t * 0.3)}" fill="none" stroke="${inner}" stroke-width="${r1(Math.max(2, t * 0.18))}"/>`
    : "";
  return (
    `<g><rect x="${r1(t / 2)}" y="${r1(t / 2)}" width="${r1(width - t)}" height="${r1(height - t)}" ` +
    `fill="none" stroke="${colour}" stroke-width="${r1(t)}"/>${innerLine}</g>`
  );
}

/** The "Local preview" badge in the top-left corner, so nobody mistakes the output for real AI. */
export function previewBadge(width: number, height: number): string {
  const label = "Local preview";
  const fontSize = Math.max(10, Math.round(Math.min(width, height) * 0.032));
  const padX = Math.round(fontSize * 0.6);
  const badgeWidth = Math.ceil(estimateTextWidth(label, fontSize) + padX * 2 + fontSize * 0.3);
  const badgeHeight = Math.round(fontSize * 1.7);
  const margin = Math.max(4, Math.round(fontSize * 0.6));
  return (
    `<g><rect x="${margin}" y="${margin}" width="${badgeWidth}" height="${badgeHeight}" ` +
    `rx="${Math.round(badgeHeight / 2)}" fill="#000000" fill-opacity="0.62" stroke="#ffffff" ` +
    `stroke-opacity="0.7" stroke-width="1"/>` +
    `<text x="${r1(margin + badgeWidth / 2)}" y="${r1(margin + badgeHeight / 2)}" font-family="${FONT}" ` +
    `font-size="${fontSize}" font-weight="bold" fill="#ffffff" text-anchor="middle" ` +
    `dominant-baseline="central">${label}</text></g>`
  );
}

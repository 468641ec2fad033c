/**
 * SVG drawn in code for the local preview engine: the cucumber and frog sprites, confetti, the caption
 * banner and the "Local preview" badge. Every function returns an SVG fragment (a `<g>` with its own
 * `<defs>`) in the coordinates of the image it is laid over, so one overlay SVG per image holds them all
 * and sharp composites it in a single pass.
 */

const FONT = "DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif";

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

const r1 = (n: number) => Math.round(n * 10) / 10;

export interface SpritePlacement {
  /** Centre of the sprite in image pixels. */
  cx: number;
  cy: number;
  /** Length of the sprite's longest side in image pixels. */
  size: number;
  /** Rotation in degrees (clockwise). */
  angle?: number;
}

/**
 * One cucumber: dark green body with a lengthwise gradient, lighter bumps, faint stripes, a glossy
 * highlight, a stem and a blossom end, and a soft contact shadow. Drawn 220 units long, then scaled.
 */
export function cucumberSprite({ cx, cy, size, angle = -24 }: SpritePlacement, id = "cuke"): string {
  const k = size / 220;
  const random = seededRandom(7);
  const bumps: string[] = [];
  for (let i = 0; i < 34; i++) {
    const x = -88 + random() * 176;
    const y = -22 + random() * 44;
    // Stay inside the capsule: closer to the ends, closer to the middle line.
    const edge = Math.max(0, Math.abs(x) - 70) / 30;
    const yy = y * (1 - edge * 0.6);
    const r = 2.2 + random() * 1.8;
    bumps.push(
      `<circle cx="${r1(x)}" cy="${r1(yy)}" r="${r1(r)}" fill="#9ccc65" fill-opacity="0.85"/>`,
      `<circle cx="${r1(x + 0.8)}" cy="${r1(yy + 0.9)}" r="${r1(r * 0.45)}" fill="#1b5e20" fill-opacity="0.55"/>`,
    );
  }
  return [
    `<g>`,
    `<defs>`,
    `<linearGradient id="${id}-body" x1="0" y1="0" x2="0" y2="1">`,
    `<stop offset="0" stop-color="#5fae3e"/><stop offset="0.45" stop-color="#2f7d32"/>`,
    `<stop offset="1" stop-color="#173f14"/></linearGradient>`,
    `<filter id="${id}-blur" x="-50%" y="-50%" width="200%" height="200%">`,
    `<feGaussianBlur stdDeviation="7"/></filter>`,
    `</defs>`,
    // Shadow on the "ground", not rotated with the body.
    `<g transform="translate(${r1(cx)} ${r1(cy)}) scale(${k.toFixed(4)})">`,
    `<ellipse cx="8" cy="34" rx="100" ry="16" fill="#000" fill-opacity="0.38" filter="url(#${id}-blur)"/>`,
    `</g>`,
    `<g transform="translate(${r1(cx)} ${r1(cy)}) rotate(${angle}) scale(${k.toFixed(4)})">`,
    // Body: a slightly curved capsule.
    `<path d="M -104 -4 C -104 -26 -80 -30 -40 -30 L 50 -29 C 92 -28 106 -16 106 2 ` +
      `C 106 20 90 30 50 29 L -40 30 C -84 30 -104 18 -104 -4 Z" fill="url(#${id}-body)" ` +
      `stroke="#143d12" stroke-width="2"/>`,
    // Faint lengthwise stripes.
    `<path d="M -90 -12 C -40 -18 40 -18 92 -10" stroke="#a5d6a7" stroke-opacity="0.3" stroke-width="3" fill="none"/>`,
    `<path d="M -92 8 C -40 12 40 12 94 8" stroke="#a5d6a7" stroke-opacity="0.22" stroke-width="3" fill="none"/>`,
    ...bumps,
    // Glossy highlight along the top.
    `<path d="M -78 -19 C -30 -26 30 -26 80 -18" stroke="#ffffff" stroke-opacity="0.5" ` +
      `stroke-width="6" stroke-linecap="round" fill="none"/>`,
    // Stem (left) and blossom end (right).
    `<rect x="-116" y="-6" width="16" height="11" rx="4" fill="#6b8e23" stroke="#3e5214" stroke-width="1.5"/>`,
    `<circle cx="104" cy="1" r="6" fill="#d4e157" fill-opacity="0.75"/>`,
    `</g>`,
    `</g>`,
  ].join("");
}

/** A cartoon frog sitting on the ground: green body, pale belly, big eyes, a smile. 200 units wide. */
export function frogSprite({ cx, cy, size, angle = 0 }: SpritePlacement, id = "frog"): string {
  const k = size / 200;
  return [
    `<g>`,
    `<defs>`,
    `<radialGradient id="${id}-skin" cx="0.4" cy="0.3" r="0.8">`,
    `<stop offset="0" stop-color="#8bd450"/><stop offset="1" stop-color="#2e8b2e"/></radialGradient>`,
    `<filter id="${id}-blur" x="-50%" y="-50%" width="200%" height="200%">`,
    `<feGaussianBlur stdDeviation="6"/></filter>`,
    `</defs>`,
    `<g transform="translate(${r1(cx)} ${r1(cy)}) rotate(${angle}) scale(${k.toFixed(4)}) translate(-100 -90)">`,
    `<ellipse cx="100" cy="172" rx="88" ry="12" fill="#000" fill-opacity="0.35" filter="url(#${id}-blur)"/>`,
    // Back legs.
    `<ellipse cx="34" cy="140" rx="34" ry="24" fill="#3f9a34" stroke="#1f5d1a" stroke-width="3"/>`,
    `<ellipse cx="166" cy="140" rx="34" ry="24" fill="#3f9a34" stroke="#1f5d1a" stroke-width="3"/>`,
    // Body and belly.
    `<ellipse cx="100" cy="112" rx="74" ry="56" fill="url(#${id}-skin)" stroke="#1f5d1a" stroke-width="3"/>`,
    `<ellipse cx="100" cy="130" rx="44" ry="32" fill="#dcedc8"/>`,
    // Front feet.
    `<ellipse cx="62" cy="166" rx="22" ry="9" fill="#4caf50" stroke="#1f5d1a" stroke-width="3"/>`,
    `<ellipse cx="138" cy="166" rx="22" ry="9" fill="#4caf50" stroke="#1f5d1a" stroke-width="3"/>`,
    // Eyes on top of the head.
    `<circle cx="62" cy="52" r="30" fill="url(#${id}-skin)" stroke="#1f5d1a" stroke-width="3"/>`,
    `<circle cx="138" cy="52" r="30" fill="url(#${id}-skin)" stroke="#1f5d1a" stroke-width="3"/>`,
    `<circle cx="62" cy="50" r="19" fill="#fff"/><circle cx="138" cy="50" r="19" fill="#fff"/>`,
    `<circle cx="66" cy="52" r="9" fill="#111"/><circle cx="134" cy="52" r="9" fill="#111"/>`,
    `<circle cx="69" cy="48" r="3" fill="#fff"/><circle cx="137" cy="48" r="3" fill="#fff"/>`,
    // Nostrils, smile, cheeks, spots.
    `<circle cx="92" cy="84" r="2.5" fill="#1f5d1a"/><circle cx="108" cy="84" r="2.5" fill="#1f5d1a"/>`,
    `<path d="M 58 96 Q 100 128 142 96" stroke="#1f5d1a" stroke-width="4" fill="none" stroke-linecap="round"/>`,
    `<circle cx="50" cy="100" r="8" fill="#f48fb1" fill-opacity="0.55"/>`,
    `<circle cx="150" cy="100" r="8" fill="#f48fb1" fill-opacity="0.55"/>`,
    `<circle cx="150" cy="124" r="6" fill="#2e7d32" fill-opacity="0.6"/>`,
    `<circle cx="46" cy="126" r="5" fill="#2e7d32" fill-opacity="0.6"/>`,
    `</g>`,
    `</g>`,
  ].join("");
}

const FESTIVE = ["#ff1744", "#ffea00", "#00e676", "#2979ff", "#d500f9", "#ff9100", "#ffffff"];

/** Confetti and streamers scattered over the canvas. */
export function confetti(width: number, height: number, seed: number, count = 90): string {
  const random = seededRandom(seed);
  const short = Math.min(width, height);
  const pieces: string[] = [];
  for (let i = 0; i < count; i++) {
    const x = random() * width;
    const y = random() * height;
    const colour = FESTIVE[Math.floor(random() * FESTIVE.length)];
    const s = short * (0.008 + random() * 0.014);
    if (random() < 0.5) {
      pieces.push(
        `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(s * 0.6)}" fill="${colour}" fill-opacity="0.9"/>`,
      );
    } else {
      pieces.push(
        `<rect x="${r1(x)}" y="${r1(y)}" width="${r1(s * 1.6)}" height="${r1(s * 0.7)}" fill="${colour}" ` +
          `fill-opacity="0.9" transform="rotate(${Math.round(random() * 180)} ${r1(x)} ${r1(y)})"/>`,
      );
    }
  }
  return `<g>${pieces.join("")}</g>`;
}

/** A balloon with a string, for generated celebration pictures. */
export function balloon(cx: number, cy: number, r: number, colour: string): string {
  return (
    `<g><path d="M ${r1(cx)} ${r1(cy + r * 1.2)} q ${r1(-r * 0.3)} ${r1(r * 0.8)} 0 ${r1(r * 1.6)} ` +
    `t 0 ${r1(r * 1.4)}" stroke="#555" stroke-width="${r1(Math.max(1, r * 0.04))}" fill="none"/>` +
    `<ellipse cx="${r1(cx)}" cy="${r1(cy)}" rx="${r1(r)}" ry="${r1(r * 1.2)}" fill="${colour}" ` +
    `stroke="#00000033" stroke-width="2"/>` +
    `<ellipse cx="${r1(cx - r * 0.35)}" cy="${r1(cy - r * 0.45)}" rx="${r1(r * 0.18)}" ry="${r1(r * 0.3)}" ` +
    `fill="#fff" fill-opacity="0.55"/>` +
    `<path d="M ${r1(cx - r * 0.12)} ${r1(cy + r * 1.28)} l ${r1(r * 0.12)} ${r1(-r * 0.1)} ` +
    `l ${r1(r * 0.12)} ${r1(r * 0.1)} Z" fill="${colour}"/></g>`
  );
}

/** A round cartoon character in a neutral pose, standing on a simple ground shadow. */
export function cartoonCharacter(cx: number, cy: number, size: number, body: string, accent: string): string {
  const k = size / 200;
  return [
    `<g transform="translate(${r1(cx)} ${r1(cy)}) scale(${k.toFixed(4)}) translate(-100 -110)">`,
    `<ellipse cx="100" cy="212" rx="70" ry="12" fill="#000" fill-opacity="0.18"/>`,
    // Legs and arms.
    `<rect x="68" y="160" width="20" height="48" rx="10" fill="${accent}" stroke="#222" stroke-width="4"/>`,
    `<rect x="112" y="160" width="20" height="48" rx="10" fill="${accent}" stroke="#222" stroke-width="4"/>`,
    `<path d="M 36 118 Q 14 140 22 168" stroke="#222" stroke-width="14" stroke-linecap="round" fill="none"/>`,
    `<path d="M 36 118 Q 14 140 22 168" stroke="${body}" stroke-width="8" stroke-linecap="round" fill="none"/>`,
    `<path d="M 164 118 Q 186 140 178 168" stroke="#222" stroke-width="14" stroke-linecap="round" fill="none"/>`,
    `<path d="M 164 118 Q 186 140 178 168" stroke="${body}" stroke-width="8" stroke-linecap="round" fill="none"/>`,
    // Body and face.
    `<ellipse cx="100" cy="112" rx="70" ry="74" fill="${body}" stroke="#222" stroke-width="5"/>`,
    `<ellipse cx="100" cy="138" rx="40" ry="34" fill="#ffffff" fill-opacity="0.35"/>`,
    `<circle cx="76" cy="92" r="16" fill="#fff" stroke="#222" stroke-width="4"/>`,
    `<circle cx="124" cy="92" r="16" fill="#fff" stroke="#222" stroke-width="4"/>`,
    `<circle cx="79" cy="95" r="7" fill="#222"/><circle cx="121" cy="95" r="7" fill="#222"/>`,
    `<circle cx="81" cy="92" r="2.5" fill="#fff"/><circle cx="123" cy="92" r="2.5" fill="#fff"/>`,
    `<path d="M 78 126 Q 100 146 122 126" stroke="#222" stroke-width="5" fill="none" stroke-linecap="round"/>`,
    `<circle cx="58" cy="118" r="9" fill="#ff8a80" fill-opacity="0.6"/>`,
    `<circle cx="142" cy="118" r="9" fill="#ff8a80" fill-opacity="0.6"/>`,
    // A little tuft on top.
    `<path d="M 92 40 Q 100 18 108 40" stroke="#222" stroke-width="4" fill="${accent}"/>`,
    `</g>`,
  ].join("");
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

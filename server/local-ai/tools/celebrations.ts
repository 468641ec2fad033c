/**
 * Celebration Creator in the local preview engine: recognises celebrationPrompt's wording
 * (src/config/prompts.ts), draws a greeting card themed by the occasion (its colours, headline and
 * decorations), puts the inspiration image in the middle when one is sent, writes the description
 * at the bottom, and honours the requested aspect ratio. Not AI: a stand-in that shows the flow.
 */
import sharp, { type OverlayOptions } from "sharp";
import { fitInside, transformRaw, type DecodedImage, type RawImage } from "../image.ts";
import {
  balloon,
  captionCard,
  confetti,
  escapeXml,
  estimateTextWidth,
  hashString,
  previewBadge,
  seededRandom,
  svgDocument,
  wrapText,
} from "../sprites.ts";
import type { ToolHandler, ToolRequest } from "./index.ts";

/** The fixed opening of celebrationPrompt; the occasion's label follows it. */
const PROMPT_OPENING = /celebration image for this occasion:\s*([^\n.]+)\./i;
const DESCRIPTION = /Description:\s*"([\s\S]*)"\.(?=\s|$)/;

type Decoration = "balloons" | "hearts" | "stars" | "snow" | "bubbles" | "rays";

export interface CelebrationTheme {
  headline: string;
  /** Background gradient, top-left to bottom-right. */
  background: readonly [string, string];
  /** Headline fill and outline. */
  ink: string;
  outline: string;
  decoration: Decoration;
  /** Colours of the decorations. */
  accents: readonly string[];
}

/** One theme per occasion, keyed by its label (SPEC 3 "Celebration types"). */
export const CELEBRATION_THEMES: Readonly<Record<string, CelebrationTheme>> = {
  Birthday: {
    headline: "Happy Birthday!",
    background: ["#ff9a9e", "#fecfef"],
    ink: "#ffffff",
    outline: "#c2185b",
    decoration: "balloons",
    accents: ["#ff1744", "#ffea00", "#2979ff", "#00e676", "#d500f9"],
  },
  Anniversary: {
    headline: "Happy Anniversary!",
    background: ["#7b1025", "#e35d6a"],
    ink: "#fff1f3",
    outline: "#4a0010",
    decoration: "hearts",
    accents: ["#ff4d6d", "#ffb3c1", "#ffffff"],
  },
  Wedding: {
    headline: "Just Married!",
    background: ["#fffaf0", "#e8d8bc"],
    ink: "#b8860b",
    outline: "#ffffff",
    decoration: "hearts",
    accents: ["#d4af37", "#f8c8d0", "#ffffff"],
  },
  Graduation: {
    headline: "Congrats, Graduate!",
    background: ["#0f2557", "#2a5298"],
    ink: "#ffd54f",
    outline: "#0b1a3d",
    decoration: "stars",
    accents: ["#ffd54f", "#ffffff", "#90caf9"],
  },
  "New Baby": {
    headline: "Welcome, Little One!",
    background: ["#a1c4fd", "#fbc2eb"],
    ink: "#ffffff",
    outline: "#5c6bc0",
    decoration: "bubbles",
    accents: ["#ffffff", "#fff59d", "#b3e5fc", "#f8bbd0"],
  },
  "Job Promotion": {
    headline: "Congrats on the Promotion!",
    background: ["#0b7a6f", "#38ef7d"],
    ink: "#ffffff",
    outline: "#064d46",
    decoration: "stars",
    accents: ["#ffeb3b", "#ffffff", "#b2ff59"],
  },
  Retirement: {
    headline: "Happy Retirement!",
    background: ["#f7971e", "#ffd200"],
    ink: "#ffffff",
    outline: "#bf360c",
    decoration: "rays",
    accents: ["#fff8e1", "#ff7043", "#4fc3f7"],
  },
  Holiday: {
    headline: "Happy Holidays!",
    background: ["#0b3d2e", "#1f7a4d"],
    ink: "#ffffff",
    outline: "#b71c1c",
    decoration: "snow",
    accents: ["#ffffff", "#e53935", "#ffd54f"],
  },
  "General Congratulations": {
    headline: "Congratulations!",
    background: ["#6a11cb", "#e100ff"],
    ink: "#fff59d",
    outline: "#311b92",
    decoration: "stars",
    accents: ["#ffea00", "#ffffff", "#00e5ff", "#ff4081"],
  },
};

const DEFAULT_THEME = CELEBRATION_THEMES["General Congratulations"]!;
const FONT = "DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif";
const LONGEST_SIDE = 1024;

const r1 = (n: number) => Math.round(n * 10) / 10;

/** The occasion's label and the user's description, as celebrationPrompt wrote them. */
export function parseCelebrationPrompt(prompt: string): { occasion: string; description: string } | null {
  const occasion = PROMPT_OPENING.exec(prompt)?.[1]?.trim();
  if (!occasion) return null;
  return { occasion, description: DESCRIPTION.exec(prompt)?.[1]?.trim() ?? "" };
}

export function themeFor(occasion: string): CelebrationTheme {
  const key = Object.keys(CELEBRATION_THEMES).find((k) => k.toLowerCase() === occasion.toLowerCase());
  return key ? CELEBRATION_THEMES[key]! : DEFAULT_THEME;
}

function heart(cx: number, cy: number, size: number, colour: string, opacity = 0.9): string {
  const s = size / 2;
  return (
    `<path d="M ${r1(cx)} ${r1(cy + s * 0.9)} C ${r1(cx - s * 1.6)} ${r1(cy - s * 0.2)} ` +
    `${r1(cx - s * 0.7)} ${r1(cy - s * 1.3)} ${r1(cx)} ${r1(cy - s * 0.45)} ` +
    `C ${r1(cx + s * 0.7)} ${r1(cy - s * 1.3)} ${r1(cx + s * 1.6)} ${r1(cy - s * 0.2)} ${r1(cx)} ${r1(cy + s * 0.9)} Z" ` +
    `fill="${colour}" fill-opacity="${opacity}"/>`
  );
}

function star(cx: number, cy: number, size: number, colour: string, opacity = 0.9): string {
  const points: string[] = [];
  for (let i = 0; i < 10; i++) {
    const r = i % 2 === 0 ? size / 2 : size / 5;
    const a = (Math.PI / 5) * i - Math.PI / 2;
    points.push(`${r1(cx + r * Math.cos(a))},${r1(cy + r * Math.sin(a))}`);
  }
  return `<polygon points="${points.join(" ")}" fill="${colour}" fill-opacity="${opacity}"/>`;
}

function snowflake(cx: number, cy: number, size: number, colour: string): string {
  const arms: string[] = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 3) * i;
    arms.push(
      `<line x1="${r1(cx)}" y1="${r1(cy)}" x2="${r1(cx + (size / 2) * Math.cos(a))}" ` +
        `y2="${r1(cy + (size / 2) * Math.sin(a))}"/>`,
    );
  }
  return (
    `<g stroke="${colour}" stroke-opacity="0.85" stroke-width="${r1(Math.max(1.5, size * 0.08))}" ` +
    `stroke-linecap="round">${arms.join("")}</g>`
  );
}

/** The occasion's decorations scattered around the card (denser near the edges). */
function decorations(theme: CelebrationTheme, width: number, height: number, seed: number): string {
  const random = seededRandom(seed);
  const short = Math.min(width, height);
  const colour = () => theme.accents[Math.floor(random() * theme.accents.length)]!;
  const parts: string[] = [];
  switch (theme.decoration) {
    case "balloons": {
      const count = 6;
      for (let i = 0; i < count; i++) {
        const left = i < count / 2;
        const cx = left ? width * (0.05 + random() * 0.14) : width * (0.81 + random() * 0.14);
        const cy = height * (0.3 + random() * 0.45);
        parts.push(balloon(cx, cy, short * (0.045 + random() * 0.02), colour()));
      }
      parts.push(confetti(width, height, seed, 70));
      break;
    }
    case "hearts":
      for (let i = 0; i < 26; i++) {
        parts.push(
          heart(random() * width, random() * height, short * (0.03 + random() * 0.06), colour(), 0.75),
        );
      }
      break;
    case "stars":
      for (let i = 0; i < 30; i++) {
        parts.push(
          star(random() * width, random() * height, short * (0.025 + random() * 0.05), colour(), 0.85),
        );
      }
      parts.push(confetti(width, height, seed, 40));
      break;
    case "snow":
      for (let i = 0; i < 40; i++) {
        parts.push(
          snowflake(random() * width, random() * height, short * (0.02 + random() * 0.04), colour()),
        );
      }
      break;
    case "bubbles":
      for (let i = 0; i < 34; i++) {
        parts.push(
          `<circle cx="${r1(random() * width)}" cy="${r1(random() * height)}" ` +
            `r="${r1(short * (0.01 + random() * 0.035))}" fill="${colour()}" fill-opacity="0.55"/>`,
        );
      }
      for (let i = 0; i < 10; i++) {
        parts.push(
          star(random() * width, random() * height, short * (0.03 + random() * 0.03), "#ffffff", 0.8),
        );
      }
      break;
    case "rays": {
      const cx = width / 2;
      const cy = height * 1.05;
      const reach = Math.hypot(width, height);
      for (let i = 0; i < 18; i++) {
        const a0 = Math.PI + (Math.PI / 18) * i;
        const a1 = a0 + Math.PI / 36;
        parts.push(
          `<path d="M ${r1(cx)} ${r1(cy)} L ${r1(cx + reach * Math.cos(a0))} ${r1(cy + reach * Math.sin(a0))} ` +
            `L ${r1(cx + reach * Math.cos(a1))} ${r1(cy + reach * Math.sin(a1))} Z" fill="#ffffff" fill-opacity="0.16"/>`,
        );
      }
      parts.push(confetti(width, height, seed, 50));
      break;
    }
  }
  return `<g>${parts.join("")}</g>`;
}

/** A large symbol of the occasion for the middle of a card without an inspiration image. */
function emblem(theme: CelebrationTheme, width: number, height: number, seed: number): string {
  const short = Math.min(width, height);
  const cx = width / 2;
  const cy = height * 0.5;
  switch (theme.decoration) {
    case "balloons": {
      const random = seededRandom(seed ^ 0x5bd1e995);
      return [-1, 0, 1]
        .map((k, i) =>
          balloon(
            cx + k * short * 0.13,
            cy - short * 0.06 + (k === 0 ? -short * 0.05 : 0),
            short * 0.09,
            [
              theme.accents[i % theme.accents.length]!,
              theme.accents[(i + 2) % theme.accents.length]!,
              theme.accents[Math.floor(random() * theme.accents.length)]!,
            ][i]!,
          ),
        )
        .join("");
    }
    case "hearts":
      return (
        heart(cx - short * 0.07, cy, short * 0.26, theme.accents[0]!, 0.95) +
        heart(cx + short * 0.08, cy + short * 0.03, short * 0.22, theme.accents[1]!, 0.95)
      );
    case "snow":
      return (
        snowflake(cx, cy, short * 0.36, "#ffffff") +
        star(cx, cy, short * 0.1, theme.accents[2] ?? "#ffd54f", 1)
      );
    case "bubbles":
      return (
        `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(short * 0.16)}" fill="#ffffff" fill-opacity="0.7"/>` +
        star(cx, cy, short * 0.2, theme.accents[1] ?? "#fff59d", 1)
      );
    case "rays":
      return `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(short * 0.15)}" fill="#fff59d" stroke="#ffffff" stroke-width="${r1(short * 0.015)}"/>`;
    case "stars":
      return star(cx, cy, short * 0.38, theme.accents[0]!, 1);
  }
}

/** The occasion's headline across the top, shrunk to fit the width. */
function headline(theme: CelebrationTheme, width: number, height: number): string {
  let fontSize = Math.round(Math.min(width, height) * 0.095);
  const fits = (width * 0.86) / Math.max(1, estimateTextWidth(theme.headline, fontSize));
  if (fits < 1) fontSize = Math.max(12, Math.floor(fontSize * fits));
  return (
    `<text x="${r1(width / 2)}" y="${r1(height * 0.13)}" font-family="${FONT}" font-size="${fontSize}" ` +
    `font-weight="bold" fill="${theme.ink}" stroke="${theme.outline}" ` +
    `stroke-width="${Math.max(2, Math.round(fontSize * 0.09))}" paint-order="stroke" text-anchor="middle" ` +
    `dominant-baseline="central">${escapeXml(theme.headline)}</text>`
  );
}

/** Card size: the requested aspect ratio, else the inspiration image's, else square. */
function cardSize(aspectRatio: number | undefined, inspiration: DecodedImage | undefined) {
  const ratio = aspectRatio ?? (inspiration ? inspiration.width / inspiration.height : 1);
  return ratio >= 1
    ? { width: LONGEST_SIDE, height: Math.round(LONGEST_SIDE / ratio) }
    : { width: Math.round(LONGEST_SIDE * ratio), height: LONGEST_SIDE };
}

/** The card as a PNG: background and decorations, the framed inspiration image, headline, caption. */
export async function renderCelebrationCard(
  occasion: string,
  description: string,
  inspiration: DecodedImage | undefined,
  aspectRatio: number | undefined,
): Promise<Buffer> {
  const theme = themeFor(occasion);
  const { width, height } = cardSize(aspectRatio, inspiration);
  const seed = hashString(`${occasion}\n${description}`);
  const [from, to] = theme.background;
  const background = [
    `<defs><linearGradient id="card-bg" x1="0" y1="0" x2="1" y2="1">` +
      `<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`,
    `<rect width="${width}" height="${height}" fill="url(#card-bg)"/>`,
    decorations(theme, width, height, seed),
  ];

  const layers: OverlayOptions[] = [];
  if (inspiration) {
    // The inspiration image, brightened and framed like a photo pinned to the card.
    const festive: RawImage = await transformRaw(inspiration, (s) =>
      s.modulate({ brightness: 1.06, saturation: 1.3 }),
    );
    const photo = await fitInside(festive, width * 0.68, height * 0.5);
    const border = Math.max(6, Math.round(Math.min(width, height) * 0.018));
    const left = Math.round((width - photo.width) / 2);
    const top = Math.round(height * 0.53 - photo.height / 2);
    background.push(
      `<rect x="${left - border}" y="${top - border}" width="${photo.width + border * 2}" ` +
        `height="${photo.height + border * 2}" rx="${border}" fill="#ffffff" stroke="${theme.outline}" ` +
        `stroke-opacity="0.5" stroke-width="2"/>`,
    );
    layers.push({
      input: photo.data,
      raw: { width: photo.width, height: photo.height, channels: 3 },
      left,
      top,
    });
  } else {
    background.push(emblem(theme, width, height, seed));
  }

  const lines = wrapText(description, width >= height ? 40 : 26, 2);
  const overlay = svgDocument(width, height, [
    headline(theme, width, height),
    captionCard(lines, width, height),
    previewBadge(width, height),
  ]);
  layers.push({ input: Buffer.from(overlay), left: 0, top: 0 });

  return sharp(Buffer.from(svgDocument(width, height, background)))
    .composite(layers)
    .png({ compressionLevel: 6 })
    .toBuffer();
}

export const celebrationsHandler: ToolHandler = {
  id: "celebrations",
  matches: (request: ToolRequest) => request.wantsImage && PROMPT_OPENING.test(request.prompt),
  render: async (request: ToolRequest) => {
    const parsed = parseCelebrationPrompt(request.prompt) ?? { occasion: "", description: "" };
    const [inspiration] = request.imageCount > 0 ? await request.decoded() : [];
    const png = await renderCelebrationCard(
      parsed.occasion,
      parsed.description,
      inspiration,
      request.aspectRatio,
    );
    const theme = themeFor(parsed.occasion);
    const withImage = inspiration ? " with your inspiration image" : "";
    return { text: `Local preview: ${theme.headline} card${withImage}.`, png };
  },
};

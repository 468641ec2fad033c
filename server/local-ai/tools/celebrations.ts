/**
 * Celebrations in the local preview engine, one card renderer for all of them: Celebration Creator's
 * request (tool id "celebrations"; its input, run-celebration.ts: `occasion`, one of CELEBRATION_TYPES'
 * values, default general congratulations, and `description`), and a request of no tool whose own words
 * only name a party ("a birthday card from this photo", with or without a photo). The card is themed by
 * the occasion (colours, headline, decorations), holds the photo in the middle when one is sent, writes
 * the description at the bottom, and honours the requested aspect ratio. Not AI: a stand-in that
 * shows the flow. The drawing itself is celebration-art.ts.
 */
import sharp, { type OverlayOptions } from "sharp";
import { CELEBRATION_TYPES, celebrationLabel } from "../../../src/tools/celebrations/prompts.ts";
import { fitInside, transformRaw, type RawImage } from "../image.ts";
import { captionCard, hashString, previewBadge, svgDocument, wrapText } from "../svg.ts";
import {
  DECORATIONS,
  decorations,
  emblem,
  headline,
  type CelebrationTheme,
  type Decoration,
} from "./celebration-art.ts";
import type { ToolHandler, ToolRequest } from "./index.ts";
import { oneOfField, textField } from "./input.ts";

export type { CelebrationTheme } from "./celebration-art.ts";

/**
 * One theme per occasion (SPEC 3 "Celebration types"), a line each: the occasion's label | its
 * headline | the background gradient, top-left to bottom-right | the headline's fill and outline | the
 * decoration | the decorations' colours | the words that name the occasion in a free prompt.
 */
const THEME_TABLE = `
Birthday                | Happy Birthday!            | #ff9a9e #fecfef | #ffffff #c2185b | balloons | #ff1744 #ffea00 #2979ff #00e676 #d500f9 | birthday
Anniversary             | Happy Anniversary!         | #7b1025 #e35d6a | #fff1f3 #4a0010 | hearts   | #ff4d6d #ffb3c1 #ffffff                 | anniversary
Wedding                 | Just Married!              | #fffaf0 #e8d8bc | #b8860b #ffffff | hearts   | #d4af37 #f8c8d0 #ffffff                 | wedding|married
Graduation              | Congrats, Graduate!        | #0f2557 #2a5298 | #ffd54f #0b1a3d | stars    | #ffd54f #ffffff #90caf9                 | graduat
New Baby                | Welcome, Little One!       | #a1c4fd #fbc2eb | #ffffff #5c6bc0 | bubbles  | #ffffff #fff59d #b3e5fc #f8bbd0         | baby
Job Promotion           | Congrats on the Promotion! | #0b7a6f #38ef7d | #ffffff #064d46 | stars    | #ffeb3b #ffffff #b2ff59                 | promot
Retirement              | Happy Retirement!          | #f7971e #ffd200 | #ffffff #bf360c | rays     | #fff8e1 #ff7043 #4fc3f7                 | retire
Holiday                 | Happy Holidays!            | #0b3d2e #1f7a4d | #ffffff #b71c1c | snow     | #ffffff #e53935 #ffd54f                 | holiday|christmas|new year
General Congratulations | Congratulations!           | #6a11cb #e100ff | #fff59d #311b92 | stars    | #ffea00 #ffffff #00e5ff #ff4081         | congratulat
`;

/** The theme table read into typed themes (and the words of each); a malformed line fails at load. */
function readThemes(table: string): { themes: Record<string, CelebrationTheme>; words: [RegExp, string][] } {
  const themes: Record<string, CelebrationTheme> = {};
  const words: [RegExp, string][] = [];
  for (const line of table.trim().split("\n")) {
    const [label, title, background, inks, decoration, accents, named] = line.split("|").map((c) => c.trim());
    const [from, to] = background?.split(" ") ?? [];
    const [ink, outline] = inks?.split(" ") ?? [];
    if (!label || !title || !from || !to || !ink || !outline || !accents || !named) {
      throw new Error(`Incomplete celebration theme: ${line}`);
    }
    if (!DECORATIONS.includes(decoration as Decoration)) throw new Error(`Unknown decoration: ${line}`);
    themes[label] = {
      headline: title,
      background: [from, to],
      ink,
      outline,
      decoration: decoration as Decoration,
      accents: accents.split(" "),
    };
    words.push([new RegExp(`\\b(${named})`, "i"), label]);
  }
  return { themes, words };
}

const { themes: THEMES, words: OCCASION_WORDS } = readThemes(THEME_TABLE);

/** One theme per occasion, keyed by its label. */
export const CELEBRATION_THEMES: Readonly<Record<string, CelebrationTheme>> = THEMES;
const DEFAULT_OCCASION = "General Congratulations";

const OCCASIONS = CELEBRATION_TYPES.map((type) => type.value);

/** The occasion's label and the description, from Celebration Creator's input. */
export function readCelebration(input: ToolRequest["input"]): { occasion: string; description: string } {
  const type = oneOfField(input, "occasion", OCCASIONS, "congratulations");
  return { occasion: celebrationLabel(type), description: textField(input, "description") };
}

export function themeFor(occasion: string): CelebrationTheme {
  const key = Object.keys(THEMES).find((k) => k.toLowerCase() === occasion.toLowerCase());
  return THEMES[key ?? DEFAULT_OCCASION]!;
}

/** The occasion a free prompt names ("a birthday card..."), else general congratulations. */
export function occasionIn(prompt: string): string {
  return OCCASION_WORDS.find(([words]) => words.test(prompt))?.[1] ?? DEFAULT_OCCASION;
}

export interface Card {
  occasion: string;
  description: string;
  /** The photo to hold in the middle; without one the occasion's emblem is drawn there. */
  photo?: RawImage;
  /** Width / height: the requested one, else the photo's, else square. */
  aspectRatio?: number;
  longestSide?: number;
}

function cardSize({ aspectRatio, photo, longestSide = 1024 }: Card) {
  const ratio = aspectRatio ?? (photo ? photo.width / photo.height : 1);
  return ratio >= 1
    ? { width: longestSide, height: Math.round(longestSide / ratio) }
    : { width: Math.round(longestSide * ratio), height: longestSide };
}

/** The card as a PNG: background and decorations, the framed photo or the emblem, headline, caption. */
export async function renderCelebrationCard(card: Card): Promise<Buffer> {
  const theme = themeFor(card.occasion);
  const { width, height } = cardSize(card);
  const seed = hashString(`${card.occasion}\n${card.description}`);
  const [from, to] = theme.background;
  const background = [
    `<defs><linearGradient id="card-bg" x1="0" y1="0" x2="1" y2="1">` +
      `<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`,
    `<rect width="${width}" height="${height}" fill="url(#card-bg)"/>`,
    decorations(theme, width, height, seed),
  ];

  const layers: OverlayOptions[] = [];
  if (card.photo) {
    // The photo, brightened and framed like a picture pinned to the card.
    const festive = await transformRaw(card.photo, (s) => s.modulate({ brightness: 1.06, saturation: 1.3 }));
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

  const lines = wrapText(card.description, width >= height ? 40 : 26, 2);
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

/**
 * A card for a person's own words that only name a party: the occasion `text` names (where the words
 * are looked for), `words` below (the words themselves, for the caption).
 */
export function cardFromWords(text: string, words: string): Pick<Card, "occasion" | "description"> {
  return { occasion: occasionIn(text), description: words };
}

export const celebrationsHandler: ToolHandler = (request) => {
  const card = readCelebration(request.input);
  return async () => {
    const [photo] = request.imageCount > 0 ? await request.decoded() : [];
    const png = await renderCelebrationCard({ ...card, photo, aspectRatio: request.aspectRatio });
    const withImage = photo ? " with your inspiration image" : "";
    return { text: `Local preview: ${themeFor(card.occasion).headline} card${withImage}.`, png };
  };
};

/**
 * The drawing of a celebration card in the local preview engine: the occasion's decorations scattered
 * over the card (balloons, hearts, stars, snow, bubbles or rays), the large emblem in the middle of a
 * card without a photo, and the headline across the top. SVG fragments in the card's coordinates.
 */
import { balloon, confetti } from "../sprites.ts";
import { escapeXml, estimateTextWidth, FONT, r1, seededRandom } from "../svg.ts";

export const DECORATIONS = ["balloons", "hearts", "stars", "snow", "bubbles", "rays"] as const;
export type Decoration = (typeof DECORATIONS)[number];

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

const bubble = (cx: number, cy: number, r: number, colour: string) =>
  `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(r)}" fill="${colour}" fill-opacity="0.55"/>`;

/** Sunbeams fanning up from below the card's bottom edge. */
function rays(width: number, height: number): string[] {
  const cx = width / 2;
  const cy = height * 1.05;
  const reach = Math.hypot(width, height);
  return Array.from({ length: 18 }, (_, i) => {
    const a0 = Math.PI + (Math.PI / 18) * i;
    const a1 = a0 + Math.PI / 36;
    return (
      `<path d="M ${r1(cx)} ${r1(cy)} L ${r1(cx + reach * Math.cos(a0))} ${r1(cy + reach * Math.sin(a0))} ` +
      `L ${r1(cx + reach * Math.cos(a1))} ${r1(cy + reach * Math.sin(a1))} Z" fill="#ffffff" fill-opacity="0.16"/>`
    );
  });
}

/** The occasion's decorations scattered around the card (balloons at its sides). */
export function decorations(theme: CelebrationTheme, width: number, height: number, seed: number): string {
  const random = seededRandom(seed);
  const short = Math.min(width, height);
  const colour = () => theme.accents[Math.floor(random() * theme.accents.length)]!;
  /** `count` shapes at random places, sized between `min` and `min + spread` of the short side. */
  const scatter = (
    count: number,
    min: number,
    spread: number,
    draw: (x: number, y: number, size: number) => string,
  ) =>
    Array.from({ length: count }, () =>
      draw(random() * width, random() * height, short * (min + random() * spread)),
    );
  let parts: string[];
  switch (theme.decoration) {
    case "balloons":
      parts = Array.from({ length: 6 }, (_, i) => {
        const cx = i < 3 ? width * (0.05 + random() * 0.14) : width * (0.81 + random() * 0.14);
        const cy = height * (0.3 + random() * 0.45);
        return balloon(cx, cy, short * (0.045 + random() * 0.02), colour());
      });
      parts.push(confetti(width, height, seed, 70));
      break;
    case "hearts":
      parts = scatter(26, 0.03, 0.06, (x, y, size) => heart(x, y, size, colour(), 0.75));
      break;
    case "stars":
      parts = scatter(30, 0.025, 0.05, (x, y, size) => star(x, y, size, colour(), 0.85));
      parts.push(confetti(width, height, seed, 40));
      break;
    case "snow":
      parts = scatter(40, 0.02, 0.04, (x, y, size) => snowflake(x, y, size, colour()));
      break;
    case "bubbles":
      parts = [
        ...scatter(34, 0.01, 0.035, (x, y, r) => bubble(x, y, r, colour())),
        ...scatter(10, 0.03, 0.03, (x, y, size) => star(x, y, size, "#ffffff", 0.8)),
      ];
      break;
    case "rays":
      parts = [...rays(width, height), confetti(width, height, seed, 50)];
      break;
  }
  return `<g>${parts.join("")}</g>`;
}

/** A large symbol of the occasion for the middle of a card without an inspiration image. */
export function emblem(theme: CelebrationTheme, width: number, height: number, seed: number): string {
  const short = Math.min(width, height);
  const cx = width / 2;
  const cy = height * 0.5;
  const accent = (i: number) => theme.accents[i % theme.accents.length]!;
  switch (theme.decoration) {
    case "balloons": {
      const random = seededRandom(seed ^ 0x5bd1e995);
      const colours = [accent(0), accent(3), accent(Math.floor(random() * theme.accents.length))];
      return [-1, 0, 1]
        .map((k, i) =>
          balloon(
            cx + k * short * 0.13,
            cy - short * 0.06 + (k === 0 ? -short * 0.05 : 0),
            short * 0.09,
            colours[i]!,
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
export function headline(theme: CelebrationTheme, width: number, height: number): string {
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

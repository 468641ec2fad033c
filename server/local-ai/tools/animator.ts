/**
 * Character Animator in the local preview engine (tool id "animator"), its two calls told apart by the
 * input's `step` (run-animator.ts; default: "animate" when an image is sent, else "character"). The
 * character, drawn from the input's `description` alone (also any picture a request of no tool asks
 * for in words that name no celebration): a gradient background, a round cartoon character in the
 * colour the description names, and the description on a card. "Animate": the character image sent,
 * answered with ONE 2x2 sprite sheet of that very image in four visibly different poses (rest, bob up,
 * squash, tilt), at the requested aspect ratio, with a frame marker in each quarter. Not AI: a
 * stand-in that shows the flow.
 */
import sharp from "sharp";
import { cropToAspect, fitInside, svgToPng, transformRaw, type RawImage } from "../image.ts";
import { BadRequest } from "../request.ts";
import { captionCard, hashString, previewBadge, r1, svgDocument, wrapText } from "../svg.ts";
import type { ToolHandler, ToolRequest } from "./index.ts";
import { oneOfField, textField } from "./input.ts";

const BACKGROUNDS = [
  ["#ff9a9e", "#fad0c4"],
  ["#a18cd1", "#fbc2eb"],
  ["#84fab0", "#8fd3f4"],
  ["#fccb90", "#d57eeb"],
  ["#f6d365", "#fda085"],
  ["#4facfe", "#00f2fe"],
  ["#43e97b", "#38f9d7"],
  ["#fa709a", "#fee140"],
] as const;
const BODIES = ["#ff7043", "#42a5f5", "#66bb6a", "#ab47bc", "#ffca28", "#26c6da", "#ec407a"] as const;
const ACCENTS = ["#5c6bc0", "#ffa726", "#8d6e63", "#26a69a", "#ef5350"] as const;
const NAMED_BODIES: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bred\b/i, "#e53935"],
  [/\borange\b/i, "#fb8c00"],
  [/\byellow\b/i, "#fdd835"],
  [/\bgreen\b/i, "#43a047"],
  [/\bblue\b/i, "#1e88e5"],
  [/\b(purple|violet)\b/i, "#8e24aa"],
  [/\bpink\b/i, "#f06292"],
  [/\bbrown\b/i, "#8d6e63"],
  [/\b(grey|gray)\b/i, "#90a4ae"],
  [/\bblack\b/i, "#424242"],
  [/\bwhite\b/i, "#fafafa"],
];

/** The character's colour: the first colour word in the description, else one picked by its hash. */
function bodyColour(prompt: string, seed: number): string {
  let best: { index: number; colour: string } | undefined;
  for (const [pattern, colour] of NAMED_BODIES) {
    const index = prompt.search(pattern);
    if (index >= 0 && (!best || index < best.index)) best = { index, colour };
  }
  return best?.colour ?? BODIES[seed % BODIES.length];
}

/** A round cartoon character in a neutral pose, standing on a simple ground shadow. */
function cartoonCharacter(cx: number, cy: number, size: number, body: string, accent: string): string {
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

/** The character a description asks for, as a PNG: longest side 768, at the requested aspect ratio. */
export async function renderCharacter(description: string, aspectRatio?: number): Promise<Buffer> {
  const longest = 768;
  const ratio = aspectRatio ?? 1;
  const width = ratio >= 1 ? longest : Math.round(longest * ratio);
  const height = ratio >= 1 ? Math.round(longest / ratio) : longest;
  const seed = hashString(description);
  const [from, to] = BACKGROUNDS[seed % BACKGROUNDS.length];
  const short = Math.min(width, height);
  const fragments = [
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">` +
      `<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`,
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>`,
    `<circle cx="${Math.round(width * 0.82)}" cy="${Math.round(height * 0.18)}" r="${Math.round(short * 0.08)}" ` +
      `fill="#fff59d" fill-opacity="0.9"/>`,
    `<ellipse cx="${Math.round(width / 2)}" cy="${Math.round(height * 0.98)}" rx="${Math.round(width * 0.75)}" ` +
      `ry="${Math.round(height * 0.3)}" fill="#ffffff" fill-opacity="0.35"/>`,
    cartoonCharacter(
      width / 2,
      height * 0.47,
      short * 0.52,
      bodyColour(description, seed),
      ACCENTS[(seed >>> 8) % ACCENTS.length],
    ),
    captionCard(wrapText(description, 34, 2), width, height),
    previewBadge(width, height),
  ];
  return svgToPng(svgDocument(width, height, fragments));
}

/** Longest side of one frame: the sheet is twice that, like a 768 px generated picture at 1:1. */
export const FRAME_SIDE = 384;

export type Pose = "rest" | "bob" | "squash" | "tilt";
export const POSES: readonly Pose[] = ["rest", "bob", "squash", "tilt"];

/** The colour of the image's corners, to fill what a pose uncovers. */
function cornerColour(image: RawImage): { r: number; g: number; b: number } {
  const { data, width, height } = image;
  const corners = [0, width - 1, (height - 1) * width, height * width - 1];
  const sum = [0, 0, 0];
  for (const p of corners) for (let c = 0; c < 3; c++) sum[c] += data[p * 3 + c];
  return { r: Math.round(sum[0] / 4), g: Math.round(sum[1] / 4), b: Math.round(sum[2] / 4) };
}

/** One pose of the frame, the same size as the frame. */
async function pose(frame: RawImage, which: Pose): Promise<RawImage> {
  const { width: w, height: h } = frame;
  switch (which) {
    case "rest":
      return frame;
    case "bob": {
      // Scaled up a little and cut from lower down: the character rises by about 8% of the frame.
      const k = 1.1;
      const W = Math.round(w * k);
      const H = Math.round(h * k);
      return transformRaw(frame, (s) =>
        s
          .resize({ width: W, height: H, fit: "fill" })
          .extract({ left: Math.round((W - w) / 2), top: H - h, width: w, height: h }),
      );
    }
    case "squash": {
      // Wider and shorter, standing on the same ground line.
      const W = Math.round(w * 1.22);
      const H = Math.round(h * 0.9);
      const squashed = await transformRaw(frame, (s) =>
        s
          .resize({ width: W, height: H, fit: "fill" })
          .extract({ left: Math.round((W - w) / 2), top: 0, width: w, height: H }),
      );
      return transformRaw(squashed, (s) =>
        s.extend({ top: h - H, bottom: 0, left: 0, right: 0, background: cornerColour(frame) }),
      );
    }
    case "tilt": {
      // Leaning 9 degrees, scaled so the turned corners stay outside the frame.
      const k = 1.35;
      const rotated = await transformRaw(frame, (s) =>
        s
          .resize({ width: Math.round(w * k), height: Math.round(h * k), fit: "fill" })
          .rotate(9, { background: cornerColour(frame) }),
      );
      return transformRaw(rotated, (s) =>
        s.extract({
          left: Math.round((rotated.width - w) / 2),
          top: Math.round((rotated.height - h) / 2),
          width: w,
          height: h,
        }),
      );
    }
  }
}

/** Four dots in the corner of a frame, the n-th filled, so the quarters read as steps of a loop. */
function frameMarker(index: number, left: number, top: number, w: number, h: number): string {
  const r = Math.max(3, Math.round(Math.min(w, h) * 0.018));
  const gap = r * 3;
  const x0 = left + w - gap * 4;
  const y = top + h - gap;
  return POSES.map(
    (_, i) =>
      `<circle cx="${x0 + i * gap + r}" cy="${y}" r="${r}" fill="${i === index ? "#ffffff" : "#000000"}" ` +
      `fill-opacity="${i === index ? 0.95 : 0.35}" stroke="#000000" stroke-opacity="0.6" stroke-width="1"/>`,
  ).join("");
}

/** The 2x2 sheet: frame 1 top-left, 2 top-right, 3 bottom-left, 4 bottom-right. */
export async function renderAnimationSheet(character: RawImage, aspectRatio?: number): Promise<Buffer> {
  const shaped = aspectRatio ? await cropToAspect(character, aspectRatio) : character;
  const frame = await fitInside(shaped, FRAME_SIDE, FRAME_SIDE);
  const { width: w, height: h } = frame;
  const frames = await Promise.all(POSES.map((p) => pose(frame, p)));
  const overlay = svgDocument(
    w * 2,
    h * 2,
    frames.map((_, i) => frameMarker(i, (i % 2) * w, Math.floor(i / 2) * h, w, h)),
  );
  return sharp({ create: { width: w * 2, height: h * 2, channels: 3, background: cornerColour(frame) } })
    .composite([
      ...frames.map((f, i) => ({
        input: f.data,
        raw: { width: f.width, height: f.height, channels: 3 as const },
        left: (i % 2) * w,
        top: Math.floor(i / 2) * h,
      })),
      { input: Buffer.from(overlay), left: 0, top: 0 },
    ])
    .png({ compressionLevel: 6 })
    .toBuffer();
}

const STEPS = ["character", "animate"] as const;
export type AnimatorStep = (typeof STEPS)[number];

/** Which call this is and the character's words, from the input; "animate" needs the character image. */
export function readAnimatorAsk(request: Pick<ToolRequest, "input" | "imageCount">): {
  step: AnimatorStep;
  description: string;
} {
  const { input, imageCount } = request;
  const step = oneOfField(input, "step", STEPS, imageCount > 0 ? "animate" : "character");
  if (step === "animate" && imageCount < 1) {
    throw new BadRequest("Animate needs the character: send its image as an inline image.");
  }
  return { step, description: textField(input, "description") };
}

export const animatorHandler: ToolHandler = (request) => {
  const { step, description } = readAnimatorAsk(request);
  if (step === "character") {
    return async () => ({
      text: "Local preview: generated cartoon character applied.",
      png: await renderCharacter(description, request.aspectRatio),
    });
  }
  return async () => {
    const [character] = await request.decoded();
    return {
      text: "Local preview: a four-frame loop of your character (rest, bob, squash, tilt) as a 2x2 sheet.",
      png: await renderAnimationSheet(character!, request.aspectRatio),
    };
  };
};

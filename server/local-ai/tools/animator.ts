/**
 * Character Animator's "Animate" in the local preview engine: recognises ANIMATION_PROMPT
 * (src/config/prompts.ts) with the character image sent beside it, and answers with ONE 2x2 sprite
 * sheet of that very image in four visibly different poses (rest, bob up, squash, tilt), at the
 * requested aspect ratio, with a frame marker in each quarter. Not AI: a stand-in that shows the flow.
 * (The character itself, from a description alone, is drawn by renderGeneratedImage in styles.ts.)
 */
import sharp from "sharp";
import { cropToAspect, fitInside, transformRaw, type RawImage } from "../image.ts";
import { svgDocument } from "../sprites.ts";
import type { ToolHandler, ToolRequest } from "./index.ts";

/** The wording of ANIMATION_PROMPT the handler recognises. */
const ANIMATION_WORDS = /\banimat\w*/i;
const SHEET_WORDS = /\b2\s*x\s*2\b[^.]*\bsprite sheet\b/i;

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

export const animatorHandler: ToolHandler = {
  id: "animator",
  matches: (request: ToolRequest) =>
    request.wantsImage &&
    request.imageCount >= 1 &&
    ANIMATION_WORDS.test(request.prompt) &&
    SHEET_WORDS.test(request.prompt),
  render: async (request: ToolRequest) => {
    const [character] = await request.decoded();
    if (!character) throw new Error("no character image");
    return {
      text: "Local preview: a four-frame loop of your character (rest, bob, squash, tilt) as a 2x2 sheet.",
      png: await renderAnimationSheet(character, request.aspectRatio),
    };
  },
};

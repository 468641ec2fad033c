/**
 * Modify Scene in the local preview engine (tool id "scene"): composites the addition at the place the
 * tool's input names (centre when none): the description's text, a widget card holding it, or the
 * second image sent when the input says it is the picture to add (without one, a drawn object labelled
 * with the description). The rest of the scene is left as it was. Its input (run-scene.ts): `kind`
 * (image, text or widget; default image), `description`, `position` (one of SCENE_POSITIONS; default
 * the centre) and `withAddedImage` (default: whether a second image was sent).
 */
import {
  SCENE_POSITIONS,
  SCENE_TYPES,
  type ScenePosition,
  type SceneType,
} from "../../../src/tools/scene/prompts.ts";
import { encodeOutput, fitInside, type Layer, type RawImage } from "../image.ts";
import { BadRequest } from "../request.ts";
import { escapeXml, estimateTextWidth, hashString, truncate, wrapText } from "../svg.ts";
import type { ToolHandler, ToolRequest } from "./index.ts";
import { booleanField, oneOfField, textField } from "./input.ts";

export interface SceneAsk {
  kind: SceneType;
  description: string;
  /** The named place, if any (the centre when none). */
  where?: ScenePosition;
  /** Whether the second image sent is the picture to add. */
  withAddedImage: boolean;
}

/** What a scene request asks for, from its input; refuses an input it cannot draw (BadRequest). */
export function readSceneAsk(request: Pick<ToolRequest, "input" | "imageCount">): SceneAsk {
  const { input, imageCount } = request;
  if (imageCount < 1) {
    throw new BadRequest("Modify Scene needs the scene: send it as the first inline image.");
  }
  const ask: SceneAsk = {
    kind: oneOfField(input, "kind", SCENE_TYPES, "image"),
    description: textField(input, "description"),
    where: oneOfField(input, "position", SCENE_POSITIONS, undefined),
    withAddedImage: booleanField(input, "withAddedImage", imageCount >= 2),
  };
  if (ask.withAddedImage && imageCount < 2) {
    throw new BadRequest(
      "The tool input says a second image is the picture to add, but the request carries only the scene.",
    );
  }
  return ask;
}

/** The anchor of each third of the picture: the middle of the left, centre and right columns (or rows). */
const THIRDS = [1 / 6, 1 / 2, 5 / 6] as const;

/** The centre of a named place as fractions of width and height (SCENE_POSITIONS reads in rows of three). */
export function placeFractions(where: ScenePosition | undefined): { x: number; y: number } {
  const index = SCENE_POSITIONS.indexOf(where ?? "center");
  return { x: THIRDS[index % 3]!, y: THIRDS[Math.floor(index / 3)]! };
}

/** A named place as the answer says it: "top left", "center". */
const placeName = (where: ScenePosition | undefined) => (where ?? "center").replace("-", " ");

const FONT = "DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif";
const ACCENTS = ["#7c3aed", "#0ea5e9", "#16a34a", "#f97316", "#e11d48", "#ca8a04"] as const;
const r1 = (n: number) => Math.round(n * 10) / 10;

interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** A box of the given size centred on the place, kept inside the picture with a small margin. */
function placeBox(image: RawImage, width: number, height: number, where: ScenePosition | undefined): Box {
  const { x, y } = placeFractions(where);
  const margin = Math.round(Math.min(image.width, image.height) * 0.03);
  const clamp = (v: number, size: number, total: number) =>
    Math.max(Math.min(margin, (total - size) / 2), Math.min(v, total - size - margin));
  return {
    left: Math.round(clamp(image.width * x - width / 2, width, image.width)),
    top: Math.round(clamp(image.height * y - height / 2, height, image.height)),
    width: Math.round(width),
    height: Math.round(height),
  };
}

/** Lines of the description and a font size that fits them in `maxWidth`. */
function fitLines(text: string, perLine: number, maxLines: number, fontSize: number, maxWidth: number) {
  const lines = wrapText(text, perLine, maxLines);
  const widest = Math.max(1, ...lines.map((line) => estimateTextWidth(line, 1)));
  return { lines, fontSize: Math.max(9, Math.min(fontSize, maxWidth / widest)) };
}

function textOverlay(image: RawImage, ask: SceneAsk): string {
  const short = Math.min(image.width, image.height);
  const { lines, fontSize } = fitLines(ask.description, 22, 3, short * 0.1, image.width * 0.88);
  const lineHeight = fontSize * 1.2;
  const width = Math.max(...lines.map((line) => estimateTextWidth(line, fontSize)));
  const box = placeBox(image, width, lineHeight * lines.length, ask.where);
  const cx = box.left + box.width / 2;
  const stroke = r1(Math.max(2, fontSize * 0.12));
  return lines
    .map(
      (line, i) =>
        `<text x="${r1(cx)}" y="${r1(box.top + lineHeight * (i + 0.5))}" font-family="${FONT}" ` +
        `font-size="${r1(fontSize)}" font-weight="bold" fill="#ffffff" stroke="#111827" ` +
        `stroke-width="${stroke}" stroke-linejoin="round" paint-order="stroke" text-anchor="middle" ` +
        `dominant-baseline="central">${escapeXml(line)}</text>`,
    )
    .join("");
}

/** A five-pointed star path centred on (cx, cy). */
function star(cx: number, cy: number, outer: number): string {
  const points: string[] = [];
  for (let i = 0; i < 10; i++) {
    const r = i % 2 === 0 ? outer : outer * 0.45;
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    points.push(`${r1(cx + r * Math.cos(a))},${r1(cy + r * Math.sin(a))}`);
  }
  return `M ${points.join(" L ")} Z`;
}

function widgetOverlay(image: RawImage, ask: SceneAsk): string {
  const short = Math.min(image.width, image.height);
  const accent = ACCENTS[hashString(ask.description) % ACCENTS.length];
  const pad = short * 0.035;
  const icon = short * 0.11;
  const maxText = image.width * 0.5 - icon - pad * 3;
  const { lines, fontSize } = fitLines(ask.description, 20, 3, short * 0.05, Math.max(40, maxText));
  const lineHeight = fontSize * 1.25;
  const textWidth = Math.max(...lines.map((line) => estimateTextWidth(line, fontSize)));
  const width = Math.min(image.width * 0.9, pad * 3 + icon + textWidth);
  const height = Math.max(icon, lineHeight * lines.length) + pad * 2;
  const box = placeBox(image, width, height, ask.where);
  const radius = r1(short * 0.03);
  const iconCx = box.left + pad + icon / 2;
  const iconCy = box.top + height / 2;
  const textX = box.left + pad * 2 + icon;
  const textTop = box.top + (height - lineHeight * lines.length) / 2;
  return [
    `<g>`,
    `<rect x="${r1(box.left + short * 0.008)}" y="${r1(box.top + short * 0.012)}" width="${r1(width)}" ` +
      `height="${r1(height)}" rx="${radius}" fill="#000000" fill-opacity="0.28"/>`,
    `<rect x="${box.left}" y="${box.top}" width="${r1(width)}" height="${r1(height)}" rx="${radius}" ` +
      `fill="#ffffff" fill-opacity="0.95" stroke="${accent}" stroke-width="${r1(Math.max(2, short * 0.006))}"/>`,
    `<circle cx="${r1(iconCx)}" cy="${r1(iconCy)}" r="${r1(icon / 2)}" fill="${accent}"/>`,
    `<path d="${star(iconCx, iconCy, icon * 0.3)}" fill="#ffffff"/>`,
    ...lines.map(
      (line, i) =>
        `<text x="${r1(textX)}" y="${r1(textTop + lineHeight * (i + 0.5))}" font-family="${FONT}" ` +
        `font-size="${r1(fontSize)}" font-weight="${i === 0 ? "bold" : "normal"}" fill="#111827" ` +
        `dominant-baseline="central">${escapeXml(line)}</text>`,
    ),
    `</g>`,
  ].join("");
}

/** Without a picture to add: a drawn object (a sticker with a star) labelled with the description. */
function placeholderOverlay(image: RawImage, ask: SceneAsk): string {
  const short = Math.min(image.width, image.height);
  const accent = ACCENTS[hashString(ask.description) % ACCENTS.length];
  const size = short * 0.28;
  const label = truncate(ask.description, 28);
  const fontSize = Math.max(9, Math.min(short * 0.045, (image.width * 0.8) / estimateTextWidth(label, 1)));
  const labelWidth = estimateTextWidth(label, fontSize) + fontSize;
  const labelHeight = fontSize * 1.6;
  const width = Math.max(size, labelWidth);
  const height = size + labelHeight * 1.15;
  const box = placeBox(image, width, height, ask.where);
  const cx = box.left + width / 2;
  const cy = box.top + size / 2;
  const labelTop = box.top + size + labelHeight * 0.15;
  return [
    `<g>`,
    `<ellipse cx="${r1(cx)}" cy="${r1(cy + size * 0.47)}" rx="${r1(size * 0.4)}" ry="${r1(size * 0.07)}" ` +
      `fill="#000000" fill-opacity="0.3"/>`,
    `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(size * 0.45)}" fill="${accent}" stroke="#ffffff" ` +
      `stroke-width="${r1(Math.max(2, size * 0.04))}"/>`,
    `<path d="${star(cx, cy, size * 0.3)}" fill="#fde047" stroke="#ffffff" stroke-width="${r1(Math.max(1, size * 0.015))}"/>`,
    `<rect x="${r1(cx - labelWidth / 2)}" y="${r1(labelTop)}" width="${r1(labelWidth)}" ` +
      `height="${r1(labelHeight)}" rx="${r1(labelHeight / 2)}" fill="#111827" fill-opacity="0.8"/>`,
    `<text x="${r1(cx)}" y="${r1(labelTop + labelHeight / 2)}" font-family="${FONT}" font-size="${r1(fontSize)}" ` +
      `font-weight="bold" fill="#ffffff" text-anchor="middle" dominant-baseline="central">${escapeXml(label)}</text>`,
    `</g>`,
  ].join("");
}

async function addedImage(image: RawImage, added: RawImage, ask: SceneAsk) {
  const fitted = await fitInside(added, image.width * 0.36, image.height * 0.36);
  const box = placeBox(image, fitted.width, fitted.height, ask.where);
  const layer: Layer = { image: fitted, left: box.left, top: box.top };
  const border = Math.max(2, Math.round(Math.min(image.width, image.height) * 0.008));
  const frame =
    `<rect x="${box.left - border / 2}" y="${box.top - border / 2}" width="${fitted.width + border}" ` +
    `height="${fitted.height + border}" fill="none" stroke="#ffffff" stroke-width="${border}"/>`;
  return { layer, frame };
}

/** Draws the addition the input asks for onto the scene. */
async function renderScene(request: ToolRequest, ask: SceneAsk) {
  const [base, second] = await request.decoded();
  const layers: Layer[] = [];
  const overlays: string[] = [];
  let what: string;
  if (ask.kind === "text") {
    overlays.push(textOverlay(base!, ask));
    what = "text";
  } else if (ask.kind === "widget") {
    overlays.push(widgetOverlay(base!, ask));
    what = "widget";
  } else if (ask.withAddedImage && second) {
    const { layer, frame } = await addedImage(base!, second, ask);
    layers.push(layer);
    overlays.push(frame);
    what = "your picture";
  } else {
    overlays.push(placeholderOverlay(base!, ask));
    what = "a drawn stand-in object";
  }
  const png = await encodeOutput(base!, overlays, layers);
  return {
    text: `Local preview: ${what} added at the ${placeName(ask.where)} of the scene ("${ask.description}").`,
    png,
  };
}

export const sceneHandler: ToolHandler = (request) => {
  const ask = readSceneAsk(request);
  return () => renderScene(request, ask);
};

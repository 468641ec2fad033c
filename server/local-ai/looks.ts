/**
 * The looks of the local preview engine's styles, keyed by style id: a real pixel-level rendition per
 * style (colour grades, posterising, outlines, an X-ray, a sprite laid over the photo) so every style
 * looks clearly different. A variant the engine has no look of its own for (a new row of
 * src/config/variants.ts) is painted as a tint, in its row's `preview.tint` colours or in colours
 * picked from its id, so it differs from the photo and from the other styles without a change here.
 */
import { VARIANTS } from "../../src/config/variants.ts";
import { transformRaw, type Layer, type RawImage } from "./image.ts";
import {
  contrastAround,
  drawEdges,
  duotone,
  edgeMask,
  hexToRgb,
  hslToRgb,
  lumaOf,
  mapPixels,
  posterise,
  type Rgb,
} from "./pixels.ts";
import { cucumberSprite, frogSprite } from "./sprites.ts";
import { frame, hashString, seededRandom } from "./svg.ts";

/** The processed pixels, and the SVG fragments and images to lay over them. */
export interface Rendition {
  image: RawImage;
  overlays: string[];
  layers?: Layer[];
}

/** A look: the photo (and the prompt's hash, for looks with a random texture) to its rendition. */
export type Look = (image: RawImage, seed: number) => Rendition | Promise<Rendition>;

async function hulk(image: RawImage): Promise<Rendition> {
  const punchy = await transformRaw(image, (s) => s.modulate({ saturation: 1.2 }));
  const result = mapPixels(punchy, (r, g, b) => {
    const l = contrastAround(lumaOf(r, g, b), 1.45);
    const [dr, dg, db] = duotone(l, [6, 38, 10], [186, 255, 96]);
    return [dr * 0.85 + r * 0.15, dg * 0.85 + g * 0.15, db * 0.85 + b * 0.15];
  });
  return { image: result, overlays: [] };
}

async function muppet(image: RawImage, seed: number): Promise<Rendition> {
  const saturated = await transformRaw(image, (s) =>
    s.modulate({ saturation: 2.1, brightness: 1.06 }).blur(Math.max(0.8, image.width / 500)),
  );
  const random = seededRandom(seed);
  const posterised = mapPixels(saturated, (r, g, b) => {
    // Felt: fuzzy fibres of random brightness on flat, bold colour areas.
    const fibre = (random() - 0.5) * 28;
    return [posterise(r, 5) + fibre, posterise(g, 5) + fibre, posterise(b, 5) + fibre];
  });
  const felt = await transformRaw(posterised, (s) => s.blur(Math.max(0.9, image.width / 600)));
  return { image: felt, overlays: [] };
}

async function simpsons(image: RawImage): Promise<Rendition> {
  const smooth = await transformRaw(image, (s) => s.median(3).modulate({ saturation: 1.3 }));
  const yellow = [255, 217, 15] as const;
  const coloured = mapPixels(smooth, (r, g, b) => {
    const band = posterise(lumaOf(r, g, b), 4) / 255;
    const tone = 0.35 + 0.65 * band;
    return [
      posterise(r, 4) * 0.42 + yellow[0] * tone * 0.58,
      posterise(g, 4) * 0.42 + yellow[1] * tone * 0.58,
      posterise(b, 4) * 0.42 + yellow[2] * tone * 0.58,
    ];
  });
  return { image: drawEdges(coloured, edgeMask(smooth, 150, 2), [20, 16, 8]), overlays: [] };
}

async function familyGuy(image: RawImage): Promise<Rendition> {
  const flat = await transformRaw(image, (s) => s.median(5).modulate({ saturation: 1.35, brightness: 1.08 }));
  const cartoon = mapPixels(flat, (r, g, b) => [posterise(r, 6), posterise(g, 6), posterise(b, 6)]);
  return { image: drawEdges(cartoon, edgeMask(flat, 120, 1), [28, 28, 40]), overlays: [] };
}

async function gta(image: RawImage): Promise<Rendition> {
  const punchy = await transformRaw(image, (s) => s.modulate({ saturation: 1.45 }));
  const graded = mapPixels(punchy, (r, g, b) => {
    const l = lumaOf(r, g, b);
    // Shadows pulled to teal, highlights pushed to orange, then a hard contrast curve.
    const [tr, tg, tb] = duotone(contrastAround(l, 1.3), [0, 78, 96], [255, 160, 60]);
    return [
      contrastAround(r * 0.45 + tr * 0.55, 1.5),
      contrastAround(g * 0.45 + tg * 0.55, 1.5),
      contrastAround(b * 0.45 + tb * 0.55, 1.5),
    ];
  });
  const thickness = Math.max(6, Math.round(Math.min(image.width, image.height) * 0.045));
  return { image: graded, overlays: [frame(image.width, image.height, thickness, "#0b0b0b", "#f5f5f5")] };
}

async function skeleton(image: RawImage): Promise<Rendition> {
  const xray = mapPixels(image, (r, g, b) => {
    const inverted = contrastAround(255 - lumaOf(r, g, b), 1.35);
    return duotone(inverted, [2, 8, 42], [160, 212, 255]);
  });
  // A faint glow, like a light box.
  const glow = await transformRaw(xray, (s) => s.blur(Math.max(1, image.width / 300)));
  const result = mapPixels(xray, (r, g, b, x, y) => {
    const i = (y * image.width + x) * 3;
    return [
      r * 0.8 + glow.data[i] * 0.35,
      g * 0.8 + glow.data[i + 1] * 0.35,
      b * 0.8 + glow.data[i + 2] * 0.35,
    ];
  });
  return { image: result, overlays: [] };
}

function cucumber(image: RawImage): Rendition {
  const short = Math.min(image.width, image.height);
  const sprite = cucumberSprite({
    cx: image.width * 0.7,
    cy: image.height * 0.74,
    size: short * 0.3,
    angle: -24,
  });
  return { image, overlays: [sprite] };
}

function frogAdd(image: RawImage): Rendition {
  const short = Math.min(image.width, image.height);
  const size = short * 0.3;
  const sprite = frogSprite({
    cx: image.width * 0.27,
    cy: image.height - size * 0.55 - image.height * 0.06,
    size,
  });
  return { image, overlays: [sprite] };
}

function frogTransform(image: RawImage): Rendition {
  const { width, height } = image;
  const cx = width / 2;
  const cy = height * 0.52;
  const rx = width * 0.4;
  const ry = height * 0.46;
  const result = mapPixels(image, (r, g, b, x, y) => {
    const dx = (x - cx) / rx;
    const dy = (y - cy) / ry;
    // The subject is taken to be the middle of the frame: full effect inside, fading at its edge.
    const inside = Math.min(1, Math.max(0, (1.25 - (dx * dx + dy * dy)) / 0.5));
    const [fr, fg, fb] = duotone(contrastAround(lumaOf(r, g, b), 1.2), [18, 66, 14], [176, 240, 96]);
    const k = 0.15 + 0.7 * inside;
    return [r + (fr - r) * k, g + (fg - g) * k, b + (fb - b) * k];
  });
  return { image: result, overlays: [] };
}

/** A two-colour grade over the whole photo: shadows to `dark`, highlights to `light`. */
function tint(dark: Rgb, light: Rgb): Look {
  return (image) => ({
    image: mapPixels(image, (r, g, b) => {
      const [tr, tg, tb] = duotone(contrastAround(lumaOf(r, g, b), 1.25), dark, light);
      return [tr * 0.8 + r * 0.2, tg * 0.8 + g * 0.2, tb * 0.8 + b * 0.2];
    }),
    overlays: [],
  });
}

/** The tint of a variant without a look of its own: its row's colours, else a deep and a light hue of its id. */
function tintOf(id: string): Look {
  const colours = VARIANTS.find((variant) => variant.id === id)?.preview?.tint;
  if (colours) return tint(hexToRgb(colours[0]), hexToRgb(colours[1]));
  const hue = hashString(id) % 360;
  return tint(hslToRgb(hue, 0.7, 0.14), hslToRgb((hue + 40) % 360, 0.95, 0.78));
}

const LOOKS: Readonly<Record<string, Look>> = {
  cucumber,
  hulk,
  muppet,
  "frog-add": frogAdd,
  "frog-transform": frogTransform,
  simpsons,
  gta,
  "family-guy": familyGuy,
  skeleton,
};

/** The look of a style id (a variant's, or one of the frog's two). */
export function lookFor(id: string): Look {
  return LOOKS[id] ?? tintOf(id);
}

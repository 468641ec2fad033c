/**
 * Pixel operations the local preview engine's looks are made of, on packed RGB (RawImage): luma,
 * contrast, posterising, a duotone, a per-pixel map, and Sobel edges drawn as outlines; and colours
 * from hex or from a hue.
 */
import type { RawImage } from "./image.ts";

export type Rgb = readonly [number, number, number];

const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : v);
export const lumaOf = (r: number, g: number, b: number) => 0.299 * r + 0.587 * g + 0.114 * b;
export const contrastAround = (v: number, k: number) => clamp((v - 128) * k + 128);
export const posterise = (v: number, levels: number) => {
  const step = 255 / (levels - 1);
  return Math.round(Math.round(v / step) * step);
};

export function mapPixels(
  image: RawImage,
  fn: (r: number, g: number, b: number, x: number, y: number) => readonly [number, number, number],
): RawImage {
  const { data, width, height } = image;
  const out = Buffer.allocUnsafe(data.length);
  for (let y = 0, i = 0; y < height; y++) {
    for (let x = 0; x < width; x++, i += 3) {
      const [r, g, b] = fn(data[i], data[i + 1], data[i + 2], x, y);
      out[i] = clamp(r);
      out[i + 1] = clamp(g);
      out[i + 2] = clamp(b);
    }
  }
  return { data: out, width, height };
}

/** Sobel edge mask (1 = edge) of the image's luma; `thickness` 2 dilates it for bold outlines. */
export function edgeMask(image: RawImage, threshold: number, thickness: 1 | 2): Uint8Array {
  const { data, width, height } = image;
  const luma = new Float32Array(width * height);
  for (let p = 0, i = 0; p < luma.length; p++, i += 3) luma[p] = lumaOf(data[i], data[i + 1], data[i + 2]);
  const edges = new Uint8Array(width * height);
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const p = y * width + x;
      const tl = luma[p - width - 1];
      const t = luma[p - width];
      const tr = luma[p - width + 1];
      const l = luma[p - 1];
      const r = luma[p + 1];
      const bl = luma[p + width - 1];
      const b = luma[p + width];
      const br = luma[p + width + 1];
      const gx = tr + 2 * r + br - tl - 2 * l - bl;
      const gy = bl + 2 * b + br - tl - 2 * t - tr;
      if (gx * gx + gy * gy > threshold * threshold) edges[p] = 1;
    }
  }
  if (thickness === 1) return edges;
  const bold = new Uint8Array(edges.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      if (
        edges[p] ||
        (x > 0 && edges[p - 1]) ||
        (x < width - 1 && edges[p + 1]) ||
        (y > 0 && edges[p - width]) ||
        (y < height - 1 && edges[p + width])
      ) {
        bold[p] = 1;
      }
    }
  }
  return bold;
}

export function drawEdges(image: RawImage, edges: Uint8Array, colour: Rgb): RawImage {
  const out = Buffer.from(image.data);
  for (let p = 0; p < edges.length; p++) {
    if (!edges[p]) continue;
    out[p * 3] = colour[0];
    out[p * 3 + 1] = colour[1];
    out[p * 3 + 2] = colour[2];
  }
  return { ...image, data: out };
}

/** Map luma onto a gradient between two colours (a duotone). */
export function duotone(l: number, dark: Rgb, light: Rgb): [number, number, number] {
  const t = l / 255;
  return [
    dark[0] + (light[0] - dark[0]) * t,
    dark[1] + (light[1] - dark[1]) * t,
    dark[2] + (light[2] - dark[2]) * t,
  ];
}

/** "#rrggbb" as RGB. */
export function hexToRgb(hex: string): Rgb {
  const value = Number.parseInt(hex.replace(/^#/, "").slice(0, 6), 16) || 0;
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** A colour from hue (degrees), saturation and lightness (0 to 1). */
export function hslToRgb(hue: number, saturation: number, lightness: number): Rgb {
  const k = (n: number) => (n + hue / 30) % 12;
  const a = saturation * Math.min(lightness, 1 - lightness);
  const f = (n: number) => lightness - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1));
  return [Math.round(f(0) * 255), Math.round(f(8) * 255), Math.round(f(4) * 255)];
}

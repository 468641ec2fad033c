/** Frames to an animated GIF (no React, no DOM): one shared palette, one delay per frame. */
import { applyPalette, GIFEncoder, quantize } from "gifenc";

/** Pixels of one frame: RGBA, row by row (what a canvas's getImageData gives). */
export type RgbaFrame = { data: Uint8Array | Uint8ClampedArray; width: number; height: number };

/** About 6 frames a second: slow enough to read a four-frame loop, quick enough to look alive. */
export const FRAME_DELAY_MS = 160;

/** At most this many pixels of each frame feed the shared palette (the quantizer's time grows with it). */
const PALETTE_SAMPLE_PIXELS = 64 * 1024;

/** Every n-th pixel of each frame, so one palette fits all of them without quantising millions of pixels. */
function paletteSample(frames: RgbaFrame[]): Uint8Array {
  const chunks = frames.map((frame) => {
    const pixels = frame.data.length / 4;
    const step = Math.max(1, Math.floor(pixels / PALETTE_SAMPLE_PIXELS));
    const out = new Uint8Array(Math.ceil(pixels / step) * 4);
    for (let p = 0, o = 0; p < pixels; p += step, o += 4) {
      out.set(frame.data.subarray(p * 4, p * 4 + 4), o);
    }
    return out;
  });
  const sample = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    sample.set(chunk, offset);
    offset += chunk.length;
  }
  return sample;
}

/**
 * An animated GIF that loops forever, one frame per entry, with gifenc: one 256-colour palette shared
 * by all frames (so colours do not flicker from frame to frame), `delayMs` per frame.
 */
export function encodeGif(frames: RgbaFrame[], { delayMs = FRAME_DELAY_MS } = {}): Uint8Array {
  const first = frames[0];
  if (!first) throw new Error("An animation needs at least one frame");
  const { width, height } = first;
  for (const frame of frames) {
    if (frame.width !== width || frame.height !== height || frame.data.length !== width * height * 4) {
      throw new Error("All frames of an animation must have the same size");
    }
  }
  const palette = quantize(paletteSample(frames), 256);
  const gif = GIFEncoder();
  frames.forEach((frame, i) => {
    const index = applyPalette(frame.data, palette);
    // The first frame carries the global palette and the loop-forever extension (repeat 0).
    gif.writeFrame(
      index,
      width,
      height,
      i === 0 ? { palette, delay: delayMs, repeat: 0 } : { delay: delayMs },
    );
  });
  gif.finish();
  return gif.bytes();
}

/**
 * Region edits in headless Chromium (issue 29 §1): the model's answer (another size and shape) put over
 * the prepared photo through a painted area. Outside the area and its feather band every pixel is the
 * original's as the browser decodes it; the result has the original's size; the worker and the page
 * give the same picture.
 */
import { afterEach, describe, expect, it } from "vitest";
import { featherBand, featherRadius } from "@/lib/image/area";
import { composite, maskAt } from "@/lib/image/area-edit";
import { prepareImage } from "@/lib/image";
import { configureImageWorker, imageWorkerStatus } from "@/lib/image/worker-client";
import { fixture } from "./image-kit";

afterEach(() => configureImageWorker({ enabled: true }));

async function pixels(blob: Blob) {
  const bitmap = await createImageBitmap(blob);
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const ctx = canvas.getContext("2d")!;
  ctx.drawImage(bitmap, 0, 0);
  bitmap.close();
  return {
    width: canvas.width,
    height: canvas.height,
    data: ctx.getImageData(0, 0, canvas.width, canvas.height).data,
  };
}

/** A white rectangle on black, at a size of its own (the mask editor's), as a PNG. */
async function rectangleMask(width: number, height: number, rect: [number, number, number, number]) {
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext("2d")!;
  ctx.fillStyle = "#000";
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = "#fff";
  ctx.fillRect(rect[0] * width, rect[1] * height, rect[2] * width, rect[3] * height);
  return canvas.convertToBlob({ type: "image/png" });
}

/** A square answer in a flat colour: what a model that redrew the whole picture might send. */
async function squareAnswer(side: number) {
  const canvas = new OffscreenCanvas(side, side);
  const ctx = canvas.getContext("2d")!;
  ctx.fillStyle = "rgb(20, 200, 40)";
  ctx.fillRect(0, 0, side, side);
  return canvas.convertToBlob({ type: "image/png" });
}

describe("a region edit's composite", () => {
  it.each([true, false])(
    "outside the area the original's pixels exactly (image worker: %s)",
    async (worker) => {
      configureImageWorker({ enabled: worker });
      const prepared = await prepareImage(await fixture("cat-chelsea.png"), {
        maxSide: 1024,
        quality: 0.9,
        mimeType: "image/jpeg",
      });
      const original = await pixels(prepared.blob);
      // The area: the middle of the picture, painted on a mask of the editor's own size.
      const rect: [number, number, number, number] = [0.3, 0.25, 0.4, 0.5];
      const mask = await rectangleMask(600, 450, rect);
      const served = imageWorkerStatus().served;
      const sent = await maskAt(mask, original.width, original.height);
      const result = await composite({ original: prepared.blob, answer: await squareAnswer(1024), mask });
      expect(imageWorkerStatus().served - served).toBe(worker ? 2 : 0);
      expect(result.type).toBe("image/png");
      const out = await pixels(result);
      expect([out.width, out.height]).toEqual([original.width, original.height]);
      expect([(await pixels(sent)).width, (await pixels(sent)).height]).toEqual([
        original.width,
        original.height,
      ]);

      const band = featherBand(featherRadius(Math.max(out.width, out.height))) + 2; // + the mask's scaling
      const x0 = rect[0] * out.width;
      const y0 = rect[1] * out.height;
      const x1 = x0 + rect[2] * out.width;
      const y1 = y0 + rect[3] * out.height;
      let same = 0;
      let changed = 0;
      for (let y = 0; y < out.height; y++) {
        for (let x = 0; x < out.width; x++) {
          const i = (y * out.width + x) * 4;
          const outside = x < x0 - band || x >= x1 + band || y < y0 - band || y >= y1 + band;
          const inside = x >= x0 + band && x < x1 - band && y >= y0 + band && y < y1 - band;
          if (outside) {
            if (
              out.data[i] !== original.data[i] ||
              out.data[i + 1] !== original.data[i + 1] ||
              out.data[i + 2] !== original.data[i + 2]
            ) {
              throw new Error(`pixel ${x},${y} outside the area differs`);
            }
            same++;
          } else if (inside) {
            expect([out.data[i], out.data[i + 1], out.data[i + 2]]).toEqual([20, 200, 40]);
            changed++;
          }
        }
      }
      expect(same).toBeGreaterThan(out.width * out.height * 0.5);
      expect(changed).toBeGreaterThan(out.width * out.height * 0.1);
    },
  );
});

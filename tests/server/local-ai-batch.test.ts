/**
 * The local preview engine answering Batch Image Processing: each image is sent with the REAL
 * instruction of src/config/variants.ts (customPrompt), named "batch", the person's instruction in the
 * tool input (batch-image.ts), and what comes back depends on both the image and the instruction.
 */
import { describe, expect, test } from "vitest";
import { customPrompt } from "../../src/config/variants.ts";
import {
  decode,
  fixture,
  imageBody,
  imageOf,
  meanAbsDiff,
  meanColour,
  partsOf,
  postTool,
} from "./helpers.ts";

/** One photo of the batch, as batch-image.ts sends it. */
const post = (words: string, name: string) =>
  postTool("batch", { operation: "custom", words }, imageBody(customPrompt(words), name, "image/png"));

const WATERCOLOUR = "make it look like a watercolour painting";
const NEON = "add bright neon signs everywhere";

describe("batch images through the local engine", () => {
  test("each image comes back edited, same shape as sent, with a PNG", async () => {
    for (const name of ["portrait-astronaut.png", "cat-chelsea.png"]) {
      const response = await post(WATERCOLOUR, name);
      const parts = await partsOf(response.clone());
      expect(parts[0]?.text).toBe("Local preview: custom edit applied.");
      const out = await imageOf(response);
      const original = await decode(fixture(name));
      expect(out.width / out.height).toBeCloseTo(original.width / original.height, 1);
      // An edit, not an echo of the original.
      expect(meanAbsDiff(out, await decode(fixture(name), out.width, out.height))).toBeGreaterThan(2);
    }
  });

  test("the result depends on the instruction", async () => {
    const a = await imageOf(await post(WATERCOLOUR, "cat-chelsea.png"));
    const b = await imageOf(await post(NEON, "cat-chelsea.png"));
    expect(meanAbsDiff(a, b)).toBeGreaterThan(0.05);
  });

  test("the result depends on the image", async () => {
    const a = await imageOf(await post(WATERCOLOUR, "cat-chelsea.png"));
    const b = await imageOf(await post(WATERCOLOUR, "portrait-astronaut.png"));
    const [ar, ag, ab] = meanColour(a);
    const [br, bg, bb] = meanColour(b);
    expect(Math.abs(ar - br) + Math.abs(ag - bg) + Math.abs(ab - bb)).toBeGreaterThan(20);
  });
});

import { describe, expect, it } from "vitest";
import {
  GEMINI_ASPECT_RATIOS,
  imageConfigOf,
  OUTPUT_SHAPES,
  OUTPUT_SIZES,
  sizeFeature,
} from "@/config/image-output";
import { generationConfigFor } from "@/lib/gemini/client";
import { FEATURE_GATES, gateMessage } from "@/config/tiers";

// Gemini's accepted values (docs/gemini.md "Output shape, several images, streaming"), written out here
// rather than imported, so a typo in the app's list fails.
const ACCEPTED_RATIOS = ["1:1", "2:3", "3:2", "3:4", "4:3", "4:5", "5:4", "9:16", "16:9", "21:9"];
const ACCEPTED_SIZES = ["1K", "2K", "4K"];

describe("the shape and size of an image call", () => {
  it("offers only values Gemini accepts, with an uppercase K", () => {
    expect([...GEMINI_ASPECT_RATIOS].sort()).toEqual([...ACCEPTED_RATIOS].sort());
    expect([...OUTPUT_SIZES]).toEqual(ACCEPTED_SIZES);
    expect(OUTPUT_SHAPES[0]).toBe("same");
  });

  it("sends each shape and size as imageConfig, and nothing for the photo's shape at 1K", () => {
    expect(imageConfigOf({ shape: "same", size: "1K" })).toBeUndefined();
    for (const shape of GEMINI_ASPECT_RATIOS) {
      for (const size of OUTPUT_SIZES) {
        const config = imageConfigOf({ shape, size });
        expect(config?.aspectRatio).toBe(shape);
        expect(ACCEPTED_RATIOS).toContain(config?.aspectRatio);
        if (size === "1K") expect(config).not.toHaveProperty("imageSize");
        else expect(config?.imageSize).toBe(size);
      }
    }
    expect(imageConfigOf({ shape: "same", size: "4K" })).toEqual({ imageSize: "4K" });
  });

  it("merges into an image call's generationConfig over the tool's own imageConfig, never a text call's", () => {
    const config = generationConfigFor(
      "image",
      "some-model",
      { imageConfig: { aspectRatio: "1:1" } },
      { shape: "16:9", size: "2K" },
    );
    expect(config.imageConfig).toEqual({ aspectRatio: "16:9", imageSize: "2K" });
    expect(config.responseModalities).toEqual(["TEXT", "IMAGE"]);
    const kept = generationConfigFor(
      "image",
      "some-model",
      { imageConfig: { aspectRatio: "3:4" } },
      {
        shape: "same",
        size: "1K",
      },
    );
    expect(kept.imageConfig).toEqual({ aspectRatio: "3:4" });
    expect(generationConfigFor("text", "some-model", {}, { shape: "16:9", size: "4K" })).not.toHaveProperty(
      "imageConfig",
    );
  });

  it("names the plan a size needs", () => {
    expect(sizeFeature("1K")).toBeUndefined();
    expect(gateMessage(sizeFeature("2K")!)).toBe("2K images require a $10/month subscription");
    expect(gateMessage(sizeFeature("4K")!)).toBe("4K images require a $30/month subscription");
    expect(FEATURE_GATES.size4K.tier).toBe("$30/month");
  });
});

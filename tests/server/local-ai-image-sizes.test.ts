/**
 * The local preview engine's image answers by size and count: a large phone photo capped at 1024 px,
 * EXIF orientation applied, imageConfig.aspectRatio honoured (at Gemini's 1K), WebP and GIF read; a second image pasted
 * into the first; pictures drawn from words alone; an image model answering with an image by default.
 */
import { describe, expect, test } from "vitest";
import {
  base64Of,
  decode,
  fixture,
  imageBody,
  imageOf,
  meanColour,
  post,
  type GeminiSuccess,
} from "./helpers.ts";

describe("sizes", () => {
  test("a 12 MP phone photo comes back capped at 1024 px, same aspect ratio", async () => {
    const started = performance.now();
    const out = await imageOf(await post(imageBody("hulk", "photo-12mp.jpg")));
    const elapsed = performance.now() - started;
    expect([out.width, out.height]).toEqual([1024, 768]);
    console.info(`[local-ai] 12 MP hulk: ${Math.round(elapsed)} ms`);
    expect(elapsed).toBeLessThan(10_000);
  }, 30_000);

  test("EXIF orientation is applied: a sideways-stored portrait comes back upright", async () => {
    const out = await imageOf(await post(imageBody("cucumber", "photo-12mp-exif-rotated.jpg")));
    expect([out.width, out.height]).toEqual([768, 1024]);
  }, 30_000);

  test("imageConfig.aspectRatio crops to that ratio at Gemini's 1K, as Gemini does", async () => {
    const body = imageBody("gta", "coffee.png", "image/png") as { generationConfig: Record<string, unknown> };
    body.generationConfig.imageConfig = { aspectRatio: "1:1" };
    const out = await imageOf(await post(body));
    expect([out.width, out.height]).toEqual([1024, 1024]);
  });

  test("WebP and GIF inputs work too", async () => {
    for (const [file, size] of [
      ["coffee.webp", [600, 400]],
      ["cat-chelsea.gif", [226, 150]],
    ] as const) {
      const body = {
        contents: [
          { parts: [{ text: "muppet" }, { inlineData: { mimeType: "image/*", data: base64Of(file) } }] },
        ],
        generationConfig: { responseModalities: ["IMAGE"] },
      };
      const out = await imageOf(await post(body));
      expect([out.width, out.height]).toEqual(size);
    }
  });
});

describe("more than one image, and no image", () => {
  test("Modify Scene: a second image is pasted into the first where the prompt says", async () => {
    const body = {
      contents: [
        {
          parts: [
            { text: "Add this image to the scene. Position: top left." },
            { inlineData: { mimeType: "image/png", data: base64Of("coffee.png") } },
            { inlineData: { mimeType: "image/png", data: base64Of("portrait-astronaut.png") } },
          ],
        },
      ],
      generationConfig: { responseModalities: ["TEXT", "IMAGE"] },
    };
    const out = await imageOf(await post(body));
    expect([out.width, out.height]).toEqual([600, 400]);
    const coffee = await decode(fixture("coffee.png"));
    const region = { left: 100, top: 60, width: 60, height: 60 };
    const a = meanColour(out, region);
    const b = meanColour(coffee, region);
    expect(Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) + Math.abs(a[2] - b[2])).toBeGreaterThan(30);
  });

  test("a character from text alone: a 768x768 colourful picture", async () => {
    const response = await post(
      imageBody("Create a colorful cartoon character: a friendly blue robot chef."),
    );
    const body = (await response.clone().json()) as GeminiSuccess;
    expect(body.candidates[0].content.parts[0].text).toBe(
      "Local preview: generated cartoon character applied.",
    );
    const out = await imageOf(response);
    expect([out.width, out.height]).toEqual([768, 768]);
    const [r, g, b] = meanColour(out);
    expect(Math.max(r, g, b) - Math.min(r, g, b)).toBeGreaterThan(10);
  });

  test("a celebration without an inspiration image, in the requested aspect ratio", async () => {
    const body = imageBody(
      "Create a festive, joyful image. Occasion: birthday. Description: cake for Mia",
    ) as {
      generationConfig: Record<string, unknown>;
    };
    body.generationConfig.imageConfig = { aspectRatio: "16:9" };
    const response = await post(body);
    const text = (await response.clone().json()) as GeminiSuccess;
    expect(text.candidates[0].content.parts[0].text).toBe(
      "Local preview: generated celebration picture applied.",
    );
    const out = await imageOf(response);
    // Drawn at 768 px, answered at Gemini's 1K for the ratio asked (imageConfig.aspectRatio).
    expect([out.width, out.height]).toEqual([1024, 576]);
  });

  test("without responseModalities an image model still answers with an image", async () => {
    const body = {
      contents: [
        {
          parts: [{ text: "hulk" }, { inlineData: { mimeType: "image/png", data: base64Of("coffee.png") } }],
        },
      ],
    };
    const out = await imageOf(await post(body));
    expect([out.width, out.height]).toEqual([600, 400]);
  });
});

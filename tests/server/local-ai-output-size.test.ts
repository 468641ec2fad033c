/**
 * The local preview engine answers at the shape and size a request asks for (issue 28 §2), as Gemini
 * does: imageConfig.imageSize 1K, 2K, 4K is the longest side 1024, 2048, 4096 px; imageConfig.aspectRatio
 * the shape (centre-cropped), without it the input's ("Same as photo"). Every image answer: a style,
 * a custom edit, Modify Scene, Create Art, Celebrations, the Animator. A 4K answer is a real 4096 px PNG,
 * its resize and encode well under a second. A size or ratio Gemini does not take is refused with its 400.
 */
import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { GEMINI_ASPECT_RATIOS, imageConfigOf, type ImageOutput } from "../../src/config/image-output.ts";
import type { ToolInput } from "../../src/config/tool-input.ts";
import { base64Of, partsOf, post, postTool, type GeminiError } from "./helpers.ts";

/** A request with one photo (or none) and the imageConfig `output` makes, as the app's client sends it. */
function body(prompt: string, output: ImageOutput | Record<string, unknown>, photo?: string): unknown {
  const parts: unknown[] = [{ text: prompt }];
  if (photo) parts.push({ inlineData: { mimeType: "image/png", data: base64Of(photo) } });
  const imageConfig = "shape" in output ? imageConfigOf(output as ImageOutput) : output;
  return {
    contents: [{ role: "user", parts }],
    generationConfig: { responseModalities: ["TEXT", "IMAGE"], ...(imageConfig ? { imageConfig } : {}) },
  };
}

/** The answer's PNG: its size from the header, and its bytes. */
async function pngOf(response: Response) {
  const inline = (await partsOf(response)).find((part) => part.inlineData)?.inlineData;
  if (!inline) throw new Error("no image part");
  expect(inline.mimeType).toBe("image/png");
  const bytes = Buffer.from(inline.data, "base64");
  const meta = await sharp(bytes).metadata();
  expect(meta.format).toBe("png");
  return { width: meta.width, height: meta.height, bytes };
}

type Call = { tool?: string; input?: ToolInput; prompt: string; photo?: string };

/** One call of each tool whose answer is an image, as its run sends it (its id and tool input). */
const TOOLS: Record<string, Call> = {
  style: { tool: "hulk", input: { operation: "first" }, prompt: "Hulk", photo: "coffee.png" },
  custom: {
    tool: "muppet",
    input: { operation: "custom", words: "make it snow" },
    prompt: "x",
    photo: "coffee.png",
  },
  scene: {
    tool: "scene",
    input: { kind: "text", description: "Happy birthday", withAddedImage: false },
    prompt: "Add a banner.",
    photo: "coffee.png",
  },
  art: { tool: "art", prompt: "Refine this drawing.", photo: "cat-chelsea.png" },
  celebrations: {
    tool: "celebrations",
    input: { occasion: "wedding", description: "June" },
    prompt: "A card",
  },
  animator: {
    tool: "animator",
    input: { step: "character", description: "a green robot" },
    prompt: "A character",
  },
  "no tool, from words": { prompt: "A cucumber on a beach" },
};

const send = (call: Call, output: ImageOutput | Record<string, unknown>) =>
  call.tool
    ? postTool(call.tool, call.input, body(call.prompt, output, call.photo))
    : post(body(call.prompt, output, call.photo));

describe("the requested shape and size", () => {
  test.each(Object.entries(TOOLS))("%s: 2K at 16:9 is 2048x1152", async (_, call) => {
    const png = await pngOf(await send(call, { shape: "16:9", size: "2K" }));
    expect([png.width, png.height]).toEqual([2048, 1152]);
  });

  test("1K at a ratio is the longest side 1024 (imageConfig.aspectRatio alone)", async () => {
    const png = await pngOf(await send(TOOLS.style!, { shape: "9:16", size: "1K" }));
    expect([png.width, png.height]).toEqual([576, 1024]);
  });

  test("Same as photo keeps the photo's shape (600x400) at the size asked for", async () => {
    const png = await pngOf(await send(TOOLS.style!, { shape: "same", size: "2K" }));
    expect([png.width, png.height]).toEqual([2048, 1365]);
  });

  test("every ratio Gemini takes gives that ratio", async () => {
    for (const ratio of GEMINI_ASPECT_RATIOS) {
      const png = await pngOf(await send(TOOLS["no tool, from words"]!, { shape: ratio, size: "1K" }));
      const [w, h] = ratio.split(":").map(Number) as [number, number];
      expect(Math.max(png.width!, png.height!)).toBe(1024);
      expect(png.width! / png.height!).toBeCloseTo(w / h, 2);
    }
  });

  test("4K is a real 4096x4096 PNG of the picture", async () => {
    const png = await pngOf(await send(TOOLS.style!, { shape: "1:1", size: "4K" }));
    expect([png.width, png.height]).toEqual([4096, 4096]);
    // Not a flat fill scaled up: the picture's pixels vary across it.
    const stats = await sharp(png.bytes).stats();
    expect(stats.channels[0]!.stdev).toBeGreaterThan(10);
  });

  test("without a shape or a size, the preview keeps the photo's own size", async () => {
    const png = await pngOf(await post(body("Hulk", {}, "coffee.png")));
    expect([png.width, png.height]).toEqual([600, 400]);
  });
});

describe("a shape or size Gemini does not take", () => {
  test.each([
    [{ imageSize: "8K" }, /image_size: Unsupported image size "8K"/],
    [{ imageSize: "4k" }, /image_size: Unsupported image size "4k"/],
    [{ imageSize: 4 }, /image_size: Unsupported image size 4/],
    [{ aspectRatio: "7:3" }, /aspect_ratio: Unsupported aspect ratio "7:3"/],
    [{ aspectRatio: "same" }, /aspect_ratio: Unsupported aspect ratio "same"/],
  ])("%o is refused with 400 INVALID_ARGUMENT", async (imageConfig, message) => {
    const response = await post(body("Hulk", imageConfig, "coffee.png"));
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as GeminiError;
    expect(error.code).toBe(400);
    expect(error.status).toBe("INVALID_ARGUMENT");
    expect(error.message).toMatch(message);
  });
});

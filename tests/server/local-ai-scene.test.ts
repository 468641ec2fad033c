/**
 * Modify Scene in the local preview engine: a request named "scene" (x-cucumber-tool) with the form's
 * values in x-cucumber-tool-input, as run-scene.ts sends them with the REAL prompt of
^ * its tool folder's prompts.ts, gets the text, the widget or the added picture composited at the named place,
 * the rest of the scene left as it was. The prompt's words play no part: a reworded prompt answers the
 * same, and the scene prompt without the tool's headers is an ordinary custom edit.
 */
import sharp from "sharp";
import { describe, expect, test } from "vitest";
import {
  scenePrompt,
  SCENE_POSITIONS,
  type ScenePosition,
  type SceneType,
} from "../../src/tools/scene/prompts";
import { BadRequest } from "../../server/local-ai/request.ts";
import { placeFractions, readSceneAsk } from "../../server/local-ai/tools/scene.ts";
import type { ToolInput } from "../../src/config/tool-input.ts";
import {
  base64Of,
  decode,
  fixture,
  imageOf,
  meanAbsDiff,
  meanColour,
  partsOf,
  post,
  postTool,
  type GeminiError,
  type Pixels,
} from "./helpers.ts";

const BASE = "cat-chelsea.png"; // 451 x 300

async function solidPng(colour: { r: number; g: number; b: number }, width = 120, height = 90) {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

function sceneBody(prompt: string, added?: Buffer): unknown {
  const parts: unknown[] = [
    { text: prompt },
    { inlineData: { mimeType: "image/png", data: base64Of(BASE) } },
  ];
  if (added) parts.push({ inlineData: { mimeType: "image/png", data: added.toString("base64") } });
  return { contents: [{ role: "user", parts }], generationConfig: { responseModalities: ["TEXT", "IMAGE"] } };
}

/** The mean absolute difference between two same-sized images inside a region given in fractions. */
function regionDiff(a: Pixels, b: Pixels, fx: number, fy: number, fw: number, fh: number): number {
  const left = Math.round(a.width * fx);
  const top = Math.round(a.height * fy);
  const width = Math.round(a.width * fw);
  const height = Math.round(a.height * fh);
  let total = 0;
  for (let y = top; y < top + height; y++) {
    for (let x = left; x < left + width; x++) {
      const i = (y * a.width + x) * 3;
      total += Math.abs(a.data[i] - b.data[i]) + Math.abs(a.data[i + 1] - b.data[i + 1]);
      total += Math.abs(a.data[i + 2] - b.data[i + 2]);
    }
  }
  return total / (width * height * 3);
}

let input: Pixels | undefined;
async function baseImage(): Promise<Pixels> {
  input ??= await decode(fixture(BASE));
  return input;
}

/** The tool input run-scene.ts sends for these form values. */
function sceneInput(
  type: SceneType,
  description: string,
  position?: ScenePosition,
  added = false,
): ToolInput {
  return { kind: type, description, ...(position ? { position } : {}), withAddedImage: added };
}

/** The request run-scene.ts sends: the real prompt, the scene (and the picture to add), the headers. */
function sendScene(type: SceneType, description: string, position?: ScenePosition, added?: Buffer) {
  const prompt = scenePrompt(type, description, position, Boolean(added));
  return postTool("scene", sceneInput(type, description, position, Boolean(added)), sceneBody(prompt, added));
}

async function modify(type: SceneType, description: string, position?: ScenePosition, added?: Buffer) {
  return imageOf(await sendScene(type, description, position, added));
}

describe("reading the scene's tool input", () => {
  test.each(["image", "text", "widget"] as const)("%s, with every position", (type) => {
    for (const position of SCENE_POSITIONS) {
      const input = sceneInput(type, '  Say "hi" to Sam  ', position, type === "image");
      expect(readSceneAsk({ input, imageCount: type === "image" ? 2 : 1 })).toEqual({
        kind: type,
        description: 'Say "hi" to Sam',
        where: position,
        withAddedImage: type === "image",
      });
    }
  });

  test("left out: an image at the centre, its description empty, the second image the picture to add", () => {
    expect(readSceneAsk({ input: {}, imageCount: 1 })).toEqual({
      kind: "image",
      description: "",
      where: undefined,
      withAddedImage: false,
    });
    expect(readSceneAsk({ input: {}, imageCount: 2 }).withAddedImage).toBe(true);
    expect(readSceneAsk({ input: { withAddedImage: false }, imageCount: 2 }).withAddedImage).toBe(false);
  });

  test("the named places are the thirds of the picture; none is the centre", () => {
    expect(placeFractions(undefined)).toEqual({ x: 0.5, y: 0.5 });
    expect(placeFractions("top-left")).toEqual({ x: 1 / 6, y: 1 / 6 });
    expect(placeFractions("bottom-right")).toEqual({ x: 5 / 6, y: 5 / 6 });
    expect(placeFractions("center-left")).toEqual({ x: 1 / 6, y: 0.5 });
    expect(placeFractions("top-center")).toEqual({ x: 0.5, y: 1 / 6 });
  });

  test.each([
    [{ kind: "banner" }, 1, /kind.*one of image, text, widget/],
    [{ kind: 3 }, 1, /kind/],
    [{ description: ["a", "b"] }, 1, /description.*a string/],
    [{ position: "top left" }, 1, /position.*one of top-left/],
    [{ withAddedImage: "yes" }, 2, /withAddedImage.*true or false/],
    [{ withAddedImage: true }, 1, /second image is the picture to add/],
    [{ kind: "text" }, 0, /needs the scene/],
  ] as const)("refuses %j with %i image(s)", (input, imageCount, message) => {
    expect(() => readSceneAsk({ input, imageCount })).toThrow(BadRequest);
    expect(() => readSceneAsk({ input, imageCount })).toThrow(message);
  });

  test("over HTTP a refused input is a 400 INVALID_ARGUMENT naming the field", async () => {
    const response = await postTool("scene", { kind: "banner" }, sceneBody("Add a banner."));
    expect(response.status).toBe(400);
    const body = (await response.json()) as GeminiError;
    expect(body.error.status).toBe("INVALID_ARGUMENT");
    expect(body.error.message).toContain("x-cucumber-tool-input.kind");
  });
});

describe("the tool id and its input decide, not the prompt's words", () => {
  test("a reworded prompt with the same input gets the same scene", async () => {
    const real = await sendScene("widget", "Weather: 24°C and sunny", "bottom-right");
    const reworded = await postTool(
      "scene",
      sceneInput("widget", "Weather: 24°C and sunny", "bottom-right"),
      sceneBody("Put a little card with the weather in one corner, please. Nothing else changes."),
    );
    const [realParts, rewordedParts] = [await partsOf(real.clone()), await partsOf(reworded.clone())];
    expect(rewordedParts[0]?.text).toBe(realParts[0]?.text);
    expect(rewordedParts[0]?.text).toContain("widget added at the bottom right");
    expect(meanAbsDiff(await imageOf(reworded), await imageOf(real))).toBe(0);
  });

  test("the scene prompt without the tool's headers is an ordinary custom edit of the photo", async () => {
    const parts = await partsOf(await post(sceneBody(scenePrompt("text", "HELLO", "top-left", false))));
    expect(parts[0]?.text).toBe("Local preview: custom edit applied.");
  });
});

describe("the scene comes back with the addition at the chosen place", () => {
  test("text at the top left: drawn there, the rest untouched, same size", async () => {
    const base = await baseImage();
    const out = await modify("text", "HELLO WORLD", "top-left");
    expect([out.width, out.height]).toEqual([base.width, base.height]);
    expect(regionDiff(out, base, 0.03, 0.08, 0.3, 0.2)).toBeGreaterThan(20);
    expect(regionDiff(out, base, 0.55, 0.55, 0.45, 0.45)).toBeLessThan(1);
  });

  test("the text depends on the description", async () => {
    const a = await modify("text", "HELLO", "center");
    const b = await modify("text", "Goodbye, see you", "center");
    expect(regionDiff(a, b, 0.2, 0.35, 0.6, 0.3)).toBeGreaterThan(5);
  });

  test("a widget at the bottom right: a light card there, the top left untouched", async () => {
    const base = await baseImage();
    const out = await modify("widget", "Weather: 24°C and sunny", "bottom-right");
    expect(regionDiff(out, base, 0.62, 0.72, 0.3, 0.2)).toBeGreaterThan(20);
    const [r, g, b] = meanColour(out, {
      left: Math.round(out.width * 0.75),
      top: Math.round(out.height * 0.78),
      width: 20,
      height: 10,
    });
    expect(Math.min(r, g, b)).toBeGreaterThan(150);
    expect(regionDiff(out, base, 0.2, 0.15, 0.3, 0.3)).toBeLessThan(1);
  });

  test("without a position, a widget goes in the centre", async () => {
    const base = await baseImage();
    const out = await modify("widget", "Sale", undefined);
    expect(regionDiff(out, base, 0.4, 0.4, 0.2, 0.2)).toBeGreaterThan(20);
    expect(regionDiff(out, base, 0.75, 0.75, 0.25, 0.25)).toBeLessThan(1);
  });

  test("an added picture is composited at the bottom left", async () => {
    const base = await baseImage();
    const red = await solidPng({ r: 230, g: 20, b: 20 });
    const out = await modify("image", "a red box", "bottom-left", red);
    const [r, g, b] = meanColour(out, {
      left: Math.round(out.width * 0.12),
      top: Math.round(out.height * 0.8),
      width: 12,
      height: 12,
    });
    expect(r).toBeGreaterThan(200);
    expect(g).toBeLessThan(50);
    expect(b).toBeLessThan(50);
    expect(regionDiff(out, base, 0.6, 0.1, 0.35, 0.35)).toBeLessThan(1);
  });

  test("an image without a picture to add: a drawn object labelled with the description, at the top right", async () => {
    const base = await baseImage();
    const response = await sendScene("image", "a hot-air balloon", "top-right");
    const parts = await partsOf(response.clone());
    expect(parts[0]?.text).toContain("a hot-air balloon");
    expect(parts[0]?.text).toContain("top right");
    const out = await imageOf(response);
    expect(regionDiff(out, base, 0.7, 0.1, 0.2, 0.25)).toBeGreaterThan(20);
    expect(regionDiff(out, base, 0.05, 0.6, 0.35, 0.35)).toBeLessThan(1);
  });

  test("a second image the input does not call the picture to add is not pasted in", async () => {
    const red = await solidPng({ r: 230, g: 20, b: 20 });
    const prompt = scenePrompt("image", "a red box", "bottom-left", true);
    const input = sceneInput("image", "a red box", "bottom-left", false);
    const response = await postTool("scene", input, sceneBody(prompt, red));
    const parts = await partsOf(response);
    expect(parts[0]?.text).toContain("a drawn stand-in object added at the bottom left");
  });
});

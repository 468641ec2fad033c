/**
 * Modify Scene in the local preview engine: fed the REAL prompts of src/config/prompts.ts, it
 * composites the text, the widget or the added picture at the named place, and leaves the rest of
 * the scene as it was.
 */
import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { scenePrompt, SCENE_POSITIONS, type ScenePosition, type SceneType } from "../../src/config/prompts";
import { parseScenePrompt, placeFractions } from "../../server/local-ai/tools/scene.ts";
import {
  base64Of,
  decode,
  fixture,
  imageBody,
  imageOf,
  meanColour,
  partsOf,
  post,
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

async function modify(type: SceneType, description: string, position?: ScenePosition, added?: Buffer) {
  const prompt = scenePrompt(type, description, position, Boolean(added));
  return imageOf(await post(sceneBody(prompt, added)));
}

describe("reading the scene prompt", () => {
  test.each(["image", "text", "widget"] as const)("%s, with every position", (type) => {
    for (const position of SCENE_POSITIONS) {
      const ask = parseScenePrompt(scenePrompt(type, '  Say "hi" to Sam  ', position, type === "image"));
      expect(ask).toEqual({
        kind: type,
        description: 'Say "hi" to Sam',
        where: position.replace("-", " "),
        withAddedImage: type === "image",
      });
    }
  });

  test("no position means the centre", () => {
    const ask = parseScenePrompt(scenePrompt("text", "Hello", undefined, false));
    expect(ask?.where).toBeUndefined();
    expect(placeFractions(ask?.where)).toEqual({ x: 0.5, y: 0.5 });
    expect(placeFractions("top left")).toEqual({ x: 1 / 6, y: 1 / 6 });
    expect(placeFractions("bottom right")).toEqual({ x: 5 / 6, y: 5 / 6 });
    expect(placeFractions("center left")).toEqual({ x: 1 / 6, y: 0.5 });
  });

  test("other tools' prompts are not scene prompts", () => {
    expect(parseScenePrompt("Add ONE humorous, photorealistic cucumber to this image.")).toBeUndefined();
    expect(
      parseScenePrompt('Transform this image according to the user\'s prompt: "add text"'),
    ).toBeUndefined();
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
    const response = await post(sceneBody(scenePrompt("image", "a hot-air balloon", "top-right", false)));
    const parts = await partsOf(response.clone());
    expect(parts[0]?.text).toContain("a hot-air balloon");
    expect(parts[0]?.text).toContain("top right");
    const out = await imageOf(response);
    expect(regionDiff(out, base, 0.7, 0.1, 0.2, 0.25)).toBeGreaterThan(20);
    expect(regionDiff(out, base, 0.05, 0.6, 0.35, 0.35)).toBeLessThan(1);
  });

  test("a prompt that is not a scene prompt still gets the style engine", async () => {
    const parts = await partsOf(
      await post(imageBody("Turn this photo into the Simpsons style.", BASE, "image/png")),
    );
    expect(parts[0]?.text).toMatch(/Simpsons/);
  });
});

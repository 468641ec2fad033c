/**
 * Art Enhancer in the local preview engine: a request named "art" (x-cucumber-tool), as run-art.ts
 * sends it with the app's real instruction (ART_PROMPT) and an inline PNG, is answered with a refined
 * version of the same picture: same size, same composition, visibly smoother and more colourful, and
 * different for a different picture. The tool id decides, not the instruction's words.
 */
import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { ART_PROMPT } from "../../src/tools/art/prompts.ts";
import {
  decode,
  fixture,
  imageBody,
  imageOf,
  meanAbsDiff,
  partsOf,
  post,
  postTool,
  TEXT_ENDPOINT,
  textBody,
  type Pixels,
} from "./helpers.ts";

/** Mean saturation (max - min channel) of an image, 0..255. */
function saturation(image: Pixels): number {
  let total = 0;
  for (let i = 0; i < image.data.length; i += 3) {
    const r = image.data[i]!;
    const g = image.data[i + 1]!;
    const b = image.data[i + 2]!;
    total += Math.max(r, g, b) - Math.min(r, g, b);
  }
  return total / (image.data.length / 3);
}

/** A child's drawing of 800x500: a red house with a blue roof and a black outline, on white. */
async function drawing(): Promise<Buffer> {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500">` +
    `<rect width="800" height="500" fill="#fff"/>` +
    `<rect x="250" y="220" width="300" height="220" fill="#cc4444" stroke="#000" stroke-width="6"/>` +
    `<polygon points="230,220 400,90 570,220" fill="#4466cc" stroke="#000" stroke-width="6"/>` +
    `<circle cx="680" cy="90" r="50" fill="#ddcc33"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** What run-art.ts sends: the tool's name, no input (the picture is all it needs). */
const enhance = (body: unknown) => postTool("art", undefined, body);

function artBody(png: Buffer, prompt = ART_PROMPT): unknown {
  return {
    contents: [
      {
        role: "user",
        parts: [{ text: prompt }, { inlineData: { mimeType: "image/png", data: png.toString("base64") } }],
      },
    ],
    generationConfig: { responseModalities: ["TEXT", "IMAGE"] },
  };
}

describe("local preview engine: Art Enhancer", () => {
  test("answers by the tool id: reworded, the same; the instruction without the tool, a custom edit", async () => {
    const png = await drawing();
    const real = await enhance(artBody(png));
    const reworded = await enhance(artBody(png, "Make my drawing look professional."));
    const realParts = await partsOf(real.clone());
    expect((await partsOf(reworded.clone()))[0]?.text).toBe(realParts[0]?.text);
    expect(meanAbsDiff(await imageOf(reworded), await imageOf(real))).toBe(0);
    const untitled = await partsOf(await post(artBody(png)));
    expect(untitled[0]?.text).toBe("Local preview: custom edit applied.");
  });

  test("without the picture it is a 400; asked for words, it describes the picture", async () => {
    expect((await enhance(imageBody(ART_PROMPT))).status).toBe(400);
    const words = await partsOf(
      await postTool("art", undefined, textBody(ART_PROMPT, "cat-chelsea.png"), TEXT_ENDPOINT),
    );
    expect(words).toHaveLength(1);
    expect(words[0]?.text).toMatch(/451x300/);
  });

  test("a drawing comes back refined: same size and composition, richer colour, says what it did", async () => {
    const png = await drawing();
    const response = await enhance(artBody(png));
    const parts = await partsOf(response.clone());
    expect(parts[0]?.text).toMatch(/artwork enhanced/i);
    const out = await imageOf(response);
    const input = await decode(png);
    expect([out.width, out.height]).toEqual([800, 500]);
    // Visibly changed, but the same picture (not a different one).
    const diff = meanAbsDiff(out, input);
    expect(diff).toBeGreaterThan(3);
    expect(diff).toBeLessThan(45);
    expect(saturation(out)).toBeGreaterThan(saturation(input) * 1.1);
    // Composition kept: the house's wall is still red in the middle, the sky still light.
    const at = (img: Pixels, x: number, y: number) => {
      const i = (y * img.width + x) * 3;
      return [img.data[i]!, img.data[i + 1]!, img.data[i + 2]!];
    };
    const [r, g, b] = at(out, 400, 330);
    expect(r).toBeGreaterThan(g + 60);
    expect(r).toBeGreaterThan(b + 60);
    const [sr, sg, sb] = at(out, 100, 450);
    expect(Math.min(sr, sg, sb)).toBeGreaterThan(150);
  });

  test("the result depends on the picture sent", async () => {
    const a = await imageOf(await enhance(imageBody(ART_PROMPT, "cat-chelsea.png", "image/png")));
    const b = await imageOf(await enhance(imageBody(ART_PROMPT, "portrait-astronaut.png", "image/png")));
    const catInput = await decode(fixture("cat-chelsea.png"));
    expect([a.width, a.height]).toEqual([catInput.width, catInput.height]);
    const bResized = await decode(
      Buffer.from(await sharp(fixture("portrait-astronaut.png")).png().toBuffer()),
      a.width,
      a.height,
    );
    const aAgain = await decode(
      await sharp(a.data, { raw: { width: a.width, height: a.height, channels: 3 } })
        .png()
        .toBuffer(),
    );
    expect(meanAbsDiff(aAgain, bResized)).toBeGreaterThan(10);
    expect(meanAbsDiff(a, catInput)).toBeLessThan(45);
    expect(b.width).toBeGreaterThan(0);
  });
});

/**
 * Character Animator in the local preview engine, fed the app's REAL prompts (src/config/prompts.ts):
 * a character drawn from the words of the description at the requested aspect ratio, and "Animate"
 * answered with one 2x2 sheet of that very character in four visibly different frames.
 */
import { describe, expect, test } from "vitest";
import { animatorHandler } from "../../server/local-ai/tools/animator.ts";
import { ANIMATION_PROMPT, ASPECT_RATIOS, characterPrompt } from "../../src/config/prompts.ts";
import { decode, meanAbsDiff, partsOf, post, type Pixels } from "./helpers.ts";

function body(prompt: string, aspectRatio: string, image?: string): unknown {
  const parts: unknown[] = [{ text: prompt }];
  if (image) parts.push({ inlineData: { mimeType: "image/png", data: image } });
  return {
    contents: [{ role: "user", parts }],
    generationConfig: { responseModalities: ["TEXT", "IMAGE"], imageConfig: { aspectRatio } },
  };
}

async function imageAnswer(prompt: string, aspectRatio: string, image?: string) {
  const parts = await partsOf(await post(body(prompt, aspectRatio, image)));
  const inline = parts.find((p) => p.inlineData)?.inlineData;
  if (!inline) throw new Error("no image part");
  expect(inline.mimeType).toBe("image/png");
  return { base64: inline.data, text: parts.find((p) => p.text)?.text ?? "" };
}

function ratioOf(value: string): number {
  const [w, h] = value.split(":").map(Number);
  return w! / h!;
}

/** The four quarters of a sheet, in reading order, as separate images. */
async function quarters(sheet: Buffer): Promise<Pixels[]> {
  const whole = await decode(sheet);
  const w = Math.floor(whole.width / 2);
  const h = Math.floor(whole.height / 2);
  return [0, 1, 2, 3].map((i) => {
    const left = (i % 2) * w;
    const top = Math.floor(i / 2) * h;
    const data = Buffer.alloc(w * h * 3);
    for (let y = 0; y < h; y++) {
      const from = ((top + y) * whole.width + left) * 3;
      whole.data.copy(data, y * w * 3, from, from + w * 3);
    }
    return { data, width: w, height: h, format: "raw" };
  });
}

const ROBOT = "a purple robot with a yellow hat";
const DRAGON = "a small green dragon with orange wings";

describe("the character (characterPrompt)", () => {
  test.each(ASPECT_RATIOS)("is drawn at the requested aspect ratio %s", async (ratio) => {
    const { base64 } = await imageAnswer(characterPrompt(ROBOT), ratio);
    const image = await decode(Buffer.from(base64, "base64"));
    expect(Math.max(image.width, image.height)).toBe(768);
    expect(image.width / image.height).toBeCloseTo(ratioOf(ratio), 1);
  });

  test("depends on the words of the description", async () => {
    const robot = await decode(
      Buffer.from((await imageAnswer(characterPrompt(ROBOT), "1:1")).base64, "base64"),
    );
    const dragon = await decode(
      Buffer.from((await imageAnswer(characterPrompt(DRAGON), "1:1")).base64, "base64"),
    );
    expect(meanAbsDiff(robot, dragon)).toBeGreaterThan(8);
  });

  test("stays a character when the description has a party word", async () => {
    const { text } = await imageAnswer(characterPrompt("a birthday clown with a party hat"), "1:1");
    expect(text).toBe("Local preview: generated cartoon character applied.");
  });

  test("is not taken for an animation request", () => {
    const request = {
      prompt: characterPrompt(ROBOT),
      imageCount: 0,
      decoded: async () => [],
      wantsImage: true,
    };
    expect(animatorHandler.matches(request)).toBe(false);
  });
});

describe("Animate (ANIMATION_PROMPT with the character image)", () => {
  test.each(["1:1", "16:9", "9:16"])(
    "answers one 2x2 sheet at %s of four visibly different frames of the character sent",
    async (ratio) => {
      const character = await imageAnswer(characterPrompt(ROBOT), ratio);
      const answer = await imageAnswer(ANIMATION_PROMPT, ratio, character.base64);
      expect(answer.text).toMatch(/four-frame loop/);
      const sheetBytes = Buffer.from(answer.base64, "base64");
      const sheet = await decode(sheetBytes);
      expect(sheet.width / sheet.height).toBeCloseTo(ratioOf(ratio), 1);

      const frames = await quarters(sheetBytes);
      // Every frame differs clearly from every other one.
      for (let a = 0; a < 4; a++) {
        for (let b = a + 1; b < 4; b++) {
          expect(meanAbsDiff(frames[a]!, frames[b]!), `frames ${a + 1} and ${b + 1}`).toBeGreaterThan(4);
        }
      }
      // Frame 1 is the character itself, scaled to a quarter of the sheet.
      const { width, height } = frames[0]!;
      const original = await decode(Buffer.from(character.base64, "base64"), width, height);
      expect(meanAbsDiff(frames[0]!, original)).toBeLessThan(6);
    },
  );

  test("depends on the character sent", async () => {
    const robot = await imageAnswer(characterPrompt(ROBOT), "1:1");
    const dragon = await imageAnswer(characterPrompt(DRAGON), "1:1");
    const a = await decode(
      Buffer.from((await imageAnswer(ANIMATION_PROMPT, "1:1", robot.base64)).base64, "base64"),
    );
    const b = await decode(
      Buffer.from((await imageAnswer(ANIMATION_PROMPT, "1:1", dragon.base64)).base64, "base64"),
    );
    expect(meanAbsDiff(a, b)).toBeGreaterThan(8);
  });

  test("without the character image it is not an animation request", () => {
    expect(
      animatorHandler.matches({
        prompt: ANIMATION_PROMPT,
        imageCount: 0,
        decoded: async () => [],
        wantsImage: true,
      }),
    ).toBe(false);
    expect(
      animatorHandler.matches({
        prompt: ANIMATION_PROMPT,
        imageCount: 1,
        decoded: async () => [],
        wantsImage: true,
      }),
    ).toBe(true);
  });

  test("a corrupt character image is a 400 with Gemini's message", async () => {
    const response = await post(body(ANIMATION_PROMPT, "1:1", Buffer.from("not a png").toString("base64")));
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(
      /Unable to process input image/,
    );
  });
});

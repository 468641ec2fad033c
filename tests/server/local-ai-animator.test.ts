/**
 * Character Animator in the local preview engine, its requests as run-animator.ts sends them: the
 * app's REAL prompts (src/tools/<id>/prompts.ts), named "animator", the step and the description in the
 * tool input. A character drawn from the words of the description at the requested aspect ratio, and
 * "Animate" answered with one 2x2 sheet of that very character in four visibly different frames.
 */
import { describe, expect, test } from "vitest";
import { BadRequest } from "../../server/local-ai/request.ts";
import { readAnimatorAsk } from "../../server/local-ai/tools/animator.ts";
import { ANIMATION_PROMPT, characterPrompt } from "../../src/tools/animator/prompts.ts";
import { ASPECT_RATIOS } from "../../src/config/aspect-ratios.ts";
import type { ToolInput } from "../../src/config/tool-input.ts";
import { decode, meanAbsDiff, partsOf, postTool, type GeminiError, type Pixels } from "./helpers.ts";

function body(prompt: string, aspectRatio: string, image?: string): unknown {
  const parts: unknown[] = [{ text: prompt }];
  if (image) parts.push({ inlineData: { mimeType: "image/png", data: image } });
  return {
    contents: [{ role: "user", parts }],
    generationConfig: { responseModalities: ["TEXT", "IMAGE"], imageConfig: { aspectRatio } },
  };
}

/** What run-animator.ts sends beside each prompt: the character's call, or Animate's. */
const characterInput = (description: string): ToolInput => ({ step: "character", description });
const animateInput: ToolInput = { step: "animate", description: "the character" };

async function imageAnswer(input: ToolInput, prompt: string, aspectRatio: string, image?: string) {
  const parts = await partsOf(await postTool("animator", input, body(prompt, aspectRatio, image)));
  const inline = parts.find((p) => p.inlineData)?.inlineData;
  if (!inline) throw new Error("no image part");
  expect(inline.mimeType).toBe("image/png");
  return { base64: inline.data, text: parts.find((p) => p.text)?.text ?? "" };
}

/** createCharacter's request: characterPrompt and the description in the input. */
const drawCharacter = (description: string, aspectRatio: string) =>
  imageAnswer(characterInput(description), characterPrompt(description), aspectRatio);

/** animateCharacter's request: the character image sent back with ANIMATION_PROMPT (or other words). */
const animate = (character: string, aspectRatio: string, prompt = ANIMATION_PROMPT) =>
  imageAnswer(animateInput, prompt, aspectRatio, character);

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
  test.each(ASPECT_RATIOS)("is drawn at the requested aspect ratio %s, 1K", async (ratio) => {
    const { base64 } = await drawCharacter(ROBOT, ratio);
    const image = await decode(Buffer.from(base64, "base64"));
    // Gemini's 1K (the default imageSize): the longest side 1024 px.
    expect(Math.max(image.width, image.height)).toBe(1024);
    expect(image.width / image.height).toBeCloseTo(ratioOf(ratio), 1);
  });

  test("depends on the words of the description", async () => {
    const robot = await decode(Buffer.from((await drawCharacter(ROBOT, "1:1")).base64, "base64"));
    const dragon = await decode(Buffer.from((await drawCharacter(DRAGON, "1:1")).base64, "base64"));
    expect(meanAbsDiff(robot, dragon)).toBeGreaterThan(8);
  });

  test("stays a character when the description has a party word", async () => {
    const { text } = await drawCharacter("a birthday clown with a party hat", "1:1");
    expect(text).toBe("Local preview: generated cartoon character applied.");
  });

  test("a reworded prompt with the same description draws the same character", async () => {
    const real = await drawCharacter(ROBOT, "16:9");
    const reworded = await imageAnswer(characterInput(ROBOT), "Draw me somebody fun.", "16:9");
    expect(reworded.text).toBe(real.text);
    expect(reworded.base64).toBe(real.base64);
  });
});

describe("reading the animator's tool input", () => {
  test("the step sent, else Animate when an image comes with the request and the character without", () => {
    expect(readAnimatorAsk({ input: characterInput(ROBOT), imageCount: 0 })).toEqual({
      step: "character",
      description: ROBOT,
    });
    expect(readAnimatorAsk({ input: {}, imageCount: 0 }).step).toBe("character");
    expect(readAnimatorAsk({ input: {}, imageCount: 1 }).step).toBe("animate");
    expect(readAnimatorAsk({ input: { step: "character" }, imageCount: 1 }).step).toBe("character");
  });

  test("refuses Animate without the character image, and a step it does not know", async () => {
    expect(() => readAnimatorAsk({ input: animateInput, imageCount: 0 })).toThrow(BadRequest);
    expect(() => readAnimatorAsk({ input: { step: "dance" }, imageCount: 1 })).toThrow(/step/);
    const response = await postTool("animator", animateInput, body(ANIMATION_PROMPT, "1:1"));
    expect(response.status).toBe(400);
    expect(((await response.json()) as GeminiError).error.message).toMatch(/Animate needs the character/);
  });
});

describe("Animate (ANIMATION_PROMPT with the character image)", () => {
  test.each(["1:1", "16:9", "9:16"])(
    "answers one 2x2 sheet at %s of four visibly different frames of the character sent",
    async (ratio) => {
      const character = await drawCharacter(ROBOT, ratio);
      const answer = await animate(character.base64, ratio);
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
    const robot = await drawCharacter(ROBOT, "1:1");
    const dragon = await drawCharacter(DRAGON, "1:1");
    const a = await decode(Buffer.from((await animate(robot.base64, "1:1")).base64, "base64"));
    const b = await decode(Buffer.from((await animate(dragon.base64, "1:1")).base64, "base64"));
    expect(meanAbsDiff(a, b)).toBeGreaterThan(8);
  });

  test("a reworded prompt with the same character gets the same sheet", async () => {
    const character = await drawCharacter(DRAGON, "1:1");
    const real = await animate(character.base64, "1:1");
    const reworded = await animate(character.base64, "1:1", "Make it move!");
    expect(reworded.text).toBe(real.text);
    expect(reworded.base64).toBe(real.base64);
  });

  test("a corrupt character image is a 400 with Gemini's message", async () => {
    const corrupt = Buffer.from("not a png").toString("base64");
    const response = await postTool("animator", animateInput, body(ANIMATION_PROMPT, "1:1", corrupt));
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(
      /Unable to process input image/,
    );
  });
});

/**
 * Celebration Creator in the local preview engine: a request named "celebrations" with the occasion
 * and the description in its tool input, as run-celebration.ts sends them beside the REAL prompt of
^ * its tool folder's prompts.ts, is answered with a card themed by the occasion, the inspiration image
 * composited when one is sent, at the requested aspect ratio. The prompt's words play no part.
 */
import { describe, expect, test } from "vitest";
import { CELEBRATION_TYPES, celebrationPrompt, type CelebrationType } from "@/tools/celebrations/prompts";
import { BadRequest } from "../../server/local-ai/request.ts";
import { CELEBRATION_THEMES, readCelebration, themeFor } from "../../server/local-ai/tools/celebrations.ts";
import {
  base64Of,
  decode,
  imageOf,
  meanAbsDiff,
  meanColour,
  partsOf,
  postTool,
  type Pixels,
} from "./helpers.ts";

function body(
  type: CelebrationType,
  description: string,
  options: { image?: string; aspectRatio?: string; prompt?: string } = {},
): unknown {
  const prompt = options.prompt ?? celebrationPrompt(type, description, Boolean(options.image));
  const parts: unknown[] = [{ text: prompt }];
  if (options.image) parts.push({ inlineData: { mimeType: "image/jpeg", data: base64Of(options.image) } });
  return {
    contents: [{ role: "user", parts }],
    generationConfig: {
      responseModalities: ["TEXT", "IMAGE"],
      ...(options.aspectRatio ? { imageConfig: { aspectRatio: options.aspectRatio } } : {}),
    },
  };
}

/** The request run-celebration.ts sends: the prompt, the optional inspiration image, the tool's input. */
function send(
  type: CelebrationType,
  description: string,
  options: { image?: string; aspectRatio?: string; prompt?: string } = {},
) {
  return postTool("celebrations", { occasion: type, description }, body(type, description, options));
}

async function card(
  type: CelebrationType,
  description = "For Sam, with love",
  options: { image?: string; aspectRatio?: string } = {},
): Promise<Pixels> {
  return imageOf(await send(type, description, options));
}

describe("reading the celebration's tool input", () => {
  test.each(CELEBRATION_TYPES.map((t) => [t.value, t.label] as const))(
    "%s: the occasion's label and the description, and it has its own theme",
    (value, label) => {
      const read = readCelebration({ occasion: value, description: '  Sam turns "30". Cake!  ' });
      expect(read).toEqual({ occasion: label, description: 'Sam turns "30". Cake!' });
      expect(CELEBRATION_THEMES[label]).toBeDefined();
      expect(themeFor(label)).toBe(CELEBRATION_THEMES[label]);
    },
  );

  test("left out: general congratulations, no description", () => {
    expect(readCelebration({})).toEqual({ occasion: "General Congratulations", description: "" });
  });

  test("an occasion that is not one of the types, or a description that is no string, is refused", () => {
    expect(() => readCelebration({ occasion: "Birthday" })).toThrow(BadRequest);
    expect(() => readCelebration({ occasion: "bar-mitzvah" })).toThrow(/occasion.*one of birthday/);
    expect(() => readCelebration({ description: 30 })).toThrow(/description.*a string/);
  });

  test("every occasion has a different headline and background", () => {
    const themes = CELEBRATION_TYPES.map((t) => themeFor(t.label));
    expect(new Set(themes.map((t) => t.headline)).size).toBe(CELEBRATION_TYPES.length);
    expect(new Set(themes.map((t) => t.background.join())).size).toBe(CELEBRATION_TYPES.length);
  });

  test("a reworded prompt with the same input gets the same card", async () => {
    const real = await send("graduation", "Class of 2026", { aspectRatio: "4:5" });
    const reworded = await send("graduation", "Class of 2026", {
      aspectRatio: "4:5",
      prompt: "Make us something nice for this, thanks.",
    });
    const realParts = await partsOf(real.clone());
    expect((await partsOf(reworded.clone()))[0]?.text).toBe(realParts[0]?.text);
    expect(realParts[0]?.text).toBe("Local preview: Congrats, Graduate! card.");
    expect(meanAbsDiff(await imageOf(reworded), await imageOf(real))).toBe(0);
  });
});

describe("the card", () => {
  test("answers with a text part and a PNG, square by default without an inspiration image", async () => {
    const response = await send("birthday", "Grandma's 90th");
    const parts = await partsOf(response);
    expect(parts[0]?.text).toBe("Local preview: Happy Birthday! card.");
    const image = parts.find((p) => p.inlineData)?.inlineData;
    expect(image?.mimeType).toBe("image/png");
    const png = await decode(Buffer.from(image!.data, "base64"));
    expect(png.format).toBe("png");
    expect([png.width, png.height]).toEqual([1024, 1024]);
  });

  test.each([
    ["16:9", 16 / 9],
    ["9:16", 9 / 16],
    ["4:5", 4 / 5],
    ["3:4", 3 / 4],
  ])("honours the aspect ratio %s, with and without an inspiration image", async (aspectRatio, ratio) => {
    for (const image of [undefined, "cat-chelsea.png"]) {
      const png = await card("wedding", "June in Lisbon", { aspectRatio, image });
      expect(Math.max(png.width, png.height)).toBe(1024);
      expect(png.width / png.height).toBeCloseTo(ratio, 2);
    }
  });

  test("the occasion themes the card: each type looks different", async () => {
    const birthday = await card("birthday");
    const holiday = await card("holiday");
    const graduation = await card("graduation");
    expect(meanAbsDiff(birthday, holiday)).toBeGreaterThan(40);
    expect(meanAbsDiff(birthday, graduation)).toBeGreaterThan(40);
    // Holiday is a deep green card, graduation a navy one, birthday a light pink one.
    const [hr, hg, hb] = meanColour(holiday);
    expect(hg).toBeGreaterThan(hr);
    expect(hg).toBeGreaterThan(hb);
    const [gr, , gb] = meanColour(graduation);
    expect(gb).toBeGreaterThan(gr + 30);
    const [br, bg] = meanColour(birthday);
    expect(br).toBeGreaterThan(bg);
  });

  test("the description is written on the card", async () => {
    const a = await card("anniversary", "Ten years");
    const b = await card("anniversary", "Forty wonderful years together, with everyone we love");
    // The caption card sits at the bottom; the rest of the card is drawn from the same theme.
    const bottom = {
      left: 0,
      top: Math.round(a.height * 0.8),
      width: a.width,
      height: Math.round(a.height * 0.2),
    };
    expect(meanColour(a, bottom)).not.toEqual(meanColour(b, bottom));
  });

  test("the inspiration image is composited in the middle of the card", async () => {
    const plain = await card("promotion", "New job!", { aspectRatio: "1:1" });
    const withCat = await card("promotion", "New job!", { aspectRatio: "1:1", image: "cat-chelsea.png" });
    const withAstronaut = await card("promotion", "New job!", {
      aspectRatio: "1:1",
      image: "portrait-astronaut.png",
    });
    const middle = { left: 412, top: 462, width: 200, height: 160 };
    const diff = (x: Pixels, y: Pixels) => {
      const [r1, g1, b1] = meanColour(x, middle);
      const [r2, g2, b2] = meanColour(y, middle);
      return Math.abs(r1 - r2) + Math.abs(g1 - g2) + Math.abs(b1 - b2);
    };
    expect(diff(plain, withCat)).toBeGreaterThan(30);
    expect(diff(withCat, withAstronaut)).toBeGreaterThan(30);
    // Around it the occasion's own background is kept (the promotion card's green).
    const corner = { left: 900, top: 200, width: 100, height: 100 };
    const [r, g] = meanColour(withCat, corner);
    expect(g).toBeGreaterThan(r);
    const parts = await partsOf(
      await send("promotion", "New job!", { aspectRatio: "1:1", image: "cat-chelsea.png" }),
    );
    expect(parts[0]?.text).toBe(
      "Local preview: Congrats on the Promotion! card with your inspiration image.",
    );
  });

  test("a damaged inspiration image is a 400, as Gemini answers it", async () => {
    const request = body("holiday", "Snow");
    const parts = (request as { contents: { parts: unknown[] }[] }).contents[0]!.parts;
    parts[0] = { text: celebrationPrompt("holiday", "Snow", true) };
    parts.push({ inlineData: { mimeType: "image/jpeg", data: base64Of("truncated.jpg").slice(0, 200) } });
    const response = await postTool("celebrations", { occasion: "holiday", description: "Snow" }, request);
    expect(response.status).toBe(400);
  });
});

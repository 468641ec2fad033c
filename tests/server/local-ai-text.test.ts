/**
 * The local preview engine's text answers (built from the image's real content) and its tolerance of
 * request shapes (camelCase and snake_case, as Gemini reads them).
 */
import { describe, expect, test } from "vitest";
import { nameColour } from "../../server/local-ai/text.ts";
import { base64Of, imageOf, partsOf, post, TEXT_ENDPOINT, textBody } from "./helpers.ts";

async function textOf(response: Response): Promise<string> {
  const parts = await partsOf(response);
  expect(parts).toHaveLength(1);
  return parts[0].text ?? "";
}

describe("text answers from the image's real content", () => {
  test("colour names", () => {
    expect(nameColour(152, 120, 88).name).toBe("tan");
    expect(nameColour(168, 40, 8).name).toBe("red");
    expect(nameColour(30, 90, 200).name).toBe("blue");
    expect(nameColour(50, 50, 50).name).toBe("charcoal");
    expect(nameColour(10, 10, 10).name).toBe("black");
    expect(nameColour(250, 250, 250).name).toBe("white");
    expect(nameColour(60, 160, 60).name).toBe("green");
  });

  test("the cat is described in tan and brown, the coffee in orange: each by what is in it", async () => {
    const cat = await textOf(
      await post(
        textBody("Describe this image to build a tailored prompt.", "cat-chelsea.png"),
        TEXT_ENDPOINT,
      ),
    );
    const coffee = await textOf(
      await post(textBody("Describe this image to build a tailored prompt.", "coffee.png"), TEXT_ENDPOINT),
    );
    expect(cat).toMatch(/^A softly lit landscape photo \(451x300\) dominated by warm tan and brown tones/);
    expect(coffee).toMatch(/^A dim landscape photo \(600x400\) dominated by warm orange and brown tones/);
    expect(cat).not.toMatch(/\borange\b/);
    expect(coffee).not.toMatch(/\btan\b/);
    // One paragraph, no style keyword that would hijack the image call it is appended to.
    for (const text of [cat, coffee]) {
      expect(text).not.toContain("\n");
      expect(text).not.toMatch(/hulk|muppet|frog|simpsons|gta|family guy|skeleton|x-ray|cucumber|party/i);
    }
  });

  test("a square portrait is described as such", async () => {
    const text = await textOf(
      await post(textBody("Analyse this image", "portrait-astronaut.png"), TEXT_ENDPOINT),
    );
    expect(text).toContain("square photo (512x512)");
  });

  test("the 12 MP EXIF-rotated photo is reported at its upright size", async () => {
    const text = await textOf(await post(textBody("Describe", "photo-12mp-exif-rotated.jpg"), TEXT_ENDPOINT));
    expect(text).toContain("portrait photo (3000x4000)");
  }, 30_000);

  test("a poem has 6 to 10 lines and names the image's colours", async () => {
    const poem = await textOf(
      await post(
        textBody("Write a visual, colourful poem with line breaks about this image.", "coffee.png"),
        TEXT_ENDPOINT,
      ),
    );
    const lines = poem.split("\n");
    expect(lines.length).toBeGreaterThanOrEqual(6);
    expect(lines.length).toBeLessThanOrEqual(10);
    expect(lines.every((line) => line.trim().length > 0)).toBe(true);
    expect(poem).toMatch(/orange/i);
    expect(poem).toMatch(/brown/i);
    expect(poem).toContain("600 by 400");
  });

  test("without an image: a short text from the prompt, and a short poem", async () => {
    const text = await textOf(await post(textBody("What can you do?"), TEXT_ENDPOINT));
    expect(text).toContain('"What can you do?"');
    expect(text.length).toBeLessThan(300);
    const poem = await textOf(await post(textBody("Write a poem about autumn leaves"), TEXT_ENDPOINT));
    expect(poem.split("\n").length).toBeGreaterThanOrEqual(6);
    expect(poem).toContain("autumn");
  });
});

describe("request shapes", () => {
  test("snake_case fields and mixed-case modalities, as the spec's Frog call sends them", async () => {
    const body = {
      contents: [
        {
          role: "user",
          parts: [
            { text: "Add a frog to the scene" },
            { inline_data: { mime_type: "image/png", data: base64Of("coffee.png") } },
          ],
        },
      ],
      generation_config: { response_modalities: ["Text", "Image"], temperature: 0.4, top_k: 32 },
    };
    const out = await imageOf(await post(body));
    expect([out.width, out.height]).toEqual([600, 400]);
  });

  test("snake_case text request", async () => {
    const body = {
      contents: [
        {
          parts: [
            { text: "describe" },
            { inline_data: { mime_type: "image/png", data: base64Of("coffee.png") } },
          ],
        },
      ],
      generation_config: { response_modalities: ["TEXT"] },
    };
    expect(await textOf(await post(body, TEXT_ENDPOINT))).toContain("(600x400)");
  });

  test("the API key header is optional, and ignored when present", async () => {
    const withKey = await post(textBody("hello"), TEXT_ENDPOINT, {
      headers: { "x-goog-api-key": "anything" },
    });
    expect(withKey.status).toBe(200);
    const withoutKey = await post(textBody("hello"), TEXT_ENDPOINT);
    expect(withoutKey.status).toBe(200);
  });

  test("base64 with line breaks is accepted", async () => {
    const data = base64Of("cat-chelsea.gif").replace(/(.{76})/g, "$1\n");
    const body = {
      contents: [{ parts: [{ text: "gta" }, { inlineData: { mimeType: "image/gif", data } }] }],
      generationConfig: { responseModalities: ["IMAGE"] },
    };
    expect((await imageOf(await post(body))).width).toBe(226);
  });
});

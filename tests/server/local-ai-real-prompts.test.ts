/**
 * The local preview engine fed the style tools' REAL requests, as run-conversion.ts sends them: the
 * tool's id in x-cucumber-tool and its operation in x-cucumber-tool-input, beside every prompt the tool
 * builds (the fixed prompt, the prompt-analysis prefix with a description appended, the analysis
 * fallback, a recreate), imported from the variant table rather than written again here. The tool id
 * picks the look, so a reworded prompt (or one naming another style) changes nothing; only a custom
 * transformation is read for a look, in the person's own words.
 */
import { describe, expect, test } from "vitest";
import { detectStyle, styleOfTool, type StyleId } from "../../server/local-ai/detect-style.ts";
import {
  customPrompt,
  FROG_TRANSFORM_ABOVE_BYTES,
  RECREATE_SUFFIX,
  VARIANTS,
  type Variant,
} from "../../src/config/variants.ts";
import {
  decode,
  fixture,
  imageBody,
  meanAbsDiff,
  partsOf,
  post,
  postTool,
  TEXT_ENDPOINT,
  textBody,
} from "./helpers.ts";

/** A photo over the frog's size rule (240 KB) and one under it (32 KB), both 451x300 or smaller. */
const LARGE = "cat-chelsea.png";
const SMALL = "cat-chelsea.gif";

/** The engine style each tool must get; frog depends on the size of the photo sent (SPEC 5 "Frog"). */
function expectedStyle(variant: Variant, bytes: number): StyleId {
  if (variant.id === "frog") return bytes > FROG_TRANSFORM_ABOVE_BYTES ? "frog-transform" : "frog-add";
  return variant.id;
}

/** The answer's words for a look (detect-style.ts names each one). */
function expectedText(variant: Variant, bytes: number): string {
  const id = expectedStyle(variant, bytes);
  const label =
    id === "frog-transform"
      ? "frog transformation"
      : id === "frog-add"
        ? "frog (added to the scene)"
        : (variant.preview?.name ?? `${variant.label} style`);
  return `Local preview: ${label} applied.`;
}

/** What the text model of the engine answers for a photo: appended to the prefix by prompt analysis. */
const ANALYSED = "A grey tabby cat sits on a wooden table in soft daylight, looking to the left.";

/** Every prompt a style tool sends with its photo, and two it never sends, each with its operation. */
function promptsOf(variant: Variant, bytes: number): Array<[string, string, "first" | "recreate"]> {
  const fixed = variant.prompt({ bytes });
  const prompts: Array<[string, string, "first" | "recreate"]> = [
    ["fixed prompt", fixed, "first"],
    ["recreate", `${fixed}${RECREATE_SUFFIX}`, "recreate"],
    ["reworded", "Please do your usual thing with this picture.", "first"],
    ["naming another style", "Redraw this photo in the style of The Simpsons, as a skeleton X-ray.", "first"],
  ];
  if (variant.analysis) {
    const base = variant.analysis.prefix ?? fixed;
    prompts.push(["analysed prompt", `${base} ${ANALYSED}`, "first"]);
    prompts.push(["analysis fallback", variant.analysis.fallback, "first"]);
  }
  return prompts;
}

describe("a style tool's look comes from its tool id", () => {
  test.each(VARIANTS.map((v) => [v.id, v] as const))("%s, for a large and a small photo", (_id, variant) => {
    expect(styleOfTool(variant.id, 200_000)?.id).toBe(expectedStyle(variant, 200_000));
    expect(styleOfTool(variant.id, 10_000)?.id).toBe(expectedStyle(variant, 10_000));
  });

  test("an id that is no style tool has no look of its own", () => {
    for (const id of [undefined, "batch", "scene", "poetry", "no-such-tool"]) {
      expect(styleOfTool(id, 200_000)).toBeUndefined();
    }
  });

  test.each(VARIANTS.map((v) => [v.id, v] as const))(
    "%s: every prompt, real or reworded, gets the tool's own look",
    async (_id, variant) => {
      const bytes = fixture(LARGE).length;
      for (const [kind, prompt, operation] of promptsOf(variant, bytes)) {
        const parts = await partsOf(
          await postTool(variant.id, { operation }, imageBody(prompt, LARGE, "image/png")),
        );
        expect(parts[0]?.text, kind).toBe(expectedText(variant, bytes));
      }
    },
  );

  test("the frog's two looks follow the size of the photo sent, as its prompt does", async () => {
    const frog = VARIANTS.find((v) => v.id === "frog")!;
    for (const [name, mimeType] of [
      [LARGE, "image/png"],
      [SMALL, "image/gif"],
    ] as const) {
      const bytes = fixture(name).length;
      const response = await postTool(
        "frog",
        { operation: "first" },
        imageBody("A frog, please.", name, mimeType),
      );
      expect((await partsOf(response))[0]?.text, name).toBe(expectedText(frog, bytes));
    }
  });
});

describe("the custom transformation: the person's words name the look", () => {
  test.each([
    ["make it look like a watercolour sunset", "custom edit"],
    ["give everyone a pirate hat", "custom edit"],
    ["turn me into the Hulk", "Hulk style"],
    ["put a frog on my head", "frog (added to the scene)"],
    ["turn my dog into a frog", "frog transformation"],
  ] as const)("%j on the Simpsons page -> %s", async (words, label) => {
    const body = imageBody(customPrompt(words), LARGE, "image/png");
    const parts = await partsOf(await postTool("simpsons", { operation: "custom", words }, body));
    expect(parts[0]?.text).toBe(`Local preview: ${label} applied.`);
  });

  test.each([
    ["make it look like a watercolour sunset", "custom"],
    ["give everyone a pirate hat", "custom"],
    ["turn me into the Hulk", "hulk"],
    ["put a frog on my head", "frog-add"],
  ] as const)("a request of no tool: %j -> %s, from the words inside the prompt", (words, id) => {
    expect(detectStyle(customPrompt(words)).id).toBe(id);
  });

  test("writes the person's own words on the picture, not the app's wrapper", async () => {
    const words = "paint the sky bright purple";
    const input = { operation: "custom", words };
    const parts = await partsOf(
      await postTool("muppet", input, imageBody(customPrompt(words), LARGE, "image/png")),
    );
    expect(parts[0]?.text).toBe("Local preview: custom edit applied.");
    const out = await decode(Buffer.from(parts[1]!.inlineData!.data, "base64"));
    const photo = await decode(fixture(LARGE));
    expect(out.width).toBe(photo.width);
    expect(meanAbsDiff(out, photo)).toBeGreaterThan(2);
    // The words come from the input: a reworded wrapper writes the same caption.
    const reworded = await partsOf(
      await postTool("muppet", input, imageBody("Here is what they asked for.", LARGE, "image/png")),
    );
    const again = await decode(Buffer.from(reworded[1]!.inlineData!.data, "base64"));
    expect(meanAbsDiff(again, out)).toBe(0);
  });

  test("an operation the tool does not have is a 400", async () => {
    const response = await postTool("hulk", { operation: "remix" }, imageBody("Hulk!", LARGE, "image/png"));
    expect(response.status).toBe(400);
  });
});

describe("each style tool's real request, end to end through the engine", () => {
  test.each(VARIANTS.map((v) => [v.id, v] as const))(
    "%s answers with an edited photo",
    async (_id, variant) => {
      const prompt = variant.prompt({ bytes: 200_000 });
      const parts = await partsOf(
        await postTool(variant.id, { operation: "first" }, imageBody(prompt, LARGE, "image/png")),
      );
      expect(parts[0]?.text).toMatch(/^Local preview: .+ applied\.$/);
      const out = await decode(Buffer.from(parts[1]!.inlineData!.data, "base64"));
      const input = await decode(fixture(LARGE));
      expect([out.width, out.height]).toEqual([input.width, input.height]);
      // The cucumber is one small sprite: the least change of all styles, still far from the photo.
      expect(meanAbsDiff(out, input)).toBeGreaterThan(1);
    },
  );

  test.each(VARIANTS.filter((v) => v.analysis).map((v) => [v.id, v] as const))(
    "%s: the prompt-analysis request is answered in words describing the photo",
    async (_id, variant) => {
      const parts = await partsOf(
        await postTool(variant.id, undefined, textBody(variant.analysis!.request, LARGE), TEXT_ENDPOINT),
      );
      expect(parts).toHaveLength(1);
      expect(parts[0]?.text?.length).toBeGreaterThan(20);
      expect(parts[0]?.text).not.toMatch(/poem/i);
    },
  );

  test("without the tool's headers, the fixed prompts still name their looks (a request of no tool)", async () => {
    const hulk = VARIANTS.find((v) => v.id === "hulk")!;
    const parts = await partsOf(await post(imageBody(hulk.prompt({ bytes: 0 }), LARGE, "image/png")));
    expect(parts[0]?.text).toBe("Local preview: Hulk style applied.");
  });
});

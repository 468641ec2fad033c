/**
 * The local preview engine fed the app's REAL instructions: every style tool's prompt as the
 * tool builds it (the fixed prompt, the prompt-analysis prefix with a description appended, the
 * analysis fallback, a recreate, a custom transformation), imported from the variant table rather than
 * written again here, so a reworded prompt that the engine no longer recognises fails this test.
 */
import { describe, expect, test } from "vitest";
import { detectStyle, type StyleId } from "../../server/local-ai/detect-style.ts";
import { customPrompt, RECREATE_SUFFIX, VARIANTS, type Variant } from "../../src/config/variants.ts";
import {
  decode,
  fixture,
  imageBody,
  meanAbsDiff,
  partsOf,
  post,
  TEXT_ENDPOINT,
  textBody,
} from "./helpers.ts";

/** The engine style each tool must get; frog depends on the size of the photo sent (SPEC 5 "Frog"). */
function expectedStyle(variant: Variant, bytes: number): StyleId {
  switch (variant.id) {
    case "frog":
      return bytes > 50_000 ? "frog-transform" : "frog-add";
    default:
      return variant.id;
  }
}

/** What the text model of the engine answers for a photo: appended to the prefix by prompt analysis. */
const ANALYSED = "A grey tabby cat sits on a wooden table in soft daylight, looking to the left.";

const cases = VARIANTS.flatMap((variant) =>
  [10_000, 200_000].flatMap((bytes) => {
    const fixed = variant.prompt({ bytes });
    const prompts: Array<[string, string]> = [
      ["fixed prompt", fixed],
      ["recreate", `${fixed}${RECREATE_SUFFIX}`],
    ];
    if (variant.analysis) {
      const base = variant.analysis.prefix ?? fixed;
      prompts.push(["analysed prompt", `${base} ${ANALYSED}`]);
      prompts.push(["analysis fallback", variant.analysis.fallback]);
    }
    return prompts.map(([kind, prompt]) => ({ id: variant.id, kind, bytes, prompt, variant }));
  }),
);

describe("every style tool's real prompt selects its own style", () => {
  test.each(cases)("$id, $kind, photo of $bytes bytes", ({ variant, bytes, prompt, kind }) => {
    // The frog's analysis fallback is its fixed prompt for the size sent; the others have no size rule.
    if (variant.id === "frog" && kind === "analysis fallback") return;
    expect(detectStyle(prompt).id).toBe(expectedStyle(variant, bytes));
  });
});

describe("the custom transformation", () => {
  test.each([
    ["make it look like a watercolour sunset", "custom"],
    ["give everyone a pirate hat", "custom"],
    ["turn me into the Hulk", "hulk"],
    ["put a frog on my head", "frog-add"],
  ] as const)("%j -> %s", (words, id) => {
    expect(detectStyle(customPrompt(words)).id).toBe(id);
  });

  test("writes the user's own words on the picture, not the app's wrapper", async () => {
    const words = "paint the sky bright purple";
    const parts = await partsOf(await post(imageBody(customPrompt(words), "cat-chelsea.png", "image/png")));
    expect(parts[0]?.text).toBe("Local preview: custom edit applied.");
    const out = await decode(Buffer.from(parts[1]!.inlineData!.data, "base64"));
    const input = await decode(fixture("cat-chelsea.png"));
    expect(out.width).toBe(input.width);
    expect(meanAbsDiff(out, input)).toBeGreaterThan(2);
  });
});

describe("each style tool's real request, end to end through the engine", () => {
  test.each(VARIANTS.map((v) => [v.id, v] as const))(
    "%s answers with an edited photo",
    async (_id, variant) => {
      const parts = await partsOf(
        await post(imageBody(variant.prompt({ bytes: 200_000 }), "cat-chelsea.png", "image/png")),
      );
      expect(parts[0]?.text).toMatch(/^Local preview: .+ applied\.$/);
      const out = await decode(Buffer.from(parts[1]!.inlineData!.data, "base64"));
      const input = await decode(fixture("cat-chelsea.png"));
      expect([out.width, out.height]).toEqual([input.width, input.height]);
      // The cucumber is one small sprite: the least change of all styles, still far from the photo.
      expect(meanAbsDiff(out, input)).toBeGreaterThan(1);
    },
  );

  test.each(VARIANTS.filter((v) => v.analysis).map((v) => [v.id, v] as const))(
    "%s: the prompt-analysis request is answered in words describing the photo",
    async (_id, variant) => {
      const parts = await partsOf(
        await post(textBody(variant.analysis!.request, "cat-chelsea.png"), TEXT_ENDPOINT),
      );
      expect(parts).toHaveLength(1);
      expect(parts[0]?.text?.length).toBeGreaterThan(20);
      expect(parts[0]?.text).not.toMatch(/poem/i);
    },
  );
});

/**
 * "Adding a style is adding a row" holds for the local preview engine: rows added to the variant table
 * (src/config/variants.ts, here at test time, with nothing changed under server/) get their look from
 * their tool id (x-cucumber-tool, as the style page sends it), are recognised from their label in a
 * person's own words, named in the answer, and painted in a look of their own (the row's
 * `preview.tint`, else colours picked from its id): each differs from the photo, from the other new
 * row and from every existing style.
 */
import { describe, expect, test, vi } from "vitest";
import { detectStyle, styleOfTool } from "../../server/local-ai/detect-style.ts";
import { VARIANTS, type Variant, type VariantId } from "../../src/config/variants.ts";
import { decode, fixture, imageBody, meanAbsDiff, partsOf, postTool, type Pixels } from "./helpers.ts";

const NEW_ROWS = vi.hoisted(() => [
  {
    id: "film-noir",
    label: "Film Noir",
    prompt: "Redraw this photo as a Film Noir still: hard shadows, rain-slick streets, 1940s mood.",
    preview: { tint: ["#0a0a0a", "#f2ede4"] as const },
  },
  {
    id: "claymation",
    label: "Claymation",
    prompt: "Turn everyone in this photo into claymation figures with visible thumbprints.",
    preview: undefined,
  },
]);

vi.mock("../../src/config/variants.ts", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../src/config/variants.ts")>();
  const model = original.VARIANTS.find((variant) => variant.id === "simpsons")!;
  const added = NEW_ROWS.map((row): Variant => ({
    ...model,
    id: row.id as VariantId,
    label: row.label,
    title: `${row.label}.AI`,
    prompt: () => row.prompt,
    preview: row.preview,
  }));
  return { ...original, VARIANTS: [...original.VARIANTS, ...added] };
});

/** A style tool's first conversion, as run-conversion.ts sends it. */
async function restyled(tool: string, prompt: string): Promise<{ text: string | undefined; image: Pixels }> {
  const body = imageBody(prompt, "cat-chelsea.png", "image/png");
  const parts = await partsOf(await postTool(tool, { operation: "first" }, body));
  return {
    text: parts[0]?.text,
    image: await decode(Buffer.from(parts[1]!.inlineData!.data, "base64")),
  };
}

describe("a style row added to the variant table", () => {
  test("the table the engine reads has the new rows", () => {
    expect(VARIANTS.map((variant) => variant.id)).toEqual(
      expect.arrayContaining(["film-noir", "claymation"]),
    );
  });

  test.each(NEW_ROWS)("$id: its tool id selects it, and a person's words naming it too", (row) => {
    expect(styleOfTool(row.id, 200_000)).toEqual({ id: row.id, label: `${row.label} style` });
    expect(detectStyle(row.prompt)).toEqual({ id: row.id, label: `${row.label} style` });
    expect(detectStyle(`make it ${row.label.toLowerCase()}, please`).id).toBe(row.id);
  });

  test("renders through the engine: named in the answer, a look of its own for each new row", async () => {
    const input = await decode(fixture("cat-chelsea.png"));
    const added = [];
    for (const row of NEW_ROWS) {
      const { text, image } = await restyled(row.id, row.prompt);
      expect(text).toBe(`Local preview: ${row.label} style applied.`);
      expect([image.width, image.height]).toEqual([input.width, input.height]);
      expect(meanAbsDiff(image, input), `${row.id} vs the photo`).toBeGreaterThan(15);
      added.push({ id: row.id, image });
    }
    expect(meanAbsDiff(added[0]!.image, added[1]!.image), "the two new rows").toBeGreaterThan(8);

    const existing = VARIANTS.filter((variant) => !NEW_ROWS.some((row) => row.id === variant.id));
    for (const variant of existing) {
      const { image } = await restyled(variant.id, variant.prompt({ bytes: 200_000 }));
      for (const { id, image: ours } of added) {
        expect(meanAbsDiff(ours, image), `${id} vs ${variant.id}`).toBeGreaterThan(2);
      }
    }
  });

  test("the row's tint is the one painted: film noir comes out nearly grey, claymation in colour", async () => {
    const spread = (image: Pixels) => {
      let total = 0;
      for (let i = 0; i < image.data.length; i += 3) {
        total +=
          Math.max(image.data[i], image.data[i + 1], image.data[i + 2]) -
          Math.min(image.data[i], image.data[i + 1], image.data[i + 2]);
      }
      return total / (image.data.length / 3);
    };
    const noir = (await restyled(NEW_ROWS[0]!.id, NEW_ROWS[0]!.prompt)).image;
    const clay = (await restyled(NEW_ROWS[1]!.id, NEW_ROWS[1]!.prompt)).image;
    expect(spread(noir)).toBeLessThan(spread(clay));
  });
});

/**
 * The local preview engine's styles (server/local-ai): which style a person's words ask for (here in
 * requests that name no tool, so the words decide; a style tool's own calls get their look by tool id,
 * local-ai-real-prompts.test.ts), and on a real photo every style really changes it, each in its own
 * way, keeps the aspect ratio and carries the "Local preview" badge.
 */
import { describe, expect, test } from "vitest";
import { detectStyle, extractUserInstruction, type StyleId } from "../../server/local-ai/detect-style.ts";
import {
  decode,
  fixture,
  imageBody,
  imageOf,
  meanAbsDiff,
  meanColour,
  partsOf,
  post,
  type GeminiSuccess,
  type Pixels,
} from "./helpers.ts";

const STYLE_PROMPTS: ReadonlyArray<readonly [StyleId, string]> = [
  ["cucumber", "Add ONE humorous, photorealistic cucumber to this image. Not multiple cucumbers."],
  ["hulk", "Transform the person into the HULK (or She-Hulk): green skin, muscles, keep the face."],
  ["muppet", "Turn every subject into a Muppet-style character. Preserve the background."],
  ["frog-add", "Add a cute frog to the scene, sitting naturally in the picture."],
  ["frog-transform", "Transform the main subject into a frog while keeping the pose."],
  ["simpsons", "Redraw this photo in the style of The Simpsons, keeping likeness."],
  ["gta", "Convert this image into GTA (Grand Theft Auto) loading-screen art."],
  ["family-guy", "Convert this photo to the Family Guy cartoon style."],
  ["skeleton", "Create a playful cartoon skeleton of the same subject in the same pose."],
  [
    "custom",
    'Transform this image according to the user\'s prompt: "make it look like a sunset". Keep identity.',
  ],
];

const FILTERS: StyleId[] = ["hulk", "muppet", "frog-transform", "simpsons", "gta", "family-guy", "skeleton"];

const outputs = new Map<StyleId, Pixels>();
let catInput: Pixels;

async function styled(id: StyleId): Promise<Pixels> {
  const cached = outputs.get(id);
  if (cached) return cached;
  const prompt = STYLE_PROMPTS.find(([style]) => style === id)?.[1] ?? id;
  const image = await imageOf(await post(imageBody(prompt, "cat-chelsea.png", "image/png")));
  outputs.set(id, image);
  return image;
}

describe("style detection", () => {
  test.each(STYLE_PROMPTS)("%s from its prompt", (id, prompt) => {
    expect(detectStyle(prompt).id).toBe(id);
  });

  test.each([
    ["SIMPSONS please", "simpsons"],
    ["make me look like she-hulk", "hulk"],
    ["an X-ray of my cat", "skeleton"],
    ["xray vision", "skeleton"],
    ["family-guy", "family-guy"],
    ["gta vibes", "gta"],
    ["add some frogs", "frog-add"],
    ["put a frog in the picture", "frog-add"],
    ["turn my dog into a frog", "frog-transform"],
    ["Muppet version, like Kermit the frog", "muppet"],
    ["a birthday card from this photo", "celebration"],
    ["make it moody and cinematic", "custom"],
    ["", "custom"],
    // "gta" inside another word is not the style.
    ["vegtable soup", "custom"],
  ] as const)("%j -> %s", (prompt, id) => {
    expect(detectStyle(prompt).id).toBe(id);
  });

  test("the user's own words are found inside the app's instruction", () => {
    expect(extractUserInstruction('Transform per the user\'s prompt: "pirate hat". Keep identity.')).toBe(
      "pirate hat",
    );
    expect(extractUserInstruction("Occasion: birthday\nDescription: cake for Mia")).toBe("cake for Mia");
    expect(extractUserInstruction("Occasion: birthday")).toBe("birthday");
    expect(extractUserInstruction("Description: cake for Mia")).toBe("cake for Mia");
    expect(extractUserInstruction("  just this  ")).toBe("just this");
  });
});

describe("image styles on a real photo (cat-chelsea.png, 451x300)", () => {
  test.each(STYLE_PROMPTS)("%s returns a Gemini answer with a PNG of the same size", async (id, prompt) => {
    const response = await post(imageBody(prompt, "cat-chelsea.png", "image/png"));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    const body = (await response.json()) as GeminiSuccess;
    expect(body.modelVersion).toBe("local-preview-engine");
    expect(body.responseId).toMatch(/^local-[0-9a-f]{22}$/);
    const [candidate] = body.candidates;
    expect(candidate).toMatchObject({ finishReason: "STOP", index: 0, content: { role: "model" } });
    const [text, image] = candidate.content.parts;
    expect(text.text).toMatch(/^Local preview: .+ applied\.$/);
    expect(image.inlineData?.mimeType).toBe("image/png");
    const { promptTokenCount, candidatesTokenCount, totalTokenCount } = body.usageMetadata;
    expect(totalTokenCount).toBe(promptTokenCount + candidatesTokenCount);
    const png = Buffer.from(image.inlineData?.data ?? "", "base64");
    const decoded = await decode(png);
    expect(decoded.format).toBe("png");
    expect([decoded.width, decoded.height]).toEqual([451, 300]);
    outputs.set(id, decoded);
  });

  test("every style looks different from every other style", async () => {
    const ids = STYLE_PROMPTS.map(([id]) => id);
    const images = await Promise.all(ids.map(styled));
    for (let i = 0; i < ids.length; i++) {
      for (let j = i + 1; j < ids.length; j++) {
        expect(meanAbsDiff(images[i], images[j]), `${ids[i]} vs ${ids[j]}`).toBeGreaterThan(2);
      }
    }
    // The filters change the whole picture, and each one differently.
    catInput = await decode(fixture("cat-chelsea.png"));
    for (let i = 0; i < FILTERS.length; i++) {
      const image = await styled(FILTERS[i]);
      expect(meanAbsDiff(image, catInput), `${FILTERS[i]} vs input`).toBeGreaterThan(15);
      for (let j = i + 1; j < FILTERS.length; j++) {
        const other = await styled(FILTERS[j]);
        expect(meanAbsDiff(image, other), `${FILTERS[i]} vs ${FILTERS[j]}`).toBeGreaterThan(8);
      }
    }
  });

  test("each filter has its colour signature", async () => {
    const [hr, hg, hb] = meanColour(await styled("hulk"));
    expect(hg).toBeGreaterThan(hr + 20);
    expect(hg).toBeGreaterThan(hb + 20);
    const [sr, sg, sb] = meanColour(await styled("skeleton"));
    expect(sb).toBeGreaterThan(sr + 40);
    expect(sb).toBeGreaterThan(sg + 20);
    const [yr, yg, yb] = meanColour(await styled("simpsons"));
    expect((yr + yg) / 2 - yb).toBeGreaterThan(60);
    // GTA: a thick dark frame inside the edges (the left strip; the badge sits top-left).
    const gta = await styled("gta");
    const [fr, fg, fb] = meanColour(gta, { left: 0, top: 80, width: 8, height: 200 });
    expect(Math.max(fr, fg, fb)).toBeLessThan(40);
    // Frog transform: the middle turns green, the corners much less.
    const frog = await styled("frog-transform");
    const [cr, cg] = meanColour(frog, { left: 180, top: 110, width: 90, height: 80 });
    expect(cg).toBeGreaterThan(cr + 10);
  });

  test("muppet is more saturated than the photo", async () => {
    const saturation = (image: Pixels) => {
      let total = 0;
      for (let i = 0; i < image.data.length; i += 3) {
        const max = Math.max(image.data[i], image.data[i + 1], image.data[i + 2]);
        const min = Math.min(image.data[i], image.data[i + 1], image.data[i + 2]);
        total += max - min;
      }
      return total / (image.data.length / 3);
    };
    catInput ??= await decode(fixture("cat-chelsea.png"));
    expect(saturation(await styled("muppet"))).toBeGreaterThan(saturation(catInput) * 1.5);
  });

  test("cucumber keeps the photo and changes it mostly in one lower-right region", async () => {
    catInput ??= await decode(fixture("cat-chelsea.png"));
    const out = await styled("cucumber");
    const { width, height } = out;
    let changed = 0;
    let changedLowerRight = 0;
    let minX = width;
    let minY = height;
    let maxX = 0;
    let maxY = 0;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        // Skip the badge corner.
        if (x < 130 && y < 40) continue;
        const i = (y * width + x) * 3;
        const d =
          Math.abs(out.data[i] - catInput.data[i]) +
          Math.abs(out.data[i + 1] - catInput.data[i + 1]) +
          Math.abs(out.data[i + 2] - catInput.data[i + 2]);
        if (d < 60) continue;
        changed++;
        if (x >= width / 2 && y >= height / 2) changedLowerRight++;
        minX = Math.min(minX, x);
        maxX = Math.max(maxX, x);
        minY = Math.min(minY, y);
        maxY = Math.max(maxY, y);
      }
    }
    const fraction = changed / (width * height);
    expect(fraction).toBeGreaterThan(0.01);
    expect(fraction).toBeLessThan(0.12);
    expect(changedLowerRight / changed).toBeGreaterThan(0.85);
    // One compact region, roughly a quarter to a third of the shorter side long.
    expect(maxX - minX).toBeLessThan(width * 0.4);
    expect(maxY - minY).toBeLessThan(height * 0.5);
    // Everywhere else the photo is untouched.
    expect(meanAbsDiff(out, catInput)).toBeLessThan(4);
  });

  test("frog-add puts a frog sprite lower left and leaves the rest alone", async () => {
    catInput ??= await decode(fixture("cat-chelsea.png"));
    const out = await styled("frog-add");
    const lowerLeft = { left: 40, top: 180, width: 160, height: 120 };
    const upperRight = { left: 300, top: 20, width: 140, height: 100 };
    const diff = (region: typeof lowerLeft) => {
      const a = meanColour(out, region);
      const b = meanColour(catInput, region);
      return Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) + Math.abs(a[2] - b[2]);
    };
    expect(diff(lowerLeft)).toBeGreaterThan(20);
    expect(diff(upperRight)).toBeLessThan(2);
    const [r, g] = meanColour(out, { left: 90, top: 220, width: 60, height: 40 });
    expect(g).toBeGreaterThan(r);
  });

  test("a custom prompt gets a graded photo with the user's words in a dark caption banner", async () => {
    catInput ??= await decode(fixture("cat-chelsea.png"));
    const out = await styled("custom");
    const banner = { left: 0, top: 275, width: 451, height: 25 };
    const [r, g, b] = meanColour(out, banner);
    const [ir, ig, ib] = meanColour(catInput, banner);
    expect(r + g + b).toBeLessThan((ir + ig + ib) * 0.6);
    const parts = await partsOf(
      await post(imageBody("Transform per the user's prompt: \"<b>&'quotes'</b>\"", "cat-chelsea.png")),
    );
    expect(parts[0].text).toBe("Local preview: custom edit applied.");
  });

  test("every output carries the Local preview badge in the top-left corner", async () => {
    catInput ??= await decode(fixture("cat-chelsea.png"));
    const badge = { left: 8, top: 8, width: 60, height: 14 };
    const [ir, ig, ib] = meanColour(catInput, badge);
    const [r, g, b] = meanColour(await styled("cucumber"), badge);
    expect(Math.abs(r - ir) + Math.abs(g - ig) + Math.abs(b - ib)).toBeGreaterThan(40);
  });
});

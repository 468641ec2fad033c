/**
 * Region edits end to end (issue 29 §1): a Standard user paints an area on /hulk and converts it; the
 * request carries the photo, then the area, with words saying what the second image is; the downloaded
 * PNG is the prepared photo, pixel for pixel, outside the area and its feather band, and has its size;
 * Try Another Version changes the same area. Then the same with the keyboard alone.
 */
import fs from "node:fs";
import sharp from "sharp";
import path from "node:path";
import { type Page, type Request } from "@playwright/test";
import { expect, test } from "./fixtures";
import { AREA_INSTRUCTION } from "../src/tools/styles/prompts";
import { createUserOnTier } from "./backend";
import type { TierId } from "../src/config/tiers";
import { openSignedIn } from "./session";
import { downloadFrom, isPng, PASSWORD, uniqueEmail } from "./helpers";
import { expectAccessible, followSystemTheme } from "./a11y";

const PORTRAIT = path.resolve("tests/fixtures/images/portrait-astronaut.png");

type Part = { text?: string; inlineData?: { mimeType: string; data: string } };

/** The parts and the tool input of the image calls the page makes. */
function imageCalls(page: Page) {
  const calls: { parts: Part[]; input: string }[] = [];
  page.on("request", (request: Request) => {
    if (!/generateContent/.test(request.url()) || request.method() !== "POST") return;
    const body = request.postDataJSON() as {
      contents: { parts: Part[] }[];
      generationConfig?: { responseModalities?: string[] };
    };
    // Image calls only (the style's description of the photo is a text call).
    if (!body.generationConfig?.responseModalities?.includes("IMAGE")) return;
    const parts = body.contents[0]!.parts;
    calls.push({ parts, input: decodeURIComponent(request.headers()["x-cucumber-tool-input"] ?? "") });
  });
  return calls;
}

/**
 * Compares, in the page (one decoder for both), the downloaded PNG with the photo sent: how many pixels
 * differ farther than `band` px from the area the request sent, and the sizes.
 */
async function compare(page: Page, photo: string, mask: string, result: string, band: number) {
  return page.evaluate(
    async ({ photo, mask, result, band }) => {
      async function pixels(base64: string, type: string, size?: { width: number; height: number }) {
        const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
        const bitmap = await createImageBitmap(new Blob([bytes], { type }));
        const width = size?.width ?? bitmap.width;
        const height = size?.height ?? bitmap.height;
        const canvas = new OffscreenCanvas(width, height);
        const ctx = canvas.getContext("2d")!;
        ctx.drawImage(bitmap, 0, 0, width, height);
        return {
          width: bitmap.width,
          height: bitmap.height,
          data: ctx.getImageData(0, 0, width, height).data,
        };
      }
      const sent = await pixels(photo, "image/jpeg");
      const made = await pixels(result, "image/png");
      const area = await pixels(mask, "image/png", sent);
      const { width, height } = sent;
      // Every pixel within `band` of the area (a square window) may differ; no other may.
      const near = new Uint8Array(width * height);
      for (let y = 0; y < height; y++)
        for (let x = 0; x < width; x++) {
          if (area.data[(y * width + x) * 4]! < 128) continue;
          for (let dy = -band; dy <= band; dy++)
            for (let dx = -band; dx <= band; dx++) {
              const nx = x + dx;
              const ny = y + dy;
              if (nx >= 0 && ny >= 0 && nx < width && ny < height) near[ny * width + nx] = 1;
            }
        }
      let outside = 0;
      let differ = 0;
      let changedInside = 0;
      for (let p = 0; p < width * height; p++) {
        const i = p * 4;
        const same =
          made.data[i] === sent.data[i] &&
          made.data[i + 1] === sent.data[i + 1] &&
          made.data[i + 2] === sent.data[i + 2];
        if (near[p]) {
          if (!same) changedInside++;
          continue;
        }
        outside++;
        if (!same) differ++;
      }
      return { size: [made.width, made.height], sent: [width, height], outside, differ, changedInside };
    },
    { photo, mask, result, band },
  );
}

/** Drags across the middle of the photo in the editor, with the mouse. */
async function paintMiddle(page: Page) {
  const canvas = page.getByTestId("area-canvas");
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.35, box.y + box.height * 0.4);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) {
    await page.mouse.move(box.x + box.width * (0.35 + i * 0.03), box.y + box.height * (0.4 + i * 0.02));
  }
  await page.mouse.up();
}

async function shownResult(page: Page) {
  return page.getByRole("img", { name: "Modified" }).getAttribute("src");
}

/** Waits for the result shown to be another than `before`, and the page to be idle again. */
async function resultChanged(page: Page, before: string | null) {
  await expect.poll(() => shownResult(page), { timeout: 30_000 }).not.toBe(before);
  await expect(page.getByRole("button", { name: "Download" })).toBeEnabled({ timeout: 30_000 });
}

async function expectUntouchedOutside(page: Page, call: { parts: Part[] }, download: Buffer) {
  const [words, photo, mask] = call.parts;
  expect(words!.text).toContain(AREA_INSTRUCTION.trim());
  expect(photo!.inlineData!.mimeType).toBe("image/jpeg");
  expect(mask!.inlineData!.mimeType).toBe("image/png");
  // The feather (2 px at 1024, two box passes: 4 px) and a pixel of the area's scaling.
  const seen = await compare(
    page,
    photo!.inlineData!.data,
    mask!.inlineData!.data,
    download.toString("base64"),
    6,
  );
  expect(seen.size).toEqual(seen.sent);
  expect(seen.outside).toBeGreaterThan(seen.sent[0]! * seen.sent[1]! * 0.5);
  expect(seen.differ).toBe(0);
  expect(seen.changedInside).toBeGreaterThan(100);
}

/**
 * A new user on `tier` at `path` with the portrait converted once: the image calls from then on are
 * recorded (the first conversion's among them).
 */
async function convertedOnce(page: Page, baseURL: string, tier: TierId, path: string, tag: string) {
  await openSignedIn(page, await createUserOnTier(baseURL, uniqueEmail(tag), PASSWORD, tier), path);
  const calls = imageCalls(page);
  await page.getByTestId("file-input").setInputFiles(PORTRAIT);
  await expect(page.getByRole("img", { name: "Modified" })).toBeVisible({ timeout: 30_000 });
  return calls;
}

test("Standard paints an area on /hulk: only it changes, the download is the photo elsewhere, Try Another Version keeps the area", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const calls = await convertedOnce(page, baseURL!, "$10/month", "/hulk", "area");
  expect(calls).toHaveLength(1);
  expect(calls[0]!.parts).toHaveLength(2);

  await page.getByRole("button", { name: "Choose area" }).click();
  const editor = page.getByRole("dialog", { name: "Choose the area to change" });
  await expect(editor).toBeVisible();
  await expect(editor.getByRole("button", { name: "Use this area" })).toBeDisabled();
  await paintMiddle(page);
  await editor.getByRole("button", { name: "Use this area" }).click();
  await expect(editor).toBeHidden();
  await expect(page.getByTestId("area-preview")).toBeVisible();
  const before = await shownResult(page);

  await page.getByRole("button", { name: "Hulk.AI in the area" }).click();
  await expect.poll(() => calls.length, { timeout: 30_000 }).toBe(2);
  await resultChanged(page, before);
  expect(calls[1]!.parts).toHaveLength(3);
  expect(JSON.parse(calls[1]!.input)).toMatchObject({ operation: "first", area: true });
  const download = await downloadFrom(page.getByRole("button", { name: "Download" }));
  expect(isPng(download.bytes)).toBe(true);
  await expectUntouchedOutside(page, calls[1]!, download.bytes);

  // Another version changes the same area.
  const first = await shownResult(page);
  await page.getByRole("button", { name: "Try Another Version" }).click();
  await expect.poll(() => calls.length, { timeout: 30_000 }).toBe(3);
  expect(calls[2]!.parts).toHaveLength(3);
  expect(calls[2]!.parts[2]!.inlineData!.data).toBe(calls[1]!.parts[2]!.inlineData!.data);
  await resultChanged(page, first);
  const again = await downloadFrom(page.getByRole("button", { name: "Download" }));
  await expectUntouchedOutside(page, calls[2]!, again.bytes);

  // The strip marks the versions made in the area; another version of the whole-photo one has no area.
  const strip = page.getByRole("region", { name: "Versions of this photo" });
  await expect(strip.getByRole("button", { name: /^Hulk 3, area/ })).toBeVisible();
  await expect(strip.getByRole("button", { name: /^Hulk 2, area/ })).toBeVisible();
  const whole = strip.getByRole("button", { name: /^Hulk(,|$)/ });
  await whole.click();
  await expect(whole).toHaveAttribute("aria-current", "true");
  const plain = await shownResult(page);
  await page.getByRole("button", { name: "Try Another Version" }).click();
  await expect.poll(() => calls.length, { timeout: 30_000 }).toBe(4);
  expect(calls[3]!.parts).toHaveLength(2);
  await resultChanged(page, plain);
});

test("keyboard only: choose an area, convert it, download", async ({ page, baseURL }, testInfo) => {
  test.setTimeout(120_000);
  await followSystemTheme(page);
  const calls = await convertedOnce(page, baseURL!, "$10/month", "/hulk", "area-keys");

  const choose = page.getByRole("button", { name: "Choose area" });
  await choose.focus();
  await page.keyboard.press("Enter");
  const editor = page.getByRole("dialog", { name: "Choose the area to change" });
  await expect(editor).toBeVisible();
  const canvas = editor.getByRole("application", { name: "Photo: paint the area to change" });
  for (let i = 0; i < 12 && !(await canvas.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press("Tab");
  }
  await expect(canvas).toBeFocused();
  await page.keyboard.press("Space");
  for (let i = 0; i < 5; i++) await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Shift+ArrowDown");
  await page.keyboard.press("Space");
  await expect(editor.getByRole("button", { name: "Use this area" })).toBeEnabled();
  await expectAccessible(page, testInfo, "the area editor, painted with the keyboard");
  // On to "Use this area" with Tab, and press it.
  const use = editor.getByRole("button", { name: "Use this area" });
  for (let i = 0; i < 8 && !(await use.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press("Tab");
  }
  await expect(use).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(editor).toBeHidden();

  const before = await shownResult(page);
  const convert = page.getByRole("button", { name: "Hulk.AI in the area" });
  await convert.focus();
  await page.keyboard.press("Enter");
  await expect.poll(() => calls.length, { timeout: 30_000 }).toBe(2);
  await resultChanged(page, before);
  const download = page.getByRole("button", { name: "Download" });
  await download.focus();
  const [event] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Enter")]);
  const file = { bytes: fs.readFileSync((await event.path())!) };
  expect(isPng(file.bytes)).toBe(true);
  await expectUntouchedOutside(page, calls[1]!, file.bytes);

  // My Creations says the area was used, and shows it.
  await page.goto("/creations");
  const card = page.getByRole("button", { name: /^Open Hulk creation of an area from/ });
  await expect(card).toBeVisible({ timeout: 10_000 });
  await card.click();
  const used = page.getByTestId("creation-area");
  await expect(used).toContainText("Made by changing an area of the photo");
  await used.getByText("Made by changing an area of the photo").click();
  await expect(used.getByRole("img", { name: /The area that changed/ })).toBeVisible();
});

test("Convert Anything with three photos: sent in the order chosen, named in the words, kept with all three", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const calls = await convertedOnce(page, baseURL!, "$30/month", "/", "photos");
  const before = await shownResult(page);

  await page.getByRole("button", { name: "Convert Anything", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Convert Image" });
  await dialog
    .getByTestId("more-photos-input")
    .setInputFiles([
      path.resolve("tests/fixtures/images/cat-chelsea.png"),
      path.resolve("tests/fixtures/images/photo-12mp.jpg"),
    ]);
  const more = dialog.getByRole("list", { name: "More photos" });
  await expect(more.getByRole("img")).toHaveCount(2);
  // The 12 MP photo becomes Photo 2.
  await dialog.getByRole("button", { name: "Move Photo 3 earlier" }).click();
  await expect(dialog.getByRole("button", { name: "Move Photo 2 earlier" })).toBeDisabled();
  await dialog
    .getByLabel("Your transformation")
    .fill("put the hat from photo 2 on the person, in the style of photo 3");
  await dialog.getByRole("button", { name: "Transform" }).click();

  await expect.poll(() => calls.length, { timeout: 30_000 }).toBe(2);
  await resultChanged(page, before);
  const [words, ...images] = calls[1]!.parts;
  expect(images).toHaveLength(3);
  expect(words!.text).toContain("Photo 1 is the main photo");
  expect(words!.text).toContain("Photo 2 and Photo 3");
  expect(words!.text).toContain("put the hat from photo 2 on the person");
  const sizes = await Promise.all(
    images.map(async (part) => {
      const meta = await sharp(Buffer.from(part.inlineData!.data, "base64")).metadata();
      return (meta.width! / meta.height!).toFixed(2);
    }),
  );
  // The portrait (1:1), the 12 MP photo (4:3), the cat (451x300): in the order chosen.
  expect(sizes).toEqual(["1.00", "1.33", "1.50"]);

  // Kept with all three.
  await page.goto("/creations");
  await page
    .getByRole("button", { name: /^Open Cucumber creation/ })
    .first()
    .click();
  const photos = page.getByTestId("creation-photos");
  await expect(photos).toContainText("Made from 3 photos");
  await expect(photos.getByRole("img", { name: "Photo 2" })).toBeVisible();
  await expect(photos.getByRole("img", { name: "Photo 3" })).toBeVisible();
});

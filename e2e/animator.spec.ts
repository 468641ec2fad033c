/**
 * Character Animator end to end: a character and its animation from the local engine, the PNG and GIF
 * downloads (decoded by the browser), and a refused request that counts nothing.
 */
import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { readGif } from "../tests/features/animator-gif";
import { downloadFrom, isPng, pngSize, refuseAiRequests, signUp, uniqueEmail } from "./helpers";

const DESCRIPTION = "a cheerful orange fox astronaut with a blue helmet";

/** What the page's `name` button downloads. */
const save = (page: Page, name: string) => downloadFrom(page.getByRole("button", { name, exact: true }));

/** Frames the browser's own GIF decoder finds in the bytes (ImageDecoder, Chromium). */
async function decodedFrameCount(page: Page, bytes: Buffer): Promise<number> {
  return page.evaluate(async (base64) => {
    const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const decoder = new ImageDecoder({ data, type: "image/gif" });
    await decoder.tracks.ready;
    await decoder.completed;
    const count = decoder.tracks.selectedTrack?.frameCount ?? 0;
    decoder.close();
    return count;
  }, bytes.toString("base64"));
}

test("Character Animator: a character and its animation from the local engine, PNG and GIF downloads, one conversion per result, a failure counts nothing", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUp(page, uniqueEmail("animator"));
  await page.goto("/animator");
  await expect(page.getByRole("heading", { level: 1, name: "Character Animator" })).toBeVisible();
  await expect(page.getByText("Local preview engine - add a Gemini key for AI results")).toBeVisible();
  const counter = page.getByTestId("remaining-counter");
  await expect(counter).toHaveText("Remaining conversions: 3 / 3");
  await expect(page.getByText("Your character will appear here")).toBeVisible();

  // Blank: the toast, nothing sent.
  await page.getByRole("button", { name: "Create Character" }).click();
  await expect(page.getByText("Please enter a prompt")).toBeVisible();

  await page.getByRole("textbox", { name: "Character description" }).fill(DESCRIPTION);
  await page.getByRole("combobox", { name: "Shape" }).click();
  await page.getByRole("option", { name: "Portrait 4:5" }).click();

  // The AI refuses the request: the spec's messages, nothing counted, the description kept.
  await refuseAiRequests(page);
  await page.getByRole("button", { name: "Create Character" }).click();
  const banner = page.getByTestId("error-banner");
  await expect(banner).toContainText(
    "Failed to generate character: API error: Request contains an invalid argument.",
  );
  // Said once, by the banner (no toast repeats it: issue 27 §4).
  await expect(page.getByText(/Failed to generate character/)).toHaveCount(1);
  await expect(counter).toHaveText("Remaining conversions: 3 / 3");
  await expect(page.getByRole("textbox", { name: "Character description" })).toHaveValue(DESCRIPTION);
  await page.unroute("**/__local-ai/**");

  // Try again: the character, counted once.
  await banner.getByRole("button", { name: "Try again" }).click();
  const character = page.getByRole("img", { name: `Generated character: ${DESCRIPTION}` });
  await expect(character).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("Character created successfully!")).toBeVisible();
  await expect(page.getByText(/Local preview: generated cartoon character/)).toBeVisible();
  await expect(counter).toHaveText("Remaining conversions: 2 / 3");

  const png = await save(page, "Download");
  expect(png.name).toBe("animated-character.png");
  expect(isPng(png.bytes)).toBe(true);
  // IHDR: the picture has the aspect ratio asked for.
  const { width, height } = pngSize(png.bytes);
  expect(width / height).toBeCloseTo(4 / 5, 2);

  // Animate: four frames playing, counted once more.
  await page.getByRole("button", { name: "Animate", exact: true }).click();
  await expect(page.getByRole("img", { name: "Animated character" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("Animation ready!")).toBeVisible();
  await expect(counter).toHaveText("Remaining conversions: 1 / 3");
  const thumbnails = page.getByRole("list", { name: "Frames" }).locator("img");
  await expect(thumbnails).toHaveCount(4);
  const sources = await thumbnails.evaluateAll((imgs) => imgs.map((img) => img.getAttribute("src")));
  expect(new Set(sources).size).toBe(4);

  const gif = await save(page, "Download GIF");
  expect(gif.name).toBe("animated-character.gif");
  expect(gif.bytes.subarray(0, 6).toString("latin1")).toBe("GIF89a");
  const info = readGif(gif.bytes);
  expect(info.frames).toBe(4);
  expect(info.loopCount).toBe(0);
  expect(info.width / info.height).toBeCloseTo(4 / 5, 1);
  expect(await decodedFrameCount(page, gif.bytes)).toBe(4);

  // Reduced motion: the frames side by side, nothing playing.
  await page.emulateMedia({ reducedMotion: "reduce" });
  await expect(page.getByRole("img", { name: "Frame 4 of 4" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Pause animation" })).toHaveCount(0);

  // A reload shows the character and its animation again, four frames decoded from the kept GIF.
  await page.emulateMedia({ reducedMotion: "no-preference" });
  await page.reload();
  await expect(page.getByRole("img", { name: `Generated character: ${DESCRIPTION}` })).toBeVisible();
  await expect(page.getByRole("img", { name: "Animated character" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Frames" }).locator("img")).toHaveCount(4);
  await expect(counter).toHaveText("Remaining conversions: 1 / 3");

  // Another character: the strip of versions, both characters (no original: they were made from words,
  // and the animation is not a version); choosing the first shows it again and counts nothing.
  const OTHER = "a sleepy blue whale with a tiny crown";
  await page.getByRole("textbox", { name: "Character description" }).fill(OTHER);
  await page.getByRole("button", { name: "Create Character" }).click();
  await expect(page.getByRole("img", { name: `Generated character: ${OTHER}` })).toBeVisible({
    timeout: 30_000,
  });
  await expect(counter).toHaveText("Remaining conversions: 0 / 3");
  const versions = page.getByRole("region", { name: "Versions of this photo" });
  await expect(versions.getByRole("button", { name: /^(Animator|Original)/ })).toHaveCount(2);
  await expect(versions.getByRole("button", { name: /^Animator 2/ })).toHaveAttribute("aria-current", "true");
  await versions.getByRole("button", { name: /^Animator(?! 2)/ }).click();
  await expect(page.getByRole("img", { name: `Generated character: ${DESCRIPTION}` })).toBeVisible();
  await expect(versions.getByRole("button", { name: /^Animator(?! 2)/ })).toHaveAttribute(
    "aria-current",
    "true",
  );
  await expect(counter).toHaveText("Remaining conversions: 0 / 3");

  // Create New clears everything; nothing more counted.
  await page.getByRole("button", { name: "Create New" }).click();
  await expect(page.getByText("Your character will appear here")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Character description" })).toHaveValue("");
  await expect(counter).toHaveText("Remaining conversions: 0 / 3");
});

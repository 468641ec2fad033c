/**
 * Fewer, truer messages (issue 27 §4): one toast per run, updated in place from "Processing your
 * image..." to its outcome, clear of the sticky top bar and the avatar on a phone; a failure said once,
 * by the page's banner, with one advice; a damaged JPEG named as such.
 */
import fs from "node:fs";
import path from "node:path";
import { type Locator, type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { VARIANTS } from "../src/config/variants";
import { holdRequests, refuseAiRequests, signUp, uniqueEmail } from "./helpers";

const IMAGES = path.resolve("tests/fixtures/images");
const PORTRAIT = path.join(IMAGES, "portrait-astronaut.png");
const HULK = VARIANTS.find((v) => v.id === "hulk")!;

/** The sticky top bar: the header that holds the account navigation. */
const topBar = (page: Page) =>
  page.locator("header").filter({ has: page.getByRole("navigation", { name: "Account" }) });

/** The toasts on screen (one on its way out aside). */
const toasts = (page: Page) => page.locator("[data-sonner-toast]:not([data-removed='true'])");

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * The toast covers neither the sticky top bar nor the avatar (the account menu's button), and sits
 * inside the screen at its foot (measured once its slide-in has settled).
 */
async function expectClearOfTopBar(page: Page, toast: Locator) {
  const bar = (await topBar(page).boundingBox())!;
  const avatar = (await page.getByRole("button", { name: "Account menu" }).boundingBox())!;
  const viewport = page.viewportSize()!;
  await expect
    .poll(async () => {
      const box = (await toast.boundingBox())!;
      return {
        coversAvatar: overlaps(box, avatar),
        coversTopBar: overlaps(box, bar),
        insideScreen: box.y >= 0 && box.y + box.height <= viewport.height,
        inLowerHalf: box.y > viewport.height / 2,
      };
    })
    .toEqual({ coversAvatar: false, coversTopBar: false, insideScreen: true, inLowerHalf: true });
}

test.describe("on a phone (390 px)", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("one toast per run, updated in place, clear of the top bar and avatar; a failure is the banner alone", async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    await signUp(page, uniqueEmail("toasts"), undefined, HULK.path);
    await expect(page.getByRole("heading", { level: 1, name: HULK.title })).toBeVisible();

    // The AI's answer held back: the upload's toast has become "Processing your image...", alone.
    const held = await holdRequests(page, "**/__local-ai/**");
    await page.getByTestId("file-input").setInputFiles(PORTRAIT);
    await expect(toasts(page)).toHaveText(["Processing your image..."]);
    const toast = toasts(page).first();
    await expectClearOfTopBar(page, toast);
    const id = await toast.evaluate((el) => {
      el.setAttribute("data-e2e-run-toast", "1");
      return el.getAttribute("data-e2e-run-toast");
    });
    expect(id).toBe("1");
    await held.release();

    // The same toast, now the outcome; never two at once.
    await expect(toasts(page)).toHaveText([HULK.toasts.success], { timeout: 30_000 });
    await expect(toasts(page).first()).toHaveAttribute("data-e2e-run-toast", "1");
    await expectClearOfTopBar(page, toasts(page).first());
    await page.screenshot({ path: testInfo.outputPath("run-toast-390.png") });

    // A failed run: the banner says it, with one advice; the run's toast goes and none replaces it.
    await page.getByRole("button", { name: "Try Another Image" }).click();
    await refuseAiRequests(page);
    await page.getByTestId("file-input").setInputFiles(PORTRAIT);
    const banner = page.getByTestId("error-banner");
    await expect(banner).toBeVisible({ timeout: 30_000 });
    await expect(banner).toHaveAttribute("role", "alert");
    await expect(banner).toContainText("Error: Failed to process image: ");
    await expect(toasts(page)).toHaveCount(0);
    await expect(page.getByText(/Failed to process image/)).toHaveCount(1);
    await expect(banner).toBeInViewport();
  });

  test("a truncated JPEG is called damaged, with advice that fits, once", async ({ page }, testInfo) => {
    await signUp(page, uniqueEmail("truncated"), undefined, HULK.path);
    const cut = testInfo.outputPath("cut-short.jpg");
    fs.writeFileSync(cut, fs.readFileSync(path.join(IMAGES, "photo-12mp.jpg")).subarray(0, 20_000));
    await page.getByTestId("file-input").setInputFiles(cut);
    const banner = page.getByTestId("error-banner");
    await expect(banner).toContainText("This photo is damaged or incomplete, so it can't be opened.");
    await expect(banner).toContainText("Try another photo, or copy this one to your device again");
    await expect(banner).not.toContainText("Choose a photo in JPG");
    await expect(page.getByText(/damaged or incomplete/)).toHaveCount(1);
    await expect(toasts(page)).toHaveCount(0);
  });
});

test("on a wide screen (1280 px) the run's one toast sits at the bottom right, clear of the top bar", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUp(page, uniqueEmail("toasts-wide"), undefined, HULK.path);
  await page.getByTestId("file-input").setInputFiles(PORTRAIT);
  await expect(toasts(page)).toHaveText([HULK.toasts.success], { timeout: 30_000 });
  const bar = (await topBar(page).boundingBox())!;
  await expect
    .poll(async () => {
      const box = (await toasts(page).first().boundingBox())!;
      return { coversTopBar: overlaps(box, bar), right: box.x > 640, bottom: box.y > 400 };
    })
    .toEqual({ coversTopBar: false, right: true, bottom: true });
});

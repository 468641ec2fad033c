/**
 * No charge without saying so, and the result in view (issue 27 §2, §3), at 390 and 1280 px: a finished
 * batch asks before it runs the same photos again (Cancel runs nothing and counts nothing); Try Another
 * Version and Create Art's Transform say what they use beside the button; a new result is brought into
 * view on the Character Animator (the character, then its animation) and on Create Art (under the canvas).
 */
import path from "node:path";
import { type Locator, type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { signInOnTier } from "./backend";
import { mouseDrag, openDrawing } from "./canvas";
import { signUp, uniqueEmail } from "./helpers";

const IMAGES = path.resolve("tests/fixtures/images");
const PHOTO = path.join(IMAGES, "portrait-astronaut.png");
const SIZES = [
  { name: "phone", width: 390, height: 844 },
  { name: "laptop", width: 1280, height: 800 },
] as const;

const counter = (page: Page) => page.getByTestId("remaining-counter");

/** Polls until the top of `part` lies on the screen: under the sticky top bar, above the bottom edge. */
async function expectTopInView(page: Page, part: Locator) {
  const bar = (await page.locator("main > header").boundingBox())!;
  const top = Math.floor(bar.y + bar.height);
  const height = page.viewportSize()!.height;
  await expect
    .poll(async () => {
      const y = (await part.boundingBox())?.y;
      return y === undefined ? "not shown" : y >= top && y < height ? "in view" : `at ${Math.round(y)} px`;
    }, `the top between ${top} and ${height} px`)
    .toBe("in view");
}

/** `note` is right by `button`: under it, within a small gap. */
async function expectBeside(note: Locator, button: Locator) {
  await expect(note).toBeVisible();
  // Polled: the page may still be gliding to a result just brought into view.
  await expect
    .poll(async () => {
      const n = (await note.boundingBox())!;
      const b = (await button.boundingBox())!;
      return Math.round(Math.max(n.y - (b.y + b.height), b.y - (n.y + n.height), 0));
    }, "the note's distance from its button")
    .toBeLessThan(24);
}

for (const size of SIZES) {
  test.describe(`at ${size.width} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test("a finished batch asks before running the same photos again; Cancel runs nothing", async ({
      page,
      baseURL,
    }) => {
      test.setTimeout(90_000);
      await signInOnTier(page, baseURL!, "$5/month", `charges-batch-${size.name}`);
      await page.goto("/batch-processing");
      await page
        .getByTestId("files-input")
        .setInputFiles([path.join(IMAGES, "cat-chelsea.png"), path.join(IMAGES, "coffee.png")]);
      await page.getByLabel("Instruction").fill("make it look like a watercolour painting");
      await page.getByRole("button", { name: "Process All Images" }).click();
      await expect(page.locator("[data-testid=batch-card][data-status=done]")).toHaveCount(2, {
        timeout: 45_000,
      });
      await expect(counter(page)).toHaveText("Remaining conversions: 18 / 20");

      // Finished: the main actions are Download all and Start over; no Process All Images.
      const finished = page.getByTestId("batch-finished");
      await expect(finished.getByRole("button", { name: "Download all" })).toBeVisible();
      await expect(finished.getByRole("button", { name: "Start over" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Process All Images" })).toHaveCount(0);
      const again = finished.getByRole("button", { name: "Process again…" });
      await expectBeside(finished.getByTestId("cost-note"), again);
      await expect(finished.getByTestId("cost-note")).toHaveText(
        "This uses 2 conversions of your 18 left this month.",
      );

      // Asked first; Cancel sends nothing and counts nothing.
      let sent = 0;
      await page.route("**/__local-ai/**", async (route) => {
        sent += 1;
        await route.continue();
      });
      await again.click();
      const dialog = page.getByRole("dialog", { name: "Process these 2 images again?" });
      await expect(dialog).toContainText("This uses 2 conversions of your 18 left this month.");
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await expect(dialog).toHaveCount(0);
      await page.waitForTimeout(500);
      expect(sent).toBe(0);
      await expect(counter(page)).toHaveText("Remaining conversions: 18 / 20");
      await expect(page.locator("[data-testid=batch-card][data-status=done]")).toHaveCount(2);

      // Confirmed: the same two again, two more conversions.
      await again.click();
      await dialog.getByRole("button", { name: "Use 2 conversions" }).click();
      await expect(counter(page)).toHaveText("Remaining conversions: 16 / 20", { timeout: 45_000 });
      expect(sent).toBe(2);
    });

    test("Try Another Version says what it uses, beside it", async ({ page, baseURL }) => {
      test.setTimeout(60_000);
      await signInOnTier(page, baseURL!, "$10/month", `charges-version-${size.name}`);
      await page.goto("/muppet");
      await page.getByTestId("file-input").setInputFiles(PHOTO);
      const result = page.getByRole("region", { name: "Result" });
      const button = result.getByRole("button", { name: "Try Another Version" });
      await expect(button).toBeVisible({ timeout: 30_000 });
      const note = result.getByTestId("cost-note");
      await expect(note).toHaveText("This uses 1 conversion of your 39 left this month.");
      await expectBeside(note, button);
      await button.click();
      await expect(counter(page)).toHaveText("Remaining conversions: 38 / 40", { timeout: 30_000 });
      await expect(note).toHaveText("This uses 1 conversion of your 38 left this month.");
    });

    test("Character Animator: the character, then its animation, brought into view", async ({ page }) => {
      test.setTimeout(90_000);
      await signUp(page, uniqueEmail(`charges-animator-${size.name}`));
      await page.goto("/animator");
      await page
        .getByRole("textbox", { name: "Character description" })
        .fill("a cheerful orange fox astronaut");
      await page.getByRole("button", { name: "Create Character" }).click();
      const character = page.getByRole("region", { name: "Your character" });
      await expect(character.getByRole("img", { name: /^Generated character/ })).toBeVisible({
        timeout: 30_000,
      });
      await expectTopInView(page, character);

      await page.evaluate(() => window.scrollTo(0, 0));
      await page.getByRole("button", { name: "Animate", exact: true }).click();
      const animation = page.getByRole("img", { name: "Animated character" });
      await expect(animation).toBeVisible({ timeout: 30_000 });
      await expectTopInView(page, animation);
    });

    test("Create Art: Transform says what it uses, and the result under the canvas is brought into view", async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await signUp(page, uniqueEmail(`charges-art-${size.name}`));
      const canvas = await openDrawing(page);
      await mouseDrag(page, canvas, [
        [100, 100],
        [300, 220],
      ]);
      const transform = page.getByRole("button", { name: "Transform" });
      await expect(transform).toBeEnabled();
      await expectBeside(page.getByTestId("cost-note"), transform);
      await expect(page.getByTestId("cost-note")).toHaveText(
        "This uses 1 conversion of your 3 left this month.",
      );
      await transform.click();
      const result = page.getByRole("region", { name: "Result" });
      await expect(result.getByRole("img", { name: "Enhanced" })).toBeVisible({ timeout: 30_000 });
      await expectTopInView(page, result);
    });
  });
}

/**
 * The result first on a phone (issue 18 §5): at 390×844 (an iPhone 12-14) a finished result shows the
 * before/after slider, on the result, with every action of the result under it, all inside the first
 * screen below the top bar, and not the separate original and result pictures. At 1280×800 (issue 27 §3)
 * it is the same one compare view, with every action beside it, all on the screen without scrolling. A style tool (with a $10/month plan, so Try Another Version is there too), Modify Scene and Create
 * Art, each with a phone's portrait photo (4000×3000 turned upright by its EXIF: the tallest case).
 */
import path from "node:path";
import { type Locator, type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { createUserOnTier } from "./backend";
import { openSignedIn } from "./session";
import { PASSWORD, signUp, uniqueEmail } from "./helpers";

const PHONE_PHOTO = path.resolve("tests/fixtures/images/photo-12mp-exif-rotated.jpg");

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

/** A short fingerprint of an image's data: URL (the URL itself is megabytes long). */
function fingerprint(img: Locator) {
  return img.evaluate((el: HTMLImageElement) => {
    let hash = 0;
    for (let i = 0; i < el.src.length; i++) hash = (hash * 31 + el.src.charCodeAt(i)) | 0;
    return `${el.src.length}:${hash}`;
  });
}

function result(page: Page) {
  return page.getByRole("region", { name: "Result" });
}

function slider(page: Page) {
  return result(page).getByRole("slider", { name: "Compare the result with the original" });
}

/**
 * Waits until every one of `parts` lies wholly inside the first screen: under the sticky top bar and above
 * the bottom of the viewport (polled: the page glides there). Names the ones that do not.
 */
async function expectOnFirstScreen(page: Page, parts: Record<string, Locator>) {
  const bar = await page.locator("main > header").boundingBox();
  const top = bar!.y + bar!.height;
  const bottom = page.viewportSize()!.height;
  await expect
    .poll(async () => {
      const outside: string[] = [];
      for (const [name, part] of Object.entries(parts)) {
        const box = await part.boundingBox();
        if (!box || box.y < top || box.y + box.height > bottom)
          outside.push(
            `${name}: ${box ? `${Math.round(box.y)} to ${Math.round(box.y + box.height)}` : "none"}`,
          );
      }
      return outside;
    }, `inside ${top} to ${bottom} px`)
    .toEqual([]);
}

/**
 * The buttons of the result itself: not those of the strip of versions, which comes under the result and
 * its actions (issue 26: "at 390 px the strip scrolls sideways under the result") and may run below the
 * first screen.
 */
function resultButtons(page: Page) {
  return result(page).locator('button:not(section[aria-label="Versions of this photo"] button)');
}

/** The slider's picture, the slider and every button of the result (the ones named, and any other). */
async function expectResultFirst(page: Page, expected: string[]) {
  await expect(slider(page)).toHaveAttribute("aria-valuetext", "Result only");
  const buttons = resultButtons(page);
  // Every named action first (Edit with… comes with its code a moment later), then all that are there.
  for (const name of expected) await expect(result(page).getByRole("button", { name })).toBeVisible();
  const names = await buttons.evaluateAll((els) => els.map((el) => el.textContent?.trim() ?? ""));
  expect(names.length).toBeGreaterThanOrEqual(expected.length);
  const parts: Record<string, Locator> = {
    "the compared picture": result(page).getByTestId("compare-slider"),
    "the slider": slider(page),
  };
  for (const [i, name] of names.entries()) parts[`button "${name}"`] = buttons.nth(i);
  await expectOnFirstScreen(page, parts);
  // The separate original and result are not shown as well: one compare view.
  await expect(result(page).getByTestId("result-pair")).toHaveCount(0);
}

/**
 * At 1280×800 the one compare view (its two pictures named as the tool names them, each once) and every
 * action of the result beside it, all on the screen once the result is brought into view.
 */
async function expectOneCompareOnWideScreen(page: Page, names: [string, string], expected: string[]) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(result(page).getByTestId("result-pair")).toHaveCount(0);
  for (const name of names) await expect(result(page).getByRole("img", { name })).toHaveCount(1);
  await expect(slider(page)).toHaveAttribute("aria-valuetext", "Result only");
  // What a result arriving at this width gets: brought into view (the page is scrolled there).
  await result(page).evaluate((el) => el.scrollIntoView({ block: "start" }));
  const parts: Record<string, Locator> = {
    "the compared picture": result(page).getByTestId("compare-slider"),
    "the slider": slider(page),
  };
  for (const name of expected) parts[`button "${name}"`] = result(page).getByRole("button", { name });
  await expectOnFirstScreen(page, parts);
  // Beside it: the actions start at the picture's height, to its right.
  const picture = (await result(page).getByTestId("compare-slider").boundingBox())!;
  const download = (await result(page).getByRole("button", { name: "Download" }).boundingBox())!;
  expect(download.x).toBeGreaterThan(picture.x + picture.width);
  expect(download.y).toBeLessThan(picture.y + picture.height);
}

test("a style result: the slider on the result and all its actions on the first screen", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail("result-first");
  await openSignedIn(page, await createUserOnTier(baseURL!, email, PASSWORD, "$10/month"));
  await page.goto("/muppet");
  await page.getByTestId("file-input").setInputFiles(PHONE_PHOTO);
  await expect(slider(page)).toBeVisible({ timeout: 30_000 });
  await expectResultFirst(page, [
    "Download",
    "Share",
    "Edit with…",
    "Try Another Version",
    "Try Another Image",
  ]);
  // The arrow keys move the divider: the original comes in from the right.
  await slider(page).focus();
  await page.keyboard.press("ArrowLeft");
  await expect(slider(page)).toHaveAttribute("aria-valuetext", "99% result, 1% original");
  await page.keyboard.press("Home");
  await expect(slider(page)).toHaveAttribute("aria-valuetext", "Original only");

  // Another version (the local engine's Muppet felt changes with it): the slider starts on the new result,
  // which is brought up to the first screen again.
  await page.evaluate(() => window.scrollTo(0, 0));
  const shown = result(page).getByTestId("compare-slider").getByRole("img", { name: "Modified" });
  const first = await fingerprint(shown);
  await result(page).getByRole("button", { name: "Try Another Version" }).click();
  await expect.poll(() => fingerprint(shown), { timeout: 30_000 }).not.toBe(first);
  await expectResultFirst(page, [
    "Download",
    "Share",
    "Edit with…",
    "Try Another Version",
    "Try Another Image",
  ]);

  // The strip of versions (the original and the two results) comes under the actions, not between them.
  const versions = result(page).getByRole("region", { name: "Versions of this photo" });
  await expect(versions.getByRole("button", { name: /^Muppet/ })).toHaveCount(2);
  const lastAction = await result(page).getByRole("button", { name: "Try Another Image" }).boundingBox();
  expect((await versions.boundingBox())!.y).toBeGreaterThan(lastAction!.y + lastAction!.height);

  await expectOneCompareOnWideScreen(
    page,
    ["Original", "Modified"],
    ["Download", "Share", "Edit with…", "Try Another Version", "Try Another Image"],
  );
});

test("Modify Scene: the slider on the result and its six actions on the first screen", async ({ page }) => {
  test.setTimeout(60_000);
  await signUp(page, uniqueEmail("result-first-scene"));
  await page.goto("/create-nft");
  await page.getByTestId("file-input").setInputFiles(PHONE_PHOTO);
  await page.getByRole("radio", { name: "Text" }).click();
  await page.getByRole("textbox", { name: "The text to add" }).fill("Hello");
  await page.getByRole("button", { name: "Add to Scene" }).click();
  await expect(slider(page)).toBeVisible({ timeout: 30_000 });
  await expectResultFirst(page, [
    "Download",
    "Share",
    "Edit with…",
    "Keep editing",
    "Try a Different Change",
    "Try Another Image",
  ]);
  await expectOneCompareOnWideScreen(
    page,
    ["Base image", "Modified scene"],
    ["Download", "Share", "Edit with…", "Keep editing", "Try a Different Change", "Try Another Image"],
  );
});

test("Create Art: the slider on the enhanced picture and its actions on the first screen", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signUp(page, uniqueEmail("result-first-art"));
  await page.goto("/create-art");
  await page.getByTestId("file-input").setInputFiles(PHONE_PHOTO);
  await expect(slider(page)).toBeVisible({ timeout: 30_000 });
  await expectResultFirst(page, ["Download", "Share", "Edit with…", "Try Another Image"]);
  await expectOneCompareOnWideScreen(
    page,
    ["Original", "Enhanced"],
    ["Download", "Share", "Edit with…", "Try Another Image"],
  );
});

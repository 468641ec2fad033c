/**
 * Every version of a photo, kept on its page (issue 26): a Standard user makes three versions on /hulk
 * (the first conversion and two "Try Another Version"), reloads and sees the original and the three
 * versions again with the one chosen, compares two in the slider, continues Convert Anything from the
 * second with "Edit with…", then there in Convert Anything's dialog from the second Hulk chosen on the
 * strip, and My Creations shows one card for the photo with its chain. At a phone's width and a laptop's.
 */
import path from "node:path";
import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { getVariant } from "../src/config/variants";
import { signInOnTier } from "./backend";

const PORTRAIT = path.resolve("tests/fixtures/images/portrait-astronaut.png");
const HULK = getVariant("hulk");

/** The strip of versions under the result. */
const strip = (page: Page) => page.getByRole("region", { name: "Versions of this photo" });

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("three versions on Hulk survive a reload, compare, go on to Convert Anything, and are one card in My Creations", async ({
      page,
      baseURL,
    }) => {
      test.setTimeout(180_000);
      await signInOnTier(page, baseURL!, "$10/month", "versions");
      const counter = page.getByTestId("remaining-counter");

      // Three versions: the first conversion, then two more.
      await page.goto(HULK.path);
      await page.getByTestId("file-input").setInputFiles(PORTRAIT);
      // The result (side by side with the photo on a laptop, the slider alone on a phone) joins the strip.
      await expect(page.getByText(HULK.toasts.success)).toBeVisible({ timeout: 60_000 });
      await expect(strip(page).getByRole("button", { name: /^Hulk/ })).toHaveCount(1, { timeout: 10_000 });
      for (const n of [2, 3]) {
        await page.getByRole("button", { name: "Try Another Version" }).click();
        await expect(strip(page).getByRole("button", { name: new RegExp(`^Hulk ${n}`) })).toBeVisible({
          timeout: 30_000,
        });
      }
      const versionButtons = strip(page).getByRole("button", { name: /^(Original|Hulk)/ });
      await expect(versionButtons).toHaveCount(4);
      await expect(counter).toHaveText(/Remaining conversions: 37 \/ 40/);

      // Choose the second version; choosing counts nothing.
      await strip(page)
        .getByRole("button", { name: /^Hulk 2/ })
        .click();
      await expect(strip(page).getByRole("button", { name: /^Hulk 2/ })).toHaveAttribute(
        "aria-current",
        "true",
      );
      await expect(counter).toHaveText(/Remaining conversions: 37 \/ 40/);

      // A reload brings back the photo, its strip and the version chosen.
      await page.reload();
      await expect(page.getByText("Your last result, kept on this device.")).toBeVisible({ timeout: 20_000 });
      await expect(versionButtons).toHaveCount(4, { timeout: 10_000 });
      await expect(strip(page).getByRole("button", { name: /^Hulk 2/ })).toHaveAttribute(
        "aria-current",
        "true",
      );

      // Compare two versions in the slider.
      await strip(page).getByRole("button", { name: "Compare", exact: true }).click();
      await strip(page)
        .getByRole("button", { name: /^Hulk 3/ })
        .click();
      await expect(page.getByRole("slider", { name: /Hulk 3/ })).toBeVisible();
      await strip(page).getByRole("button", { name: "Compare", exact: true }).click();

      // Edit with… → Convert Anything from the second version: it is that page's photo.
      await page.getByRole("button", { name: "Edit with…" }).click();
      await page
        .getByRole("menu")
        .getByRole("menuitem", { name: getVariant("cucumber").label })
        .click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByText(getVariant("cucumber").toasts.success)).toBeVisible({ timeout: 30_000 });
      await expect(counter).toHaveText(/Remaining conversions: 36 \/ 40/);
      // The same photo's versions: the strip there has the original, the three Hulks and this one.
      await expect(strip(page).getByRole("button", { name: /^(Original|Hulk|Cucumber)/ })).toHaveCount(5, {
        timeout: 10_000,
      });

      // Convert Anything's own dialog continues from the version chosen on the strip, and says which.
      await strip(page)
        .getByRole("button", { name: /^Hulk 2/ })
        .click();
      await expect(strip(page).getByRole("button", { name: /^Hulk 2/ })).toHaveAttribute(
        "aria-current",
        "true",
      );
      await page.getByRole("button", { name: "Convert Anything", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Convert Image" });
      await expect(dialog.getByRole("figure")).toHaveText(/Transforming: Hulk 2/);
      await dialog.getByPlaceholder("Describe how you want to transform the image...").fill("make it snow");
      await dialog.getByRole("button", { name: "Transform" }).click();
      await expect(page.getByText("Image transformed successfully!")).toBeVisible({ timeout: 30_000 });
      await expect(counter).toHaveText(/Remaining conversions: 35 \/ 40/);
      await expect(strip(page).getByRole("button", { name: /^(Original|Hulk|Cucumber)/ })).toHaveCount(6, {
        timeout: 10_000,
      });
      await expect(strip(page).getByRole("button", { name: /^Cucumber 2/ })).toHaveAttribute(
        "aria-current",
        "true",
      );

      // My Creations: one card for the photo, with its count and its chain.
      await page.goto("/creations");
      await expect(page.getByRole("heading", { level: 1, name: "My Creations" })).toBeVisible();
      const cards = page.getByRole("button", { name: /^Open .* creation from/ });
      await expect(cards).toHaveCount(1, { timeout: 10_000 });
      await expect(page.getByText("5 versions")).toBeVisible();
      await expect(cards.first()).toHaveAccessibleName(/Hulk → /);
    });
  });
}

/**
 * The style tools end to end: every style route converts and downloads, the Freemium counter runs out, and a
 * cancel or a file that is not an image counts nothing.
 */
import path from "node:path";
import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { VARIANTS } from "../src/config/variants";
import { createUserOnTier } from "./backend";
import { openSignedIn } from "./session";
import { downloadFrom, holdRequests, isPng, PASSWORD, signUp, uniqueEmail } from "./helpers";

const PORTRAIT = path.resolve("tests/fixtures/images/portrait-astronaut.png");

async function upload(page: Page, file = PORTRAIT) {
  await page.getByTestId("file-input").setInputFiles(file);
}

async function counter(page: Page) {
  return page.getByTestId("remaining-counter");
}

test("every style route converts the portrait with the local engine and downloads a PNG", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail("styles");
  await openSignedIn(page, await createUserOnTier(baseURL!, email, PASSWORD, "$30/month"));

  for (const variant of VARIANTS) {
    await page.goto(variant.path);
    await expect(page.getByRole("heading", { level: 1, name: variant.title })).toBeVisible();
    await expect(page.getByText("Local preview engine - add a Gemini key for AI results")).toBeVisible();
    await upload(page);
    await expect(
      page.getByRole("img", { name: variant.layout === "skeleton" ? "Skeleton" : "Modified" }),
    ).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByText(variant.toasts.success)).toBeVisible();
    const download = await downloadFrom(page.getByRole("button", { name: "Download" }));
    expect(download.name).toBe(variant.downloadName);
    expect(isPng(download.bytes)).toBe(true);
  }
  await page.goto("/");
  await expect(await counter(page)).toHaveText(`Remaining conversions: ${130 - VARIANTS.length} / 130`);
});

test("Freemium: the counter goes 3, 2, 1, 0, then the page says so before anything is picked", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page, uniqueEmail("meter"));
  await expect(await counter(page)).toHaveText("Remaining conversions: 3 / 3");
  for (const left of [2, 1, 0]) {
    await upload(page);
    await expect(page.getByRole("img", { name: "Modified" })).toBeVisible({ timeout: 30_000 });
    await expect(await counter(page)).toHaveText(`Remaining conversions: ${left} / 3`);
    await page.getByRole("button", { name: "Try Another Image" }).click();
  }
  // Issue 27: no fourth photo is picked only to be sent away; the page says why, and when it renews.
  await expect(page.getByTestId("limit-notice")).toContainText("They renew on");
  await expect(page.getByRole("button", { name: /Select Image/ })).toBeDisabled();
  // The tool routes say "Usage Limit Reached" too, and keep their page.
  await page.goto("/hulk");
  await expect(page.getByRole("heading", { name: "Usage Limit Reached" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Upgrade Now" })).toHaveAttribute("href", "/pricing");
  await expect(page.getByRole("heading", { level: 1, name: "Hulk.AI" })).toBeVisible();
});

test("a cancelled conversion counts nothing and keeps the photo", async ({ page }) => {
  await signUp(page, uniqueEmail("cancel"));
  // Hold the engine's answers until the conversion is cancelled, then let them go.
  const held = await holdRequests(page, "**/__local-ai/**");
  await upload(page);
  const overlay = page.getByRole("dialog", { name: "Adding Cucumber..." });
  await expect(overlay).toBeVisible();
  await overlay.getByRole("button", { name: "Cancel" }).click();
  await expect(overlay).toBeHidden();
  await expect(page.getByText("Conversion cancelled. Nothing was counted.")).toBeVisible();
  await held.release();
  await expect(page.getByRole("img", { name: "Original" }).first()).toBeVisible();
  await expect(await counter(page)).toHaveText("Remaining conversions: 3 / 3");
});

test("a file that is not an image gets a clear message and counts nothing", async ({ page }) => {
  await signUp(page, uniqueEmail("badfile"));
  await upload(page, path.resolve("tests/fixtures/images/not-an-image.jpg"));
  await expect(page.getByTestId("error-banner")).toContainText("not an image");
  await expect(await counter(page)).toHaveText("Remaining conversions: 3 / 3");
  await expect(page.getByRole("button", { name: "Select Image" })).toBeEnabled();
});

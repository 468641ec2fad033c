/**
 * Sharing photos into the app end to end, with the service worker deliberately on: a real multipart POST
 * to the share target (as the phone's share sheet sends it) opens the chooser, then the tool with the
 * photo loaded; several photos open Batch with all of them; a visitor signed out signs in first.
 */
import path from "node:path";
import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { SHARE_FILES_FIELD, SHARE_TARGET_ACTION } from "../src/config/share";
import { VARIANTS } from "../src/config/variants";

/** The tools that take one photo: the eight styles, Create Art, Modify Scene, Visual Poetry, Celebrations. */
const PHOTO_TOOL_COUNT = VARIANTS.length + 4;
import { logIn, logOut, signUp, uniqueEmail } from "./helpers";

test.use({ serviceWorkers: "allow" });

const IMAGES = path.resolve("tests/fixtures/images");
const PORTRAIT = path.join(IMAGES, "portrait-astronaut.png");
const THREE = ["portrait-astronaut.png", "cat-chelsea.png", "coffee.webp"].map((name) =>
  path.join(IMAGES, name),
);
const QUESTION = "What would you like to do with this photo?";

/** Waits until the service worker is active and controls the page (only then can it take a share). */
async function controlledByWorker(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });
}

/**
 * Shares `files` as the share sheet does: a form POSTed as multipart/form-data to the share target,
 * the files in its field, submitted from a page the worker controls.
 */
async function share(page: Page, files: string[]) {
  await page.evaluate(
    ({ action, field }) => {
      const form = document.createElement("form");
      form.method = "post";
      form.enctype = "multipart/form-data";
      form.action = action;
      form.id = "share-sheet";
      const input = document.createElement("input");
      input.type = "file";
      input.name = field;
      input.multiple = true;
      form.append(input);
      document.body.append(form);
    },
    { action: SHARE_TARGET_ACTION, field: SHARE_FILES_FIELD },
  );
  await page.locator(`#share-sheet input[name=${SHARE_FILES_FIELD}]`).setInputFiles(files);
  await page.evaluate(() => (document.getElementById("share-sheet") as HTMLFormElement).submit());
}

test("a shared photo opens the chooser, then Frog with the photo loaded", async ({ page }) => {
  test.setTimeout(90_000);
  await signUp(page, uniqueEmail("share-one"));
  await controlledByWorker(page);

  await share(page, [PORTRAIT]);
  await expect(page).toHaveURL(/\/share\?id=[\w-]+$/);
  await expect(page.getByRole("heading", { level: 1, name: QUESTION })).toBeVisible();
  await expect(page.getByRole("img", { name: "Shared photo portrait-astronaut.png" })).toBeVisible();
  const tools = page.getByRole("list", { name: "Tools" });
  await expect(tools.getByRole("link")).toHaveCount(PHOTO_TOOL_COUNT);

  await tools.getByRole("link", { name: "Frog" }).click();
  await expect(page).toHaveURL(/\/frog$/);
  await expect(page.getByRole("heading", { level: 1, name: "Frog.AI" })).toBeVisible();
  // Loaded as if uploaded: the frog conversion runs on it (the local preview engine answers).
  await expect(page.getByRole("img", { name: "Modified" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("remaining-counter")).toHaveText("Remaining conversions: 2 / 3");
});

test("three shared photos open Batch Processing with three cards", async ({ page }) => {
  test.setTimeout(90_000);
  await signUp(page, uniqueEmail("share-three"));
  await controlledByWorker(page);

  await share(page, THREE);
  await expect(page).toHaveURL(/\/batch-processing$/);
  await expect(page.getByRole("heading", { level: 1, name: "Batch Image Processing" })).toBeVisible();
  await expect(page.getByTestId("batch-card")).toHaveCount(3);
});

test("a visitor signed out signs in first, then lands in the chooser with the shared photo", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail("share-later");
  await signUp(page, email);
  await controlledByWorker(page);
  await logOut(page);

  await share(page, [PORTRAIT]);
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fshare%3Fid%3D/);
  await logIn(page, email);
  await expect(page).toHaveURL(/\/share\?id=[\w-]+$/);
  await expect(page.getByRole("heading", { level: 1, name: QUESTION })).toBeVisible();
  await expect(page.getByRole("img", { name: "Shared photo portrait-astronaut.png" })).toBeVisible();
});

/**
 * My Creations end to end: a result kept per account across reloads, found, downloaded, deleted and undone,
 * and a full disk that still delivers the result.
 */
import path from "node:path";
import { type Locator, type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { getVariant } from "../src/config/variants";

/** The home tool (Convert Anything's page): the cucumber row of the variant table. */
const HOME_TOOL = getVariant("cucumber");
import { downloadFrom, isPng, logIn, logOut, signUp, uniqueEmail } from "./helpers";

const PORTRAIT = path.resolve("tests/fixtures/images/portrait-astronaut.png");
const NO_ROOM =
  "Your result is here, but this device has no room left for it. Download it to keep it, or delete your oldest creations to make room.";

/** What the Download button (of the page, or of a dialog on it) downloads. */
const download = (scope: Page | Locator) => downloadFrom(scope.getByRole("button", { name: "Download" }));

async function convert(page: Page) {
  await page.getByTestId("file-input").setInputFiles(PORTRAIT);
  await expect(page.getByRole("img", { name: "Modified" })).toBeVisible({ timeout: 30_000 });
}

test("a result is kept: shown again after a reload, found in My Creations, downloaded again, deleted and undone; another account sees nothing, signing back in finds it", async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const email = uniqueEmail("creations");
  await signUp(page, email);
  await convert(page);
  const first = await download(page);
  expect(first.name).toBe(HOME_TOOL.downloadName);
  const original = first.bytes;
  expect(isPng(original)).toBe(true);
  await expect(page.getByTestId("remaining-counter")).toHaveText("Remaining conversions: 2 / 3");

  // Reload: the last result is back with its original and its actions, and nothing more is counted.
  await page.reload();
  await expect(page.getByText("Your last result, kept on this device.")).toBeVisible();
  await expect(page.getByRole("img", { name: "Modified" })).toBeVisible();
  await expect(page.getByRole("img", { name: "Original" }).first()).toBeVisible();
  await expect(page.getByTestId("compare-slider")).toBeVisible();
  expect((await download(page)).bytes.equals(original)).toBe(true);
  await expect(page.getByTestId("remaining-counter")).toHaveText("Remaining conversions: 2 / 3");

  // My Creations, from the sidebar.
  await page.getByRole("link", { name: "My Creations" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "My Creations" })).toBeVisible();
  await expect(page.getByTestId("creations-storage")).toContainText("1 creation");
  const card = page.getByRole("button", { name: new RegExp(`^Open ${HOME_TOOL.label} creation from`) });
  await expect(card).toHaveCount(1);
  await card.click();
  const viewer = page.getByRole("dialog", { name: HOME_TOOL.title });
  await expect(viewer.getByTestId("compare-slider")).toBeVisible();
  const again = await download(viewer);
  expect(again.name).toBe(HOME_TOOL.downloadName);
  expect(again.bytes.equals(original)).toBe(true);
  await viewer.getByRole("button", { name: "Share" }).click();
  await expect(page.getByText("Image copied to the clipboard.")).toBeVisible();

  // Delete, then undo.
  await viewer.getByRole("button", { name: "Delete" }).click();
  await expect(viewer).toBeHidden();
  await expect(page.getByText("Creation deleted.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "No creations yet" })).toBeVisible();
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByText("Creation restored.")).toBeVisible();
  await expect(card).toHaveCount(1);

  // Signing out keeps them; another account on the same browser sees nothing.
  await logOut(page);
  await signUp(page, uniqueEmail("creations-other"));
  await expect(page.getByTestId("file-input")).toBeAttached();
  await expect(page.getByRole("img", { name: "Modified" })).toHaveCount(0);
  await page.getByRole("link", { name: "My Creations" }).click();
  await expect(page.getByRole("heading", { name: "No creations yet" })).toBeVisible();
  await expect(page.getByTestId("creations-storage")).toContainText("0 creations");

  // Back as the first user: still there.
  await logOut(page);
  await page.goto("/auth");
  await logIn(page, email);
  await page.getByRole("link", { name: "My Creations" }).click();
  await expect(card).toHaveCount(1);
});

test("a full disk still delivers the result, says it could not be kept, and counts one conversion", async ({
  page,
}) => {
  // Every IndexedDB write fails as a full disk does.
  await page.addInitScript(() => {
    IDBObjectStore.prototype.put = function put() {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    };
  });
  await signUp(page, uniqueEmail("creations-full"));
  await convert(page);
  await expect(page.getByText(NO_ROOM)).toBeVisible();
  await expect(page.getByText(NO_ROOM)).toHaveCount(1);
  expect(isPng((await download(page)).bytes)).toBe(true);
  await expect(page.getByTestId("remaining-counter")).toHaveText("Remaining conversions: 2 / 3");
});

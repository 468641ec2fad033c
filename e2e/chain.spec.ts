/**
 * Chaining tools end to end: a Hulk result sent on with "Edit with…" to Frog is the frog page's photo
 * (no download, no upload), converted there as an upload is, and My Creations shows the frog creation
 * as the second version of the photo, with its chain "Hulk → Frog", and opens its Hulk step.
 */
import path from "node:path";
import { expect, test } from "./fixtures";
import { getVariant } from "../src/config/variants";
import { pictureBytes, signUp, uniqueEmail } from "./helpers";

const PORTRAIT = path.resolve("tests/fixtures/images/portrait-astronaut.png");
const HULK = getVariant("hulk");
const FROG = getVariant("frog");

/** The bytes behind an image on the page (a data: or blob: URL), as numbers. */
test("Edit with… from a Hulk result to Frog: the result is the frog page's photo, converted, and kept as Hulk → Frog, a second version of the photo", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page, uniqueEmail("chain"));
  const counter = page.getByTestId("remaining-counter");
  await expect(counter).toHaveText("Remaining conversions: 3 / 3");

  // A Hulk result, from the local preview engine.
  await page.goto(HULK.path);
  await page.getByTestId("file-input").setInputFiles(PORTRAIT);
  const hulkResult = page.getByRole("img", { name: "Modified" });
  await expect(hulkResult).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(HULK.toasts.success)).toBeVisible();
  const hulkBytes = await pictureBytes(page, (await hulkResult.getAttribute("src"))!);
  await expect(counter).toHaveText("Remaining conversions: 2 / 3");

  // Edit with… → Frog: the menu lists the photo tools; Frog opens with the Hulk result as its photo.
  await page.getByRole("button", { name: "Edit with…" }).click();
  const menu = page.getByRole("menu");
  await expect(menu.getByRole("menuitem", { name: "Modify Scene" })).toBeVisible();
  await menu.getByRole("menuitem", { name: "Frog" }).click();
  await expect(page).toHaveURL(new RegExp(`${FROG.path}$`));
  await expect(page.getByRole("heading", { level: 1, name: FROG.title })).toBeVisible();

  // Converted as an upload is: the frog result, one more conversion.
  await expect(page.getByText(FROG.toasts.success)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("img", { name: "Modified" })).toBeVisible();
  await expect(counter).toHaveText("Remaining conversions: 1 / 3");
  // Its photo is the Hulk result, byte for byte.
  const photo = page.getByRole("img", { name: "Original" }).first();
  expect(await pictureBytes(page, (await photo.getAttribute("src"))!)).toEqual(hulkBytes);

  // My Creations: the frog creation is a second version of the photo (one card, the newest version,
  // with its chain), its viewer steps back to the Hulk version, and opens its Hulk step.
  await page.getByRole("link", { name: "My Creations" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "My Creations" })).toBeVisible();
  const frogCard = page.getByRole("button", {
    name: /^Open Frog creation from .*, made with Hulk → Frog, 2 versions$/,
  });
  const frogItem = page.getByRole("listitem").filter({ has: frogCard });
  await expect(frogItem).toContainText("Hulk → Frog");
  await expect(frogItem).toContainText("2 versions");
  await expect(page.getByRole("button", { name: /^Open Hulk creation from/ })).toHaveCount(0);
  await frogCard.click();
  const frogViewer = page.getByRole("dialog", { name: FROG.title });
  await expect(frogViewer.getByRole("navigation", { name: "Versions" })).toContainText("Version 2 of 2");
  const steps = frogViewer.getByRole("navigation", { name: "Made with" });
  await expect(steps).toHaveText("Made with Hulk → Frog");
  await steps.getByRole("button", { name: "Open the Hulk step" }).click();
  const hulkViewer = page.getByRole("dialog", { name: HULK.title });
  await expect(hulkViewer).toBeVisible();
  await expect(hulkViewer.getByRole("navigation", { name: "Versions" })).toContainText("Version 1 of 2");
  await expect(hulkViewer.getByRole("navigation", { name: "Made with" })).toHaveCount(0);
  await expect(hulkViewer.getByTestId("compare-slider")).toBeVisible();
});

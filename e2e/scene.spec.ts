/**
 * Modify Scene end to end: text at a clicked place, a widget and a picture added in turn, undo, and the
 * download.
 */
import path from "node:path";
import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { createUserOnTier } from "./backend";
import { openSignedIn } from "./session";
import { downloadFrom, isPng, PASSWORD, pictureBytes, uniqueEmail } from "./helpers";

const CAT = path.resolve("tests/fixtures/images/cat-chelsea.png");
const ASTRONAUT = path.resolve("tests/fixtures/images/portrait-astronaut.png");

async function describeAs(page: Page, type: "Image" | "Text" | "Widget", label: string, text: string) {
  await page.getByRole("radio", { name: type }).click();
  await page.getByRole("textbox", { name: label }).fill(text);
}

async function addToScene(page: Page, toast: string, left: number) {
  await page.getByRole("button", { name: "Add to Scene" }).click();
  await expect(page.getByRole("img", { name: "Modified scene" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(toast)).toBeVisible();
  await expect(page.getByTestId("remaining-counter")).toHaveText(`Remaining conversions: ${left} / 20`);
}

test("Modify Scene: text at a clicked place, a widget, a picture; keep editing, undo, the download", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail("scene");
  await openSignedIn(page, await createUserOnTier(baseURL!, email, PASSWORD, "$5/month"));

  await page.getByRole("link", { name: "Modify Scene" }).first().click();
  await expect(page).toHaveURL(/\/create-nft$/);
  await expect(page.getByRole("heading", { level: 1, name: "Modify Scene" })).toBeVisible();
  // Nothing tried yet, so nothing is flagged (issue 27 §4): the upload area says what to do.
  await expect(page.getByText("Drop your image here")).toBeVisible();
  await expect(page.getByText("Please upload a base image first")).toHaveCount(0);
  await expect(page.getByTestId("remaining-counter")).toHaveText("Remaining conversions: 20 / 20");
  await page.getByTestId("file-input").setInputFiles(CAT);
  await expect(page.getByText("Drop your image here")).toBeHidden();
  await expect(page.getByRole("button", { name: "Add to Scene" })).toBeDisabled();
  await expect(page.getByText("Please provide a description of what you want to add")).toHaveCount(0);

  // 1. Text where the picture is clicked: near its top left corner.
  await describeAs(page, "Text", "The text to add", "Hello from the e2e test");
  const base = page.getByTestId("scene-base");
  const box = (await base.boundingBox())!;
  await base.click({ position: { x: box.width * 0.1, y: box.height * 0.12 } });
  await expect(page.getByTestId("position-marker")).toHaveAttribute("data-position", "top-left");
  await expect(page.getByRole("combobox", { name: "Position (optional)" })).toHaveText("Top left");
  await addToScene(page, "Text added to scene successfully!", 19);

  const src = await page.getByRole("img", { name: "Modified scene" }).getAttribute("src");
  const download = await downloadFrom(page.getByRole("button", { name: "Download" }));
  expect(download.name).toBe("modified-scene.png");
  expect(isPng(download.bytes)).toBe(true);
  // The download is the picture shown, byte for byte.
  expect(download.bytes.equals(await pictureBytes(page, src!))).toBe(true);

  // 2. Keep editing: a widget at a place chosen with the select.
  await page.getByRole("button", { name: "Keep editing" }).click();
  await expect(page.getByText(/Editing your result: 1 change so far/)).toBeVisible();
  const firstResultAsBase = await page
    .getByRole("img", { name: "Base image (your last result)" })
    .getAttribute("src");
  await describeAs(page, "Widget", "Describe the widget to add", "Open 24/7");
  await page.getByRole("combobox", { name: "Position (optional)" }).click();
  await page.getByRole("option", { name: "Bottom right" }).click();
  await expect(page.getByTestId("position-marker")).toHaveAttribute("data-position", "bottom-right");
  await addToScene(page, "Widget added to scene successfully!", 18);

  // 3. Keep editing: a picture added in the centre.
  await page.getByRole("button", { name: "Keep editing" }).click();
  await expect(page.getByText(/Editing your result: 2 changes so far/)).toBeVisible();
  await describeAs(page, "Image", "Describe the image to add", "an astronaut");
  await page.locator("input[type=file][aria-label='Picture to add']").setInputFiles(ASTRONAUT);
  await expect(page.getByRole("img", { name: "Picture to add" })).toBeVisible();
  await addToScene(page, "Image added to scene successfully!", 17);

  // Undo twice: back to the first result as the base, for free.
  await page.getByRole("button", { name: "Keep editing" }).click();
  await expect(page.getByText(/Editing your result: 3 changes so far/)).toBeVisible();
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByText(/Editing your result: 2 changes so far/)).toBeVisible();
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByText(/Editing your result: 1 change so far/)).toBeVisible();
  await expect(page.getByRole("img", { name: "Base image (your last result)" })).toHaveAttribute(
    "src",
    firstResultAsBase!,
  );
  await expect(page.getByTestId("remaining-counter")).toHaveText("Remaining conversions: 17 / 20");
});

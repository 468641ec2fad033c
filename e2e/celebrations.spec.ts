/**
 * Celebration Creator end to end: validation, a failure that counts nothing, then a card in the chosen
 * aspect ratio downloaded as a real PNG.
 */
import path from "node:path";
import sharp from "sharp";
import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { downloadFrom, isPng, signUp, uniqueEmail } from "./helpers";

const CAT = path.resolve("tests/fixtures/images/cat-chelsea.png");
const GENERATE = "Generate Celebration Image";

async function chooseType(page: Page, label: string) {
  await page.getByRole("combobox", { name: "Celebration type" }).click();
  await page.getByRole("option", { name: label, exact: true }).click();
  await expect(page.getByRole("combobox", { name: "Celebration type" })).toHaveText(label);
}

test("Celebration Creator: validation, one failure that counts nothing, then a themed card downloaded as a real PNG", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUp(page, uniqueEmail("celebrations"));
  await page.goto("/celebrations");
  await expect(page.getByRole("heading", { level: 1, name: "Celebration Creator" })).toBeVisible();
  await expect(page.getByText("Local preview engine - add a Gemini key for AI results")).toBeVisible();
  const counter = page.getByTestId("remaining-counter");
  await expect(counter).toHaveText("Remaining conversions: 3 / 3");
  await expect(page.getByTestId("cost-note")).toHaveText("This uses 1 conversion of your 3 left this month.");

  // SPEC 5: a type, then a description.
  await page.getByRole("button", { name: GENERATE }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Please select a celebration type" })).toBeVisible();
  await chooseType(page, "Graduation");
  await page.getByRole("textbox", { name: "Description" }).fill("   ");
  await page.getByRole("button", { name: GENERATE }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "Please enter a description for your celebration image" }),
  ).toBeVisible();

  await page.getByRole("textbox", { name: "Description" }).fill("Class of 2026, Maya did it!");
  await page.getByRole("combobox", { name: "Shape" }).click();
  await page.getByRole("option", { name: "Landscape 16:9" }).click();
  await page.getByLabel("Inspiration image", { exact: true }).and(page.locator("input")).setInputFiles(CAT);
  await expect(page.getByRole("img", { name: "Inspiration image" })).toBeVisible();

  // One failure: the AI answers 500 every time (three tries); nothing is counted, nothing is lost.
  let failures = 0;
  await page.route("**/__local-ai/**", async (route) => {
    failures += 1;
    await route.fulfill({
      status: 500,
      contentType: "application/json",
      body: JSON.stringify({ error: { code: 500, message: "Internal error", status: "INTERNAL" } }),
    });
  });
  await page.getByRole("button", { name: GENERATE }).click();
  await expect(page.getByTestId("error-banner")).toContainText(
    "Failed to generate celebration image: API error: Internal error",
    { timeout: 30_000 },
  );
  // Said once, by the banner: no toast repeats the failure (issue 27 §4).
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
  expect(failures).toBe(3);
  await expect(counter).toHaveText("Remaining conversions: 3 / 3");
  await expect(page.getByRole("textbox", { name: "Description" })).toHaveValue("Class of 2026, Maya did it!");
  await expect(page.getByRole("img", { name: "Inspiration image" })).toBeVisible();

  // The engine answers again: "Try again" makes the card.
  await page.unroute("**/__local-ai/**");
  await page.getByRole("button", { name: "Try again" }).click();
  const result = page.getByRole("img", { name: "Graduation celebration image" });
  await expect(result).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("Celebration image created!")).toBeVisible();
  await expect(counter).toHaveText("Remaining conversions: 2 / 3");

  const { name, bytes } = await downloadFrom(page.getByRole("button", { name: "Download Image" }));
  expect(name).toBe("graduation-celebration.png");
  await expect(page.getByText("Image downloaded successfully!")).toBeVisible();
  expect(isPng(bytes)).toBe(true);
  // The card is 16:9, and the graduation theme is a navy card (more blue than red).
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  expect(info.width / info.height).toBeCloseTo(16 / 9, 2);
  let red = 0;
  let blue = 0;
  for (let i = 0; i < data.length; i += 3) {
    red += data[i]!;
    blue += data[i + 2]!;
  }
  expect(blue).toBeGreaterThan(red * 1.2);

  // Create Another Image: result, inspiration image and description cleared; the type stays.
  await page.getByRole("button", { name: "Create Another Image" }).click();
  await expect(result).toBeHidden();
  await expect(page.getByRole("textbox", { name: "Description" })).toHaveValue("");
  await expect(page.getByRole("img", { name: "Inspiration image" })).toBeHidden();
  await expect(page.getByRole("combobox", { name: "Celebration type" })).toHaveText("Graduation");
  await expect(counter).toHaveText("Remaining conversions: 2 / 3");
});

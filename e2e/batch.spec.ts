/**
 * Batch processing end to end: a mixed batch with one bad file, its ZIP read back entry by entry, a cancelled
 * batch, and a batch larger than the conversions left.
 */
import path from "node:path";
import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { createUserOnTier } from "./backend";
import { openSignedIn } from "./session";
import { downloadFrom, holdRequests, isPng, PASSWORD, uniqueEmail, zipEntries } from "./helpers";

const IMAGES = path.resolve("tests/fixtures/images");
const GOOD = ["portrait-astronaut.png", "cat-chelsea.png", "coffee.png", "cat-chelsea.gif"].map((name) =>
  path.join(IMAGES, name),
);
const BAD = path.join(IMAGES, "not-an-image.jpg");
const INSTRUCTION = "make it look like a watercolour painting";

async function openBatch(page: Page) {
  await page.goto("/batch-processing");
  await expect(page.getByRole("heading", { level: 1, name: "Batch Image Processing" })).toBeVisible();
  await expect(page.getByText("Local preview engine - add a Gemini key for AI results")).toBeVisible();
}

const counter = (page: Page) => page.getByTestId("remaining-counter");
const cards = (page: Page, status: string) => page.locator(`[data-testid=batch-card][data-status=${status}]`);

test("a batch of five with one bad file: 4 done, 1 failed, 4 counted, a ZIP of 4 PNGs; a cancelled batch counts only what came back", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail("batch");
  await openSignedIn(page, await createUserOnTier(baseURL!, email, PASSWORD, "$5/month"));
  await openBatch(page);
  await expect(counter(page)).toHaveText("Remaining conversions: 20 / 20");

  await page.getByTestId("files-input").setInputFiles([...GOOD.slice(0, 2), BAD, ...GOOD.slice(2)]);
  await expect(page.getByTestId("batch-card")).toHaveCount(5);
  await expect(page.getByTestId("cost-note")).toHaveText(
    "This uses 5 conversions of your 20 left this month.",
  );
  await page.getByLabel("Instruction").fill(INSTRUCTION);
  await page.getByRole("button", { name: "Process All Images" }).click();

  await expect(page.getByTestId("batch-progress")).toHaveText("5 of 5", { timeout: 45_000 });
  await expect(cards(page, "done")).toHaveCount(4);
  await expect(cards(page, "failed")).toHaveCount(1);
  await expect(cards(page, "failed")).toContainText("Error: This file is not an image.");
  await expect(page.getByText("Successfully processed 4 image(s)")).toBeVisible();
  await expect(page.getByText("Failed to process 1 image(s)")).toBeVisible();
  await expect(counter(page)).toHaveText("Remaining conversions: 16 / 20");
  await expect(page.getByRole("img", { name: "Result: cat-chelsea.png" })).toBeVisible();

  const zip = await downloadFrom(page.getByRole("button", { name: "Download all" }));
  expect(zip.name).toBe("batch-results.zip");
  const entries = zipEntries(zip.bytes);
  expect(entries.map((e) => e.name)).toEqual([
    "portrait-astronaut-processed.png",
    "cat-chelsea-processed.png",
    "coffee-processed.png",
    "cat-chelsea-processed-2.png",
  ]);
  for (const entry of entries) {
    expect(entry.method).toBe(0); // stored, not recompressed
    expect(isPng(entry.data)).toBe(true);
  }

  // A new batch whose later answers are held back: Cancel all keeps and counts only what came back.
  await page.getByRole("button", { name: "Start over" }).click();
  await page.getByTestId("files-input").setInputFiles(GOOD.slice(0, 3));
  const held = await holdRequests(page, "**/__local-ai/**", { pass: 1 });
  await page.getByRole("button", { name: "Process All Images" }).click();
  await expect(cards(page, "done")).toHaveCount(1, { timeout: 30_000 });
  await page.getByRole("button", { name: "Cancel all" }).click();
  await expect(cards(page, "cancelled")).toHaveCount(2);
  await expect(
    page.getByText("Batch cancelled. 1 image(s) came back and were counted; nothing else was counted."),
  ).toBeVisible();
  await expect(counter(page)).toHaveText("Remaining conversions: 15 / 20");
  // Answers that arrive after the cancel change nothing.
  await held.release();
  await expect(cards(page, "cancelled")).toHaveCount(2);
  await expect(counter(page)).toHaveText("Remaining conversions: 15 / 20");
  await page.reload();
  await expect(counter(page)).toHaveText("Remaining conversions: 15 / 20");
});

test("a batch larger than what is left is blocked and sent to /pricing", async ({ page, baseURL }) => {
  const email = uniqueEmail("batch-short");
  await openSignedIn(page, await createUserOnTier(baseURL!, email, PASSWORD, "Freemium"));
  await openBatch(page);
  let sent = 0;
  await page.route("**/__local-ai/**", async (route) => {
    sent += 1;
    await route.continue();
  });
  await page.getByTestId("files-input").setInputFiles(GOOD);
  const message = "You don't have enough conversions left (3) to process 4 files. Please upgrade your plan.";
  await expect(page.getByTestId("batch-short")).toContainText(message);
  await page.getByLabel("Instruction").fill(INSTRUCTION);
  await page.getByRole("button", { name: "Process All Images" }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  // The toast says why (the page itself may still be on screen while /pricing loads).
  await expect(page.getByRole("region", { name: /Notifications/ }).getByText(message)).toBeVisible();
  expect(sent).toBe(0);
  await page.goto("/batch-processing");
  await expect(counter(page)).toHaveText("Remaining conversions: 3 / 3");
});

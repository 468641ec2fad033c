// Hosted mode: every tool once, through /api/ai and the database's count. Nothing goes to the
// local engine or to Google from the browser, and the counter at the end is the server's.
import path from "node:path";
import { type Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { createUserOnTier } from "../backend";
import { openSignedIn } from "../session";
import { PASSWORD, uniqueEmail } from "../helpers";

const PORTRAIT = path.resolve("tests/fixtures/images/portrait-astronaut.png");
const CAT = path.resolve("tests/fixtures/images/cat-chelsea.png");
const COFFEE = path.resolve("tests/fixtures/images/coffee.png");
const LIMIT = 130;

const counter = (page: Page) => page.getByTestId("remaining-counter");

test.use({ viewport: { width: 1280, height: 1000 } });

test("every tool runs once through the proxy, and the server counts each result", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const aiCalls: URL[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (/:(stream)?generateContent$/i.test(url.pathname)) aiCalls.push(url);
  });
  const email = uniqueEmail("hosted-tools");
  await openSignedIn(page, await createUserOnTier(baseURL!, email, PASSWORD, "$30/month"));
  await expect(counter(page)).toHaveText(`Remaining conversions: ${LIMIT} / ${LIMIT}`);
  let used = 0;
  const expectUsed = async (count: number) => {
    used += count;
    await expect(counter(page)).toHaveText(`Remaining conversions: ${LIMIT - used} / ${LIMIT}`, {
      timeout: 30_000,
    });
  };

  // A style (the home page's cucumber), then another style page.
  await page.getByTestId("file-input").setInputFiles(PORTRAIT);
  await expect(page.getByRole("img", { name: "Modified" })).toBeVisible({ timeout: 30_000 });
  await expectUsed(1);
  await page.goto("/hulk");
  await page.getByTestId("file-input").setInputFiles(PORTRAIT);
  await expect(page.getByRole("img", { name: "Modified" })).toBeVisible({ timeout: 30_000 });
  await expectUsed(1);

  // Convert Anything: the user's own words.
  await page.goto("/?custom=true");
  const dialog = page.getByRole("dialog", { name: "Convert Image" });
  await dialog.getByLabel("Upload an image to transform").setInputFiles(CAT);
  await dialog.getByPlaceholder("Describe how you want to transform the image...").fill("make it snow");
  await dialog.getByRole("button", { name: "Transform" }).click();
  await expect(page.getByText("Image transformed successfully!")).toBeVisible({ timeout: 30_000 });
  await expectUsed(1);

  // Visual Poetry: a streamed poem.
  await page.goto("/visual-poetry");
  await page.getByTestId("file-input").setInputFiles(CAT);
  await expect(page.getByText("Poem generated successfully!")).toBeVisible({ timeout: 30_000 });
  await expectUsed(1);

  // Character Animator: the character, then its animation (two images).
  await page.goto("/animator");
  await page.getByRole("textbox", { name: "Character description" }).fill("A cheerful robot gardener");
  await page.getByRole("button", { name: "Create Character" }).click();
  await expect(page.getByText("Character created successfully!")).toBeVisible({ timeout: 30_000 });
  await expectUsed(1);
  await page.getByRole("button", { name: "Animate", exact: true }).click();
  await expect(page.getByRole("img", { name: "Animated character" })).toBeVisible({ timeout: 30_000 });
  await expectUsed(1);

  // Celebrations.
  await page.goto("/celebrations");
  await page.getByRole("combobox", { name: "Celebration type" }).click();
  await page.getByRole("option", { name: "Graduation", exact: true }).click();
  await page.getByRole("textbox", { name: "Description" }).fill("Class of 2026, Maya did it!");
  await page.getByRole("button", { name: /^Generate/ }).click();
  await expect(page.getByRole("img", { name: "Graduation celebration image" })).toBeVisible({
    timeout: 30_000,
  });
  await expectUsed(1);

  // Modify Scene: text on the photo.
  await page.goto("/create-nft");
  await page.getByTestId("file-input").setInputFiles(CAT);
  await page.getByRole("radio", { name: "Text" }).click();
  await page.getByRole("textbox", { name: "The text to add" }).fill("Hello from hosted mode");
  await page.getByRole("button", { name: "Add to Scene" }).click();
  await expect(page.getByRole("img", { name: "Modified scene" })).toBeVisible({ timeout: 30_000 });
  await expectUsed(1);

  // Batch: two photos, one instruction.
  await page.goto("/batch-processing");
  await page.getByTestId("files-input").setInputFiles([PORTRAIT, COFFEE]);
  await expect(page.getByTestId("batch-card")).toHaveCount(2);
  await page.getByLabel("Instruction").fill("Make it look like a watercolour painting");
  await page.getByRole("button", { name: "Process All Images" }).click();
  await expect(page.getByTestId("batch-progress")).toHaveText("2 of 2", { timeout: 45_000 });
  await expectUsed(2);

  // Create Art: an uploaded picture, refined as soon as it is chosen.
  await page.goto("/create-art");
  await page.getByTestId("file-input").setInputFiles(COFFEE);
  await expect(page.getByRole("img", { name: "Enhanced" }).first()).toBeVisible({ timeout: 30_000 });
  await expectUsed(1);

  // The count is the server's: a reload reads the same number back.
  await page.goto("/");
  await expectUsed(0);
  expect(aiCalls.length).toBeGreaterThanOrEqual(used);
  for (const url of aiCalls) expect(url.pathname).toMatch(/^\/api\/ai\/v1beta\/models\//);
});

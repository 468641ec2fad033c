/**
 * Visual Poetry end to end: a poem streamed from the photo, downloaded as visual-poem.txt, and a failure that
 * counts nothing.
 */
import path from "node:path";
import { expect, test } from "./fixtures";
import { downloadFrom, signUp, uniqueEmail } from "./helpers";

const CAT = path.resolve("tests/fixtures/images/cat-chelsea.png");
const ASTRONAUT = path.resolve("tests/fixtures/images/portrait-astronaut.png");

test("Visual Poetry: a streamed poem from the photo, downloaded as visual-poem.txt; a failure counts nothing", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signUp(page, uniqueEmail("poetry"));
  await page.goto("/visual-poetry");
  await expect(page.getByRole("heading", { level: 1, name: "Visual Poetry" })).toBeVisible();
  const counter = page.getByTestId("remaining-counter");
  await expect(counter).toHaveText("Remaining conversions: 3 / 3");
  await expect(page.getByTestId("cost-note")).toHaveText("This uses 1 conversion of your 3 left this month.");

  // The local engine streams the poem as server-sent events.
  const streamed = page.waitForResponse((r) => r.url().includes(":streamGenerateContent?alt=sse"));
  await page.getByTestId("file-input").setInputFiles(CAT);
  const response = await streamed;
  expect(response.headers()["content-type"]).toMatch(/^text\/event-stream/);
  await expect(page.getByText("Poem generated successfully!")).toBeVisible({ timeout: 30_000 });
  const lines = page.getByTestId("poem-line");
  expect(await lines.count()).toBeGreaterThanOrEqual(6);
  // Built from the photo: the cat picture's size is in it.
  await expect(page.getByTestId("poem")).toContainText("451 by 300");
  await expect(counter).toHaveText("Remaining conversions: 2 / 3");

  const download = await downloadFrom(page.getByRole("button", { name: "Download Poem" }));
  expect(download.name).toBe("visual-poem.txt");
  const text = download.bytes.toString("utf8");
  const shown = (await lines.allTextContents()).join("\n");
  expect(text.trim().length).toBeGreaterThan(0);
  expect(text.trim()).toBe(shown.trim());
  await expect(page.getByText("Poem downloaded successfully!")).toBeVisible();

  // Each line has its entrance animation, and none under prefers-reduced-motion.
  const animation = () => lines.nth(1).evaluate((el) => getComputedStyle(el).animationName);
  expect(await animation()).toBe("poem-line-in");
  await page.emulateMedia({ reducedMotion: "reduce" });
  expect(await animation()).toBe("none");

  // A failure that a retry cannot fix (the AI overloaded on every attempt): the spec's message, nothing counted.
  await page.route("**/__local-ai/**", (route) =>
    route.fulfill({
      status: 503,
      contentType: "application/json",
      body: JSON.stringify({
        error: {
          code: 503,
          message: "The model is overloaded. Please try again later.",
          status: "UNAVAILABLE",
        },
      }),
    }),
  );
  await page.getByRole("button", { name: "Generate Another Poem" }).click();
  await page.getByTestId("file-input").setInputFiles(ASTRONAUT);
  await expect(page.getByText(/Trying again in \d+ s \(attempt 2 of 3\)/)).toBeVisible();
  const banner = page.getByTestId("error-banner");
  await expect(banner).toContainText("Failed to generate poem. Please try again.", { timeout: 15_000 });
  await expect(banner).toContainText("The AI is overloaded right now");
  await expect(counter).toHaveText("Remaining conversions: 2 / 3");
  await expect(page.getByRole("button", { name: "Download Poem" })).toHaveCount(0);
});

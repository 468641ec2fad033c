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
import { expectAccessible, followSystemTheme } from "./a11y";
import {
  downloadFrom,
  holdRequests,
  isPng,
  PASSWORD,
  pngSize,
  signUp,
  uniqueEmail,
  zipEntries,
} from "./helpers";

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

test("Shape and Size (issue 28): Freemium is told what 4K needs where they choose, and nothing is sent", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const hulk = VARIANTS.find((v) => v.id === "hulk")!;
  const size = page.getByRole("combobox", { name: "Size" });
  await signUp(page, uniqueEmail("output-free"), PASSWORD, hulk.path);
  await expect(page.getByRole("combobox", { name: "Shape" })).toHaveText("Same as photo");
  // The list says what 4K needs, choosing it says so with Upgrade, and nothing is sent.
  await size.click();
  await expect(page.getByRole("option", { name: /^4K · Premium/ })).toContainText(
    "4K images require a $30/month subscription",
  );
  await page.getByRole("option", { name: /^4K · Premium/ }).click();
  await expect(page.getByText("4K images require a $30/month subscription.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Upgrade" })).toHaveAttribute("href", "/pricing");
  let aiCalls = 0;
  page.on("request", (request) => {
    if (/generateContent/.test(request.url())) aiCalls++;
  });
  await upload(page);
  await expect(
    page.locator("[data-sonner-toast]").filter({ hasText: "4K images require a $30/month subscription" }),
  ).toBeVisible();
  expect(aiCalls).toBe(0);
  await expect(page.getByTestId("remaining-counter")).toHaveText("Remaining conversions: 3 / 3");
});

test.describe("several results per run (issue 28 §1)", () => {
  const grid = (page: Page) => page.getByRole("region", { name: "Results" });
  const cell = (page: Page, n: number, total = 4) =>
    grid(page).getByRole("button", { name: new RegExp(`^Result ${n} of ${total},`) });

  test("Premium: four results at 4K and 16:9, one made to fail and tried again alone, 4 counted, one chosen, a ZIP of four 4K PNGs", async ({
    page,
    baseURL,
  }, testInfo) => {
    test.setTimeout(120_000);
    await followSystemTheme(page);
    const session = await createUserOnTier(baseURL!, uniqueEmail("results"), PASSWORD, "$30/month");
    await openSignedIn(page, session, "/hulk");
    await expect(await counter(page)).toHaveText("Remaining conversions: 130 / 130");
    // The engine refuses the second image request as Gemini refuses a bad request; the rest go through.
    let images = 0;
    await page.route("**/__local-ai/**", async (route) => {
      const body = route.request().postDataJSON() as { generationConfig?: { responseModalities?: string[] } };
      const image = body?.generationConfig?.responseModalities?.includes("IMAGE") ?? false;
      if (image && ++images === 2)
        return route.fulfill({
          status: 400,
          contentType: "application/json",
          body: JSON.stringify({
            error: {
              code: 400,
              message: "Request contains an invalid argument.",
              status: "INVALID_ARGUMENT",
            },
          }),
        });
      return route.continue();
    });
    const shape = page.getByRole("combobox", { name: "Shape" });
    const size = page.getByRole("combobox", { name: "Size" });
    await expect(shape).toHaveText("Same as photo");
    await shape.click();
    await page.getByRole("option", { name: "Landscape 16:9" }).click();
    await size.click();
    await page.getByRole("option", { name: "4K · Premium" }).click();
    await expect(size).toHaveText("4K · Premium");
    await page.getByRole("radiogroup", { name: "Results" }).getByRole("radio", { name: "4" }).check();
    const sent = page.waitForRequest(
      (request) =>
        /generateContent/.test(request.url()) &&
        request.method() === "POST" &&
        /"inlineData"/.test(request.postData() ?? "") &&
        /imageConfig/.test(request.postData() ?? ""),
    );
    await upload(page);
    const body = (await sent).postDataJSON() as { generationConfig?: { imageConfig?: unknown } };
    expect(body.generationConfig?.imageConfig).toEqual({ aspectRatio: "16:9", imageSize: "4K" });
    await expect(grid(page).getByText(/^3 of 4 ready/)).toBeVisible({ timeout: 60_000 });
    await expect(grid(page).getByRole("button", { name: "Cancel" })).toHaveCount(0);
    await expect(await counter(page)).toHaveText("Remaining conversions: 127 / 130");
    const failed = grid(page)
      .getByRole("listitem")
      .filter({ has: page.getByRole("button", { name: /Failed$/ }) });
    await expect(failed).toContainText("Failed to process image");
    await expect(page.getByRole("img", { name: "Modified" })).toBeVisible();
    await expectAccessible(page, testInfo, "several results, one failed");

    await failed.getByRole("button", { name: /^Try again/ }).click();
    await expect(grid(page).getByText(/^4 of 4 ready/)).toBeVisible({ timeout: 60_000 });
    expect(images).toBe(5);
    await expect(await counter(page)).toHaveText("Remaining conversions: 126 / 130");

    // Choosing one makes it the result shown; all four are versions of the photo.
    await cell(page, 3).click();
    await expect(cell(page, 3)).toHaveAttribute("aria-current", "true");
    await expect(page.getByRole("img", { name: "Modified" })).toBeVisible();
    await expect(
      page.getByRole("region", { name: "Versions of this photo" }).getByRole("button", { name: /^Hulk/ }),
    ).toHaveCount(4, { timeout: 10_000 });

    // The one shown downloads as the engine made it, at 4K, and says so in its name.
    const one = await downloadFrom(page.getByRole("button", { name: "Download", exact: true }));
    expect(one.name).toBe("hulk-edition-4k.png");
    expect(pngSize(one.bytes)).toEqual({ width: 4096, height: 2304 });

    const zip = await downloadFrom(grid(page).getByRole("button", { name: "Download all" }));
    expect(zip.name).toBe("hulk-edition-4k-results.zip");
    const entries = zipEntries(zip.bytes);
    expect(entries.map((e) => e.name)).toEqual([1, 2, 3, 4].map((n) => `hulk-edition-4k-${n}.png`));
    for (const entry of entries) {
      expect(isPng(entry.data)).toBe(true);
      expect(pngSize(entry.data)).toEqual({ width: 4096, height: 2304 });
    }

    // Shape and Size are remembered for this tool.
    await page.reload();
    await expect(shape).toHaveText("Landscape 16:9");
    await expect(size).toHaveText("4K · Premium");
  });

  test("Freemium sees the gate where they choose; with 3 left and 4 asked: Batch's words and Run 3", async ({
    page,
    baseURL,
  }, testInfo) => {
    test.setTimeout(120_000);
    await followSystemTheme(page);
    await openSignedIn(
      page,
      await createUserOnTier(baseURL!, uniqueEmail("results-free"), PASSWORD, "Freemium"),
      "/hulk",
    );
    const picker = page.getByRole("radiogroup", { name: "Results" });
    await expect(picker.getByRole("radio", { name: "1" })).toBeChecked();
    for (const n of ["2", "3", "4"]) await expect(picker.getByRole("radio", { name: n })).toBeDisabled();
    await expect(page.getByText("Multiple transformations require a $10/month subscription.")).toBeVisible();
    await expectAccessible(page, testInfo, "Results: the gate");

    const session = await createUserOnTier(baseURL!, uniqueEmail("results-short"), PASSWORD, "$10/month");
    await openSignedIn(page, session, "/hulk");
    const now = new Date();
    const month = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}`;
    await page.evaluate(
      ([id, key]) => localStorage.setItem("conversionUsage", JSON.stringify({ [id]: { [key]: 37 } })),
      [session.user.id, month] as const,
    );
    await page.reload();
    await expect(await counter(page)).toHaveText("Remaining conversions: 3 / 40");
    await page.getByRole("radiogroup", { name: "Results" }).getByRole("radio", { name: "4" }).check();
    await upload(page);
    await expect(page.getByRole("alert").filter({ hasText: "conversions left" })).toHaveText(
      /You don't have enough conversions left \(3\) to make 4 results\. Please upgrade your plan\./,
    );
    await page.getByRole("button", { name: "Run 3" }).click();
    await expect(grid(page).getByText(/^3 of 3 ready/)).toBeVisible({ timeout: 60_000 });
    await expect(await counter(page)).toHaveText("Remaining conversions: 0 / 40");
  });
});

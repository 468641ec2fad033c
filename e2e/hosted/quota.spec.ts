// Hosted mode (AI_MODE=hosted, playwright.hosted.config.ts): the count lives in Postgres and every AI
// call goes through /api/ai. What the browser stores cannot give anyone more than their plan.
import path from "node:path";
import { type Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { GEMINI_DEFAULTS } from "../../src/config/gemini-defaults";
import { demoCard } from "../../scripts/lib/checkout.mjs";
import { signInOnTier } from "../backend";
import { downloadFrom, isPng, logIn, pngSize, signUp, uniqueEmail } from "../helpers";

const PORTRAIT = path.resolve("tests/fixtures/images/portrait-astronaut.png");
const CAT = path.resolve("tests/fixtures/images/cat-chelsea.png");
/** The local engine fails on purpose for a prompt with this marker (LOCAL_AI_FAULTS=1). */
const FAULT_MARKER = "[local-ai:fail-500]";

const counter = (page: Page) => page.getByTestId("remaining-counter");

/** Every request the page makes to an AI endpoint, wherever it goes. */
function watchAiRequests(page: Page): URL[] {
  const seen: URL[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (/:(stream)?generateContent$/i.test(url.pathname)) seen.push(url);
  });
  return seen;
}

function expectAllThroughProxy(requests: URL[]) {
  expect(requests.length).toBeGreaterThan(0);
  for (const url of requests) expect(url.pathname).toMatch(/^\/api\/ai\/v1beta\/models\//);
}

async function convertOnce(page: Page, left: number, limit: number) {
  await page.getByTestId("file-input").setInputFiles(PORTRAIT);
  await expect(page.getByRole("img", { name: "Modified" })).toBeVisible({ timeout: 30_000 });
  await expect(counter(page)).toHaveText(`Remaining conversions: ${left} / ${limit}`);
  await page.getByRole("button", { name: "Try Another Image" }).click();
}

/**
 * Every image call asks for `imageConfig` (issue 28's shape and size), set on its way out as the page's
 * Shape and Size pickers set it, or as anyone could: the server decides what a plan may have.
 */
async function askForOutput(page: Page, imageConfig: Record<string, string>) {
  await page.route(/\/api\/ai\/v1beta\/models\/image:generateContent$/, async (route) => {
    const body = route.request().postDataJSON() as { generationConfig?: Record<string, unknown> };
    body.generationConfig = { ...body.generationConfig, imageConfig };
    await route.continue({ postData: JSON.stringify(body) });
  });
}

/** The session's access token, as supabase-js keeps it. */
async function accessToken(page: Page): Promise<string> {
  return page.evaluate(() => {
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i) ?? "";
      if (/^sb-.*-auth-token$/.test(key))
        return (JSON.parse(localStorage.getItem(key) ?? "{}") as { access_token: string }).access_token;
    }
    throw new Error("no session stored");
  });
}

test("Freemium: three conversions through the proxy, the fourth refused; clearing the browser's storage changes nothing", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const requests = watchAiRequests(page);
  const email = uniqueEmail("hosted-meter");
  await signUp(page, email);
  await expect(counter(page)).toHaveText("Remaining conversions: 3 / 3");
  for (const left of [2, 1, 0]) await convertOnce(page, left, 3);

  await page.getByTestId("file-input").setInputFiles(PORTRAIT);
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByText("You've used all your free conversions for this month")).toBeVisible();
  expectAllThroughProxy(requests);
  // Three images, asked for by role (the server picks the model); the cucumber's photo analysis (the
  // text role) before each counts nothing.
  const imageCalls = requests.filter((url) => url.pathname.endsWith("/models/image:generateContent"));
  expect(imageCalls).toHaveLength(3);
  expect(requests.every((url) => /\/models\/(image|text):/.test(url.pathname))).toBe(true);

  // The proxy itself refuses, whatever the page believes: nothing is sent upstream (a model's own ID,
  // as a page built before roles sends it, is held to the same count).
  const token = await accessToken(page);
  const direct = await page.request.post(
    `/api/ai/v1beta/models/${GEMINI_DEFAULTS.VITE_GEMINI_IMAGE_MODEL}:generateContent`,
    {
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      data: { contents: [{ role: "user", parts: [{ text: "One more, please." }] }] },
    },
  );
  expect(direct.status()).toBe(403);
  expect(direct.headers()["x-conversions-remaining"]).toBe("0");

  // Everything the browser kept, gone: the count is the server's, so still nothing left.
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await page.goto("/auth");
  await logIn(page, email);
  await expect(page).toHaveURL(/\/$/);
  await expect(counter(page)).toHaveText("Remaining conversions: 0 / 3");
  await page.goto("/hulk");
  await expect(page.getByRole("heading", { name: "Usage Limit Reached" })).toBeVisible();
});

test("a payment raises the limit to the new plan at once", async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page, uniqueEmail("hosted-upgrade"));
  await convertOnce(page, 2, 3);

  await page.goto("/pricing");
  await page
    .getByRole("list", { name: "Plans" })
    .getByRole("listitem", { name: "Basic" })
    .getByRole("button", { name: "Subscribe" })
    .click();
  await expect(page).toHaveURL(/\/payment$/);
  await page.getByLabel("Card number").fill(demoCard().number);
  await page.getByLabel("Expiry (MM/YY)").fill(demoCard().expiry);
  await page.getByLabel("CVC").fill("123");
  await page.getByLabel("Name on card").fill("Ada Lovelace");
  await page.getByRole("button", { name: "Pay $5" }).click();
  await expect(page.getByText("Payment successful! Your subscription is now active.")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  // Basic: 20 a month, one already used this month.
  await expect(counter(page)).toHaveText("Remaining conversions: 19 / 20");
  // The home page shows the last result again; start over with a new photo.
  await page.getByRole("button", { name: "Try Another Image" }).click();
  await convertOnce(page, 18, 20);
});

test("a failing AI counts nothing", async ({ page }) => {
  test.setTimeout(90_000);
  const requests = watchAiRequests(page);
  await signUp(page, uniqueEmail("hosted-fault"));
  await page.goto("/animator");
  await expect(counter(page)).toHaveText("Remaining conversions: 3 / 3");
  await page
    .getByRole("textbox", { name: "Character description" })
    .fill(`A brave little teapot ${FAULT_MARKER}`);
  await page.getByRole("button", { name: "Create Character" }).click();
  await expect(page.getByTestId("error-banner")).toContainText("API error: An internal error has occurred", {
    timeout: 45_000,
  });
  await expect(counter(page)).toHaveText("Remaining conversions: 3 / 3");
  expectAllThroughProxy(requests);

  // Reloaded from the server: still nothing counted, and the description was kept on the page.
  await page.reload();
  await expect(counter(page)).toHaveText("Remaining conversions: 3 / 3");
});

test("one streamed poem counts one", async ({ page }) => {
  test.setTimeout(90_000);
  await signUp(page, uniqueEmail("hosted-poem"));
  await page.goto("/visual-poetry");
  await expect(counter(page)).toHaveText("Remaining conversions: 3 / 3");

  const streamed = page.waitForResponse((response) => response.url().includes(":streamGenerateContent"));
  await page.getByTestId("file-input").setInputFiles(CAT);
  const response = await streamed;
  expect(new URL(response.url()).pathname).toMatch(/^\/api\/ai\//);
  expect(response.headers()["content-type"]).toMatch(/^text\/event-stream/);
  await expect(page.getByText("Poem generated successfully!")).toBeVisible({ timeout: 30_000 });
  await expect(counter(page)).toHaveText("Remaining conversions: 2 / 3");
  await page.reload();
  await expect(counter(page)).toHaveText("Remaining conversions: 2 / 3");
});

test("4K: the $30/month plan gets the engine's 4096 px picture whole through the proxy, shown and downloaded as made", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const requests = watchAiRequests(page);
  await askForOutput(page, { aspectRatio: "16:9", imageSize: "4K" });
  await signInOnTier(page, baseURL!, "$30/month", "hosted-4k");
  await page.goto("/hulk");
  await expect(counter(page)).toHaveText("Remaining conversions: 130 / 130");
  await page.getByTestId("file-input").setInputFiles(PORTRAIT);
  const result = page.getByRole("img", { name: "Modified" });
  await expect(result).toBeVisible({ timeout: 60_000 });
  // Tens of MB of base64 streamed through the proxy, never scaled down on the way or on the page.
  expect(await result.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([
    4096, 2304,
  ]);
  await expect(counter(page)).toHaveText("Remaining conversions: 129 / 130");
  const download = await downloadFrom(page.getByRole("button", { name: "Download" }));
  expect(isPng(download.bytes)).toBe(true);
  expect(pngSize(download.bytes)).toEqual({ width: 4096, height: 2304 });
  expectAllThroughProxy(requests);
});

test("4K on Freemium: the server refuses with the gate's words before anything is counted", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await askForOutput(page, { imageSize: "4K" });
  await signUp(page, uniqueEmail("hosted-4k-free"), undefined, "/hulk");
  await expect(counter(page)).toHaveText("Remaining conversions: 3 / 3");
  await page.getByTestId("file-input").setInputFiles(PORTRAIT);
  const banner = page.getByTestId("error-banner");
  await expect(banner).toContainText("4K images require a $30/month subscription", { timeout: 30_000 });
  await expect(banner).toContainText("choose a smaller size, or upgrade your plan on the Pricing page");
  await page.reload();
  await expect(counter(page)).toHaveText("Remaining conversions: 3 / 3");
});

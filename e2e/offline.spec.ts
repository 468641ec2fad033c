/**
 * The tools without a connection (no service worker: the connection drops while the page is open, a
 * photo on it): they say they need one, a conversion is refused or cut off without counting and the photo
 * stays, and the first conversion once back works without a reload.
 */
import path from "node:path";
import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { getVariant } from "../src/config/variants";
import {
  CONNECTION_LOST_MESSAGE,
  OFFLINE_RUN_ADVICE,
  OFFLINE_RUN_MESSAGE,
  OFFLINE_TOOL_MESSAGE,
} from "../src/lib/offline";
import { createUserOnTier } from "./backend";
import { openSignedIn } from "./session";
import { holdRequests, PASSWORD, signUp, uniqueEmail } from "./helpers";

const PORTRAIT = path.resolve("tests/fixtures/images/portrait-astronaut.png");
const HULK = getVariant("hulk");

/** Every request the page makes to the AI (the local preview engine) from now on. */
function watchAiRequests(page: Page) {
  const urls: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/__local-ai/")) urls.push(request.url());
  });
  return urls;
}

async function openHulk(page: Page) {
  await page.goto(HULK.path);
  await expect(page.getByRole("heading", { level: 1, name: HULK.title })).toBeVisible();
  await expect(page.getByTestId("remaining-counter")).toHaveText("Remaining conversions: 3 / 3");
}

test("offline, a style tool with a photo says it needs a connection, sends and counts nothing; back online the same button works", async ({
  page,
  context,
  baseURL,
}) => {
  const email = uniqueEmail("offline");
  // A plan with "Try Another Version", so the photo on the page can be converted again.
  await openSignedIn(page, await createUserOnTier(baseURL!, email, PASSWORD, "$10/month"));
  await page.goto(HULK.path);
  await expect(page.getByRole("heading", { level: 1, name: HULK.title })).toBeVisible();
  const counter = page.getByTestId("remaining-counter");
  await page.getByTestId("file-input").setInputFiles(PORTRAIT);
  await expect(page.getByRole("img", { name: "Modified" }).first()).toBeVisible({ timeout: 30_000 });
  await expect(counter).toHaveText("Remaining conversions: 39 / 40");
  const notice = page.getByTestId("offline-notice");
  await expect(notice).toBeEmpty();

  await context.setOffline(true);
  await expect(notice).toHaveText(OFFLINE_TOOL_MESSAGE);
  await expect(notice).toHaveAttribute("role", "status");
  const aiRequests = watchAiRequests(page);
  await page.getByRole("button", { name: "Try Another Version" }).click();

  const banner = page.getByTestId("error-banner");
  await expect(banner).toContainText(OFFLINE_RUN_MESSAGE);
  await expect(banner).toContainText(OFFLINE_RUN_ADVICE);
  await expect(page.getByRole("img", { name: "Original" }).first()).toBeVisible();
  await expect(page.getByRole("img", { name: "Modified" }).first()).toBeVisible();
  await expect(counter).toHaveText("Remaining conversions: 39 / 40");
  expect(aiRequests).toEqual([]);

  await context.setOffline(false);
  await expect(notice).toBeEmpty();
  await banner.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByText(HULK.toasts.recreated)).toBeVisible({ timeout: 30_000 });
  await expect(counter).toHaveText("Remaining conversions: 38 / 40");
  await expect(banner).toBeHidden();
});

test("a conversion whose connection drops mid-way says the connection dropped and counts nothing", async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await signUp(page, uniqueEmail("offline-drop"));
  await openHulk(page);
  // The engine's answers are held until the connection has dropped: the request is on its way then.
  const held = await holdRequests(page, "**/__local-ai/**");
  await page.getByTestId("file-input").setInputFiles(PORTRAIT);
  await expect(page.getByRole("dialog", { name: HULK.overlay.title })).toBeVisible();
  await held.arrived;
  await context.setOffline(true);
  await held.release();

  const banner = page.getByTestId("error-banner");
  await expect(banner).toContainText(CONNECTION_LOST_MESSAGE, { timeout: 30_000 });
  await expect(banner).not.toContainText("Could not reach the AI service");
  await expect(page.getByRole("img", { name: "Original" }).first()).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByTestId("remaining-counter")).toHaveText("Remaining conversions: 3 / 3");
  await page.unrouteAll({ behavior: "ignoreErrors" });
  await banner.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("img", { name: "Modified" }).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("remaining-counter")).toHaveText("Remaining conversions: 2 / 3");
});

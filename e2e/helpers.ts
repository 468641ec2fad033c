/**
 * Steps every end-to-end spec shares: unique accounts, signing up, in and out, downloads, and holding
 * requests back.
 */
import fs from "node:fs";
import { expect, type Locator, type Page } from "@playwright/test";
import { baseUrlOfTest, openSignedIn, signUpThroughApi } from "./session";

export const PASSWORD = "correct-horse-42";

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Whether `bytes` start with the PNG signature. */
export function isPng(bytes: Buffer): boolean {
  return bytes.subarray(0, 8).equals(PNG_SIGNATURE);
}

/** A PNG's width and height, from its IHDR chunk. */
export function pngSize(bytes: Buffer): { width: number; height: number } {
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Clicks `button` and returns what it downloads: the suggested file name and the bytes. */
export async function downloadFrom(button: Locator): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([button.page().waitForEvent("download"), button.click()]);
  return { name: file.suggestedFilename(), bytes: fs.readFileSync((await file.path())!) };
}

/** A fresh address per call, so tests never depend on each other's accounts. */
export function uniqueEmail(tag: string) {
  return `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/**
 * A new user, signed in on `page` at "/" (or `path`): made through the local backend's API and the
 * session put on the device (e2e/session.ts), without the sign-up form, which e2e/auth.spec.ts tests.
 */
export async function signUp(page: Page, email: string, password = PASSWORD, path = "/") {
  await openSignedIn(page, await signUpThroughApi(baseUrlOfTest(), email, password), path);
}

/** Sign up through the real form; the local backend signs the new user straight in. */
export async function signUpThroughForm(page: Page, email: string, password = PASSWORD) {
  await page.goto("/auth");
  await page.getByRole("button", { name: "Don't have an account? Sign up" }).click();
  await expect(page.getByRole("heading", { name: "Sign Up" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign Up", exact: true }).click();
  // Signed straight in: nothing to confirm, so no "check your email".
  await expect(page.getByText("Account created!", { exact: true })).toBeVisible();
}

export async function logIn(page: Page, email: string, password = PASSWORD) {
  await expect(page.getByRole("heading", { name: "Login" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
}

/** Account menu, Logout, then Logout again in the Confirm Logout dialog. */
export async function logOut(page: Page) {
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  await page
    .getByRole("alertdialog", { name: "Confirm Logout" })
    .getByRole("button", { name: "Logout" })
    .click();
  await expect(page.getByText("You have been logged out successfully")).toBeVisible();
}

/**
 * Holds the page's requests to `url` (after the first `pass` of them) until `release()`: a window to
 * cancel while answers are on their way, without a fixed wait. `release()` lets the held requests go on
 * and resolves once each has been answered or has failed (a request the page cancelled fails).
 */
export async function holdRequests(page: Page, url: string, { pass = 0 } = {}) {
  let open = () => {};
  const gate = new Promise<void>((resolve) => (open = resolve));
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const held: Promise<unknown>[] = [];
  let seen = 0;
  await page.route(url, async (route) => {
    seen += 1;
    if (seen > pass) {
      arrive();
      held.push(
        route
          .request()
          .response()
          .catch(() => null),
      );
      await gate;
    }
    await route.continue().catch(() => undefined);
  });
  return {
    /** Resolves once a request is held (it is on its way). */
    arrived,
    async release() {
      open();
      await Promise.all(held);
    },
  };
}

/**
 * Every request to the local AI engine is refused as Gemini refuses a bad request (400
 * INVALID_ARGUMENT), until the route is removed (page.unroute of the engine's URL).
 */
export async function refuseAiRequests(page: Page) {
  await page.route("**/__local-ai/**", (route) =>
    route.fulfill({
      status: 400,
      contentType: "application/json",
      body: JSON.stringify({
        error: { code: 400, message: "Request contains an invalid argument.", status: "INVALID_ARGUMENT" },
      }),
    }),
  );
}

/** The entries of a ZIP from its central directory: name, compression method, local header offset. */
export function zipEntries(zip: Buffer) {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: { name: string; method: number; data: Buffer }[] = [];
  for (let i = 0; i < count; i++) {
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString("utf8", at + 46, at + 46 + nameLength);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    entries.push({ name, method, data: zip.subarray(start, start + size) });
    at += 46 + nameLength + extra + comment;
  }
  return entries;
}

/** The bytes of a picture the page shows (its object URL, or a data: URL), read in the page. */
export async function pictureBytes(page: Page, src: string): Promise<Buffer> {
  const base64 = await page.evaluate(async (url) => {
    const blob = await (await fetch(url)).blob();
    const dataUrl = await new Promise<string>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.onerror = () => reject(reader.error ?? new Error("unreadable"));
      reader.readAsDataURL(blob);
    });
    return dataUrl.slice(dataUrl.indexOf(",") + 1);
  }, src);
  return Buffer.from(base64, "base64");
}

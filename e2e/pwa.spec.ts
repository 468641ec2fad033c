/**
 * The installable app end to end, with its service worker deliberately on: a valid manifest that
 * Chromium finds installable, the worker installed and in control, the app and My Creations offline
 * after a first visit, a tool that says it needs a connection, and the update prompt of a new version.
 */
import fs from "node:fs";
import path from "node:path";
import { chromium, type APIRequestContext, type BrowserContext, type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { getVariant } from "../src/config/variants";

/** The home tool (Convert Anything's page): the cucumber row of the variant table. */
const HOME_TOOL = getVariant("cucumber");
import { SHARE_FILES_FIELD, SHARE_TARGET_ACTION } from "../src/config/share";
import { OFFLINE_RUN_MESSAGE, OFFLINE_TOOL_MESSAGE } from "../src/lib/offline";
import { UPDATE_AVAILABLE_MESSAGE, UPDATE_RELOAD_LABEL } from "../src/lib/service-worker-copy";
import { downloadFrom, isPng, signUp, uniqueEmail } from "./helpers";

test.use({ serviceWorkers: "allow" });

const PORTRAIT = path.resolve("tests/fixtures/images/portrait-astronaut.png");

type Manifest = {
  id: string;
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
  share_target: {
    action: string;
    method: string;
    enctype: string;
    params: { files: { name: string; accept: string[] }[] };
  };
  file_handlers: { action: string; accept: Record<string, string[]> }[];
};

/** The width and height a PNG's header gives. */
function pngSize(bytes: Buffer) {
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Waits until the service worker is active and controls the page (its precache is complete by then). */
async function controlledByWorker(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });
  return page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
}

test("the manifest is valid and installable, and the service worker is installed and controls the page", async ({
  launchOptions,
  headless,
  baseURL,
  request,
}, testInfo) => {
  // Chromium never offers to install from an incognito profile, which every Playwright context is:
  // its verdict needs a browser with a profile of its own.
  const context = await chromium.launchPersistentContext(testInfo.outputPath("profile"), {
    ...launchOptions,
    headless,
    baseURL,
    serviceWorkers: "allow",
  });
  try {
    await installableIn(context, request);
  } finally {
    await context.close();
  }
});

async function installableIn(context: BrowserContext, request: APIRequestContext) {
  const cspReports: string[] = [];
  const page = context.pages()[0] ?? (await context.newPage());
  page.on("console", (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) cspReports.push(message.text());
  });
  await page.goto("/");
  expect(await controlledByWorker(page)).toMatch(/\/sw\.js$/);

  const answer = await request.get("/manifest.webmanifest");
  expect(answer.headers()["content-type"]).toContain("application/manifest+json");
  expect(answer.headers()["cache-control"]).toBe("no-cache");
  expect((await request.get("/sw.js")).headers()["cache-control"]).toBe("no-cache");
  const manifest = (await answer.json()) as Manifest;
  expect(manifest).toMatchObject({
    id: "/",
    name: "Cucumber.AI",
    short_name: "Cucumber.AI",
    start_url: "/",
    scope: "/",
    display: "standalone",
    theme_color: "#16a34a",
    background_color: "#ffffff",
  });
  expect(manifest.share_target).toMatchObject({
    action: SHARE_TARGET_ACTION,
    method: "POST",
    enctype: "multipart/form-data",
  });
  expect(manifest.share_target.params.files[0]!.name).toBe(SHARE_FILES_FIELD);
  expect(manifest.share_target.params.files[0]!.accept).toEqual(
    expect.arrayContaining(["image/jpeg", "image/heic", ".heic"]),
  );
  expect(manifest.file_handlers[0]!.accept["image/heic"]).toEqual([".heic"]);

  // Every icon loads, a PNG of the size it claims; one is maskable.
  for (const icon of manifest.icons) {
    const bytes = Buffer.from(await (await request.get(icon.src)).body());
    expect(isPng(bytes), icon.src).toBe(true);
    const [width, height] = icon.sizes.split("x").map(Number);
    expect(pngSize(bytes), icon.src).toEqual({ width, height });
  }
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
    "192x192 any",
    "512x512 any",
    "512x512 maskable",
  ]);
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute(
    "href",
    /apple-touch-icon\.png$/,
  );

  // Chromium's own verdict, as its install prompt and Lighthouse's old PWA audit read it.
  const cdp = await context.newCDPSession(page);
  const parsed = (await cdp.send("Page.getAppManifest")) as { url: string; errors: unknown[] };
  expect(parsed.url).toMatch(/\/manifest\.webmanifest$/);
  expect(parsed.errors).toEqual([]);
  const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
  expect(installabilityErrors).toEqual([]);
  expect(cspReports).toEqual([]);

  // vercel.json revalidates the worker and the manifest as `npm start` does.
  const deploy = JSON.parse(fs.readFileSync(path.resolve("vercel.json"), "utf8")) as {
    headers: { source: string; headers: { key: string; value: string }[] }[];
  };
  for (const file of ["/sw.js", "/manifest.webmanifest"]) {
    const rule = deploy.headers.find((entry) => entry.source === file);
    expect(rule?.headers, file).toContainEqual({ key: "Cache-Control", value: "no-cache" });
  }
}

/** Sign up, and wait for the worker that the first visit installed to control the page. */
async function firstVisit(page: Page, tag: string) {
  await signUp(page, uniqueEmail(tag));
  await controlledByWorker(page);
}

const NETWORK = { latency: 0, downloadThroughput: -1, uploadThroughput: -1 };

/**
 * Takes the browser offline, as a phone losing its connection. Playwright's offline switch cuts the
 * network, but a document loaded after it was switched on still reads navigator.onLine as true in
 * Chromium (a phone's would not), so `afterLoad` says it again to each new document over CDP.
 */
async function goOffline(context: BrowserContext, page: Page) {
  await context.setOffline(true);
  const cdp = await context.newCDPSession(page);
  const afterLoad = async () => {
    await cdp.send("Network.emulateNetworkConditions", { offline: true, ...NETWORK });
    await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
  };
  await afterLoad();
  return {
    afterLoad,
    async backOnline() {
      await cdp.send("Network.emulateNetworkConditions", { offline: false, ...NETWORK });
      await cdp.detach();
      await context.setOffline(false);
      await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(true);
    },
  };
}

test("offline after a first visit: the app opens, My Creations shows and downloads a kept result, a tool says it needs a connection and counts nothing", async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await firstVisit(page, "pwa-offline");
  await page.getByTestId("file-input").setInputFiles(PORTRAIT);
  await expect(page.getByRole("img", { name: "Modified" })).toBeVisible({ timeout: 30_000 });
  const online = await downloadFrom(page.getByRole("button", { name: "Download" }));
  await expect(page.getByTestId("remaining-counter")).toHaveText("Remaining conversions: 2 / 3");

  const offline = await goOffline(context, page);
  // A reload offline: the worker answers with the precached app.
  await page.reload();
  await offline.afterLoad();
  await expect(page.getByRole("link", { name: "My Creations" })).toBeVisible();
  await page.getByRole("link", { name: "My Creations" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "My Creations" })).toBeVisible();
  const card = page.getByRole("button", { name: new RegExp(`^Open ${HOME_TOOL.label} creation from`) });
  await expect(card).toHaveCount(1);
  await card.click();
  const viewer = page.getByRole("dialog", { name: HOME_TOOL.title });
  const again = await downloadFrom(viewer.getByRole("button", { name: "Download" }));
  expect(again.name).toBe(online.name);
  expect(again.bytes.equals(online.bytes)).toBe(true);
  await page.keyboard.press("Escape");

  // A tool page opened offline (a navigation the worker answers): it says so, and a photo sends nothing.
  await page.goto("/hulk");
  await offline.afterLoad();
  await expect(page.getByRole("status").filter({ hasText: OFFLINE_TOOL_MESSAGE })).toBeVisible();
  await page.getByTestId("file-input").setInputFiles(PORTRAIT);
  await expect(page.getByTestId("error-banner")).toContainText(OFFLINE_RUN_MESSAGE);
  await expect(page.getByRole("img", { name: "Modified" })).toHaveCount(0);

  // Back online: nothing was counted.
  await offline.backOnline();
  await page.reload();
  await expect(page.getByTestId("remaining-counter")).toHaveText("Remaining conversions: 2 / 3");
});

test("a new version waiting shows the update prompt; Reload puts the new worker in control", async ({
  page,
}) => {
  await page.goto("/");
  await controlledByWorker(page);
  const scripts = () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return {
        controller: navigator.serviceWorker.controller?.scriptURL ?? null,
        waiting: registration?.waiting?.scriptURL ?? null,
      };
    });

  // The next deploy's worker. Chromium does not let a test rewrite the bytes of a worker's update
  // check, so the new version comes from a new script URL on the same scope: to the browser and the
  // app, a new worker installing beside the one in control, exactly as after a deploy.
  await page.evaluate(() => navigator.serviceWorker.register("/sw.js?next", { scope: "/" }));

  const prompt = page.getByRole("listitem").filter({ hasText: UPDATE_AVAILABLE_MESSAGE });
  await expect(prompt).toBeVisible({ timeout: 20_000 });
  // Nothing switched by itself: the new worker waits, the old one still controls the page.
  expect(await scripts()).toEqual({
    controller: expect.stringMatching(/\/sw\.js$/),
    waiting: expect.stringMatching(/\/sw\.js\?next$/),
  });

  const reloaded = page.waitForEvent("load");
  await prompt.getByRole("button", { name: UPDATE_RELOAD_LABEL }).click();
  await reloaded;
  await expect.poll(async () => (await scripts()).controller).toMatch(/\/sw\.js\?next$/);
});

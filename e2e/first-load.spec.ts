/**
 * What a visitor sees while the built app loads: a steady top bar, no Supabase code on a first visit,
 * dialogs ready at once, and compressed, correctly cached files.
 */
import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { signUp, uniqueEmail } from "./helpers";

/**
 * Records, from before the app's first script runs, every state the top bar's account control shows
 * and every layout shift of the page, so a test can tell what a visitor saw during the load.
 */
async function watchFirstLoad(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __seen: string[]; __shifts: number[] };
    w.__seen = [];
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        w.__shifts.push((entry as PerformanceEntry & { value: number }).value);
    }).observe({ type: "layout-shift", buffered: true });
    const record = () => {
      const nav = document.querySelector('nav[aria-label="Account"]');
      if (!nav) return;
      if (nav.querySelector('[data-slot="avatar-placeholder"]')) w.__seen.push("placeholder");
      nav.querySelectorAll("button").forEach((button) => {
        w.__seen.push(button.getAttribute("aria-label") ?? button.textContent?.trim() ?? "");
      });
    };
    new MutationObserver(record).observe(document, { childList: true, subtree: true, attributes: true });
  });
  return async () =>
    page.evaluate(() => {
      const w = window as unknown as { __seen: string[]; __shifts: { value: number; topBar: boolean }[] };
      const sum = (shifts: { value: number }[]) => shifts.reduce((total, s) => total + s.value, 0);
      return {
        seen: [...new Set(w.__seen)],
        shift: sum(w.__shifts),
        topBarShift: sum(w.__shifts.filter((s) => s.topBar)),
      };
    });
}

test("a reload while signed in shows the avatar, never Log In, and nothing in the top bar moves", async ({
  page,
}) => {
  await signUp(page, uniqueEmail("reload"));
  const report = await watchFirstLoad(page);
  for (const path of ["/", "/pricing"]) {
    await page.goto(path);
    await expect(page.getByRole("button", { name: "Account menu" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    const { seen, shift, topBarShift } = await report();
    expect(seen).not.toContain("Log In");
    expect(topBarShift).toBe(0);
    // A public page: its content is there at once, and stays put when the session is known.
    if (path === "/pricing") expect(shift).toBe(0);
  }
});

test("a first visit shows Log In at once and loads no Supabase code", async ({ page }) => {
  const report = await watchFirstLoad(page);
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await page.goto("/help");
  await expect(page.getByRole("button", { name: "Log In" })).toBeEnabled();
  await page.waitForLoadState("networkidle");
  const { seen, shift } = await report();
  expect(seen).not.toContain("placeholder");
  expect(shift).toBe(0);
  expect(scripts.filter((s) => s.includes("supabase.lazy"))).toEqual([]);
});

test("each menu dialog opens right after the page loads", async ({ page }) => {
  await signUp(page, uniqueEmail("dialogs"));
  const dialogs = [
    ["My Profile", "dialog", "My Profile"],
    ["Settings", "dialog", "Settings"],
    ["Help", "dialog", "Help Center"],
    ["Support", "dialog", "Contact Support"],
    ["Logout", "alertdialog", "Confirm Logout"],
  ] as const;
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  for (const [item, role, name] of dialogs) {
    await page.goto("/pricing");
    if (item === "My Profile") {
      // The menu's code waits for the avatar to be touched.
      await page.waitForLoadState("networkidle");
      expect(scripts.filter((s) => s.includes("user-menu.lazy"))).toEqual([]);
    }
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: item }).click();
    const dialog = page.getByRole(role, { name });
    await expect(dialog).toBeVisible({ timeout: 5_000 });
    await expect(page.getByRole("menu")).toBeHidden();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("button", { name: "Account menu" })).toBeFocused();
  }
});

test("the built app is served compressed, with long caching for hashed files only", async ({ request }) => {
  const page = await request.get("/help", {
    headers: { "Accept-Encoding": "br, gzip", Accept: "text/html" },
  });
  expect(page.headers()["content-encoding"]).toBe("br");
  expect(page.headers()["cache-control"]).toBe("no-cache");
  const html = await page.text();
  const script = html.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
  expect(script).toBeTruthy();
  for (const [accept, encoding] of [
    ["br, gzip", "br"],
    ["gzip", "gzip"],
  ] as const) {
    const asset = await request.get(script!, { headers: { "Accept-Encoding": accept } });
    expect(asset.headers()["content-encoding"]).toBe(encoding);
    expect(asset.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(asset.headers().vary).toBe("Accept-Encoding");
  }
});

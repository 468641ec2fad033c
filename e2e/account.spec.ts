/**
 * The account menu end to end: the theme (before the first paint too), My Profile, the Help Center, a support
 * request by mouse and by keyboard, every dialog on a phone, and what logout clears on a shared device.
 */
import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { signUp, uniqueEmail } from "./helpers";
import { LOCAL_PUBLISHABLE_KEY } from "../src/config/local-backend.mjs";

/** The Gemini key entries in this tab's storages. */
function storedKeys(page: Page) {
  return page.evaluate(() =>
    [localStorage, sessionStorage].flatMap((s) => Object.keys(s).filter((k) => k.startsWith("geminiApiKey"))),
  );
}

/**
 * Puts a drawing under `put` (or only reads), then lists the Art canvas's drawing keys (its database
 * made as the canvas makes it).
 */
function drawings(page: Page, action: "keys" | { put: string }) {
  return page.evaluate(
    (action) =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open("cucumber-art", 1);
        open.onupgradeneeded = () => open.result.createObjectStore("drawings");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction("drawings", "readwrite");
          const store = tx.objectStore("drawings");
          if (action !== "keys")
            store.put({ picture: new Blob(["png"]), locked: null, savedAt: 1 }, action.put);
          const keys = store.getAllKeys();
          tx.oncomplete = () => {
            db.close();
            resolve(keys.result.map(String).sort());
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    action,
  );
}

async function openFromMenu(page: Page, item: string, dialog: string) {
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: item }).click();
  const found = page.getByRole("dialog", { name: dialog });
  await expect(found).toBeVisible();
  return found;
}

test("Dark theme chosen in Settings applies at once and on every page after a reload", async ({ page }) => {
  await signUp(page, uniqueEmail("theme"));
  const html = page.locator("html");
  await expect(html).not.toHaveClass(/\bdark\b/);

  const settings = await openFromMenu(page, "Settings", "Settings");
  await settings.getByRole("radio", { name: "Dark" }).click();
  await expect(html).toHaveClass(/\bdark\b/);
  await settings.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Settings saved successfully!")).toBeVisible();
  await expect(settings).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");

  for (const path of ["/", "/pricing", "/help", "/hulk"]) {
    await page.goto(path);
    await page.reload();
    await expect(html).toHaveClass(/\bdark\b/);
    // The page really is dark, not only tagged so.
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe("rgb(11, 17, 32)");
  }

  // Back to Light, this time by keyboard.
  const again = await openFromMenu(page, "Settings", "Settings");
  await again.getByRole("radio", { name: "Dark" }).focus();
  // Held while checked: Radix checks the radio that takes focus while an arrow key is down.
  await page.keyboard.down("ArrowLeft");
  await expect(again.getByRole("radio", { name: "Light" })).toBeChecked();
  await page.keyboard.up("ArrowLeft");
  await expect(html).not.toHaveClass(/\bdark\b/);
  await page.keyboard.press("Escape");
  await expect(html).toHaveClass(/\bdark\b/);
});

test("the saved theme is on <html> before the app's script runs", async ({ page }) => {
  await signUp(page, uniqueEmail("firstpaint"));
  await page.evaluate(() => localStorage.setItem("theme", "dark"));
  // Block the app bundle: only index.html's own script can have set the class.
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await page.goto("/pricing");
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
});

test("My Profile shows the email, this month as member since, the plan and no placeholder name", async ({
  page,
}) => {
  const email = uniqueEmail("profile");
  await signUp(page, email);
  const profile = await openFromMenu(page, "My Profile", "My Profile");
  await expect(profile.getByText(email)).toBeVisible();
  const month = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric" }).format(new Date());
  await expect(profile.getByText(`Member since ${month}`)).toBeVisible();
  await expect(profile.getByText("Freemium", { exact: true })).toBeVisible();
  // No name chosen yet: no placeholder "User", an offer to add one.
  await expect(profile.getByText("User", { exact: true })).toHaveCount(0);
  await expect(profile.getByRole("button", { name: "Add your name" })).toBeVisible();
  await profile.getByRole("button", { name: "Upgrade Plan" }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(profile).toBeHidden();
});

test("the Help Center lists the four seed articles in order", async ({ page }) => {
  await signUp(page, uniqueEmail("helpcenter"));
  const help = await openFromMenu(page, "Help", "Help Center");
  await expect(help.getByRole("heading", { level: 3 })).toHaveText([
    "Getting Started",
    "How to Use Our AI Conversions",
    "Subscription Plans",
    "Troubleshooting Common Issues",
  ]);
});

test("a support request is sent, confirmed, and stored once for this user", async ({ page }) => {
  const email = uniqueEmail("support");
  await signUp(page, email);
  const support = await openFromMenu(page, "Support", "Contact Support");

  await support.getByRole("button", { name: "Submit Request" }).click();
  await expect(support.getByText("Please provide a description of your issue")).toBeVisible();

  await support.getByRole("combobox", { name: "Issue type" }).click();
  await page.getByRole("option", { name: "Billing Question" }).click();
  const description = `Charged twice for one month (${Date.now()})`;
  await support.getByLabel("Description").fill(description);
  await support.getByRole("button", { name: "Submit Request" }).click();
  await expect(page.getByText("Support request submitted successfully!")).toBeVisible();
  await expect(support).toBeHidden();

  // Read the user's own rows through the backend (row-level security: only theirs come back).
  const rows = await page.evaluate(async (apikey) => {
    const key = Object.keys(localStorage).find((k) => k.startsWith("sb-") && k.endsWith("-auth-token"));
    const session = key
      ? (JSON.parse(localStorage.getItem(key) ?? "null") as { access_token: string })
      : null;
    if (!session) throw new Error("no session stored");
    const response = await fetch("/rest/v1/support_requests?select=type,description", {
      headers: {
        apikey,
        Authorization: `Bearer ${session.access_token}`,
      },
    });
    return (await response.json()) as { type: string; description: string }[];
  }, LOCAL_PUBLISHABLE_KEY);
  expect(rows).toEqual([{ type: "Billing Question", description }]);
});

test("keyboard only: open the menu, reach Support, pick an issue type, send, and land back on the avatar", async ({
  page,
}) => {
  await signUp(page, uniqueEmail("keyboard"));
  const avatar = page.getByRole("button", { name: "Account menu" });
  await avatar.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menuitem", { name: "My Profile" })).toBeFocused();
  // Wait for each step: the menu moves focus a moment after the key (Radix's roving focus, in a
  // timeout), and a key pressed before that would move from the same item again and be lost.
  for (const item of ["Settings", "Help", "Support"]) {
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("menuitem", { name: item })).toBeFocused();
  }
  await page.keyboard.press("Enter");
  const support = page.getByRole("dialog", { name: "Contact Support" });
  await expect(support).toBeVisible();

  const type = support.getByRole("combobox", { name: "Issue type" });
  await expect(type).toBeFocused();
  await page.keyboard.press("Enter");
  // Wait for each step: a key pressed before the list has opened (or moved) would be lost.
  await expect(page.getByRole("listbox")).toBeVisible();
  await expect(page.getByRole("option", { name: "Technical Issue" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("option", { name: "Billing Question" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("option", { name: "Feature Request" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(type).toHaveText("Feature Request");
  // The list gives focus back to its trigger as it closes: Tab from there, not from before it.
  await expect(type).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(support.getByLabel("Description")).toBeFocused();
  await page.keyboard.type("Please add a dinosaur style.");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(support.getByRole("button", { name: "Submit Request" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Support request submitted successfully!")).toBeVisible();
  await expect(support).toBeHidden();
  await expect(avatar).toBeFocused();
});

test.describe("phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test("every dialog fits the screen and closes", async ({ page }) => {
    await signUp(page, uniqueEmail("phone"));
    for (const [item, title] of [
      ["My Profile", "My Profile"],
      ["Settings", "Settings"],
      ["Help", "Help Center"],
      ["Support", "Contact Support"],
    ] as const) {
      const dialog = await openFromMenu(page, item, title);
      const box = await dialog.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      expect(box!.y + box!.height).toBeLessThanOrEqual(844);
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
    }
  });
});

test("logging out of a shared device: the Gemini key goes, and the box removes this account's drawing only", async ({
  page,
}) => {
  await signUp(page, uniqueEmail("shared-a"));
  await page.goto("/hulk");
  await page.getByText(/Your own Gemini API key/).click();
  await page.getByRole("checkbox", { name: "Remember on this device until I log out" }).check();
  await page.getByLabel("Gemini API key").fill("ada-own-key");
  const [entry] = await storedKeys(page);
  expect(entry).toMatch(/^geminiApiKey:[0-9a-f-]{36}$/);
  const userId = entry!.slice("geminiApiKey:".length);
  await drawings(page, { put: `drawing:${userId}` });
  expect(await drawings(page, { put: "drawing:someone-else" })).toEqual(
    [`drawing:${userId}`, "drawing:someone-else"].sort(),
  );

  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Confirm Logout" });
  const box = confirm.getByRole("checkbox", { name: "Also remove my creations from this device" });
  await expect(box).not.toBeChecked();
  await box.check();
  await confirm.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByText("You have been logged out successfully")).toBeVisible();
  await expect(page.getByText(/could not be removed/)).toHaveCount(0);
  expect(await storedKeys(page)).toEqual([]);
  expect(await drawings(page, "keys")).toEqual(["drawing:someone-else"]);

  // The next person at this device sees no key.
  await signUp(page, uniqueEmail("shared-b"));
  await page.goto("/hulk");
  await page.getByText(/Your own Gemini API key/).click();
  await expect(page.getByLabel("Gemini API key")).toHaveValue("");
  await expect(page.getByLabel("Gemini API key")).toBeEnabled();
});

/**
 * The app shell end to end: the sidebar collapsed by keyboard and remembered, the phone drawer, and Explore.
 */
import { expect, test } from "./fixtures";
import { signUp, uniqueEmail } from "./helpers";

test("desktop: ctrl+B collapses the sidebar to icons and the choice survives a reload", async ({ page }) => {
  await signUp(page, uniqueEmail("sidebar"));
  const sidebar = page.locator('aside[data-slot="sidebar"]');
  await expect(sidebar).toHaveAttribute("data-state", "expanded");
  expect((await sidebar.boundingBox())?.width).toBeCloseTo(256, -1);

  await page.keyboard.press("Control+b");
  await expect(sidebar).toHaveAttribute("data-state", "collapsed");
  await expect.poll(async () => (await sidebar.boundingBox())?.width).toBeLessThanOrEqual(49);
  const cookies = await page.context().cookies();
  const state = cookies.find((c) => c.name === "sidebar:state");
  expect(state?.value).toBe("false");
  // 7 days, give or take the seconds the test took.
  expect(state!.expires - Date.now() / 1000).toBeGreaterThan(7 * 24 * 3600 - 120);

  await page.reload();
  await expect(page.locator('aside[data-slot="sidebar"]')).toHaveAttribute("data-state", "collapsed");
  await page.getByRole("button", { name: "Toggle sidebar" }).click();
  await expect(page.locator('aside[data-slot="sidebar"]')).toHaveAttribute("data-state", "expanded");
});

test.describe("phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test("the sidebar is a drawer: open it, pick a style, and it closes on the new page", async ({ page }) => {
    await signUp(page, uniqueEmail("drawer"));
    await expect(page.locator('aside[data-slot="sidebar"]')).toHaveCount(0);
    await page.getByRole("button", { name: "Toggle sidebar" }).click();
    const drawer = page.getByRole("dialog", { name: "Navigation" });
    await expect(drawer).toBeVisible();
    expect((await drawer.boundingBox())?.width).toBeCloseTo(288, -1);
    await drawer.getByRole("link", { name: "Simpsons" }).click();
    await expect(page).toHaveURL(/\/simpsons$/);
    await expect(page.getByRole("heading", { name: "Simpsons.AI", level: 1 })).toBeVisible();
    await expect(drawer).toBeHidden();
  });
});

test("Explore opens the external tools dialog", async ({ page }) => {
  await signUp(page, uniqueEmail("explore"));
  await page.getByRole("link", { name: "Explore" }).click();
  const dialog = page.getByRole("dialog", { name: "Explore External Tools" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("link", { name: /^Visit / })).toHaveCount(3);
  await dialog.getByRole("button", { name: "Close" }).last().click();
  await expect(dialog).toBeHidden();
});

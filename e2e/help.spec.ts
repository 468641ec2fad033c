/**
 * The Help Center and Documentation pages end to end, on a phone and on a desktop screen, with no
 * sideways scroll.
 */
import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";

const QUESTIONS = [
  "How do I transform an image?",
  "How do I download my transformed image?",
  "What image formats are supported?",
  "How are conversions counted?",
  "What happens when I run out of conversions?",
];

const STEPS = ["Create an account", "Upload an image", "Choose a style", "Download"];

function noHorizontalScroll(page: Page) {
  return page.evaluate(() => {
    // The page content itself must fit; the shared top bar is checked by its own spec.
    const main = document.getElementById("main");
    return main ? main.scrollWidth <= main.clientWidth + 1 : false;
  });
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test.describe(`${viewport.width} px`, () => {
    test.use({ viewport });

    test("a visitor reads the Help Center: tabs, one FAQ answer at a time, then Pricing", async ({
      page,
    }) => {
      await page.goto("/help");
      await expect(page.getByRole("heading", { level: 1, name: "Help Center" })).toBeVisible();
      expect(await noHorizontalScroll(page)).toBe(true);

      const tab = (name: string) => page.getByRole("tab", { name, exact: true });
      await expect(tab("FAQ")).toHaveAttribute("aria-selected", "true");

      // Tabs by click...
      await tab("Features").click();
      await expect(tab("Features")).toHaveAttribute("aria-selected", "true");
      const panel = page.getByRole("tabpanel");
      await expect(panel.getByRole("heading", { name: "Style tools" })).toBeVisible();
      await expect(panel.getByRole("link", { name: "Hulk.AI" })).toHaveAttribute("href", "/hulk");
      await expect(page).toHaveURL(/\/help\?tab=features$/);
      // ...and by keyboard.
      await page.keyboard.press("ArrowRight");
      await expect(tab("Subscription")).toBeFocused();
      await expect(tab("Subscription")).toHaveAttribute("aria-selected", "true");
      for (const plan of ["Freemium", "Basic", "Standard", "Premium"])
        await expect(panel.getByRole("heading", { name: plan, exact: true })).toBeVisible();
      await page.keyboard.press("Home");
      await expect(tab("FAQ")).toHaveAttribute("aria-selected", "true");

      // The FAQ: five questions, only one open at a time.
      const questions = panel.getByRole("button");
      await expect(questions).toHaveText(QUESTIONS);
      const first = panel.getByRole("button", { name: QUESTIONS[0] });
      const second = panel.getByRole("button", { name: QUESTIONS[1] });
      await first.click();
      await expect(first).toHaveAttribute("aria-expanded", "true");
      await expect(panel.getByText("Sign in, or create a free account.")).toBeVisible();
      await second.click();
      await expect(second).toHaveAttribute("aria-expanded", "true");
      await expect(first).toHaveAttribute("aria-expanded", "false");
      await expect(panel.getByText("Sign in, or create a free account.")).toBeHidden();
      await expect(panel.getByText("Hulk.AI: hulk-edition.png")).toBeVisible();
      await expect(panel.locator('[aria-expanded="true"]')).toHaveCount(1);

      // A deep link opens a tab, and its link leads to Pricing.
      await page.goto("/help?tab=subscription");
      await expect(tab("Subscription")).toHaveAttribute("aria-selected", "true");
      await expect(page.getByRole("tabpanel")).toContainText("130 conversions per month");
      expect(await noHorizontalScroll(page)).toBe(true);
      await page.getByRole("tabpanel").getByRole("link", { name: "View Pricing" }).click();
      await expect(page).toHaveURL(/\/pricing$/);
      await expect(page.getByRole("heading", { level: 1, name: "Pricing" })).toBeVisible();
    });

    test("a visitor reads the Documentation and goes on to the Help Center", async ({ page }) => {
      // The Help Center's guide link lands on Getting Started.
      await page.goto("/help");
      await page.getByRole("link", { name: "Read the getting started guide" }).click();
      await expect(page).toHaveURL(/\/documentation#getting-started$/);
      await expect(page.getByRole("list", { name: "Getting started steps" })).toBeInViewport();

      await page.goto("/documentation");
      await expect(page.getByRole("heading", { level: 1, name: "Documentation" })).toBeVisible();
      expect(await noHorizontalScroll(page)).toBe(true);
      await expect(page.getByRole("heading", { level: 2 })).toHaveText([
        "Features",
        "Subscription Tiers",
        "Getting Started",
      ]);

      // The table of contents jumps to a section.
      await page
        .getByRole("navigation", { name: "On this page" })
        .getByRole("link", { name: "Getting Started" })
        .click();
      await expect(page).toHaveURL(/#getting-started$/);
      const steps = page.getByRole("list", { name: "Getting started steps" });
      await expect(steps).toBeInViewport();
      await expect(steps.getByRole("heading", { level: 3 })).toHaveText(STEPS);

      const more = page.getByRole("complementary", { name: "More help" });
      await expect(more.getByRole("link", { name: "View Pricing" })).toHaveAttribute("href", "/pricing");
      await more.getByRole("link", { name: "Help Center" }).click();
      await expect(page).toHaveURL(/\/help$/);
      await expect(page.getByRole("heading", { level: 1, name: "Help Center" })).toBeVisible();
    });
  });
}

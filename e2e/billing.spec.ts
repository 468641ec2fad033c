/**
 * Pricing and the simulated payment end to end: a subscription that follows the user to a fresh browser, card
 * errors that charge nothing, and /payment without a plan.
 */
import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { logIn, signUp, uniqueEmail } from "./helpers";

/** A card good until December, two years from now. */
function futureExpiry() {
  return `12${String((new Date().getFullYear() + 2) % 100).padStart(2, "0")}`;
}

function plan(page: Page, name: string) {
  return page.getByRole("list", { name: "Plans" }).getByRole("listitem", { name });
}

async function expectCurrentPlan(page: Page, name: string) {
  await expect(page.getByRole("heading", { name: "Pricing", level: 1 })).toBeVisible();
  await expect(plan(page, name).getByText("Current Plan")).toBeVisible();
  await expect(page.getByText("Current Plan")).toHaveCount(1);
}

test("a new user subscribes to $10/month; the plan follows them to a reload and a fresh browser", async ({
  page,
  browser,
  baseURL,
}) => {
  const email = uniqueEmail("billing");
  await signUp(page, email);

  await page.goto("/pricing");
  await expectCurrentPlan(page, "Freemium");
  await expect(plan(page, "Freemium").getByRole("button", { name: "Your plan" })).toBeDisabled();

  await plan(page, "Standard").getByRole("button", { name: "Subscribe" }).click();
  await expect(page).toHaveURL(/\/payment$/);
  await expect(page.getByRole("heading", { name: "Complete Payment", level: 1 })).toBeVisible();
  await expect(page.getByText("Standard ($10/month)")).toBeVisible();
  await expect(page.getByText("This is a demo.")).toBeVisible();

  // Typed key by key, as a person would: the number is grouped and the expiry gets its slash.
  await page.getByLabel("Card number").pressSequentially("4242424242424242");
  await expect(page.getByLabel("Card number")).toHaveValue("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM/YY)").pressSequentially(futureExpiry());
  await expect(page.getByLabel("Expiry (MM/YY)")).toHaveValue(
    `${futureExpiry().slice(0, 2)}/${futureExpiry().slice(2)}`,
  );
  await page.getByLabel("CVC").fill("123");
  await page.getByLabel("Name on card").fill("Ada Lovelace");
  await page.getByRole("button", { name: "Pay $10" }).click();

  await expect(page.getByRole("button", { name: "Processing..." })).toBeDisabled();
  await expect(page.getByText("Payment successful! Your subscription is now active.")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("remaining-counter")).toHaveText("Remaining conversions: 40 / 40");

  await page.goto("/pricing");
  await expectCurrentPlan(page, "Standard");
  await expect(plan(page, "Standard").getByRole("button", { name: "Your plan" })).toBeDisabled();
  await expect(plan(page, "Freemium").getByRole("button", { name: "Get Started" })).toBeEnabled();

  await page.reload();
  await expectCurrentPlan(page, "Standard");

  // Another browser: nothing stored locally, the plan comes from the user's subscriptions row.
  const context = await browser.newContext({ baseURL });
  const other = await context.newPage();
  await other.goto("/pricing");
  await expect(plan(other, "Premium").getByRole("button", { name: "Subscribe" })).toBeEnabled();
  await expect(other.getByText("Current Plan")).toHaveCount(0);
  await plan(other, "Premium").getByRole("button", { name: "Subscribe" }).click();
  await expect(other).toHaveURL(/\/auth\?redirect=%2Fpricing$/);
  await logIn(other, email);
  await expect(other).toHaveURL(/\/pricing$/);
  await expectCurrentPlan(other, "Standard");
  await other.goto("/");
  await expect(other.getByTestId("remaining-counter")).toHaveText("Remaining conversions: 40 / 40");
  await context.close();

  // Back to Freemium: the server moves the plan (no card), then the app goes home.
  await page.goto("/pricing");
  await expectCurrentPlan(page, "Standard");
  await plan(page, "Freemium").getByRole("button", { name: "Get Started" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("remaining-counter")).toHaveText("Remaining conversions: 3 / 3");
  await page.goto("/pricing");
  await expectCurrentPlan(page, "Freemium");
});

test("wrong card details are explained next to each field and nothing is charged", async ({ page }) => {
  await signUp(page, uniqueEmail("badcard"));
  await page.goto("/pricing");
  await plan(page, "Basic").getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByRole("heading", { name: "Complete Payment", level: 1 })).toBeVisible();

  await page.getByRole("button", { name: "Pay $5" }).click();
  await expect(page.getByText("Please fill out all fields")).toBeVisible();
  await expect(page.getByLabel("Card number")).toBeFocused();
  // Each field says what it needs, at the field.
  for (const [label, message] of [
    ["Card number", "Enter the card number."],
    ["Expiry (MM/YY)", "Enter the expiry date as MM/YY."],
    ["CVC", "Enter the 3-digit CVC from the back of the card."],
    ["Name on card", "Enter the name as it appears on the card."],
  ] as const) {
    await expect(page.getByLabel(label)).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel(label)).toHaveAccessibleDescription(message);
    await expect(page.getByText(message)).toBeInViewport();
  }

  await page.getByLabel("Card number").fill("4242 4242 4242 4241");
  await page.getByLabel("Expiry (MM/YY)").fill("01/20");
  await page.getByLabel("CVC").fill("12");
  await page.getByLabel("Name on card").fill("Ada Lovelace");
  await page.getByRole("button", { name: "Pay $5" }).click();
  await expect(page.getByText("This card number isn't valid. Check it and try again.")).toBeVisible();
  await expect(page.getByText("This card has expired.")).toBeVisible();
  await expect(page.getByText("Check the CVC: it should be 3 digits.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Pay $5" })).toBeEnabled();

  // The test decline card passes every rule of the form; the server's payment check declines it.
  await page.getByLabel("Card number").fill("4000 0000 0000 0002");
  await page.getByLabel("Expiry (MM/YY)").fill(futureExpiry());
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: "Pay $5" }).click();
  await expect(page.getByRole("button", { name: "Processing..." })).toBeDisabled();
  await expect(page.getByText("Payment failed. Please try again.")).toBeVisible();
  await expect(page).toHaveURL(/\/payment$/);
  await expect(page.getByRole("button", { name: "Pay $5" })).toBeEnabled();

  await page.goto("/pricing");
  await expectCurrentPlan(page, "Freemium");
});

test("/payment without a chosen plan goes to /pricing", async ({ page }) => {
  await signUp(page, uniqueEmail("noplan"));
  await page.goto("/payment");
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByRole("heading", { name: "Pricing", level: 1 })).toBeVisible();
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test.describe(`${viewport.width} px`, () => {
    test.use({ viewport });

    test("every plan's price is on the first screen, the current plan is marked and the recommended one put forward; an empty payment form marks every field", async ({
      page,
    }) => {
      await signUp(page, uniqueEmail("glance"), undefined, "/pricing");
      await expect(page.getByRole("heading", { name: "Pricing", level: 1 })).toBeVisible();
      await expectCurrentPlan(page, "Freemium");
      await expect(plan(page, "Standard").getByText("Recommended")).toBeVisible();
      await expect(plan(page, "Freemium").getByRole("button", { name: "Your plan" })).toBeDisabled();
      // The prices where the visitor sees them first: the summary on a phone, the cards side by side on a desktop.
      const glance = page.getByRole("navigation", { name: "Plans at a glance" });
      const firstScreen = viewport.width < 800 ? glance : page.getByRole("list", { name: "Plans" });
      if (viewport.width < 800) await expect(glance).toBeVisible();
      else await expect(glance).toBeHidden();
      for (const price of viewport.width < 800
        ? ["Free", "$5/mo", "$10/mo", "$30/mo"]
        : ["Free", "$5", "$10", "$30"]) {
        await expect(firstScreen.getByText(price, { exact: true })).toBeInViewport({ ratio: 1 });
      }
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      if (viewport.width < 800) {
        // An entry of the summary brings its card.
        await glance.getByRole("button", { name: /^Premium/ }).click();
        await expect(plan(page, "Premium").getByRole("heading", { name: "Premium" })).toBeInViewport();
        await expect(plan(page, "Premium").getByRole("heading", { name: "Premium" })).toBeFocused();
      }

      await plan(page, "Standard").getByRole("button", { name: "Subscribe" }).click();
      await expect(page.getByRole("heading", { name: "Complete Payment", level: 1 })).toBeVisible();
      await page.getByRole("button", { name: "Pay $10" }).click();
      await expect(page.getByText("Please fill out all fields")).toBeVisible();
      for (const label of ["Card number", "Expiry (MM/YY)", "CVC", "Name on card"]) {
        await expect(page.getByLabel(label)).toHaveAttribute("aria-invalid", "true");
      }
      await expect(page.getByLabel("Card number")).toBeFocused();
      await expect(page.getByText("Enter the card number.")).toBeInViewport();
    });
  });
}

/**
 * Never lose work at a gate (issue 27 §1), at 390 and 1280 px: Convert Anything says the plan it needs
 * before anything is picked; a gate mid-task keeps the photo and the words through Pricing and the
 * simulated payment and back to the tool; at 0 left the last result stays and the renewal date shows.
 * Beyond the style tools: Modify Scene's picture and words survive the browser's Back from Pricing and a
 * payment made after coming forward again (390 px), and Batch's three photos and instruction come back
 * after paying (1280 px).
 */
import path from "node:path";
import { type Page } from "@playwright/test";
import { expectAccessible, followSystemTheme } from "./a11y";
import { createUserOnTier } from "./backend";
import { expect, test } from "./fixtures";
import { PASSWORD, uniqueEmail } from "./helpers";
import { openSignedIn } from "./session";

const CAT = path.resolve("tests/fixtures/images/cat-chelsea.png");
const ASTRONAUT = path.resolve("tests/fixtures/images/portrait-astronaut.png");

/** This month's key and the day the count renews, as the app (client mode: this device's month) says them. */
const now = new Date();
const MONTH = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}`;
const RENEWS = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long" }).format(
  new Date(now.getFullYear(), now.getMonth() + 1, 1),
);

/** Conversions used this month by `userId`, as this browser counts them (client mode). */
async function setUsed(page: Page, userId: string, used: number) {
  await page.evaluate(
    ([id, month, n]) => localStorage.setItem("conversionUsage", JSON.stringify({ [id]: { [month]: n } })),
    [userId, MONTH, used] as const,
  );
}

function futureExpiry() {
  return `12${String((new Date().getFullYear() + 2) % 100).padStart(2, "0")}`;
}

/** Standard ($10/month) chosen on Pricing and paid with the test card. */
async function payForStandard(page: Page) {
  await page
    .getByRole("list", { name: "Plans" })
    .getByRole("listitem", { name: "Standard" })
    .getByRole("button", { name: "Subscribe" })
    .click();
  await expect(page).toHaveURL(/\/payment$/);
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM/YY)").pressSequentially(futureExpiry());
  await page.getByLabel("CVC").fill("123");
  await page.getByLabel("Name on card").fill("Ada Lovelace");
  await page.getByRole("button", { name: "Pay $10" }).click();
  await expect(page.getByText("Payment successful! Your subscription is now active.")).toBeVisible();
}

for (const width of [390, 1280] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 800 } });

    test("Freemium: Convert Anything names its plan and its dialog says why before any upload", async ({
      page,
      baseURL,
    }, testInfo) => {
      if (width === 1280) await followSystemTheme(page);
      await openSignedIn(
        page,
        await createUserOnTier(baseURL!, uniqueEmail("gate-plan"), PASSWORD, "Freemium"),
      );
      const button = page.getByRole("button", { name: /^Convert Anything\s*, needs \$5\/month$/ });
      await expect(button).toBeVisible();
      await button.click();
      const dialog = page.getByRole("dialog", { name: "Convert Image" });
      await expect(dialog.getByText("Custom transformations require a $5/month subscription")).toBeVisible();
      await expect(dialog.getByText("Click to upload or drag and drop")).toHaveCount(0);
      await expect(dialog.getByPlaceholder("Describe how you want to transform the image...")).toHaveCount(0);
      // axe checks both widths and themes itself: once is enough.
      if (width === 1280) await expectAccessible(page, testInfo, "Convert Anything's gate");
      await dialog.getByRole("link", { name: "Upgrade" }).click();
      await expect(page).toHaveURL(/\/pricing$/);
      await expect(page.getByText("Nothing is lost.")).toBeVisible();
      if (width === 1280) await expectAccessible(page, testInfo, "from a gate: the way back");
    });

    test("a gate mid-task keeps the photo and the words through the payment and back to the tool", async ({
      page,
      baseURL,
    }) => {
      const session = await createUserOnTier(baseURL!, uniqueEmail("gate-task"), PASSWORD, "$5/month");
      await openSignedIn(page, session);
      await page.getByRole("button", { name: "Convert Anything", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Convert Image" });
      await dialog.getByLabel("Upload an image to transform").setInputFiles(CAT);
      await expect(page.getByText("Image selected successfully")).toBeVisible();
      await dialog.getByPlaceholder("Describe how you want to transform the image...").fill("make it snow");
      // Another tab used the month's conversions meanwhile: the gate stops the task at Transform.
      await setUsed(page, session.user.id, 20);
      await dialog.getByRole("button", { name: "Transform" }).click();

      await expect(page).toHaveURL(/\/pricing$/);
      await expect(page.getByText("Your photo and your words are kept.")).toBeVisible();
      // Survives a reload of Pricing (the photo is in IndexedDB, the way back in the history entry).
      await page.reload();
      await expect(page.getByText("Your photo and your words are kept.")).toBeVisible();
      await payForStandard(page);

      // Back on Convert Anything, not an empty home page: the photo and the words wait to be sent.
      await expect(page).toHaveURL(/\/\?custom=true$/);
      const back = page.getByRole("dialog", { name: "Convert Image" });
      await expect(back.getByPlaceholder("Describe how you want to transform the image...")).toHaveValue(
        "make it snow",
      );
      await expect(back.getByText("your photo")).toBeVisible();
      await expect(page.getByTestId("remaining-counter")).toHaveText("Remaining conversions: 20 / 40");
      await back.getByRole("button", { name: "Transform" }).click();
      await expect(page.getByText("Image transformed successfully!")).toBeVisible({ timeout: 30_000 });
    });

    test("at 0 left the last result stays, with the renewal date and Upgrade Now", async ({
      page,
      baseURL,
    }, testInfo) => {
      const session = await createUserOnTier(baseURL!, uniqueEmail("gate-zero"), PASSWORD, "Freemium");
      if (width === 1280) await followSystemTheme(page);
      await openSignedIn(page, session, "/hulk");
      await setUsed(page, session.user.id, 2);
      await page.reload();
      await page.getByTestId("file-input").setInputFiles(CAT);
      await expect(page.getByRole("img", { name: "Modified" })).toBeVisible({ timeout: 30_000 });
      const notice = page.getByTestId("limit-notice");
      await expect(notice.getByRole("heading", { name: "Usage Limit Reached" })).toBeVisible();
      await expect(notice).toContainText(`They renew on ${RENEWS}.`);
      await expect(notice.getByRole("link", { name: "Upgrade Now" })).toHaveAttribute("href", "/pricing");
      // A reload keeps the page and its last result (no blank wall).
      await page.reload();
      await expect(page.getByRole("img", { name: "Modified" })).toBeVisible({ timeout: 30_000 });
      await expect(notice).toContainText(`They renew on ${RENEWS}.`);
      // The home page says so before anything is picked: the picker is off.
      await page.goto("/");
      await expect(page.getByTestId("limit-notice")).toBeVisible();
      await expect(page.getByRole("button", { name: /Select Image/ })).toBeDisabled();
      if (width === 1280) await expectAccessible(page, testInfo, "limit notice, picker off");
    });
  });
}

test.describe("at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("Modify Scene: the picture and the words survive Back from Pricing, and paying later brings them", async ({
    page,
    baseURL,
  }, testInfo) => {
    await followSystemTheme(page);
    const session = await createUserOnTier(baseURL!, uniqueEmail("gate-scene"), PASSWORD, "$5/month");
    await openSignedIn(page, session, "/create-nft");
    await page.getByTestId("file-input").setInputFiles(CAT);
    await page.getByRole("radio", { name: "Text" }).click();
    await page.getByRole("textbox", { name: "The text to add" }).fill("Happy birthday, Chelsea!");
    await setUsed(page, session.user.id, 20);
    await page.getByRole("button", { name: "Add to Scene" }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByText("Your photo and your words are kept.")).toBeVisible();

    // The browser's Back, not paying: the picture and the words are on the page (the limit still says so).
    await page.goBack();
    await expect(page).toHaveURL(/\/create-nft$/);
    await expect(page.getByRole("img", { name: "Base image" })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "The text to add" })).toHaveValue(
      "Happy birthday, Chelsea!",
    );
    await expect(page.getByTestId("limit-notice")).toBeVisible();

    // Forward to Pricing again and paying: the task was not used up by the first way back.
    await page.goForward();
    await expect(page).toHaveURL(/\/pricing$/);
    await payForStandard(page);
    await expect(page).toHaveURL(/\/create-nft$/);
    await expect(page.getByRole("img", { name: "Base image" })).toBeVisible();
    await expect(page.getByRole("radio", { name: "Text" })).toBeChecked();
    await expect(page.getByRole("textbox", { name: "The text to add" })).toHaveValue(
      "Happy birthday, Chelsea!",
    );
    await expect(page.getByTestId("remaining-counter")).toHaveText("Remaining conversions: 20 / 40");
    await expectAccessible(page, testInfo, "a gate's task back on Modify Scene");
    await page.getByRole("button", { name: "Add to Scene" }).click();
    await expect(page.getByRole("img", { name: "Modified scene" })).toBeVisible({ timeout: 30_000 });
  });
});

test.describe("at 1280 px", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("Batch: the three photos and the instruction come back after paying", async ({ page, baseURL }) => {
    const session = await createUserOnTier(baseURL!, uniqueEmail("gate-batch"), PASSWORD, "$5/month");
    await openSignedIn(page, session, "/batch-processing");
    await page.getByTestId("files-input").setInputFiles([CAT, ASTRONAUT, CAT]);
    await expect(page.getByTestId("batch-card")).toHaveCount(3);
    await page.getByLabel("Instruction").fill("make it a watercolour");
    await setUsed(page, session.user.id, 20);
    await page.getByRole("button", { name: "Process All Images" }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByText("Your 3 photos and your words are kept.")).toBeVisible();

    await payForStandard(page);
    await expect(page).toHaveURL(/\/batch-processing$/);
    await expect(page.getByTestId("batch-card")).toHaveCount(3);
    await expect(page.getByLabel("Instruction")).toHaveValue("make it a watercolour");
    await page.getByRole("button", { name: "Process All Images" }).click();
    await expect(page.getByTestId("remaining-counter")).toHaveText("Remaining conversions: 17 / 40", {
      timeout: 30_000,
    });
  });
});

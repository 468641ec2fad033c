/**
 * Issue 27 §6, the dark theme's details on a phone (390 px): a dialog's actions in view, the poem's heading
 * focused without a box, the Animator's frame counter clear of the picture's "Local preview" badge, and
 * My Creations' Delete quieter than Download; each state checked with axe on the phone in both themes
 * (e2e/a11y.spec.ts checks the same states at 1280 px as well).
 */
import path from "node:path";
import { expect, test } from "./fixtures";
import { expectAccessible, followSystemTheme, showAs } from "./a11y";
import { signUp, uniqueEmail } from "./helpers";

const CAT = path.resolve("tests/fixtures/images/cat-chelsea.png");

test.use({ viewport: { width: 390, height: 844 } });
/** Each state's axe check: on the phone, light and dark, and the page left dark. */
const PHONE_DARK = { widths: [390], end: { width: 390, theme: "dark" } } as const;
test.beforeEach(async ({ page }) => followSystemTheme(page));

test("dark on a phone: Settings' Save Changes in view, the poem's heading without a focus box, the frame counter off the badge, Delete quieter than Download", async ({
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  await signUp(page, uniqueEmail("phone-details"));
  await showAs(page, 390, "dark");

  // Settings: the dialog is taller than the phone; its actions stay at its foot, in view.
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Settings" }).click();
  const settings = page.getByRole("dialog", { name: "Settings" });
  await expect(settings).toBeVisible();
  expect(await settings.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
  await expect(settings.getByRole("button", { name: "Save Changes" })).toBeInViewport({ ratio: 1 });
  await expect(settings.getByRole("button", { name: "Cancel" })).toBeInViewport({ ratio: 1 });
  await expectAccessible(page, testInfo, "Settings open", PHONE_DARK);
  await settings.getByRole("button", { name: "Cancel" }).click();
  await expect(settings).toHaveCount(0);

  // Visual Poetry: focus goes to the poem's heading when the run ends, with no outline drawn.
  await page.goto("/visual-poetry");
  await page.getByTestId("file-input").setInputFiles(CAT);
  await expect(page.getByText("Poem generated successfully!")).toBeVisible({ timeout: 30_000 });
  const heading = page.getByRole("heading", { name: "Your poem" });
  await expect(heading).toBeFocused();
  expect(await heading.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe("none");
  await expectAccessible(page, testInfo, "with a poem", PHONE_DARK);

  // The Animator: the frame counter sits top right, the local engine's badge is painted top left.
  await page.goto("/animator");
  await page.getByRole("textbox", { name: "Character description" }).fill("a friendly robot");
  await page.getByRole("button", { name: "Create Character" }).click();
  await page.getByRole("button", { name: "Animate", exact: true }).click({ timeout: 30_000 });
  const animation = page.getByRole("img", { name: "Animated character" });
  await expect(animation).toBeVisible({ timeout: 30_000 });
  const picture = (await animation.boundingBox())!;
  const counter = (await page.getByText(/^\d \/ 4$/).boundingBox())!;
  expect(counter.x).toBeGreaterThan(picture.x + picture.width / 2);
  expect(counter.x + counter.width).toBeLessThanOrEqual(picture.x + picture.width);
  await expectAccessible(page, testInfo, "with an animation", PHONE_DARK);

  // My Creations: Delete is outlined in red, not filled, and smaller than Download.
  await page.goto("/creations");
  await page
    .getByRole("button", { name: /^Open .* creation from/ })
    .first()
    .click();
  const viewer = page.getByRole("dialog");
  const remove = viewer.getByRole("button", { name: "Delete", exact: true });
  const download = viewer.getByRole("button", { name: "Download", exact: true });
  await expect(remove).toBeInViewport({ ratio: 1 });
  const look = (el: Element) => {
    const s = getComputedStyle(el);
    return { background: s.backgroundColor, colour: s.color, height: el.getBoundingClientRect().height };
  };
  const removeLook = await remove.evaluate(look);
  const downloadLook = await download.evaluate(look);
  // The page's red (#f87171 in the dark theme) is its words, not its fill.
  expect(removeLook.colour).toBe("rgb(248, 113, 113)");
  expect(removeLook.background).not.toBe("rgb(248, 113, 113)");
  expect(removeLook.height).toBeLessThan(downloadLook.height);
  // The versions' buttons and the actions fit the dialog: nothing is cut off at its side.
  expect(await viewer.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await expectAccessible(page, testInfo, "a creation open", PHONE_DARK);
});

import path from "node:path";
import { test } from "./fixtures";
import { createUserOnTier } from "./backend";
import { openSignedIn } from "./session";
import { PASSWORD, uniqueEmail } from "./helpers";
import { followSystemTheme } from "./a11y";

const PHOTO = path.resolve("tests/fixtures/images/photo-12mp.jpg");
for (const [width, theme] of [[390, "dark"], [1280, "light"]] as const) {
  test(`shots ${width} ${theme}`, async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    await followSystemTheme(page);
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.emulateMedia({ colorScheme: theme });
    await openSignedIn(page, await createUserOnTier(baseURL!, uniqueEmail("shot"), PASSWORD, "$10/month"), "/hulk");
    await page.getByTestId("file-input").setInputFiles(PHOTO);
    await page.getByRole("img", { name: "Modified" }).waitFor({ timeout: 30_000 });
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `/work/shots/30/page-${width}-${theme}.png`, fullPage: true });
    await page.getByRole("button", { name: "Choose area" }).click();
    const canvas = page.getByTestId("area-canvas");
    await canvas.waitFor();
    const box = (await canvas.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.3);
    await page.mouse.down();
    for (let i = 1; i <= 12; i++) await page.mouse.move(box.x + box.width * (0.3 + i * 0.03), box.y + box.height * (0.3 + (i % 3) * 0.05));
    await page.mouse.up();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `/work/shots/30/editor-${width}-${theme}.png` });
    await page.getByRole("button", { name: "Use this area" }).click();
    const before = await page.getByRole("img", { name: "Modified" }).getAttribute("src");
    await page.getByRole("button", { name: "Hulk.AI in the area" }).click();
    await page.waitForFunction((b) => document.querySelector('img[alt="Modified"]')?.getAttribute("src") !== b, before, { timeout: 30_000 });
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `/work/shots/30/area-result-${width}-${theme}.png`, fullPage: true });
    // The result at 100 %: the seam.
    const src = await page.getByRole("img", { name: "Modified" }).getAttribute("src");
    await page.evaluate(async (url) => {
      const img = document.createElement("img");
      img.src = url!;
      await img.decode();
      document.body.innerHTML = "";
      document.body.style.margin = "0";
      document.body.append(img);
    }, src);
    await page.setViewportSize({ width: 1024, height: 800 });
    await page.screenshot({ path: `/work/shots/30/area-100pct-${width}-${theme}.png` });
  });
}

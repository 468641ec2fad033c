// Before/after screenshots of issue 27 §6 (drawing on a phone, dark details). Not part of the app.
// Usage: node scripts/shots-drawing.mjs http://localhost:4339 /work/shots/27/drawing/before
import path from "node:path";
import fs from "node:fs";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, chromiumPath } from "./lib/chromium.mjs";

const base = process.argv[2];
const out = process.argv[3];
fs.mkdirSync(out, { recursive: true });
const CAT = path.resolve("tests/fixtures/images/cat-chelsea.png");
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
const only = process.argv[4];
for (const width of [390, 1280]) {
  for (const theme of ["light", "dark"]) {
    const ctx = await browser.newContext({ viewport: { width, height: width === 390 ? 844 : 800 } });
    const page = await ctx.newPage();
    await page.addInitScript((t) => localStorage.setItem("theme", t), theme);
    const name = (n) => path.join(out, `${n}-${width}-${theme}.png`);
    await page.goto(`${base}/auth`);
    await page.getByRole("button", { name: "Don't have an account? Sign up" }).click();
    await page.getByLabel("Email").fill(`shots-${Date.now()}-${width}${theme}@example.com`);
    await page.getByLabel("Password").fill("screenshot-pass-1");
    await page.getByRole("button", { name: "Sign Up", exact: true }).click();
    await page.waitForURL(`${base}/`);
    try {
      if (!only || only === "art") {
        await page.goto(`${base}/create-art`);
        await page.getByRole("tab", { name: "Draw Your Own" }).click();
        const canvas = page.getByTestId("drawing-canvas");
        await canvas.waitFor();
        await page.waitForTimeout(300);
        await page.screenshot({ path: name("art-draw") });
        const box = await canvas.boundingBox();
        await page.mouse.move(box.x + 2, box.y + 20);
        await page.mouse.down();
        await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 8 });
        await page.mouse.move(box.x + box.width - 2, box.y + box.height - 20, { steps: 8 });
        await page.mouse.up();
        await page.waitForTimeout(200);
        await page.screenshot({ path: name("art-drawn") });
        await page.screenshot({ path: name("art-drawn-full"), fullPage: true });
      }
      if (!only || only === "poetry") {
        await page.goto(`${base}/visual-poetry`);
        await page.getByTestId("file-input").setInputFiles(CAT);
        await page.getByText("Poem generated successfully!").waitFor({ timeout: 30000 });
        await page.waitForTimeout(1200);
        await page.screenshot({ path: name("poetry-result") });
      }
      if (!only || only === "animator") {
        await page.goto(`${base}/animator`);
        await page.getByRole("textbox", { name: "Character description" }).fill("a friendly robot");
        await page.getByRole("button", { name: "Create Character" }).click();
        await page.getByRole("button", { name: "Animate", exact: true }).click({ timeout: 30000 });
        await page.getByRole("img", { name: "Animated character" }).waitFor({ timeout: 30000 });
        await page.waitForTimeout(500);
        await page.getByRole("img", { name: "Animated character" }).scrollIntoViewIfNeeded();
        await page.screenshot({ path: name("animator-frames") });
      }
      if (!only || only === "creations") {
        await page.goto(`${base}/creations`);
        await page
          .getByRole("button", { name: /^Open .* creation from/ })
          .first()
          .click();
        await page.getByRole("button", { name: "Delete", exact: true }).waitFor();
        await page.waitForTimeout(400);
        await page.screenshot({ path: name("creation-viewer") });
      }
      if (!only || only === "settings") {
        await page.goto(`${base}/`);
        await page.getByRole("button", { name: "Account menu" }).click();
        await page.getByRole("menuitem", { name: "Settings" }).click();
        await page.getByRole("dialog").waitFor();
        await page.waitForTimeout(400);
        await page.screenshot({ path: name("settings-dialog") });
      }
    } catch (e) {
      console.error(width, theme, String(e).slice(0, 300));
      await page.screenshot({ path: name("error") });
    }
    await ctx.close();
  }
}
await browser.close();

#!/usr/bin/env node
// Screenshots of every route at phone (390 px) and desktop (1280 px) widths, for a human to look at.
// Usage: start the app (`npm start`), then `node scripts/screenshots.mjs [baseURL] [outDir]`.
// Chromium: $CHROMIUM_PATH, else chromium-headless-shell / chromium / chromium-browser / google-chrome
// on the PATH (scripts/lib/chromium.mjs).
import fs from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, chromiumPath } from "./lib/chromium.mjs";

const baseURL = process.argv[2] || "http://localhost:4173";
const outDir = process.argv[3] || ".screenshots";
fs.mkdirSync(outDir, { recursive: true });

const PUBLIC = ["/auth", "/pricing", "/help", "/documentation", "/no-such-page"];
const PRIVATE = [
  "/",
  "/payment",
  "/batch-processing",
  "/hulk",
  "/muppet",
  "/frog",
  "/simpsons",
  "/gta",
  "/family-guy",
  "/skeleton",
  "/animator",
  "/create-art",
  "/create-nft",
  "/visual-poetry",
  "/celebrations",
];
const WIDTHS = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1280, height: 800 },
];

const slug = (p) => (p === "/" ? "home" : p.slice(1).replace(/[^a-z0-9]+/gi, "-"));
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
const email = `shots-${Date.now()}@example.com`;
let signedUp = false;
for (const size of WIDTHS) {
  const context = await browser.newContext({ viewport: { width: size.width, height: size.height } });
  const page = await context.newPage();
  for (const route of PUBLIC) {
    await page.goto(baseURL + route);
    await page.waitForLoadState("networkidle");
    await page.screenshot({
      path: path.join(outDir, `${size.name}-anon-${slug(route)}.png`),
      fullPage: true,
    });
  }
  await page.goto(`${baseURL}/auth`);
  if (!signedUp) await page.getByRole("button", { name: "Don't have an account? Sign up" }).click();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("screenshot-pass-1");
  await page.getByRole("button", { name: signedUp ? "Login" : "Sign Up", exact: true }).click();
  signedUp = true;
  await page.waitForURL(`${baseURL}/`);
  for (const route of [...PRIVATE, "/pricing", "/help"]) {
    await page.goto(baseURL + route);
    await page.waitForLoadState("networkidle");
    await page.screenshot({
      path: path.join(outDir, `${size.name}-user-${slug(route)}.png`),
      fullPage: true,
    });
  }
  await context.close();
}
await browser.close();
console.info(`Screenshots in ${outDir}/`);

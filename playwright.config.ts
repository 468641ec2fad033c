import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execSync } from "node:child_process";
import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT || 4317);
const baseURL = `http://localhost:${port}`;

/** Debian's Chromium (CI installs it with apt); Playwright's own browser download is not available here. */
function chromiumPath(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  for (const name of ["chromium", "chromium-browser", "google-chrome"]) {
    try {
      const found = execSync(`command -v ${name}`, { encoding: "utf8", shell: "/bin/sh" }).trim();
      if (found) return found;
    } catch {
      // not installed under this name
    }
  }
  return undefined;
}

// Every run starts the app on a fresh, empty database.
const dbDir = process.env.E2E_DB_DIR || fs.mkdtempSync(path.join(os.tmpdir(), "restyle-e2e-db-"));
process.env.E2E_DB_DIR = dbDir;

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: {
          executablePath: chromiumPath(),
          args: [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
          ],
        },
      },
    },
  ],
  webServer: {
    command: "node scripts/start.mjs",
    url: baseURL,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      PORT: String(port),
      SUPALITE_DB_URL: dbDir,
      LITE_TELEMETRY: "0",
      BUILD_OUT_DIR: process.env.E2E_OUT_DIR || "dist",
    },
  },
});

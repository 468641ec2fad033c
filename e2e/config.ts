/**
 * What both end-to-end configurations share (playwright.config.ts: client mode, the whole suite;
 * playwright.hosted.config.ts: hosted mode, e2e/hosted): Debian's Chromium, and `npm start` on a
 * fresh database and its own build folder, with the mode's environment added.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, findChromium } from "../scripts/lib/chromium.mjs";
import { e2eBuildDir } from "./builds.mjs";

export type E2eOptions = {
  /** Specs to run (a folder under e2e/) and folders to leave out. */
  testDir: string;
  testIgnore?: string[];
  /** Port and database folder, each overridable from the environment. */
  port: number;
  /** The AI mode, which names the build folder (e2e/builds.mjs). */
  mode: "client" | "hosted";
  /** The environment variable that names (or receives) this run's database folder. */
  dbDirVariable: string;
  /** Added to `npm start`'s environment. */
  env?: Record<string, string>;
};

export function e2eConfig(options: E2eOptions) {
  const baseURL = `http://localhost:${options.port}`;
  // Every run starts the app on a fresh, empty database.
  const dbDir =
    process.env[options.dbDirVariable] || fs.mkdtempSync(path.join(os.tmpdir(), "restyle-e2e-db-"));
  process.env[options.dbDirVariable] = dbDir;

  return defineConfig({
    testDir: options.testDir,
    testIgnore: options.testIgnore,
    // Every test signs up its own user, so tests run in parallel, across and within files. Two workers:
    // on the 2-core machine a third made the run no shorter (they all share one server and its one
    // database), only each test slower.
    fullyParallel: true,
    workers: Number(process.env.E2E_WORKERS) || 2,
    forbidOnly: Boolean(process.env.CI),
    retries: process.env.CI ? 1 : 0,
    timeout: 60_000,
    expect: { timeout: 10_000 },
    // e2e/a11y-reporter.ts sums up the accessibility checks (paths are from the configs, at the root).
    reporter: [
      ["list"],
      ["./e2e/a11y-reporter.ts"],
      ...(process.env.CI ? [] : ([["html", { open: "never" }]] as const)),
    ],
    use: {
      baseURL,
      trace: "retain-on-failure",
      screenshot: "only-on-failure",
      // The service worker is off unless a spec exercises it deliberately (e2e/pwa.spec.ts and
      // e2e/share.spec.ts: `test.use({ serviceWorkers: "allow" })`), never half-on: every other spec
      // tests the app as the server answers it, with no worker installing in the background.
      serviceWorkers: "block",
    },
    projects: [
      {
        name: "chromium",
        use: {
          ...devices["Desktop Chrome"],
          launchOptions: {
            executablePath: findChromium(),
            args: CHROMIUM_ARGS,
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
        PORT: String(options.port),
        SUPALITE_DB_URL: dbDir,
        LITE_TELEMETRY: "0",
        BUILD_OUT_DIR: e2eBuildDir(options.mode),
        ...options.env,
      },
    },
  });
}

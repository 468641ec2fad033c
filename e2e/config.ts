/**
 * What both end-to-end configurations share (playwright.config.ts: client mode, the whole suite;
 * playwright.hosted.config.ts: hosted mode, e2e/hosted): Debian's Chromium, and `npm start` on a
 * fresh database and its own build folder, with the mode's environment added (e2e/servers.mjs). Under
 * `npm test` the server is already running (E2E_SERVERS_STARTED=1, scripts/test-all.mjs starts it on a
 * fresh database the same way), and the config starts none.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices, type PlaywrightTestConfig, type ReporterDescription } from "@playwright/test";
import { CHROMIUM_ARGS, findChromium } from "../scripts/lib/chromium.mjs";
import { e2ePort, e2eServerEnv, e2eServersStarted } from "./servers.mjs";

export type E2eOptions = {
  /** Specs to run (a folder under e2e/) and folders to leave out. */
  testDir: string;
  testIgnore?: string[];
  /** The AI mode: the server's port, build folder and environment (e2e/servers.mjs). */
  mode: "client" | "hosted";
  /** The environment variable that names (or receives) this run's database folder. */
  dbDirVariable: string;
};

const baseUrlOf = (mode: E2eOptions["mode"]) => `http://localhost:${e2ePort(mode)}`;

/** The project of one mode's specs: Debian's Chromium against that mode's server. */
function project(name: string, options: Pick<E2eOptions, "testDir" | "testIgnore" | "mode">) {
  return {
    name,
    testDir: options.testDir,
    testIgnore: options.testIgnore,
    use: {
      ...devices["Desktop Chrome"],
      baseURL: baseUrlOf(options.mode),
      launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS },
    },
  };
}

/** What every run shares: parallel tests, retries on CI, the reporters, traces and no service worker. */
function shared() {
  return {
    // Every test signs up its own user, so tests run in parallel, across and within files. Two workers
    // unless E2E_WORKERS says otherwise; npm test runs four (scripts/test-all.mjs): on the 2-core
    // machine the others use the time two spend waiting on the app (three: 384 s against 502 s for the
    // client specs; four: 247 s against 263 s for both modes), each test taking a little longer.
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
    ] as ReporterDescription[],
    use: {
      // Recording a trace costs about a third more CPU in every test (the browser's screencast and
      // snapshots): on CI, where a failed test is tried again, only that second try records one (with
      // the first try's screenshot); elsewhere, with no retries, every failure keeps its trace.
      trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
      screenshot: "only-on-failure",
      // The service worker is off unless a spec exercises it deliberately (e2e/pwa.spec.ts and
      // e2e/share.spec.ts: `test.use({ serviceWorkers: "allow" })`), never half-on: every other spec
      // tests the app as the server answers it, with no worker installing in the background.
      serviceWorkers: "block",
    },
  } satisfies PlaywrightTestConfig;
}

/** One mode's run (playwright.config.ts, playwright.hosted.config.ts). */
export function e2eConfig(options: E2eOptions) {
  const baseURL = baseUrlOf(options.mode);
  const started = e2eServersStarted();
  // Every run starts the app on a fresh, empty database.
  const dbDir = started
    ? undefined
    : process.env[options.dbDirVariable] || fs.mkdtempSync(path.join(os.tmpdir(), "restyle-e2e-db-"));
  if (dbDir) process.env[options.dbDirVariable] = dbDir;

  return defineConfig({
    ...shared(),
    testDir: options.testDir,
    projects: [project("chromium", options)],
    webServer: started
      ? undefined
      : {
          command: "node scripts/start.mjs",
          url: baseURL,
          timeout: 180_000,
          reuseExistingServer: false,
          stdout: "pipe",
          stderr: "pipe",
          env: {
            PORT: String(e2ePort(options.mode)),
            SUPALITE_DB_URL: dbDir!,
            ...e2eServerEnv(options.mode),
          },
        },
  });
}

/**
 * Both modes in one run (playwright.all.config.ts), for `npm test`, which has started both servers
 * (scripts/test-all.mjs): the client specs (all but e2e/hosted) and the hosted ones share the
 * workers, so neither run waits for the other.
 */
export function e2eAllConfig() {
  if (!e2eServersStarted()) {
    throw new Error(
      "playwright.all.config.ts runs against the servers npm test starts (E2E_SERVERS_STARTED=1).",
    );
  }
  return defineConfig({
    ...shared(),
    testDir: "e2e",
    projects: [
      project("chromium", { testDir: "e2e", testIgnore: ["hosted/**"], mode: "client" }),
      project("hosted", { testDir: "e2e/hosted", mode: "hosted" }),
    ],
  });
}

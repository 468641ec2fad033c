import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";
import { sonnerOnDemand } from "./server/build/sonner-on-demand.ts";
import { playwright } from "@vitest/browser-playwright";
import { CHROMIUM_ARGS, findChromium } from "./scripts/lib/chromium.mjs";

/**
 * Test files that never touch the DOM: pure logic, data tables, the Gemini stream over msw. They run in
 * plain Node (the node project), not in a DOM. (tests/lib/gemini/client-hosted.test.ts stays in the DOM:
 * hosted mode calls the proxy on window.location's origin.)
 */
const NODE_TESTS = [
  "tests/config/env.test.ts",
  "tests/config/ai-mode.test.ts",
  "tests/config/image-output.test.ts",
  "tests/components/cost-text.test.ts",
  "tests/tools/tool-routes.test.ts",
  "tests/features/batch-queue.test.ts",
  "tests/features/animator-gif.test.ts",
  "tests/features/art-canvas.test.ts",
  "tests/features/billing/card.test.ts",
  "tests/features/billing/plans.test.ts",
  "tests/features/help/content.test.ts",
  "tests/features/scene-position.test.ts",
  "tests/lib/gemini/stream.test.ts",
  "tests/lib/gemini/errors.test.ts",
  "tests/lib/gemini/sse.test.ts",
  "tests/lib/image/header.test.ts",
  "tests/lib/image/header-read.test.ts",
  "tests/lib/gemini/client-answers.test.ts",
  "tests/lib/gemini/client-refusals.test.ts",
  "tests/lib/gemini/client-retries.test.ts",
  "tests/lib/image/pick.test.ts",
  "tests/api/ai-thinking.test.ts",
  "tests/api/ai-answer.test.ts",
];

/** The app's settings in every unit test: a Supabase that msw answers (tests/msw/supabase.ts). */
const TEST_ENV = {
  VITE_SUPABASE_URL: "http://supabase.test",
  VITE_SUPABASE_PUBLISHABLE_KEY: "sb_publishable_test",
};

export default defineConfig({
  // The app's toasts as the build has them: sonner fetched on demand (server/build/sonner-on-demand.ts).
  plugins: [sonnerOnDemand(), react()],
  resolve: { alias: { "@": path.resolve("src") } },
  test: {
    // Two workers at least: Vitest's default (one less than the cores) is a single worker on a 2-core
    // machine, which left one core idle through the ui project (about 190 s of CPU either way; with two
    // workers it takes two thirds of the time). The backend project keeps its one worker (below).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    // npm test's phase table shows each project's time (tests/project-times-reporter.ts).
    reporters: process.env.TEST_PROJECT_TIMES_FILE
      ? ["default", "./tests/project-times-reporter.ts"]
      : ["default"],
    projects: [
      {
        extends: true,
        test: {
          name: "ui",
          // happy-dom: the same files took a third less CPU than in jsdom (95 s against 138 s). The few
          // files that need jsdom's behaviour say so in their first line (@vitest-environment jsdom).
          environment: "happy-dom",
          globals: true,
          include: ["tests/**/*.test.{ts,tsx}"],
          exclude: ["tests/backend/**", "tests/browser/**", "tests/server/**", ...NODE_TESTS],
          setupFiles: ["tests/setup.ts"],
          // A worker runs its files one after another in one page: the DOM, msw, React, Radix and
          // lucide load once per worker instead of once per file. tests/setup.ts gives each file
          // fresh app modules and a clean page, so a file still runs as if alone.
          isolate: false,
          // A test renders the whole app and walks a page: under 2 s each; 10 s leaves room on a busy
          // machine without per-file or per-test timeouts.
          testTimeout: 10_000,
          css: false,
          env: TEST_ENV,
        },
      },
      {
        // The DOM-free unit tests (NODE_TESTS above) in plain Node.
        extends: true,
        test: {
          name: "node",
          environment: "node",
          globals: true,
          include: NODE_TESTS,
          setupFiles: ["tests/setup-node.ts"],
          isolate: false,
          env: TEST_ENV,
        },
      },
      {
        extends: true,
        test: {
          name: "backend",
          environment: "node",
          globals: true,
          include: ["tests/backend/**/*.test.ts"],
          globalSetup: ["tests/backend/global-setup.ts"],
          // One file at a time against the one database, in one worker (tests/setup-backend.ts).
          setupFiles: ["tests/setup-backend.ts"],
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
          // A project with another number of workers runs in a group of its own: after the others in
          // one `vitest run` (`npm test` runs it alongside them, in a vitest process of its own).
          sequence: { groupOrder: 1 },
        },
      },
      {
        // The local preview engine (server/): plain Node, real sharp, no browser stand-ins.
        extends: true,
        test: {
          name: "server",
          environment: "node",
          globals: true,
          include: ["tests/server/**/*.test.ts"],
          testTimeout: 30_000,
        },
      },
      {
        // Real-browser tests (image decoding, canvas encoding, HEIC): vitest browser mode in headless Chromium.
        extends: true,
        optimizeDeps: { include: ["heic-to/csp", "perfect-freehand", "q-floodfill", "idb", "gifenc"] },
        test: {
          name: "browser",
          include: ["tests/browser/**/*.test.ts"],
          testTimeout: 30_000,
          browser: {
            enabled: true,
            headless: true,
            screenshotFailures: false,
            provider: playwright({
              launchOptions: {
                executablePath: findChromium(),
                args: CHROMIUM_ARGS,
              },
            }),
            instances: [{ browser: "chromium" }],
          },
        },
      },
    ],
  },
});

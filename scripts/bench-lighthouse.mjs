#!/usr/bin/env node
// Lighthouse benchmark (not a test): builds and serves the app as `npm start` does (own port, throw-away
// database), then runs Lighthouse's mobile preset (a mid-range phone on slow 4G, simulated throttling) on
// /auth, /pricing and /help in Debian's Chromium. Prints performance, accessibility and best-practices
// scores with first contentful paint, largest contentful paint and total blocking time (median of
// --runs), and exits 1 when a page misses performance 95, accessibility 100 or best practices 100.
//
//   node scripts/bench-lighthouse.mjs [--runs 3] [--pages /auth,/pricing,/help] [--out-dir <folder>]
//
// Chromium: $CHROMIUM_PATH, else chromium / chromium-browser / google-chrome on the PATH.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import lighthouse from "lighthouse";
import { CHROMIUM_ARGS, chromiumPath, freePort, startApp } from "./lib/app-server.mjs";
import { medianSample } from "./lib/bench-stats.mjs";

const { values: args } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    pages: { type: "string", default: "/auth,/pricing,/help" },
    "out-dir": { type: "string" },
    verbose: { type: "boolean", default: false },
  },
});
const runs = Math.max(1, Number(args.runs) || 1);
const pages = args.pages.split(",").map((p) => p.trim());
const TARGETS = { performance: 95, accessibility: 100, "best-practices": 100 };

/** Headless Chromium with its DevTools port open for Lighthouse; `kill()` ends it and removes its profile. */
async function launchChromium() {
  const port = await freePort();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "lighthouse-chromium-"));
  const child = spawn(
    chromiumPath({ full: true }),
    [
      "--headless=new",
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      ...CHROMIUM_ARGS,
      "about:blank",
    ],
    { stdio: "ignore" },
  );
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const kill = async () => {
    if (child.exitCode === null) child.kill("SIGTERM");
    await exited;
    fs.rmSync(profile, { recursive: true, force: true });
  };
  for (let i = 0; i < 100; i += 1) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/json/version`);
      if (response.ok) return { port, kill };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await kill();
  throw new Error("Chromium did not open its DevTools port");
}

const port = await freePort();
console.info(`Building and starting the app (as npm start) on port ${port}...`);
// The build goes to a temporary folder (outside the project, so no linter or formatter sees it).
const outDir = args["out-dir"] ?? fs.mkdtempSync(path.join(os.tmpdir(), "restyle-lighthouse-build-"));
const app = await startApp({ port, outDir, log: args.verbose });
const chrome = await launchChromium();

const results = [];
const failures = [];
try {
  for (const page of pages) {
    const samples = [];
    for (let i = 0; i < runs; i += 1) {
      const { lhr } = await lighthouse(
        app.url + page,
        { port: chrome.port, output: "json", logLevel: "error" },
        {
          extends: "lighthouse:default",
          settings: {
            formFactor: "mobile",
            onlyCategories: ["performance", "accessibility", "best-practices"],
          },
        },
      );
      if (lhr.runtimeError) throw new Error(`${page}: ${lhr.runtimeError.message}`);
      samples.push(lhr);
    }
    const pick = (fn) => medianSample(samples.map(fn));
    const score = (id) => pick((lhr) => Math.round((lhr.categories[id]?.score ?? 0) * 100));
    const metric = (id) => pick((lhr) => lhr.audits[id]?.numericValue ?? NaN);
    const row = {
      page,
      performance: score("performance"),
      accessibility: score("accessibility"),
      "best-practices": score("best-practices"),
      fcp: metric("first-contentful-paint"),
      lcp: metric("largest-contentful-paint"),
      tbt: metric("total-blocking-time"),
      cls: metric("cumulative-layout-shift"),
    };
    results.push(row);
    for (const [category, target] of Object.entries(TARGETS)) {
      if (row[category] < target) {
        const last = samples[samples.length - 1];
        const missed = Object.values(last.categories[category].auditRefs)
          .map((ref) => last.audits[ref.id])
          .filter(
            (audit) =>
              audit && audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== "informative",
          )
          .map((audit) => audit.id)
          .slice(0, 8);
        failures.push(`${page}: ${category} ${row[category]} < ${target} (${missed.join(", ")})`);
      }
    }
  }
} finally {
  await chrome.kill();
  await app.stop();
  if (!args["out-dir"]) fs.rmSync(outDir, { recursive: true, force: true });
}

const header = ["page", "perf", "a11y", "best practices", "FCP", "LCP", "TBT", "CLS"];
const rows = results.map((r) => [
  r.page,
  String(r.performance),
  String(r.accessibility),
  String(r["best-practices"]),
  `${(r.fcp / 1000).toFixed(2)} s`,
  `${(r.lcp / 1000).toFixed(2)} s`,
  `${Math.round(r.tbt)} ms`,
  r.cls.toFixed(3),
]);
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (cells) =>
  cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
console.info(`\nLighthouse ${"mobile"} preset, median of ${runs} run(s) per page:\n`);
console.info(line(header));
console.info(widths.map((w) => "-".repeat(w)).join("  "));
rows.forEach((r) => console.info(line(r)));

if (failures.length) {
  console.error(
    `\nBelow target (performance ${TARGETS.performance}, accessibility 100, best practices 100):`,
  );
  failures.forEach((f) => console.error(`  - ${f}`));
  process.exit(1);
}
console.info("\nEvery page meets performance 95, accessibility 100 and best practices 100.");

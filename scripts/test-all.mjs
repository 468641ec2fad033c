#!/usr/bin/env node
// `npm test`: every check, one phase after another (the npm scripts of package.json), stopping at the
// first that fails with its exit code, and then a table of each phase's time. The end-to-end phases build
// the app once per mode (Playwright's web server is `npm start`), and the budget phases measure those same
// builds (check-budget --build), so nothing is built twice.
//
// Phases that ran before this script (.ci/run: installing Chromium, npm ci) are shown first in the
// table when TEST_PHASE_TIMES lists them, as "name=milliseconds;name=milliseconds".
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { e2eBuildDir } from "../e2e/builds.mjs";

const npm = (...args) => ["npm", ["run", ...args]];
const PHASES = [
  ["typecheck", npm("typecheck")],
  ["lint", npm("lint")],
  ["vitest", npm("test:unit")],
  ["e2e client", npm("test:e2e")],
  ["e2e hosted", npm("test:e2e:hosted")],
  ["budgets client", npm("test:budget", "--", "--build", e2eBuildDir("client"))],
  ["budgets hosted", npm("test:budget:hosted", "--", "--build", e2eBuildDir("hosted"))],
];

const times = (process.env.TEST_PHASE_TIMES ?? "")
  .split(";")
  .filter(Boolean)
  .map((entry) => {
    const [name, ms] = entry.split("=");
    return { name, seconds: Number(ms) / 1000, status: "ok" };
  });

// The accessibility spec's reporter (e2e/a11y-reporter.ts) writes its summary here; shown with the table.
const reports = fs.mkdtempSync(path.join(os.tmpdir(), "restyle-test-reports-"));
const a11ySummary = path.join(reports, "a11y-summary.txt");
process.env.A11Y_SUMMARY_FILE = a11ySummary;
// Each vitest project's time (tests/project-times-reporter.ts) and the backend's PostgreSQL start-up
// (tests/backend/global-setup.ts): shown under the vitest phase, whose time includes them.
const projectTimes = path.join(reports, "project-times.json");
process.env.TEST_PROJECT_TIMES_FILE = projectTimes;

/** Rows under the vitest phase: the backend project (on PostgreSQL) and its server's start-up. */
function vitestRows() {
  if (!fs.existsSync(projectTimes)) return [];
  const { projects = {}, backendSetupMs } = JSON.parse(fs.readFileSync(projectTimes, "utf8"));
  const rows = [];
  if (projects.backend !== undefined) {
    rows.push({
      name: "  of which backend",
      seconds: projects.backend / 1000,
      status: "PostgreSQL, files in turn",
    });
  }
  if (backendSetupMs !== undefined) {
    rows.push({ name: "  and its server", seconds: backendSetupMs / 1000, status: "initdb, migrations" });
  }
  return rows.map((row) => ({ ...row, part: true }));
}

function report() {
  const total = times.filter((t) => !t.part).reduce((sum, t) => sum + t.seconds, 0);
  const rows = [...times, { name: "total", seconds: total, status: "" }];
  const width = Math.max(...rows.map((r) => r.name.length));
  console.info("\nPhase times:");
  for (const { name, seconds, status } of rows) {
    console.info(`  ${name.padEnd(width)}  ${seconds.toFixed(1).padStart(7)} s  ${status}`);
  }
  if (fs.existsSync(a11ySummary)) console.info(`\n${fs.readFileSync(a11ySummary, "utf8").trim()}`);
}

for (const [name, [command, args]] of PHASES) {
  console.info(`\n--- ${name}: ${command} ${args.join(" ")}`);
  const started = performance.now();
  const result = spawnSync(command, args, { stdio: "inherit" });
  const code = result.status ?? 1;
  times.push({ name, seconds: (performance.now() - started) / 1000, status: code === 0 ? "ok" : "FAILED" });
  if (name === "vitest") times.push(...vitestRows());
  if (code !== 0) {
    report();
    console.error(`\n${name} failed (exit code ${code}).`);
    process.exit(code);
  }
}
report();

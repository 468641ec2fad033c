#!/usr/bin/env node
// `npm test`: every check, one phase after another (the npm scripts of package.json), stopping at the
// first that fails with its exit code, and then a table of each phase's time. The type check and lint
// are single-threaded, so they run side by side (their output is printed whole, one after the other). The end-to-end phases build
// the app once per mode (Playwright's web server is `npm start`), and the budget phases measure those same
// builds (check-budget --build), so nothing is built twice.
//
// Phases that ran before this script (.ci/run: installing Chromium, npm ci) are shown first in the
// table when TEST_PHASE_TIMES lists them, as "name=milliseconds;name=milliseconds".
import { spawn, spawnSync } from "node:child_process";
import { e2eBuildDir } from "../e2e/builds.mjs";

const npm = (...args) => ["npm", ["run", ...args]];
/** Run side by side before the other phases: each uses one core. */
const SIDE_BY_SIDE = [
  ["typecheck", npm("typecheck")],
  ["lint", npm("lint")],
];
const PHASES = [
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

const scriptStarted = performance.now();
const before = times.reduce((sum, t) => sum + t.seconds, 0);

function report() {
  // Wall-clock time: the side-by-side phases overlap, so their times do not add up.
  const total = before + (performance.now() - scriptStarted) / 1000;
  const rows = [...times, { name: "total", seconds: total, status: "" }];
  const width = Math.max(...rows.map((r) => r.name.length));
  console.info("\nPhase times:");
  for (const { name, seconds, status } of rows) {
    console.info(`  ${name.padEnd(width)}  ${seconds.toFixed(1).padStart(7)} s  ${status}`);
  }
}

/** Runs `command`, keeping its output to print at the end; resolves with its exit code and time. */
function runQuietly(name, [command, args]) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
    const output = [];
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
    child.on("close", (status) => {
      console.info(`\n--- ${name}: ${command} ${args.join(" ")}`);
      process.stdout.write(Buffer.concat(output));
      const code = status ?? 1;
      times.push({
        name,
        seconds: (performance.now() - started) / 1000,
        status: code === 0 ? "ok" : "FAILED",
      });
      resolve(code);
    });
  });
}

const codes = await Promise.all(SIDE_BY_SIDE.map(([name, command]) => runQuietly(name, command)));
const firstFailure = codes.findIndex((code) => code !== 0);
if (firstFailure !== -1) {
  report();
  console.error(`\n${SIDE_BY_SIDE[firstFailure][0]} failed (exit code ${codes[firstFailure]}).`);
  process.exit(codes[firstFailure]);
}

for (const [name, [command, args]] of PHASES) {
  console.info(`\n--- ${name}: ${command} ${args.join(" ")}`);
  const started = performance.now();
  const result = spawnSync(command, args, { stdio: "inherit" });
  const code = result.status ?? 1;
  times.push({ name, seconds: (performance.now() - started) / 1000, status: code === 0 ? "ok" : "FAILED" });
  if (code !== 0) {
    report();
    console.error(`\n${name} failed (exit code ${code}).`);
    process.exit(code);
  }
}
report();

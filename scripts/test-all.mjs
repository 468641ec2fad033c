#!/usr/bin/env node
// `npm test`: every check (the npm scripts of package.json), stopping at the first that fails with its
// exit code, and then a table of each phase's time.
//
// Phases start as soon as what they need is done, so that both cores of a 2-core machine stay busy:
// - at once: the type check and lint (one core each); the two app servers of the end-to-end runs,
//   each building its mode's app and starting `npm start` on a fresh database (e2e/servers.mjs); and
//   vitest's backend project (PostgreSQL, its files in turn, mostly waiting on the database) in a
//   vitest process of its own;
// - after the type check (lint, single-threaded, often still running): vitest's other projects (two
//   workers);
// - after vitest: Playwright, client and hosted mode in one run against the running servers
//   (playwright.all.config.ts, E2E_SERVERS_STARTED=1, so it starts none), and alongside it the
//   first-load budgets, measuring the same builds on the same servers (check-budget --build --url).
// Nothing is built twice. Each phase's output is printed as it comes, every line prefixed with the
// phase's name; the table gives each phase's start (seconds into the run) and time, and the total is
// the run's own wall time. When a phase fails, the others are stopped at once and npm test exits
// with the failed phase's code.
//
// Phases that ran before this script (.ci/run: installing Chromium, npm ci) are shown first in the
// table when TEST_PHASE_TIMES lists them, as "name=milliseconds;name=milliseconds".
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { e2eBuildDir } from "../e2e/builds.mjs";
import { e2ePort, e2eServerEnv } from "../e2e/servers.mjs";

const npm = (...args) => ["npm", ["run", ...args]];
const npx = (...args) => ["npx", args];
const url = (mode) => `http://localhost:${e2ePort(mode)}`;

// The accessibility spec's reporter (e2e/a11y-reporter.ts) writes its summary here; shown with the table.
const reports = fs.mkdtempSync(path.join(os.tmpdir(), "restyle-test-reports-"));
const a11ySummary = path.join(reports, "a11y-summary.txt");
process.env.A11Y_SUMMARY_FILE = a11ySummary;
// Each vitest project's time (tests/project-times-reporter.ts) and the backend's PostgreSQL start-up
// (tests/backend/global-setup.ts), one file per vitest process: shown under the vitest phases.
const projectTimes = (name) => path.join(reports, `project-times-${name.replace(/\W+/g, "-")}.json`);

/**
 * The phases. `after`: the phases that must have finished (or, for a server, be answering) first.
 * `server`: the mode of an app server, ready once it answers, stopped at the end.
 */
const PHASES = [
  { name: "typecheck", command: npm("typecheck") },
  { name: "lint", command: npm("lint") },
  { name: "app client", server: "client", note: "build, start" },
  { name: "app hosted", server: "hosted", note: "build, start" },
  {
    name: "vitest",
    after: ["typecheck"],
    // LITE_TELEMETRY=0 as `npm run test:unit` sets it; every project but the backend.
    command: npx("vitest", "run", "--project", "!backend"),
    env: { LITE_TELEMETRY: "0" },
  },
  {
    // Mostly waiting on PostgreSQL: it starts at once, alongside the static checks and the builds.
    name: "vitest backend",
    command: npx("vitest", "run", "--project", "backend"),
    env: { LITE_TELEMETRY: "0" },
  },
  {
    // Both modes in one Playwright run (playwright.all.config.ts), sharing four workers: on the
    // 2-core machine the third and fourth use the time the others spend waiting on the app (the whole
    // run 247 s with four against 263 s with three, the same tests passing, none flaky).
    name: "e2e",
    after: ["vitest", "vitest backend", "app client", "app hosted"],
    command: npx("playwright", "test", "--config", "playwright.all.config.ts"),
    env: { LITE_TELEMETRY: "0", E2E_SERVERS_STARTED: "1", E2E_WORKERS: process.env.E2E_WORKERS || "4" },
    note: "client and hosted",
  },
  {
    name: "budgets client",
    after: ["vitest", "vitest backend", "app client"],
    command: npm("test:budget", "--", "--build", e2eBuildDir("client"), "--url", url("client")),
  },
  {
    name: "budgets hosted",
    after: ["vitest", "vitest backend", "app hosted"],
    command: npm("test:budget:hosted", "--", "--build", e2eBuildDir("hosted"), "--url", url("hosted")),
  },
];

/**
 * The machine's CPU time so far, busy and all (Linux: /proc/stat's first line, in clock ticks of 1/100 s;
 * steal, time the host gave to others, counted apart), or null elsewhere. The suite is bound by CPU on
 * a 2-core machine, so its busy core-seconds compare runs where wall times drift with the host.
 */
function cpuTicks() {
  try {
    const [user, nice, system, idle, iowait, irq, softirq, steal] = fs
      .readFileSync("/proc/stat", "utf8")
      .split("\n")[0]
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    const busy = user + nice + system + irq + softirq;
    return { busy, steal, all: busy + idle + iowait + steal };
  } catch {
    return null;
  }
}

const started = performance.now();
const cpuAtStart = cpuTicks();
const seconds = (ms) => ms / 1000;
const before = (process.env.TEST_PHASE_TIMES ?? "")
  .split(";")
  .filter(Boolean)
  .map((entry) => {
    const [name, ms] = entry.split("=");
    return { name, seconds: Number(ms) / 1000, status: "ok" };
  });

/** name → { status: "waiting" | "running" | "ok" | "ready" | "FAILED" | "stopped", child, start, end, ... } */
const state = new Map(PHASES.map((phase) => [phase.name, { ...phase, status: "waiting" }]));
const width = Math.max(...PHASES.map((p) => p.name.length));
let failure;

/** Prints each line of `stream` prefixed with the phase's name. */
function prefixLines(stream, name, out) {
  readline
    .createInterface({ input: stream })
    .on("line", (line) => out.write(`${name.padEnd(width)} | ${line}\n`));
}

function launch(phase, command, args, env) {
  // Its own process group, so that stopping it stops what it started (Chromium, servers, workers).
  const child = spawn(command, args, {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  prefixLines(child.stdout, phase.name, process.stdout);
  prefixLines(child.stderr, phase.name, process.stderr);
  return child;
}

function stop(phase) {
  const { child } = phase;
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise((resolve) => child.once("exit", resolve));
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {
    // already gone
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {
      // already gone
    }
  }, 5_000);
  return exited.then(() => clearTimeout(timer));
}

/** Resolves once `origin` answers 200, or rejects when the server exits or 180 s have passed. */
async function answering(origin, child) {
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited (${child.exitCode ?? child.signalCode}) before answering`);
    }
    try {
      const response = await fetch(origin, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${origin} did not answer within 180 s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function start(phase) {
  phase.status = "running";
  phase.start = performance.now();
  console.info(`\n--- ${phase.name} (at ${seconds(phase.start - started).toFixed(1)} s)`);
  if (phase.server) {
    // `npm start` as the Playwright configs start it: the mode's environment, a fresh database.
    phase.dbDir = fs.mkdtempSync(path.join(os.tmpdir(), "restyle-e2e-db-"));
    const env = {
      PORT: String(e2ePort(phase.server)),
      SUPALITE_DB_URL: phase.dbDir,
      ...e2eServerEnv(phase.server),
    };
    phase.child = launch(phase, process.execPath, ["scripts/start.mjs"], env);
    phase.child.once("exit", (code, signal) => {
      // A server that stops before the end of the run fails it (unless the run is already stopping).
      if (!failure && !finished) fail(phase, code ?? 1, `the server stopped (${code ?? signal})`);
    });
    answering(url(phase.server), phase.child).then(
      () => done(phase, "ready"),
      (error) => fail(phase, 1, error.message),
    );
    return;
  }
  const [command, args] = phase.command;
  const env = { ...phase.env };
  if (phase.name.startsWith("vitest")) env.TEST_PROJECT_TIMES_FILE = projectTimes(phase.name);
  phase.child = launch(phase, command, args, env);
  phase.child.once("exit", (code, signal) => {
    if (code === 0) done(phase, "ok");
    else fail(phase, code ?? 1, signal ? `stopped by ${signal}` : `exit code ${code}`);
  });
}

function done(phase, status) {
  if (failure || phase.status !== "running") return;
  phase.status = status;
  phase.end = performance.now();
  console.info(`\n--- ${phase.name}: ${status} (${seconds(phase.end - phase.start).toFixed(1)} s)`);
  schedule();
}

async function fail(phase, code, reason) {
  if (failure) return;
  failure = { phase, code, reason };
  phase.status = "FAILED";
  phase.end = performance.now();
  const running = [...state.values()].filter((p) => p !== phase && p.status === "running");
  for (const p of running) {
    p.status = "stopped";
    p.end = performance.now();
  }
  await Promise.all([...state.values()].map(stop));
  finish();
}

let finished = false;
function schedule() {
  const ready = (name) => ["ok", "ready"].includes(state.get(name).status);
  for (const phase of state.values()) {
    if (phase.status === "waiting" && (phase.after ?? []).every(ready)) start(phase);
  }
  const remaining = [...state.values()].filter((p) => !p.server && !["ok"].includes(p.status));
  if (remaining.length === 0 && !finished) {
    finished = true;
    Promise.all([...state.values()].filter((p) => p.server).map(stop)).then(finish);
  }
}

/** Rows under a vitest phase: each project's summed file time and the backend's server start-up. */
function vitestRows(phase) {
  const file = projectTimes(phase.name);
  if (!fs.existsSync(file)) return [];
  const { projects = {}, backendSetupMs } = JSON.parse(fs.readFileSync(file, "utf8"));
  const rows = [];
  if (projects.backend !== undefined) {
    rows.push({ name: "  its files", seconds: projects.backend / 1000, status: "PostgreSQL, in turn" });
  }
  if (backendSetupMs !== undefined) {
    rows.push({ name: "  its server", seconds: backendSetupMs / 1000, status: "initdb, migrations" });
  }
  return rows;
}

function finish() {
  finished = true;
  for (const phase of state.values()) {
    if (phase.dbDir) fs.rmSync(phase.dbDir, { recursive: true, force: true });
  }
  const wall = seconds(performance.now() - started);
  const rows = [
    ...before.map((row) => ({ ...row, at: "" })),
    ...[...state.values()].flatMap((phase) => {
      if (phase.start === undefined) return [];
      const row = {
        name: phase.name,
        at: `+${seconds(phase.start - started).toFixed(0)}`,
        seconds: seconds((phase.end ?? performance.now()) - phase.start),
        status: phase.note ? `${phase.status} (${phase.note})` : phase.status,
      };
      return [row, ...vitestRows(phase).map((r) => ({ ...r, at: "" }))];
    }),
    {
      name: "total",
      at: "",
      seconds: before.reduce((sum, row) => sum + row.seconds, 0) + wall,
      status: before.length ? `npm test ${wall.toFixed(1)} s` : "",
    },
  ];
  const nameWidth = Math.max(...rows.map((r) => r.name.length));
  console.info(
    "\nPhase times (start: seconds into npm test; phases with overlapping times ran side by side):",
  );
  console.info(`  ${"phase".padEnd(nameWidth)}  ${"start".padStart(5)}  ${"time".padStart(9)}`);
  for (const { name, at, seconds: s, status } of rows) {
    console.info(`  ${name.padEnd(nameWidth)}  ${at.padStart(5)}  ${s.toFixed(1).padStart(7)} s  ${status}`);
  }
  const cpuAtEnd = cpuTicks();
  if (cpuAtStart && cpuAtEnd) {
    const busy = (cpuAtEnd.busy - cpuAtStart.busy) / 100;
    const all = (cpuAtEnd.all - cpuAtStart.all) / 100;
    const steal = (cpuAtEnd.steal - cpuAtStart.steal) / 100;
    console.info(
      `  CPU: ${busy.toFixed(0)} core-seconds busy of ${all.toFixed(0)} (${((100 * busy) / all).toFixed(0)}%, ` +
        `${os.availableParallelism()} cores), ${steal.toFixed(0)} taken by the host`,
    );
  }
  if (fs.existsSync(a11ySummary)) console.info(`\n${fs.readFileSync(a11ySummary, "utf8").trim()}`);
  fs.rmSync(reports, { recursive: true, force: true });
  if (failure) {
    console.error(`\n${failure.phase.name} failed (${failure.reason}).`);
    process.exit(failure.code || 1);
  }
  process.exit(0);
}

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    if (!failure) fail({ name: `npm test (${signal})`, status: "running" }, 130, `interrupted by ${signal}`);
  });
}
schedule();

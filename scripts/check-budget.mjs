#!/usr/bin/env node
// First-load budget check (part of `npm test`). Serves the production build as `npm start` does (own
// port, throw-away database), opens every route of budgets.json in a fresh headless Chromium with a phone
// profile, and records every JS and CSS response from navigation until the network is idle. Each file is
// gzipped at level 9 and summed per route. Prints a table; exits 1 when a route is over its budget (naming
// the route and the chunk that grew against scripts/budget-baseline.json), loads code of another feature,
// loads a forbidden module, or when the build's source maps (which those two checks read) are missing.
//
// Which build: run alone (`npm run test:budget`, `npm run test:budget:hosted`), it always builds, as
// `npm start` does, into --out-dir or a temporary folder. With --build <folder> it builds nothing and
// measures the build already in that folder, which must be `npm start`'s production build in the same
// mode (AI_MODE): `npm test` (scripts/test-all.mjs) passes the build its end-to-end run has just made, so
// each mode is built once. With --url <origin> as well it starts no server either and measures the one
// already serving that build there (`npm test` passes the end-to-end run's server).
//
//   node scripts/check-budget.mjs [--build <folder> [--url <origin>] | --out-dir <folder>]
//                                 [--update-baseline] [--json] [--verbose] [--budgets budgets.json]
//
// Chromium: $CHROMIUM_PATH, else chromium-headless-shell / chromium / chromium-browser / google-chrome
// on the PATH (scripts/lib/chromium.mjs).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { parseArgs } from "node:util";
import { chromium } from "playwright-core";
import { runnerImport } from "vite";
import { CHROMIUM_ARGS, chromiumPath, freePort, root, signUpFresh, startApp } from "./lib/app-server.mjs";
import { buildModules, sourceMapDir } from "./lib/build-modules.mjs";
import { serveBuild } from "./lib/serve-build.mjs";

const { values: args } = parseArgs({
  options: {
    "update-baseline": { type: "boolean", default: false },
    json: { type: "boolean", default: false },
    build: { type: "string" },
    url: { type: "string" },
    "out-dir": { type: "string" },
    verbose: { type: "boolean", default: false },
    budgets: { type: "string", default: "budgets.json" },
  },
});

const BUDGETS_FILE = path.resolve(root, args.budgets);
const BASELINE_FILE = path.join(root, "scripts/budget-baseline.json");
const KB = 1024;

/**
 * The feature or tool folder a module belongs to (src/features/auth/… → "auth", src/tools/scene/… →
 * "scene"). A tool's descriptor (src/tools/<id>/tool.tsx) is the registry's, which every page loads:
 * it belongs to no tool.
 */
function folderOf(source) {
  if (/^src\/tools\/[^/]+\/tool\.tsx?$/.test(source)) return undefined;
  return source.match(/^src\/(?:features|tools)\/([^/]+)\//)?.[1];
}
const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  userAgent:
    "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) " +
    "Chrome/120.0.0.0 Mobile Safari/537.36",
};

const budgets = JSON.parse(fs.readFileSync(BUDGETS_FILE, "utf8"));

/**
 * The routes to measure: budgets.json's own (the pages that are not tools), then every tool of the
 * registry (scripts/lib/tool-routes.ts, through Vite's module runner), signed in, with budgets.json's
 * `tools` limits (`over`: a page not yet down to them, by tool id) and its own folder as the one
 * tool it may load. A new tool is measured as soon as it is registered.
 */
async function routesToMeasure() {
  // Vite sets NODE_ENV when it resolves a config: without it restored, the app built below would be
  // React's development build.
  const nodeEnv = process.env.NODE_ENV;
  const { module } = await runnerImport("/scripts/lib/tool-routes.ts", {
    root,
    configFile: false,
    logLevel: "error",
    resolve: { alias: { "@": path.join(root, "src") } },
  });
  if (nodeEnv === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = nodeEnv;
  const { js, css, over = {} } = budgets.tools;
  const registered = module.toolRoutes();
  for (const id of Object.keys(over)) {
    if (!registered.some((tool) => tool.id === id)) {
      throw new Error(`budgets.json's tools.over names "${id}", which is no tool of the registry.`);
    }
  }
  const tools = registered.map((tool) => ({
    route: tool.path,
    label: `${tool.path} signed in`,
    signedIn: true,
    js: over[tool.id] ?? js,
    ...(over[tool.id] ? { aim: js } : {}),
    css,
    features: [tool.folder],
  }));
  return [...budgets.routes, ...tools];
}
const routes = await routesToMeasure();
const baseline = fs.existsSync(BASELINE_FILE) ? JSON.parse(fs.readFileSync(BASELINE_FILE, "utf8")) : {};
const started = Date.now();

/** Open `url` in a fresh context; every JS and CSS response until the network is idle. */
async function measure(browser, url, storageState) {
  const context = await browser.newContext({ ...PHONE, storageState });
  const page = await context.newPage();
  const files = new Map();
  const pending = [];
  const errors = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("response", (response) => {
    const type = response.request().resourceType();
    const href = response.url();
    const { pathname, origin } = new URL(href);
    const kind = type === "script" || pathname.endsWith(".js") ? "js" : type === "stylesheet" ? "css" : null;
    if (!kind) return;
    pending.push(
      response
        .body()
        .then((body) => {
          files.set(href, {
            file: pathname.replace(/^\//, ""),
            thirdParty: origin !== new URL(url).origin,
            kind,
            raw: body.length,
            gz: zlib.gzipSync(body, { level: 9 }).length,
            encoding: response.headers()["content-encoding"] ?? "",
          });
        })
        .catch(() => {}),
    );
  });
  await page.goto(url, { waitUntil: "networkidle" });
  // Anything started by idle callbacks right after: give it the same 500 ms window once more.
  await page.waitForTimeout(500);
  await page.waitForLoadState("networkidle");
  await Promise.all(pending);
  await context.close();
  return { files: [...files.values()], errors };
}

const chromiumExecutable = chromiumPath();
let app;
if (args.url) {
  if (!args.build)
    throw new Error("--url needs --build: the folder of the build served there (its source maps).");
  const outDir = path.resolve(root, args.build);
  console.info(`Measuring the build in ${args.build} as served at ${args.url}...`);
  app = { url: new URL(args.url).origin, outDir, stop: async () => {} };
} else if (args.build) {
  const port = Number(process.env.BUDGET_PORT) || (await freePort());
  console.info(`Serving the build in ${args.build} (as npm start) on port ${port}...`);
  app = await serveBuild({ port, outDir: args.build });
} else {
  const port = Number(process.env.BUDGET_PORT) || (await freePort());
  console.info(`Building and starting the app (as npm start) on port ${port}...`);
  // The build goes to a temporary folder (outside the project, so no linter or formatter sees it); it
  // and its source maps (.sourcemaps/<its name>) go when we exit.
  const outDir = args["out-dir"] ?? fs.mkdtempSync(path.join(os.tmpdir(), "restyle-budget-build-"));
  if (!args["out-dir"]) {
    process.on("exit", () => {
      for (const dir of [outDir, sourceMapDir(outDir)]) fs.rmSync(dir, { recursive: true, force: true });
    });
  }
  app = await startApp({ port, outDir, log: args.verbose });
}
const { hasMap, modulesOf, topModules, chunkKey } = buildModules(app.outDir);
const browser = await chromium.launch({ executablePath: chromiumExecutable, args: CHROMIUM_ARGS });

// A few routes at a time: each has its own browser context, and what it loads does not depend on the
// others; the signed-in routes share one fresh user's session.
const CONCURRENCY = 3;
let signedIn;
const signedInState = () =>
  (signedIn ??= (async () => {
    const context = await browser.newContext(PHONE);
    await signUpFresh(await context.newPage(), app.url);
    const state = await context.storageState();
    await context.close();
    return state;
  })());

const results = [];
try {
  let next = 0;
  const worker = async () => {
    while (next < routes.length) {
      const index = next++;
      const entry = routes[index];
      const state = entry.signedIn ? await signedInState() : undefined;
      const measured = await measure(browser, app.url + entry.route, state);
      const { errors } = measured;
      // The service worker's registration is fetched 3 s after load, once the page's own requests are
      // done (src/lib/service-worker.ts): never part of a first load, it is only caught here when a
      // slow run has not gone idle by then. Left out, so the same page measures the same every time.
      const files = measured.files.filter(
        (f) => !modulesOf(f.file).some((m) => m.source === "src/lib/service-worker.lazy.ts"),
      );
      const sum = (kind) => files.filter((f) => f.kind === kind).reduce((n, f) => n + f.gz, 0);
      const modules = files.flatMap((f) => modulesOf(f.file).map((m) => m.source));
      results[index] = { entry, files, errors, js: sum("js"), css: sum("css"), modules };
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
} finally {
  await browser.close();
  await app.stop();
}

// ---- Verdicts -------------------------------------------------------------------------------------
const failures = [];
const fmt = (bytes) => (bytes / KB).toFixed(1);
for (const result of results) {
  const { entry, files, modules } = result;
  const name = entry.label ?? entry.route;
  const previous = baseline[name]?.chunks ?? {};
  /** Which chunks grew against the baseline (or, when none did, which are the largest). */
  const grown = () => {
    const chunks = files
      .filter((f) => f.kind === "js")
      .map((f) => {
        const name = chunkKey(f.file);
        const was = previous[name];
        return { ...f, was, growth: f.gz - (was ?? 0) };
      });
    const describe = (c) =>
      `${c.file} ${c.was === undefined ? "(new) " : `${fmt(c.was)} -> `}${fmt(c.gz)} KB ` +
      `[${topModules(c.file).join(", ")}]`;
    const grew = chunks.filter((c) => c.growth > 100).sort((a, b) => b.growth - a.growth);
    if (grew.length > 0) return `grew: ${grew.slice(0, 3).map(describe).join("; ")}`;
    const largest = [...chunks].sort((a, b) => b.gz - a.gz).slice(0, 3);
    return `no chunk grew since scripts/budget-baseline.json; largest: ${largest.map(describe).join("; ")}`;
  };
  if (result.js > entry.js * KB) {
    failures.push(`${name}: ${fmt(result.js)} KB gz of JS, budget ${entry.js} KB; ${grown()}`);
  }
  if (result.css > entry.css * KB) {
    const css = files.filter((f) => f.kind === "css").sort((a, b) => b.gz - a.gz)[0];
    failures.push(`${name}: ${fmt(result.css)} KB gz of CSS, budget ${entry.css} KB (largest: ${css?.file})`);
  }
  for (const file of files.filter((f) => f.thirdParty)) {
    failures.push(`${name}: third-party ${file.kind} request ${file.file}`);
  }
  // Without the maps the feature and forbidden-module checks below would see nothing (a generated
  // chunk, such as the bundler's runtime, has none of its own).
  if (!files.some((f) => f.kind === "js" && hasMap(f.file))) {
    failures.push(`${name}: no source map of its JS in ${path.relative(root, sourceMapDir(app.outDir))}`);
  }
  for (const pattern of budgets.forbidden ?? []) {
    const hit = modules.find((m) => m.includes(pattern));
    if (hit) failures.push(`${name}: loads ${hit}, which must not load at first (forbidden: ${pattern})`);
  }
  if (entry.features) {
    const allowed = [...(budgets.shell ?? []), ...entry.features];
    const loaded = new Set(modules.map((m) => folderOf(m)).filter((f) => f !== undefined));
    for (const feature of loaded) {
      if (!allowed.includes(feature)) {
        const chunk = files.find((f) => modulesOf(f.file).some((m) => folderOf(m.source) === feature));
        failures.push(
          `${name}: loads code of src/{features,tools}/${feature} (in ${chunk?.file}); allowed: ${allowed.join(", ")}`,
        );
      }
    }
  }
  for (const error of result.errors) failures.push(`${name}: page error: ${error}`);
}

// ---- Report ---------------------------------------------------------------------------------------
const rows = results.map(({ entry, js, css, files }) => {
  const over = js > entry.js * KB || css > entry.css * KB;
  return [
    entry.label ?? entry.route,
    fmt(js),
    `${entry.js}${entry.aim ? ` (aim ${entry.aim})` : ""}`,
    fmt(css),
    String(entry.css),
    String(files.filter((f) => f.kind === "js").length),
    over ? "OVER" : "ok",
  ];
});
const header = ["route", "JS KB gz", "JS budget", "CSS KB gz", "CSS budget", "JS files", ""];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (cells) =>
  cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
console.info("\n" + line(header));
console.info(widths.map((w) => "-".repeat(w)).join("  "));
rows.forEach((r) => console.info(line(r)));

if (args.verbose) {
  for (const { entry, files } of results) {
    console.info(`\n${entry.label ?? entry.route}:`);
    for (const f of [...files].sort((a, b) => b.gz - a.gz)) {
      const mods = f.kind === "js" ? topModules(f.file).join(", ") : "";
      console.info(
        `  ${fmt(f.gz).padStart(6)} KB  ${f.file}  ${f.encoding ? `(${f.encoding}) ` : ""}${mods}`,
      );
    }
  }
}

if (args.json) {
  const out = Object.fromEntries(
    results.map(({ entry, js, css, files }) => [entry.label ?? entry.route, { js, css, files }]),
  );
  console.info(JSON.stringify(out, null, 2));
}

if (args["update-baseline"]) {
  const next = Object.fromEntries(
    results.map(({ entry, js, css, files }) => [
      entry.label ?? entry.route,
      {
        js,
        css,
        chunks: Object.fromEntries(files.filter((f) => f.kind === "js").map((f) => [chunkKey(f.file), f.gz])),
      },
    ]),
  );
  fs.writeFileSync(BASELINE_FILE, JSON.stringify(next, null, 2) + "\n");
  console.info(`\nWrote ${path.relative(root, BASELINE_FILE)}.`);
}

console.info(`\n(${((Date.now() - started) / 1000).toFixed(0)} s)`);
if (failures.length) {
  console.error(
    `\nFirst-load budget exceeded (budgets.json):\n${failures.map((f) => `  - ${f}`).join("\n")}`,
  );
  process.exit(1);
}
console.info("Every route is within its first-load budget.");

#!/usr/bin/env node
// First-load budget check (part of `npm test`). Builds the app and serves it as `npm start` does (own
// port, throw-away database), opens every route of budgets.json in a fresh headless Chromium with a phone
// profile, and records every JS and CSS response from navigation until the network is idle. Each file is
// gzipped at level 9 and summed per route. Prints a table; exits 1 when a route is over its budget (naming
// the route and the chunk that grew against scripts/budget-baseline.json), loads code of another feature,
// or loads a forbidden module.
//
//   node scripts/check-budget.mjs [--update-baseline] [--json] [--out-dir <folder>] [--verbose]
//                                 [--budgets budgets.json]
//
// Chromium: $CHROMIUM_PATH, else chromium / chromium-browser / google-chrome on the PATH.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { parseArgs } from "node:util";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, chromiumPath, freePort, root, signUpFresh, startApp } from "./lib/app-server.mjs";

const { values: args } = parseArgs({
  options: {
    "update-baseline": { type: "boolean", default: false },
    json: { type: "boolean", default: false },
    "out-dir": { type: "string" },
    verbose: { type: "boolean", default: false },
    budgets: { type: "string", default: "budgets.json" },
  },
});

const BUDGETS_FILE = path.resolve(root, args.budgets);
const BASELINE_FILE = path.join(root, "scripts/budget-baseline.json");
const KB = 1024;
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
const baseline = fs.existsSync(BASELINE_FILE) ? JSON.parse(fs.readFileSync(BASELINE_FILE, "utf8")) : {};
const started = Date.now();

/** `assets/index-D5Uwa1ea.js` -> `index.js`: a chunk's name across builds (its hash changes). */
function chunkName(file) {
  return path.basename(file).replace(/-[\w-]{8}(\.\w+)$/, "$1");
}

const mapCache = new Map();
/** The source modules of a built file (from its source map), with their share of the minified size. */
function modulesOf(outDir, file) {
  if (mapCache.has(file)) return mapCache.get(file);
  let modules = [];
  const mapPath = path.join(outDir, file + ".map");
  if (fs.existsSync(mapPath)) {
    const map = JSON.parse(fs.readFileSync(mapPath, "utf8"));
    const total = map.sourcesContent?.reduce((sum, s) => sum + (s?.length ?? 0), 0) || 1;
    // Paths from the project's root (the build may live anywhere), with forward slashes.
    const base = path.resolve(path.dirname(mapPath), map.sourceRoot ?? "");
    modules = map.sources.map((source, i) => ({
      source: path.relative(root, path.resolve(base, source)).split(path.sep).join("/"),
      share: (map.sourcesContent?.[i]?.length ?? 0) / total,
    }));
  }
  mapCache.set(file, modules);
  return modules;
}

/** A package name or a src/ path, so a reader sees what a chunk holds. */
function moduleLabel(source) {
  const pkg = source.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  return pkg ? pkg[1] : source;
}

function topModules(outDir, file, count = 4) {
  const byLabel = new Map();
  for (const { source, share } of modulesOf(outDir, file)) {
    const label = moduleLabel(source);
    byLabel.set(label, (byLabel.get(label) ?? 0) + share);
  }
  return [...byLabel.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([label]) => label);
}

/** A chunk's identity across builds: its name without the hash, and its largest package or file. */
function chunkKey(outDir, file) {
  const [main] = topModules(outDir, file, 1);
  return main ? `${chunkName(file)} (${main})` : chunkName(file);
}

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
const port = Number(process.env.BUDGET_PORT) || (await freePort());
console.info(`Building and starting the app (as npm start) on port ${port}...`);
// The build goes to a temporary folder (outside the project, so no linter or formatter sees it).
const outDir = args["out-dir"] ?? fs.mkdtempSync(path.join(os.tmpdir(), "restyle-budget-build-"));
const app = await startApp({ port, outDir, log: args.verbose });
const browser = await chromium.launch({ executablePath: chromiumExecutable, args: CHROMIUM_ARGS });

const results = [];
try {
  let signedInState;
  for (const entry of budgets.routes) {
    if (entry.signedIn && !signedInState) {
      const context = await browser.newContext(PHONE);
      const page = await context.newPage();
      await signUpFresh(page, app.url);
      signedInState = await context.storageState();
      await context.close();
    }
    const { files, errors } = await measure(
      browser,
      app.url + entry.route,
      entry.signedIn ? signedInState : undefined,
    );
    const sum = (kind) => files.filter((f) => f.kind === kind).reduce((n, f) => n + f.gz, 0);
    const modules = files.flatMap((f) => modulesOf(app.outDir, f.file).map((m) => m.source));
    results.push({ entry, files, errors, js: sum("js"), css: sum("css"), modules });
  }
} finally {
  await browser.close();
  await app.stop();
}
// The build's source maps are read for the report below; the temporary build goes when we exit.
if (!args["out-dir"]) process.on("exit", () => fs.rmSync(outDir, { recursive: true, force: true }));

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
        const name = chunkKey(app.outDir, f.file);
        const was = previous[name];
        return { ...f, was, growth: f.gz - (was ?? 0) };
      });
    const describe = (c) =>
      `${c.file} ${c.was === undefined ? "(new) " : `${fmt(c.was)} -> `}${fmt(c.gz)} KB ` +
      `[${topModules(app.outDir, c.file).join(", ")}]`;
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
  for (const pattern of budgets.forbidden ?? []) {
    const hit = modules.find((m) => m.includes(pattern));
    if (hit) failures.push(`${name}: loads ${hit}, which must not load at first (forbidden: ${pattern})`);
  }
  if (entry.features) {
    const allowed = [...(budgets.shell ?? []), ...entry.features];
    const loaded = new Set(
      modules.map((m) => m.match(/^src\/features\/([^/]+)\//)?.[1]).filter((f) => f !== undefined),
    );
    for (const feature of loaded) {
      if (!allowed.includes(feature)) {
        const chunk = files.find((f) =>
          modulesOf(app.outDir, f.file).some((m) => m.source.startsWith(`src/features/${feature}/`)),
        );
        failures.push(
          `${name}: loads code of src/features/${feature} (in ${chunk?.file}); allowed: ${allowed.join(", ")}`,
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
      const mods = f.kind === "js" ? topModules(app.outDir, f.file).join(", ") : "";
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
        chunks: Object.fromEntries(
          files.filter((f) => f.kind === "js").map((f) => [chunkKey(app.outDir, f.file), f.gz]),
        ),
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

// Pages in headless Chromium for the browser benchmarks: a page that fails the run on any uncaught page
// error, and a harness page (an entry script built with Vite as production ships it, into a temporary
// folder, served from loopback with any extra files beside it) that exposes `window.bench`.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import { build } from "vite";
import { root } from "./app-server.mjs";
import { CHROMIUM_ARGS, chromiumPath } from "./chromium.mjs";

const CONTENT_TYPES = {
  ".html": "text/html",
  ".js": "text/javascript",
  ".jpg": "image/jpeg",
  ".css": "text/css",
};

/** A project file (`src/...`) as an import specifier for a harness entry: absolute, with forward slashes. */
export function sourceImport(relative) {
  return JSON.stringify(path.join(root, relative).split(path.sep).join("/"));
}

/**
 * Headless Chromium with one page in a new context (`contextOptions`: viewport, deviceScaleFactor...);
 * resolves to what `use(page)` resolves to, rejects with the page's first uncaught error if it had one,
 * and closes the browser either way.
 */
export async function withPage(contextOptions, use) {
  const browser = await chromium.launch({
    executablePath: chromiumPath({ full: true }),
    args: CHROMIUM_ARGS,
  });
  try {
    const context = await browser.newContext(contextOptions);
    const page = await context.newPage();
    const pageErrors = [];
    page.on("pageerror", (error) => pageErrors.push(error));
    const result = await use(page);
    if (pageErrors.length) throw pageErrors[0];
    return result;
  } finally {
    await browser.close();
  }
}

/** Builds `index.html` + `main.js` in `work` into `work/dist`; resolves to the build's chunks. */
async function buildHarness(work, { body, bodyStyle, main }) {
  fs.writeFileSync(
    path.join(work, "index.html"),
    '<!doctype html><html><head><meta charset="utf-8"><title>bench</title></head>' +
      `<body${bodyStyle ? ` style="${bodyStyle}"` : ""}>${body}` +
      '<script type="module" src="./main.js"></script></body></html>',
  );
  fs.writeFileSync(path.join(work, "main.js"), main);
  const output = await build({
    configFile: false,
    root: work,
    logLevel: "warn",
    build: {
      outDir: path.join(work, "dist"),
      emptyOutDir: true,
      target: "es2022",
      reportCompressedSize: false,
      chunkSizeWarningLimit: 4096,
    },
  });
  return (Array.isArray(output) ? output : [output])
    .flatMap((result) => result.output)
    .filter((item) => item.type === "chunk");
}

/** A static server on a free loopback port for `outDir`, plus `files` (URL path -> file on disk). */
async function serveStatic(outDir, files, requested) {
  const extra = new Set(Object.values(files));
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    requested.push(url.pathname);
    const file =
      files[url.pathname] ??
      path.join(outDir, path.normalize(url.pathname === "/" ? "/index.html" : url.pathname));
    if (!file.startsWith(outDir) && !extra.has(file)) return void res.writeHead(403).end();
    fs.readFile(file, (error, data) => {
      if (error) return void res.writeHead(404).end();
      res
        .writeHead(200, { "content-type": CONTENT_TYPES[path.extname(file)] ?? "application/octet-stream" })
        .end(data);
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return server;
}

/**
 * Builds a harness page (`main`: the entry's source, which sets `window.bench`; `body`/`bodyStyle`: the
 * markup before it), serves it with `files` beside it, opens it in a page made with `contextOptions`,
 * waits for `window.bench` and resolves to `{ result: await run(page), chunks, requested }` (`requested`:
 * every URL path the page asked for). The build, the server and the browser are gone afterwards.
 */
export async function runHarness({ name, body = "", bodyStyle, main, files = {}, contextOptions = {}, run }) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), `bench-${name}-`));
  const requested = [];
  let server;
  try {
    const chunks = await buildHarness(work, { body, bodyStyle, main });
    server = await serveStatic(path.join(work, "dist"), files, requested);
    const origin = `http://127.0.0.1:${server.address().port}`;
    const result = await withPage(contextOptions, async (page) => {
      await page.goto(`${origin}/`);
      await page.waitForFunction(() => typeof globalThis.bench === "function");
      return run(page);
    });
    return { result, chunks, requested };
  } finally {
    server?.close();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Samples the page's JS heap (used bytes, DevTools protocol Runtime.getHeapUsage) every `everyMs` after
 * a garbage collection; `stop()` resolves to the peak.
 */
export async function sampleHeap(page, everyMs = 100) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("HeapProfiler.collectGarbage");
  let peak = 0;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      try {
        const { usedSize } = await cdp.send("Runtime.getHeapUsage");
        peak = Math.max(peak, usedSize);
      } catch {
        return; // the page went away (the caller's error says why)
      }
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  return {
    stop: async () => {
      sampling = false;
      await sampler;
      return peak;
    },
  };
}

#!/usr/bin/env node
// Benchmark of the browser image pipeline (src/lib/image): prepareImage on a 12 MP phone photo in headless
// Chromium, with the production build of the library. Not a test: it prints timings and request sizes, and
// exits non-zero when the targets are missed (median prepare time over 300 ms, prepared base64 over 1.5 MB).
//
//   node scripts/bench-image.mjs [--runs 15] [--warmup 2] [--file tests/fixtures/images/photo-12mp.jpg]
//
// Chromium: $CHROMIUM_PATH, else chromium / chromium-browser / google-chrome on the PATH.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "playwright-core";
import { build } from "vite";
import { CHROMIUM_ARGS, chromiumPath, root } from "./lib/app-server.mjs";

const TARGET_MEDIAN_MS = 300;
const TARGET_BASE64_BYTES = 1_500_000;
const PROMPT = "Transform the person in this photo into a cartoon frog, keeping the pose and background.";

const { values: args } = parseArgs({
  options: {
    runs: { type: "string", default: "15" },
    warmup: { type: "string", default: "2" },
    file: { type: "string", default: path.resolve(root, "tests/fixtures/images/photo-12mp.jpg") },
  },
});
const runs = Number(args.runs);
const warmup = Number(args.warmup);
const photoPath = path.resolve(args.file);
if (!fs.existsSync(photoPath)) {
  console.error(`No photo at ${photoPath} (pass --file).`);
  process.exit(2);
}

// 1. Build a harness page with the library, as production ships it (minified, code-split).
const work = fs.mkdtempSync(path.join(os.tmpdir(), "bench-image-"));
const outDir = path.join(work, "dist");
const library = path.join(root, "src/lib/image/index.ts").split(path.sep).join("/");
fs.writeFileSync(
  path.join(work, "index.html"),
  '<!doctype html><html><head><meta charset="utf-8"><title>bench</title></head>' +
    '<body><script type="module" src="./main.js"></script></body></html>',
);
fs.writeFileSync(
  path.join(work, "main.js"),
  `import { loadImage, prepareImage } from ${JSON.stringify(library)};
window.bench = async function bench(url, runs, warmup) {
  const blob = await (await fetch(url)).blob();
  const file = () => new File([blob], "photo.jpg", { type: blob.type });
  const total = [];
  const load = [];
  const prepare = [];
  let result;
  for (let i = 0; i < warmup + runs; i++) {
    const t0 = performance.now();
    result = await prepareImage(file());
    const t1 = performance.now();
    // The same work split in two: validate + decode (loadImage), then resize + encode + base64.
    const image = await loadImage(file());
    const t2 = performance.now();
    await prepareImage(image);
    const t3 = performance.now();
    image.release();
    if (i >= warmup) {
      total.push(t1 - t0);
      load.push(t2 - t1);
      prepare.push(t3 - t2);
    }
  }
  return {
    total, load, prepare,
    originalBytes: blob.size,
    width: result.width, height: result.height, bytes: result.bytes, base64: result.base64,
    userAgent: navigator.userAgent, cores: navigator.hardwareConcurrency,
  };
};
`,
);
const buildResult = await build({
  configFile: false,
  root: work,
  logLevel: "warn",
  build: {
    outDir,
    emptyOutDir: true,
    target: "es2022",
    reportCompressedSize: false,
    chunkSizeWarningLimit: 4096,
  },
});
const chunks = (Array.isArray(buildResult) ? buildResult : [buildResult])
  .flatMap((result) => result.output)
  .filter((item) => item.type === "chunk");
const heicChunk = chunks.find((chunk) => chunk.moduleIds.some((id) => id.includes("heic-to")));
const entryChunk = chunks.find((chunk) => chunk.isEntry);

// 2. Serve it, with the photo beside it.
const types = { ".html": "text/html", ".js": "text/javascript", ".jpg": "image/jpeg", ".css": "text/css" };
const requested = [];
const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://localhost");
  requested.push(url.pathname);
  const file =
    url.pathname === "/photo.jpg"
      ? photoPath
      : path.join(outDir, path.normalize(url.pathname === "/" ? "/index.html" : url.pathname));
  if (!file.startsWith(outDir) && file !== photoPath) return void res.writeHead(403).end();
  fs.readFile(file, (error, data) => {
    if (error) return void res.writeHead(404).end();
    res.writeHead(200, { "content-type": types[path.extname(file)] ?? "application/octet-stream" }).end(data);
  });
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const origin = `http://127.0.0.1:${server.address().port}`;

// 3. Run it in headless Chromium.
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
let result;
try {
  const page = await browser.newPage();
  const pageErrors = [];
  page.on("pageerror", (error) => pageErrors.push(error));
  await page.goto(`${origin}/`);
  await page.waitForFunction(() => typeof globalThis.bench === "function");
  result = await page.evaluate(([r, w]) => globalThis.bench("/photo.jpg", r, w), [runs, warmup]);
  if (pageErrors.length) throw pageErrors[0];
} finally {
  await browser.close();
  server.close();
  fs.rmSync(work, { recursive: true, force: true });
}

// 4. Report.
const stats = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return { median, min: sorted[0], max: sorted[sorted.length - 1] };
};
const ms = (n) => `${n.toFixed(1)} ms`;
const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;
const requestBody = (mimeType, data) =>
  JSON.stringify({
    contents: [{ role: "user", parts: [{ text: PROMPT }, { inlineData: { mimeType, data } }] }],
    generationConfig: { responseModalities: ["TEXT", "IMAGE"] },
  }).length;
const originalBase64 = 4 * Math.ceil(result.originalBytes / 3);
const originalBody = requestBody("image/jpeg", "A".repeat(originalBase64));
const preparedBody = requestBody("image/jpeg", result.base64);
const total = stats(result.total);
const load = stats(result.load);
const prepare = stats(result.prepare);
const heicLoaded = heicChunk ? requested.some((p) => p.endsWith(heicChunk.fileName)) : false;

console.info(`Image pipeline benchmark: ${path.relative(process.cwd(), photoPath)}`);
console.info(`  ${result.userAgent.match(/Chrome\/[\d.]+/)?.[0] ?? result.userAgent}, ${result.cores} cores`);
console.info(
  `  ${runs} runs after ${warmup} warm-ups, prepareImage(file) with the default options (2048 px, JPEG 0.9)`,
);
console.info(
  `  prepare time     median ${ms(total.median)}  min ${ms(total.min)}  max ${ms(total.max)}  (target <= ${TARGET_MEDIAN_MS} ms)`,
);
console.info(
  `    of which       loadImage (validate + decode + working copy) median ${ms(load.median)}; resize + encode + base64 median ${ms(prepare.median)}`,
);
console.info(`  output           ${result.width}x${result.height} JPEG, ${kb(result.bytes)}`);
console.info(
  `  base64           prepared ${kb(result.base64.length)} vs original ${kb(originalBase64)}  (target <= ${kb(TARGET_BASE64_BYTES)})`,
);
console.info(
  `  JSON request     prepared ${kb(preparedBody)} vs original ${kb(originalBody)}  (${(originalBody / preparedBody).toFixed(1)}x smaller)`,
);
console.info(
  `  heic-to chunk    ${heicChunk ? `${heicChunk.fileName} (${kb(heicChunk.code.length)})` : "NOT FOUND"}, ` +
    `imported by the entry: ${entryChunk?.imports.includes(heicChunk?.fileName ?? "") ? "yes" : "no"}, ` +
    `loaded during the JPEG runs: ${heicLoaded ? "yes" : "no"}`,
);

const failures = [];
if (total.median > TARGET_MEDIAN_MS) failures.push(`median ${ms(total.median)} > ${TARGET_MEDIAN_MS} ms`);
if (result.base64.length > TARGET_BASE64_BYTES)
  failures.push(`prepared base64 ${result.base64.length} bytes > ${TARGET_BASE64_BYTES}`);
if (!heicChunk || heicLoaded || entryChunk?.imports.includes(heicChunk.fileName))
  failures.push("heic-to is not a lazy chunk of its own");
if (failures.length) {
  console.error(`FAIL: ${failures.join("; ")}`);
  process.exit(1);
}
console.info("OK: within targets");

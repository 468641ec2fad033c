#!/usr/bin/env node
// Benchmark of the browser image pipeline (src/lib/image): prepareImage on a 12 MP phone photo in headless
// Chromium, with the production build of the library, by two paths in the same run: OLD, the page decoding
// the full photo on its main thread (the fallback where there is no worker, forced here), and NEW, the image
// worker decoding straight at the size used. For each: the median and p95 time, and in separate runs with a
// MessageChannel ping-pong on the page, the longest gap between two pings: the longest main-thread task
// while preparing, i.e. how long a tap on the upload area would wait. (PerformanceObserver "longtask"
// entries would say the same, but headless Chromium reports none, not even for an 80 ms busy loop.) After
// each of those runs an idle page is pinged as long again: its longest gap is the machine's own noise.
// Not a test: it prints, and exits non-zero when a target is missed: NEW median 120 ms or more, a NEW
// main-thread task (ping gap) of 50 ms or more, an idle page already that noisy, prepared base64 over
// 1.5 MB, heic-to not a lazy chunk of its own, or the image worker's file fetched before the first photo.
// Measured (2 cores, Chromium 150, quiet): OLD median 177 ms, p95 180 ms, longest task 93 ms; NEW median
// 101 ms, p95 111 ms, longest task 7 ms (docs/performance.md).
//
//   node scripts/bench-image.mjs [--runs 15] [--warmup 2] [--probes 10] [--file tests/fixtures/images/photo-12mp.jpg]
//
// Chromium: $CHROMIUM_PATH, else chromium / chromium-browser / google-chrome on the PATH.
import path from "node:path";
import { runHarness, sourceImport } from "./lib/bench-page.mjs";
import { parsePhotoArgs } from "./lib/bench-photo.mjs";
import { quantile, summary } from "./lib/bench-stats.mjs";

const TARGET_MEDIAN_MS = 120;
const TARGET_LONGEST_TASK_MS = 50;
const TARGET_BASE64_BYTES = 1_500_000;
const PROMPT = "Transform the person in this photo into a cartoon frog, keeping the pose and background.";

const { args, photoPath } = parsePhotoArgs({
  runs: { type: "string", default: "15" },
  warmup: { type: "string", default: "2" },
  probes: { type: "string", default: "10" },
});
const runs = Number(args.runs);
const warmup = Number(args.warmup);
const probes = Number(args.probes);

// 1. A harness page with the library, built as production ships it (minified, code-split, the worker its
// own file), served with the photo beside it and run in headless Chromium.
const { result, chunks, requested } = await runHarness({
  name: "image",
  main: `import { loadImage, prepareImage } from ${sourceImport("src/lib/image/index.ts")};
import { configureImageWorker, imageWorkerStatus } from ${sourceImport("src/lib/image/worker-client.ts")};
import { pingProbe } from ${sourceImport("scripts/lib/ping-probe.mjs")};


/** The longest gap between pings on an idle page over ms milliseconds: the machine's own noise. */
async function idleGap(ms) {
  const stop = pingProbe();
  await new Promise((resolve) => setTimeout(resolve, ms));
  return stop();
}

async function measurePath(blob, worker, runs, warmup, probes) {
  configureImageWorker({ enabled: worker });
  const file = () => new File([blob], "photo.jpg", { type: blob.type });
  const out = { total: [], load: [], prepare: [], longestGap: [], idleGap: [], first: 0 };
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
    if (i === 0) out.first = t1 - t0;
    if (i < warmup) continue;
    out.total.push(t1 - t0);
    out.load.push(t2 - t1);
    out.prepare.push(t3 - t2);
  }
  for (let i = 0; i < probes; i++) {
    const stop = pingProbe();
    const start = performance.now();
    await prepareImage(file());
    const took = performance.now() - start;
    out.longestGap.push(stop());
    out.idleGap.push(await idleGap(took)); // as long again with nothing running: the machine's noise
  }
  out.result = result;
  out.status = imageWorkerStatus();
  return out;
}

async function pixels(blob) {
  const bitmap = await createImageBitmap(blob);
  const ctx = new OffscreenCanvas(bitmap.width, bitmap.height).getContext("2d");
  ctx.drawImage(bitmap, 0, 0);
  return ctx.getImageData(0, 0, bitmap.width, bitmap.height).data;
}

/** Peak signal-to-noise ratio of b against a in dB (identical pictures: Infinity). */
async function psnr(a, b) {
  const [pa, pb] = [await pixels(a), await pixels(b)];
  let sum = 0;
  for (let i = 0; i < pa.length; i++) if (i % 4 !== 3) sum += (pa[i] - pb[i]) ** 2;
  return 10 * Math.log10((255 * 255) / (sum / ((pa.length / 4) * 3)));
}

window.bench = async function bench(url, runs, warmup, probes) {
  const blob = await (await fetch(url)).blob();
  const before = performance.getEntriesByType("resource").map((entry) => new URL(entry.name).pathname);
  const old = await measurePath(blob, false, runs, warmup, probes);
  const now = await measurePath(blob, true, runs, warmup, probes);
  const result = now.result;
  return {
    old, now, before,
    psnr: await psnr(old.result.blob, result.blob),
    originalBytes: blob.size,
    width: result.width, height: result.height, bytes: result.bytes, base64: result.base64,
    sameSize: old.result.width === result.width && old.result.height === result.height,
    userAgent: navigator.userAgent, cores: navigator.hardwareConcurrency,
  };
};
`,
  files: { "/photo.jpg": photoPath },
  run: (page) =>
    page.evaluate(([r, w, p]) => globalThis.bench("/photo.jpg", r, w, p), [runs, warmup, probes]),
});
const heicChunk = chunks.find((chunk) => chunk.moduleIds.some((id) => id.includes("heic-to")));
const entryChunk = chunks.find((chunk) => chunk.isEntry);
const workerFile = requested.find((p) => /\/image\.worker-[\w-]+\.js$/.test(p));

// 2. Report.
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
const heicLoaded = heicChunk ? requested.some((p) => p.endsWith(heicChunk.fileName)) : false;

const stats = (side) => {
  const total = summary(side.total);
  return {
    median: total.median,
    p95: quantile(side.total, 0.95),
    load: summary(side.load).median,
    prepare: summary(side.prepare).median,
    longestGap: Math.max(...side.longestGap),
    medianGap: summary(side.longestGap).median,
    idleGap: Math.max(...side.idleGap),
  };
};
const old = stats(result.old);
const now = stats(result.now);
const line = (label, s, first) =>
  console.info(
    `  ${label}  median ${ms(s.median)}  p95 ${ms(s.p95)}  (loadImage ${ms(s.load)} + prepare ${ms(s.prepare)});` +
      ` longest main-thread task ${ms(s.longestGap)} (median of ${probes} runs ${ms(s.medianGap)};` +
      ` idle page between those runs ${ms(s.idleGap)})` +
      `${first ? `; first call ${ms(first)} (worker starting)` : ""}`,
  );

console.info(`Image pipeline benchmark: ${path.relative(process.cwd(), photoPath)}`);
console.info(`  ${result.userAgent.match(/Chrome\/[\d.]+/)?.[0] ?? result.userAgent}, ${result.cores} cores`);
console.info(
  `  ${runs} runs after ${warmup} warm-ups per path, prepareImage(file) with the default options (2048 px, JPEG 0.9);` +
    ` ${probes} more with a ping-pong on the page`,
);
line("OLD (page, full decode)     ", old);
line("NEW (worker, decode at size)", now, result.now.first);
console.info(
  `  worker            answered ${result.now.status.served} calls (${result.now.status.state}); ` +
    `${workerFile ?? "NO WORKER FILE FETCHED"}, fetched on first use: ${workerFile && !result.before.includes(workerFile) ? "yes" : "no"}`,
);
console.info(
  `  output           ${result.width}x${result.height} JPEG, ${kb(result.bytes)} (same size by both paths: ${result.sameSize ? "yes" : "NO"}); ` +
    `NEW against OLD ${result.psnr.toFixed(1)} dB PSNR`,
);
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
if (now.median >= TARGET_MEDIAN_MS) failures.push(`NEW median ${ms(now.median)} >= ${TARGET_MEDIAN_MS} ms`);
if (now.longestGap >= TARGET_LONGEST_TASK_MS)
  failures.push(
    `NEW path blocked the main thread ${ms(now.longestGap)} (target < ${TARGET_LONGEST_TASK_MS} ms)`,
  );
if (now.idleGap >= TARGET_LONGEST_TASK_MS)
  failures.push(
    `the machine is too busy to judge: an idle page already waited ${ms(now.idleGap)} between pings`,
  );
if (result.now.status.served === 0) failures.push("the image worker answered nothing");
if (!result.sameSize) failures.push("the two paths gave different sizes");
if (result.base64.length > TARGET_BASE64_BYTES)
  failures.push(`prepared base64 ${result.base64.length} bytes > ${TARGET_BASE64_BYTES}`);
if (!heicChunk || heicLoaded || entryChunk?.imports.includes(heicChunk.fileName))
  failures.push("heic-to is not a lazy chunk of its own");
if (!workerFile || result.before.includes(workerFile))
  failures.push("the image worker is not a file fetched on first use");
if (failures.length) {
  console.error(`FAIL: ${failures.join("; ")}`);
  process.exit(1);
}
console.info("OK: within targets");

#!/usr/bin/env node
// Benchmark of the browser image pipeline (src/lib/image): prepareImage on a 12 MP phone photo in headless
// Chromium, with the production build of the library. Not a test: it prints timings and request sizes, and
// exits non-zero when the targets are missed (median prepare time over 300 ms, prepared base64 over 1.5 MB).
//
//   node scripts/bench-image.mjs [--runs 15] [--warmup 2] [--file tests/fixtures/images/photo-12mp.jpg]
//
// Chromium: $CHROMIUM_PATH, else chromium / chromium-browser / google-chrome on the PATH.
import path from "node:path";
import { runHarness, sourceImport } from "./lib/bench-page.mjs";
import { parsePhotoArgs } from "./lib/bench-photo.mjs";
import { summary } from "./lib/bench-stats.mjs";

const TARGET_MEDIAN_MS = 300;
const TARGET_BASE64_BYTES = 1_500_000;
const PROMPT = "Transform the person in this photo into a cartoon frog, keeping the pose and background.";

const { args, photoPath } = parsePhotoArgs({
  runs: { type: "string", default: "15" },
  warmup: { type: "string", default: "2" },
});
const runs = Number(args.runs);
const warmup = Number(args.warmup);

// 1. A harness page with the library, built as production ships it (minified, code-split), served with
// the photo beside it and run in headless Chromium.
const { result, chunks, requested } = await runHarness({
  name: "image",
  main: `import { loadImage, prepareImage } from ${sourceImport("src/lib/image/index.ts")};
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
  files: { "/photo.jpg": photoPath },
  run: (page) => page.evaluate(([r, w]) => globalThis.bench("/photo.jpg", r, w), [runs, warmup]),
});
const heicChunk = chunks.find((chunk) => chunk.moduleIds.some((id) => id.includes("heic-to")));
const entryChunk = chunks.find((chunk) => chunk.isEntry);

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
const total = summary(result.total);
const load = summary(result.load);
const prepare = summary(result.prepare);
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

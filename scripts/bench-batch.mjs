#!/usr/bin/env node
// Benchmark of Batch Image Processing (not a test): 20 copies of a 12 MP phone photo through the real
// batch page and the local preview engine (`npm start`), in headless Chromium. It prints the total time
// from "Process All Images" to the last result, the sum of the engine's own answer times, and the
// page's peak JS heap, and exits non-zero when a target is missed:
//   - peak JS heap under 300 MB;
//   - total time within 1.3x of (sum of the engine's answer times / concurrency 3).
//
//   node scripts/bench-batch.mjs [--copies 20] [--port 4790] [--file tests/fixtures/images/photo-12mp.jpg]
//
// BENCH_TIMELINE=1 also prints every engine request (start and end, from the first one).
//
// Chromium: $CHROMIUM_PATH, else chromium / chromium-browser / google-chrome on the PATH.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startApp } from "./lib/app-server.mjs";
import { sampleHeap, withPage } from "./lib/bench-page.mjs";
import { parsePhotoArgs } from "./lib/bench-photo.mjs";
import { signIn, userOnTier } from "./lib/bench-user.mjs";

const TARGET_HEAP_BYTES = 300 * 1024 * 1024;
const TARGET_RATIO = 1.3;
const CONCURRENCY = 3;

const { args, photoPath } = parsePhotoArgs({
  copies: { type: "string", default: "20" },
  port: { type: "string", default: "4790" },
});
const copies = Number(args.copies);

// 1. The app as `npm start` serves it, on a fresh database.
const app = await startApp({ port: Number(args.port), outDir: "dist-bench-batch" });
const origin = app.url;
// Copies of the photo, deleted at the end.
const copiesDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-batch-photos-"));

let report;
try {
  // 2. A user with enough conversions for the whole batch.
  const email = await userOnTier(origin, "$30/month", "batch");

  // 3. The batch page in headless Chromium.
  report = await withPage({ viewport: { width: 1280, height: 900 } }, async (page) => {
    await signIn(page, origin, email);
    await page.goto(`${origin}/batch-processing`);
    await page.getByRole("heading", { level: 1, name: "Batch Image Processing" }).waitFor();

    // The page's JS heap, sampled every 100 ms through the DevTools protocol.
    const heap = await sampleHeap(page);

    // The engine's own answer time per request: request sent to response fully received.
    const answers = [];
    /** [start, end] of each request in wall-clock ms, to see how many were in flight at once. */
    const spans = [];
    page.on("requestfinished", (request) => {
      if (!request.url().includes("/__local-ai/")) return;
      const t = request.timing();
      answers.push(t.responseEnd - t.requestStart);
      spans.push([t.startTime + t.requestStart, t.startTime + t.responseEnd]);
    });

    const photo = fs.readFileSync(photoPath);
    // Playwright passes files over 50 MB in total by path: one copy per image, named as a phone would.
    const copyPaths = Array.from({ length: copies }, (_, i) => {
      const copy = path.join(copiesDir, `IMG_${String(i + 1).padStart(4, "0")}.jpg`);
      fs.copyFileSync(photoPath, copy);
      return copy;
    });
    const thumbsStart = performance.now();
    await page.getByTestId("files-input").setInputFiles(copyPaths);
    await page
      .getByRole("img", { name: /^Original: / })
      .nth(copies - 1)
      .waitFor({ timeout: 120_000 });
    const thumbsMs = performance.now() - thumbsStart;

    await page.getByLabel("Instruction").fill("make it look like a watercolour painting");
    const start = performance.now();
    const clickedAt = Date.now();
    await page.getByRole("button", { name: "Process All Images" }).click();
    await page
      .getByTestId("batch-progress")
      .filter({ hasText: `${copies} of ${copies}` })
      .waitFor({ timeout: 600_000 });
    const totalMs = performance.now() - start;
    const finishedAt = Date.now();
    const done = await page.locator("[data-testid=batch-card][data-status=done]").count();
    const peakHeap = await heap.stop();

    const sumMs = answers.reduce((a, b) => a + b, 0);
    // Time with at least one request in flight (the rest is the browser preparing photos).
    const sorted = [...spans].sort((a, b) => a[0] - b[0]);
    let busyMs = 0;
    let [from, to] = sorted[0] ?? [0, 0];
    for (const [a, b] of sorted.slice(1)) {
      if (a > to) {
        busyMs += to - from;
        [from, to] = [a, b];
      } else to = Math.max(to, b);
    }
    busyMs += to - from;
    const idealMs = sumMs / CONCURRENCY;
    const firstRequestMs = (sorted[0]?.[0] ?? clickedAt) - clickedAt;
    const afterLastMs = finishedAt - Math.max(...spans.map((span) => span[1]));
    if (process.env.BENCH_TIMELINE) {
      const t0 = sorted[0]?.[0] ?? 0;
      for (const [a, b] of sorted)
        console.log(
          `    ${(a - t0).toFixed(0).padStart(6)} -> ${(b - t0).toFixed(0).padStart(6)}  (${(b - a).toFixed(0)} ms)`,
        );
    }
    return {
      copies,
      done,
      totalMs,
      thumbsMs,
      answers: answers.length,
      sumMs,
      idealMs,
      ratio: totalMs / idealMs,
      busyMs,
      firstRequestMs,
      afterLastMs,
      peakHeap,
      photoBytes: photo.length,
      cores: os.cpus().length,
    };
  });
} finally {
  await app.stop();
  fs.rmSync(copiesDir, { recursive: true, force: true });
}

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
console.log(
  `Batch benchmark: ${report.copies} x ${path.basename(photoPath)} (${mb(report.photoBytes)}), ${report.cores} cores`,
);
console.log(`  thumbnails ready:         ${s(report.thumbsMs)}`);
console.log(
  `  results:                  ${report.done} of ${report.copies} done, ${report.answers} engine answers`,
);
console.log(`  total (click to last):    ${s(report.totalMs)}`);
console.log(`  engine answer times, sum: ${s(report.sumMs)}; / ${CONCURRENCY} = ${s(report.idealMs)}`);
console.log(
  `  requests in flight:       ${s(report.busyMs)} with at least one, ${(report.sumMs / report.busyMs).toFixed(2)} on average then`,
);
console.log(
  `  click to first request:   ${s(report.firstRequestMs)}; last answer to "all done": ${s(report.afterLastMs)}`,
);
console.log(`  total / ideal:            ${report.ratio.toFixed(2)}x (target <= ${TARGET_RATIO}x)`);
console.log(`  peak JS heap:             ${mb(report.peakHeap)} (target < ${mb(TARGET_HEAP_BYTES)})`);

const failures = [];
if (report.done !== report.copies)
  failures.push(`only ${report.done} of ${report.copies} images were processed`);
if (report.peakHeap >= TARGET_HEAP_BYTES) failures.push("peak JS heap over target");
if (report.ratio > TARGET_RATIO) failures.push("total time over target");
if (failures.length) {
  console.error(`Missed: ${failures.join("; ")}.`);
  process.exit(1);
}

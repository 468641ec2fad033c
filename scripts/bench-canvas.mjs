#!/usr/bin/env node
// Benchmark of the Art Enhancer's drawing canvas (src/tools/art/canvas) in headless Chromium, with the
// production build of the engine. Not a test: it prints frame times and exits non-zero when a target is
// missed.
//   - a 200-point brush stroke (perfect-freehand, pressure simulated as for a mouse): the work of one
//     pointer move = the move itself plus drawing the frame, rasterised (a 1-pixel read-back forces it);
//     target: every move under 16 ms (60 frames a second), reported as median, p95 and max;
//   - a fill of the whole 800x500 canvas (q-floodfill with tolerance, the read, the write and the undo
//     snapshot): target median under 50 ms.
//
//   node scripts/bench-canvas.mjs [--runs 10] [--warmup 2] [--dpr 2]
//
// Chromium: $CHROMIUM_PATH, else chromium / chromium-browser / google-chrome on the PATH.
import { parseArgs } from "node:util";
import { runHarness, sourceImport } from "./lib/bench-page.mjs";
import { quantile } from "./lib/bench-stats.mjs";

const TARGET_MOVE_MS = 16;
const TARGET_FILL_MS = 50;
const POINTS = 200;

const { values: args } = parseArgs({
  options: {
    runs: { type: "string", default: "10" },
    warmup: { type: "string", default: "2" },
    dpr: { type: "string", default: "2" },
  },
});
const runs = Number(args.runs);
const dpr = Number(args.dpr);
const warmup = Number(args.warmup);

// 1. A harness page with the engine, built as production ships it, run in headless Chromium.
const { result } = await runHarness({
  name: "canvas",
  bodyStyle: "margin:0",
  body:
    '<div style="position:relative;width:1000px;height:500px">' +
    '<canvas id="display" style="position:absolute;inset:0;width:1000px;height:500px"></canvas>' +
    '<canvas id="overlay" style="position:absolute;inset:0;width:1000px;height:500px"></canvas></div>',
  main: `import { DrawingEngine } from ${sourceImport("src/tools/art/canvas/engine.ts")};
const display = document.getElementById("display");
const overlay = document.getElementById("overlay");
// A 1-pixel read-back of both layers makes the browser rasterise what was drawn.
const flush = () => {
  display.getContext("2d").getImageData(0, 0, 1, 1);
  overlay.getContext("2d").getImageData(0, 0, 1, 1);
};
window.bench = async function bench(runs, points, warmup) {
  const moves = [];
  const fills = [];
  for (let run = -warmup; run < runs; run++) {
    const engine = new DrawingEngine();
    engine.attach(display, overlay);
    engine.resize(1000, 500, window.devicePixelRatio);
    engine.setTool("brush");
    engine.setLineWidth(12);
    const at = (i) => ({ x: 110 + (i / points) * 780, y: 250 + Math.sin(i / 9) * 180 });
    engine.pointerDown(at(0), { pointerType: "mouse", pressure: 0.5 });
    for (let i = 1; i < points; i++) {
      const t0 = performance.now();
      engine.pointerMove([at(i)], { pointerType: "mouse", pressure: 0.5 });
      engine.render();
      flush();
      if (run >= 0) moves.push(performance.now() - t0);
    }
    engine.pointerUp();
    // The whole canvas: a blank page filled from a corner, in a new colour each time.
    engine.clear();
    engine.setTool("fill");
    engine.setColor(run % 2 ? "#3366ff" : "#ff6633");
    const t0 = performance.now();
    await engine.fill({ x: 2, y: 2 });
    engine.render();
    flush();
    if (run >= 0) fills.push(performance.now() - t0);
    engine.detach();
  }
  return { moves, fills, userAgent: navigator.userAgent, cores: navigator.hardwareConcurrency, dpr: window.devicePixelRatio };
};
`,
  contextOptions: { deviceScaleFactor: dpr, viewport: { width: 1100, height: 600 } },
  run: (page) => page.evaluate(([r, p, w]) => globalThis.bench(r, p, w), [runs, POINTS, warmup]),
});

// 2. Report.
const stats = (values) => ({
  median: quantile(values, 0.5),
  p95: quantile(values, 0.95),
  max: quantile(values, 1),
});
const ms = (n) => `${n.toFixed(1)} ms`;
const move = stats(result.moves);
const fill = stats(result.fills);
console.info("Drawing canvas benchmark (src/tools/art/canvas)");
console.info(
  `  ${result.userAgent.match(/Chrome\/[\d.]+/)?.[0] ?? result.userAgent}, ${result.cores} cores, devicePixelRatio ${result.dpr}, display 1000x500 CSS px`,
);
console.info(
  `  brush stroke     ${POINTS} points x ${runs} runs (after ${warmup} warm-ups): per move median ${ms(move.median)}  p95 ${ms(move.p95)}  max ${ms(move.max)}  (target < ${TARGET_MOVE_MS} ms)`,
);
console.info(
  `  full-canvas fill 800x500, ${runs} runs: median ${ms(fill.median)}  p95 ${ms(fill.p95)}  max ${ms(fill.max)}  (target < ${TARGET_FILL_MS} ms)`,
);
const failures = [];
if (move.p95 >= TARGET_MOVE_MS) failures.push(`brush move p95 ${ms(move.p95)} >= ${TARGET_MOVE_MS} ms`);
if (fill.median >= TARGET_FILL_MS) failures.push(`fill median ${ms(fill.median)} >= ${TARGET_FILL_MS} ms`);
if (failures.length) {
  console.error(`Targets missed: ${failures.join("; ")}`);
  process.exit(1);
}
console.info("  targets met");

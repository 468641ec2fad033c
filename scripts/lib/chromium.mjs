// Debian's Chromium, for everything here that drives a browser (Playwright's e2e configs, vitest's
// browser project, the benchmarks and the budget check): Playwright's own browser download is not
// available where this project is tested.
import { execSync } from "node:child_process";

/**
 * The browsers looked for on the PATH, in order. First Chromium's headless shell (Debian's
 * `chromium-headless-shell`, built from the same sources as `chromium`): what Playwright itself runs
 * headless tests on, without the full browser's window, GPU and extension layers. On the 2-core
 * machine the end-to-end run took 327 busy core-seconds with it against 441 with `chromium` (all 81
 * tests passing on both), so npm test uses it where it is installed.
 */
const NAMES = ["chromium-headless-shell", "chromium", "chromium-browser", "google-chrome"];

/**
 * $CHROMIUM_PATH, else the first of NAMES on the PATH; else undefined. `{ full: true }` (the
 * benchmarks and Lighthouse, which measure the browser people use) looks for the headless shell last.
 */
export function findChromium({ full = false } = {}) {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  for (const name of full ? [...NAMES.slice(1), NAMES[0]] : NAMES) {
    try {
      const found = execSync(`command -v ${name}`, { encoding: "utf8", shell: "/bin/sh" }).trim();
      if (found) return found;
    } catch {
      // not installed under this name
    }
  }
  return undefined;
}

/** The same, or an error that says what to install. */
export function chromiumPath(options) {
  const found = findChromium(options);
  if (!found) {
    throw new Error(
      "No Chromium found: install Debian's chromium-headless-shell or chromium, or set CHROMIUM_PATH.",
    );
  }
  return found;
}

/** The flags every headless run here uses (no sandbox in containers, no background traffic). */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

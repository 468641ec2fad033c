// Debian's Chromium, for everything here that drives a browser (Playwright's e2e configs, vitest's
// browser project, the benchmarks and the budget check): Playwright's own browser download is not
// available where this project is tested.
import { execSync } from "node:child_process";

/** $CHROMIUM_PATH, else the first of chromium, chromium-browser, google-chrome on the PATH; else undefined. */
export function findChromium() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  for (const name of ["chromium", "chromium-browser", "google-chrome"]) {
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
export function chromiumPath() {
  const found = findChromium();
  if (!found) throw new Error("No Chromium found: install Debian's chromium or set CHROMIUM_PATH.");
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

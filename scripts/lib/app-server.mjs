// Shared by the performance scripts (check-budget, bench-lighthouse, bench-batch, bench-image,
// bench-canvas, bench-quota): start the built app exactly as `npm start` serves it, on a free port and a
// throw-away database (PGlite in a temporary folder, or the PostgreSQL server of `env.DATABASE_URL`
// with only the local secrets in that folder), and find Debian's Chromium.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export { chromiumPath, CHROMIUM_ARGS } from "./chromium.mjs";
/** A port nothing listens on right now (loopback). */
export { freePort } from "./pg-cluster.mjs";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/**
 * `node scripts/start.mjs` (build + preview with the local backend) on `port`, building into `outDir`,
 * with a fresh data folder (`dbDir`: the PGlite database and the local secrets, or only the secrets when
 * `env.DATABASE_URL` names a PostgreSQL server) and `env` added to its environment (AI_MODE=hosted...).
 * Resolves once the app answers; `stop()` ends the server and deletes the folder.
 */
export async function startApp({ port, outDir, log = false, timeoutMs = 180_000, env = {} }) {
  const dbDir = fs.mkdtempSync(path.join(os.tmpdir(), "restyle-perf-db-"));
  const child = spawn(process.execPath, [path.join(root, "scripts/start.mjs")], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "localhost",
      BUILD_OUT_DIR: outDir,
      SUPALITE_DB_URL: dbDir,
      LITE_TELEMETRY: "0",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const collect = (chunk) => {
    output += chunk;
    if (log) process.stderr.write(chunk);
  };
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  const exited = new Promise((resolve) => child.once("exit", resolve));
  // If this process ends first (process.exit on Ctrl-C, an uncaught error), the server ends with it.
  const onExit = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    fs.rmSync(dbDir, { recursive: true, force: true });
  };
  process.once("exit", onExit);

  const stop = async () => {
    process.off("exit", onExit);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
    }
    fs.rmSync(dbDir, { recursive: true, force: true });
  };

  const url = `http://localhost:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`npm start exited with code ${child.exitCode}:\n${output}`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`npm start did not answer on ${url} within ${timeoutMs / 1000} s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { url, outDir: path.resolve(root, outDir), dbDir, stop };
}

/** Sign a fresh user up through the real form; the local backend signs them straight in. */
export async function signUpFresh(page, baseUrl) {
  const email = `perf-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await page.goto(`${baseUrl}/auth`);
  await page.getByRole("button", { name: "Don't have an account? Sign up" }).click();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("correct-horse-42");
  await page.getByRole("button", { name: "Sign Up", exact: true }).click();
  // Signed straight in: the app leaves the login page for the home page.
  await page.waitForURL((url) => url.pathname === "/", { timeout: 30_000 });
  return email;
}

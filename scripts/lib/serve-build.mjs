// Serve a build that is already made (by `npm start`, or Playwright's web server in `npm test`) the way
// `npm start` serves it, without building again: `vite preview` with the local backend, the local
// preview engine and the API routes, on a throw-away database. The mode (AI_MODE) is the caller's
// environment, and must be the one the build was made in.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { preview } from "vite";
import { root } from "./app-server.mjs";

/** The build in `outDir` on `port`; resolves once it listens. `stop()` ends it and deletes the database. */
export async function serveBuild({ port, outDir }) {
  const resolved = path.resolve(root, outDir);
  if (!fs.existsSync(path.join(resolved, "index.html"))) {
    throw new Error(`No build in ${resolved}: run the end-to-end tests (or npm start) first.`);
  }
  const dbDir = fs.mkdtempSync(path.join(os.tmpdir(), "restyle-perf-db-"));
  // Read by vite.config.ts's plugins when the preview server starts.
  process.env.SUPALITE_DB_URL = dbDir;
  process.env.LITE_TELEMETRY = "0";
  const server = await preview({
    root,
    logLevel: "warn",
    build: { outDir: resolved },
    preview: { port, host: "localhost", strictPort: true, open: false },
  });
  const stop = async () => {
    await server.close();
    fs.rmSync(dbDir, { recursive: true, force: true });
  };
  return { url: `http://localhost:${port}`, outDir: resolved, stop };
}

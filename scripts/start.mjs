#!/usr/bin/env node
// `npm start`: build the app, then serve it together with the local backend (@supabase/lite on
// PGlite, or on the PostgreSQL server DATABASE_URL names; migrations applied at boot) on one origin. Honours PORT (default 4173) and HOST, and
// BUILD_OUT_DIR (default .dist-start, never dist/: this build expects the local engine and backend and
// must not be deployed) so two servers (e.g. parallel end-to-end runs) never share a build.
import { build, preview } from "vite";

process.env.LITE_TELEMETRY = "0";
const port = Number(process.env.PORT || 4173);
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`PORT must be a number from 1 to 65535 (got "${process.env.PORT}").`);
  process.exit(1);
}
const host = process.env.HOST || "localhost";

// The preview server mounts the local preview engine (server/local-ai); tell the app built here when it
// answers: in client mode whenever the browser has no key; in hosted mode (AI_MODE=hosted) only when the
// server has no GEMINI_API_KEY, so the proxy (api/ai) forwards to it. Same rule as server/build/ai-mode.ts.
const hosted = process.env.AI_MODE?.trim() === "hosted";
process.env.VITE_LOCAL_PREVIEW_ENGINE = !hosted || !process.env.GEMINI_API_KEY?.trim() ? "true" : "false";
// Its own folder, never dist/: a build made for the local engine and backend must not be deployed by mistake.
const outDir = process.env.BUILD_OUT_DIR || ".dist-start";
await build({ logLevel: "warn", build: { outDir } });
const server = await preview({ build: { outDir }, preview: { port, host, strictPort: true, open: false } });
const database = process.env.DATABASE_URL?.trim()
  ? `PostgreSQL at ${new URL(process.env.DATABASE_URL.trim()).host} (DATABASE_URL)`
  : `PGlite in ${process.env.SUPALITE_DB_URL || ".data/local-db"}`;
console.info(`\nThe app and its local backend are running (database: ${database}):`);
server.printUrls();
console.info("\nSign up on the login page to start. Press Ctrl+C to stop.\n");

const stop = async () => {
  await server.close();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);

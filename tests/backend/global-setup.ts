/// <reference types="node" />
// Starts the real local backend for the backend test project: a Vite server with only what the
// backend tests call, on a free loopback port, over a throwaway PostgreSQL server (scripts/lib/
// pg-cluster.mjs: initdb into a temporary folder, a free loopback port, Supabase's roles, stopped and
// deleted at the end), where every request is a transaction on a connection of its own, so a race
// between requests is a race in the database:
// - the @supabase/lite plugin (server/backend/plugin.ts, with supabase/config.toml and
//   supabase/migrations, DATABASE_URL pointing at that server) at /auth/v1 and /rest/v1;
// - the api/ handlers (server/api/plugin.ts) at /api, as `npm run dev` serves them;
// - the local preview engine's middleware at /__local-ai, where the AI proxy forwards without a key.
// None of the app's front-end plugins run, so nothing here sets the app's VITE_ flags (the engine's
// plugin would set VITE_LOCAL_PREVIEW_ENGINE in this process, which every test worker inherits).
// Tests reach /auth/v1, /rest/v1 and /api over HTTP, exactly as the browser app does. Nothing is mocked.
import fs from "node:fs/promises";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { createServer, type Plugin } from "vite";
import type { TestProject } from "vitest/node";
import { localBackend } from "../../server/backend/plugin";
import { apiRoutes } from "../../server/api/plugin";
import { localAiMiddleware } from "../../server/local-ai/plugin";
import { startCluster } from "../../scripts/lib/pg-cluster.mjs";
import { createRaceCanary } from "./race-canary";
// supabase/config.toml's publishable key; with keys configured, even /auth/v1/health needs it.
import { LOCAL_PUBLISHABLE_KEY as PUBLISHABLE_KEY } from "../../src/config/local-backend.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    supabaseUrl: string;
    /** The local backend's server-only key (service_role), generated with its data folder. */
    secretKey: string;
    /** The local backend's JWT secret, generated with its data folder. */
    jwtSecret: string;
    /** The PostgreSQL server's connection string as the database's owner (not a superuser). */
    databaseUrl: string;
  }
}

const READY_TIMEOUT_MS = 30_000;

async function waitUntilReady(url: string, apikey: string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let lastProblem = "no answer yet";
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${url}/auth/v1/health`, { headers: { apikey } });
      if (response.ok) return;
      lastProblem = `GET /auth/v1/health answered ${response.status}`;
    } catch (error) {
      lastProblem = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The local backend at ${url} did not become ready: ${lastProblem}`);
}

/**
 * SQLSTATEs the tests provoke on purpose (RLS refusal, check and not-null violations). lite logs every
 * refused statement with console.error and a full PGlite stack; those expected refusals are dropped so a
 * green run reads clean. Anything else it logs still comes through.
 */
const EXPECTED_SQLSTATES = new Set(["42501", "23514", "23502", "22023"]);

function isExpectedRefusalLog(args: unknown[]): boolean {
  const [first] = args;
  return (
    args.length === 1 &&
    first instanceof Error &&
    "severity" in first &&
    "code" in first &&
    typeof first.code === "string" &&
    EXPECTED_SQLSTATES.has(first.code)
  );
}

/**
 * The run's exit code as vitest set it. PGlite (an Emscripten build) writes process.exitCode whenever
 * its runtime stops a query or closes (99, 100, and 0 on close): that hid every failed test of a run
 * with the backend project from its exit code (npm test went on, CI passed) and failed a green one
 * with 100. Vitest sets 1 for failures (128 and more for a signal); anything else is PGlite's and is
 * replaced by the code from before the backend started.
 */
function runExitCode(before: typeof process.exitCode): typeof process.exitCode {
  const code = process.exitCode;
  return code === 1 || (typeof code === "number" && code >= 128) ? code : before;
}

/** For npm test's phase table: how long starting the server and the backend took (project-times). */
function recordSetupTime(ms: number): void {
  const file = process.env.TEST_PROJECT_TIMES_FILE;
  if (!file) return;
  const before = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as object) : {};
  writeFileSync(file, JSON.stringify({ ...before, backendSetupMs: Math.round(ms) }));
}

/** The local preview engine at /__local-ai, without the engine plugin's VITE_LOCAL_PREVIEW_ENGINE. */
function localEngine(): Plugin {
  return {
    name: "tests:local-ai-engine",
    configureServer(server) {
      server.middlewares.use(localAiMiddleware);
    },
  };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const originalConsoleError = console.error;
  console.error = (...args: unknown[]) => {
    if (!isExpectedRefusalLog(args)) originalConsoleError(...args);
  };

  // The local secrets (JWT secret, secret key) live in this folder; the data lives in the cluster.
  const dbDir = await fs.mkdtemp(path.join(os.tmpdir(), "restyle-ai-backend-test-"));
  const previousDbUrl = process.env.SUPALITE_DB_URL;
  const previousDatabaseUrl = process.env.DATABASE_URL;
  // Read by the backend plugin and by supabase/config.toml's `url = "env(SUPALITE_DB_URL)"`.
  process.env.SUPALITE_DB_URL = dbDir;
  process.env.LITE_TELEMETRY = "0";
  const setupStarted = performance.now();
  const cluster = await startCluster();
  process.env.DATABASE_URL = cluster.url;

  const exitCodeBefore = process.exitCode;
  let server: Awaited<ReturnType<typeof createServer>> | undefined;
  const teardown = async () => {
    const exitCode = runExitCode(exitCodeBefore);
    try {
      await server?.close();
    } finally {
      cluster.stop();
      process.exitCode = exitCode;
      console.error = originalConsoleError;
      if (previousDbUrl === undefined) delete process.env.SUPALITE_DB_URL;
      else process.env.SUPALITE_DB_URL = previousDbUrl;
      if (previousDatabaseUrl === undefined) delete process.env.DATABASE_URL;
      else process.env.DATABASE_URL = previousDatabaseUrl;
      await fs.rm(dbDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    }
  };

  try {
    server = await createServer({
      configFile: false,
      root: path.resolve("."),
      clearScreen: false,
      logLevel: "warn",
      plugins: [
        localBackend({ afterMigrations: () => createRaceCanary(cluster.url) }),
        apiRoutes(),
        localEngine(),
      ],
      // Only the API is exercised: no file watching or HMR (others edit src/ while tests run), and no
      // dependency pre-bundling or pre-transforming of the front end (index.html is still the fallback
      // page of unknown paths, as in `npm run dev`).
      server: {
        host: "127.0.0.1",
        port: 0,
        strictPort: false,
        hmr: false,
        watch: null,
        preTransformRequests: false,
      },
      optimizeDeps: { noDiscovery: true, include: [] },
    });
    await server.listen();
    const address = server.httpServer?.address() as AddressInfo | string | null | undefined;
    if (!address || typeof address === "string") {
      throw new Error(`The Vite server did not report a TCP address (got ${String(address)}).`);
    }
    const url = `http://127.0.0.1:${address.port}`;
    await waitUntilReady(url, PUBLISHABLE_KEY);
    project.provide("supabaseUrl", url);
    const secretKey = process.env.LOCAL_SUPABASE_SECRET_KEY;
    if (!secretKey) throw new Error("The backend plugin did not generate the local backend's secret key.");
    project.provide("secretKey", secretKey);
    const jwtSecret = process.env.LOCAL_SUPABASE_JWT_SECRET;
    if (!jwtSecret) throw new Error("The backend plugin did not generate the local backend's JWT secret.");
    project.provide("jwtSecret", jwtSecret);
    project.provide("databaseUrl", cluster.url);
    recordSetupTime(performance.now() - setupStarted);
  } catch (error) {
    await teardown();
    throw error;
  }

  return teardown;
}

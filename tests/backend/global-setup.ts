/// <reference types="node" />
// Starts the real local backend for the backend test project: the app's own Vite config (so the
// @supabase/lite plugin with supabase/config.toml and supabase/migrations) on a free loopback port,
// over a fresh PGlite database in a temporary folder. Tests reach /auth/v1 and /rest/v1 over HTTP
// through supabase-js, exactly as the browser app does. Nothing is mocked.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { createServer } from "vite";
import type { TestProject } from "vitest/node";
// supabase/config.toml's publishable key; with keys configured, even /auth/v1/health needs it.
import { LOCAL_PUBLISHABLE_KEY as PUBLISHABLE_KEY } from "../../src/config/local-backend.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    supabaseUrl: string;
    /** The local backend's server-only key (service_role), generated with its data folder. */
    secretKey: string;
    /** The local backend's JWT secret, generated with its data folder. */
    jwtSecret: string;
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

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const originalConsoleError = console.error;
  console.error = (...args: unknown[]) => {
    if (!isExpectedRefusalLog(args)) originalConsoleError(...args);
  };

  const dbDir = await fs.mkdtemp(path.join(os.tmpdir(), "restyle-ai-backend-test-"));
  const previousDbUrl = process.env.SUPALITE_DB_URL;
  // Read by vite.config.ts (and through it by supabase/config.toml's `url = "env(SUPALITE_DB_URL)"`).
  process.env.SUPALITE_DB_URL = dbDir;
  process.env.LITE_TELEMETRY = "0";

  let server: Awaited<ReturnType<typeof createServer>> | undefined;
  const teardown = async () => {
    try {
      await server?.close();
    } finally {
      console.error = originalConsoleError;
      if (previousDbUrl === undefined) delete process.env.SUPALITE_DB_URL;
      else process.env.SUPALITE_DB_URL = previousDbUrl;
      await fs.rm(dbDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    }
  };

  try {
    server = await createServer({
      configFile: path.resolve("vite.config.ts"),
      root: path.resolve("."),
      clearScreen: false,
      logLevel: "warn",
      // Only the API is exercised: no file watching or HMR (others edit src/ while tests run), and no
      // dependency pre-bundling of the front end.
      server: { host: "127.0.0.1", port: 0, strictPort: false, hmr: false, watch: null },
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
    if (!secretKey) throw new Error("vite.config.ts did not generate the local backend's secret key.");
    project.provide("secretKey", secretKey);
    const jwtSecret = process.env.LOCAL_SUPABASE_JWT_SECRET;
    if (!jwtSecret) throw new Error("vite.config.ts did not generate the local backend's JWT secret.");
    project.provide("jwtSecret", jwtSecret);
  } catch (error) {
    await teardown();
    throw error;
  }

  return teardown;
}

// `npm run db:types`: writes src/config/database.types.ts from supabase/migrations. Starts a throwaway
// PostgreSQL server (scripts/lib/pg-cluster.mjs), has the local backend migrate it exactly as `npm run
// dev` and the backend tests do (server/backend/plugin.ts: lite's postgres driver, the auth schema, the
// migrations, the migrations' grants replayed), generates the types with Supabase's generator
// (scripts/lib/db-types.mjs) and stops the server. Run it again after adding a migration.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createServer } from "vite";
import { startCluster } from "./lib/pg-cluster.mjs";
import { DATABASE_TYPES_FILE, generateDatabaseTypes } from "./lib/db-types.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * Migrates the database at `databaseUrl` with the local backend plugin. Vite loads the plugin (it is
 * TypeScript) and its server hook runs as in `npm run dev`: the local secrets go into a throwaway
 * folder, the migrations into the database. No port is opened.
 */
async function migrate(databaseUrl) {
  const dbDir = fs.mkdtempSync(path.join(os.tmpdir(), "restyle-db-types-"));
  Object.assign(process.env, { SUPALITE_DB_URL: dbDir, DATABASE_URL: databaseUrl, LITE_TELEMETRY: "0" });
  const server = await createServer({
    configFile: false,
    root,
    clearScreen: false,
    logLevel: "warn",
    server: { middlewareMode: true, hmr: false, watch: null, preTransformRequests: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const { localBackend } = await server.ssrLoadModule("/server/backend/plugin.ts");
    const backend = localBackend();
    try {
      await backend.configureServer(server);
    } finally {
      await backend.closeBundle();
    }
  } finally {
    await server.close();
    fs.rmSync(dbDir, { recursive: true, force: true });
  }
}

const started = performance.now();
const cluster = await startCluster();
try {
  await migrate(cluster.url);
  const types = await generateDatabaseTypes(cluster.url);
  const before = fs.existsSync(DATABASE_TYPES_FILE) ? fs.readFileSync(DATABASE_TYPES_FILE, "utf8") : "";
  const file = path.relative(root, DATABASE_TYPES_FILE);
  if (types === before) {
    console.log(`${file} is up to date`);
  } else {
    fs.writeFileSync(DATABASE_TYPES_FILE, types);
    console.log(`Wrote ${file}`);
  }
} finally {
  cluster.stop();
}
console.log(`(${((performance.now() - started) / 1000).toFixed(1)} s)`);

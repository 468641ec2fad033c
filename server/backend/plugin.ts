/**
 * The local backend as a Vite plugin: @supabase/lite on PGlite (real Postgres, real row-level
 * security) at /auth/v1 and /rest/v1 on the app's own origin, in `vite` (npm run dev) and `vite
 * preview` (npm start). Imported only by vite.config.ts; never part of the browser bundle.
 *
 * It is lite's own Vite plugin (its `config` hook fills in VITE_SUPABASE_URL and the publishable key)
 * with the server hooks written here, for two differences from lite's defaults:
 * - Table privileges hold as the migrations set them. On the first request that needs row-level
 *   security, lite runs `GRANT ALL ON ALL TABLES IN SCHEMA public TO anon, authenticated, service_role`,
 *   which would undo every REVOKE of supabase/migrations (a user could then insert into a table that
 *   only the server may write, stopped by row-level security alone). Here that step runs at boot and
 *   the migrations' own GRANT and REVOKE statements are replayed right after it, so a refused write is
 *   refused with 42501 "permission denied" locally exactly as on a hosted project.
 * - Admin mode is off and /_system (lite's config and studio pages) is not mounted: a request without a
 *   user's token never bypasses row-level security, and nothing local is served without auth.
 */
import fs from "node:fs";
import path from "node:path";
import type { Plugin, ViteDevServer, PreviewServer } from "vite";
import { supalite, honoMiddleware } from "@supabase/lite/vite";
import { applyPendingMigrations, createApi, ensureSchema, listMigrationFiles } from "@supabase/lite/cli";
import { applyLocalSecrets } from "./local-secrets.ts";

type LiteApp = Awaited<ReturnType<Awaited<ReturnType<typeof createApi>>["project"]["local"]["createApp"]>>;

/** What the app serves: auth and the REST API. Not /_system. */
export const BACKEND_PREFIXES = ["/auth/v1", "/rest/v1"];

const MIGRATIONS_DIR = path.resolve("supabase/migrations");

/**
 * The GRANT and REVOKE statements of every migration, in order (statements that start a line, up to
 * their semicolon; function bodies in the migrations hold none).
 */
export function privilegeStatements(migrationsDir = MIGRATIONS_DIR): string[] {
  const files = fs
    .readdirSync(migrationsDir)
    .filter((name) => name.endsWith(".sql"))
    .sort();
  const statements: string[] = [];
  for (const file of files) {
    const sql = fs.readFileSync(path.join(migrationsDir, file), "utf8");
    for (const match of sql.matchAll(/^(?:grant|revoke)\s[^;]*;/gim)) statements.push(match[0]);
  }
  return statements;
}

/** Undoes lite's blanket grants (see the top of this file) and replays the migrations' own. */
export async function restoreMigrationPrivileges(app: LiteApp): Promise<void> {
  const connection = app.connection as LiteApp["connection"] & { ensureRlsContext?: () => Promise<boolean> };
  // Runs lite's one-time grant now, so it never runs later over the restored privileges.
  if (typeof connection.ensureRlsContext !== "function") {
    throw new Error(
      "@supabase/lite changed: connection.ensureRlsContext is gone (see server/backend/plugin.ts)",
    );
  }
  await connection.ensureRlsContext();
  const reset = [
    "revoke all on all tables in schema public from anon, authenticated",
    "revoke all on all sequences in schema public from anon, authenticated",
    "alter default privileges in schema public revoke all on tables from anon, authenticated",
    "alter default privileges in schema public revoke all on sequences from anon, authenticated",
  ];
  for (const statement of [...reset, ...privilegeStatements()]) await connection.exec(statement);
}

async function createBackend(): Promise<LiteApp> {
  const api = await createApi({ withSupabaseClient: false });
  const app = await api.project.local.createApp(undefined, { admin: false, adminDefault: false });
  if ((await listMigrationFiles(app)).length > 0) {
    const result = await applyPendingMigrations(app);
    for (const migration of result.applied) console.info(`  Applied migration ${migration.filename}`);
  }
  await ensureSchema(app, { force: false });
  await restoreMigrationPrivileges(app);
  return app;
}

/** The local backend plugin (see the top of this file). */
export function localBackend(): Plugin {
  const base = supalite({ admin: false, initOnBoot: false, migrateOnBoot: false, watchSchema: false });
  let app: LiteApp | undefined;
  const close = async () => {
    const current = app;
    app = undefined;
    await current?.connection.close().catch(() => undefined);
  };
  const mount = async (server: ViteDevServer | PreviewServer) => {
    // The data folder's JWT secret and secret key, for supabase/config.toml and the api/ handlers. Only
    // where the backend runs: a production `vite build` makes no local secrets.
    const dbDir = process.env.SUPALITE_DB_URL;
    if (!dbDir) throw new Error("SUPALITE_DB_URL is not set (vite.config.ts sets a default).");
    applyLocalSecrets(dbDir);
    app = await createBackend();
    // lite's two entry points declare the same App class twice (one has #private): one object.
    server.middlewares.use(
      honoMiddleware(app as unknown as Parameters<typeof honoMiddleware>[0], BACKEND_PREFIXES),
    );
    server.httpServer?.once("close", () => void close());
  };
  return {
    ...base,
    name: "restyle:local-backend",
    configureServer: mount,
    configurePreviewServer: mount,
    closeBundle: close,
  };
}

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
import { App } from "@supabase/lite";
import { applyLocalSecrets } from "./local-secrets.ts";

type LocalProject = Awaited<ReturnType<typeof createApi>>["project"]["local"];
type LiteApp = Awaited<ReturnType<LocalProject["createApp"]>>;

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

/**
 * How many connections lite keeps to a PostgreSQL server: each request is a transaction on a connection
 * of its own, up to this many at once, so requests that race in the app race in the database too.
 */
export const POSTGRES_POOL_SIZE = 40;

/**
 * The local backend on a PostgreSQL server (DATABASE_URL) instead of PGlite: supabase/config.toml as it
 * is, with a `postgres` connection in place of its [db] driver. lite 0.10 serialises an RPC's JSON
 * arguments itself and then hands the text to postgres.js, whose json/jsonb types stringify it again:
 * a JSON array argument (reserve_conversion's p_rate_limits) reached the function as a JSON string.
 * Text that lite already serialised goes through as it is here; anything else is serialised once.
 */
async function createPostgresApp(local: LocalProject, url: string): Promise<LiteApp> {
  const { createPostgresConnection } = await import("@supabase/lite/postgres");
  const serializeOnce = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));
  const connection = createPostgresConnection({
    url,
    postgresOptions: {
      max: POSTGRES_POOL_SIZE,
      onnotice: () => undefined,
      types: {
        json: { to: 114, from: [114], serialize: serializeOnce, parse: (text: string) => JSON.parse(text) },
        jsonb: {
          to: 3802,
          from: [3802],
          serialize: serializeOnce,
          parse: (text: string) => JSON.parse(text),
        },
      },
    },
  });
  batchRequestSettings(connection);
  // supabase/config.toml with its env(...) values filled in, as createApp reads it (protected in lite's
  // types, public at run time), then the same App createApp makes, on this connection, admin mode off.
  const reader = local as unknown as {
    readConfig(): Promise<Omit<ConstructorParameters<typeof App>[0], "connection">>;
  };
  const config = await reader.readConfig();
  const app = new App({ ...config, connection, options: { server: { admin: false } } });
  return (await app.init()) as unknown as LiteApp;
}

/** A statement run inside lite's request transaction (a Kysely transaction). */
type Executor = {
  executeQuery(query: {
    sql: string;
    parameters: readonly unknown[];
    query: { kind: "RawNode" };
  }): Promise<unknown>;
};
type RequestContext = {
  auth?: { role?: string; uid?: unknown; jwt?: unknown };
  storage?: { operation?: unknown };
};
type RpcRequest = { method: string; path: string; requestHeaders?: Record<string, string> };
type SettingHooks = {
  applyJwtSessionContext(trx: Executor, context: RequestContext, setRole: boolean): Promise<void>;
  applyRpcRequestGucs(trx: Executor, request: RpcRequest): Promise<void>;
};

const raw = (trx: Executor, sql: string, parameters: unknown[]) =>
  trx.executeQuery({ sql, parameters, query: { kind: "RawNode" } });

/**
 * lite 0.10 starts each request's transaction with one `select set_config(...)` per setting (the role,
 * the JWT's claims, then for an RPC the request's method, path and headers): about ten round trips
 * before the query itself, which on a real server is most of what a request costs (bench:quota). Here
 * the same settings are made in one statement for each of the two steps, with the same values.
 * `set_config('role', …, true)` is `SET LOCAL ROLE`, which lite also ran, so that one is not repeated.
 * Fails at start if lite no longer has these two steps.
 */
function batchRequestSettings(connection: object): void {
  const hooks = connection as Partial<SettingHooks>;
  if (typeof hooks.applyJwtSessionContext !== "function" || typeof hooks.applyRpcRequestGucs !== "function") {
    throw new Error(
      "@supabase/lite changed: applyJwtSessionContext / applyRpcRequestGucs are gone (see server/backend/plugin.ts)",
    );
  }
  hooks.applyJwtSessionContext = async (trx, context) => {
    const role = context.auth?.role || "anon";
    const jwt = context.auth?.jwt;
    const settings: [string, string][] = [
      ["role", role],
      ["request.jwt.claim.sub", String(context.auth?.uid ?? "")],
      ["request.jwt.claim.role", role],
      ["storage.operation", String(context.storage?.operation ?? "")],
    ];
    if (jwt && typeof jwt === "object") settings.push(["request.jwt.claims", JSON.stringify(jwt)]);
    await setAll(trx, settings);
  };
  hooks.applyRpcRequestGucs = async (trx, request) => {
    await setAll(trx, [
      ["response.status", ""],
      ["response.headers", ""],
      ["request.method", request.method],
      ["request.path", request.path],
      ["request.headers", JSON.stringify(request.requestHeaders ?? {})],
    ]);
  };
}

/** `select set_config(name, value, true), …` for every pair, in order, in one statement. */
async function setAll(trx: Executor, settings: [string, string][]): Promise<void> {
  const calls = settings.map((_, i) => `set_config($${2 * i + 1}, $${2 * i + 2}, true)`);
  await raw(trx, `select ${calls.join(", ")}`, settings.flat());
}

/** Where the local backend keeps its data: DATABASE_URL's server, else PGlite in SUPALITE_DB_URL. */
export function databaseUrl(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const url = env.DATABASE_URL?.trim();
  if (!url) return undefined;
  if (!/^postgres(ql)?:\/\//.test(url)) {
    throw new Error(`DATABASE_URL must be a postgres:// connection string (got "${url.split(":")[0]}:…").`);
  }
  return url;
}

export type BackendOptions = {
  /**
   * Runs once the migrations are applied and their privileges restored, before the first request (the
   * backend tests add their race canary here); lite's schema cache is cleared after it.
   */
  afterMigrations?: () => Promise<void>;
};

async function createBackend(options: BackendOptions = {}): Promise<LiteApp> {
  const api = await createApi({ withSupabaseClient: false });
  const url = databaseUrl();
  const app = url
    ? await createPostgresApp(api.project.local, url)
    : await api.project.local.createApp(undefined, { admin: false, adminDefault: false });
  if ((await listMigrationFiles(app)).length > 0) {
    const result = await applyPendingMigrations(app);
    for (const migration of result.applied) console.info(`  Applied migration ${migration.filename}`);
  }
  await ensureSchema(app, { force: false });
  await restoreMigrationPrivileges(app);
  if (options.afterMigrations) {
    await options.afterMigrations();
    await (
      app.connection as LiteApp["connection"] & { clearSchemaCache(): Promise<void> }
    ).clearSchemaCache();
  }
  return app;
}

/** The local backend plugin (see the top of this file). */
export function localBackend(options: BackendOptions = {}): Plugin {
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
    app = await createBackend(options);
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

// A throwaway PostgreSQL server for tests, benchmarks and `npm run db:types`: `initdb` into a temporary
// folder, a free loopback port, a Unix socket in the same folder, stopped and deleted by `stop()`.
// Debian's `postgresql` package provides the binaries (`/usr/lib/postgresql/<version>/bin`; PG_BIN to
// point elsewhere). initdb refuses to run as root, so as root every server command runs as the
// `postgres` user the package creates (`runuser`), and the folder is handed to that user.
//
// The database it makes looks like a Supabase project's, from the app's side: the roles PostgREST
// switches between (anon, authenticated, service_role with BYPASSRLS, authenticator), and an owner that
// is NOT a superuser (as `postgres` is not on a hosted project), which owns the database, runs the
// migrations and may switch to the three API roles. The `auth` schema and its functions are made by the
// local backend on its first connection (@supabase/lite, as on PGlite).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/** The database the app uses, and the role that owns it (a non-superuser, like hosted `postgres`). */
export const DATABASE = "app";
export const OWNER = "app_owner";

/** The folder with initdb and pg_ctl: PG_BIN, else the newest /usr/lib/postgresql/<version>/bin. */
export function postgresBin() {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = "/usr/lib/postgresql";
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((name) => fs.existsSync(path.join(root, name, "bin", "initdb")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0) {
    throw new Error(
      "PostgreSQL is not installed: no /usr/lib/postgresql/<version>/bin/initdb. On Debian or Ubuntu: " +
        "apt-get install -y postgresql (or set PG_BIN to the folder holding initdb and pg_ctl).",
    );
  }
  return path.join(root, versions[0], "bin");
}

const isRoot = () => typeof process.getuid === "function" && process.getuid() === 0;

/** Runs a server binary, as the `postgres` user when this process is root. */
function run(bin, args, { input } = {}) {
  const [command, commandArgs] = isRoot() ? ["runuser", ["-u", "postgres", "--", bin, ...args]] : [bin, args];
  const result = spawnSync(command, commandArgs, { encoding: "utf8", input });
  if (result.status !== 0) {
    const output = `${result.stdout ?? ""}${result.stderr ?? ""}`.trim();
    throw new Error(`${path.basename(bin)} ${args.join(" ")} failed (${result.status}):\n${output}`);
  }
  return result.stdout;
}

/** A TCP port nothing listens on now, on the loopback interface. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const SETUP_SQL = `
create role anon nologin noinherit;
create role authenticated nologin noinherit;
create role service_role nologin noinherit bypassrls;
create role authenticator login noinherit;
grant anon, authenticated, service_role to authenticator;
create role ${OWNER} login createrole;
grant anon, authenticated, service_role to ${OWNER};
create database ${DATABASE} owner ${OWNER};
`;

/**
 * Starts a fresh cluster. Returns its `url` (the owner's connection string, as DATABASE_URL takes it),
 * `superuserUrl`, `port`, `dir`, and `stop()`, which stops the server and deletes the folder.
 * `settings` are extra server settings (`-c name=value`).
 */
export async function startCluster({ settings = {} } = {}) {
  const bin = postgresBin();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "restyle-pg-"));
  fs.chmodSync(dir, 0o755);
  if (isRoot()) spawnSync("chown", ["postgres:postgres", dir]);
  const data = path.join(dir, "data");
  const port = await freePort();
  const stop = () => {
    try {
      run(path.join(bin, "pg_ctl"), ["-D", data, "-m", "immediate", "-w", "stop"]);
    } catch {
      // Not started, or already stopped.
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    run(path.join(bin, "initdb"), [
      "-D",
      data,
      "-U",
      "postgres",
      "--auth=trust",
      "--encoding=UTF8",
      "--locale=C",
      "--no-sync",
    ]);
    const options = {
      listen_addresses: "127.0.0.1",
      unix_socket_directories: dir,
      max_connections: "400",
      // A throwaway server: durability is not wanted, speed is.
      fsync: "off",
      synchronous_commit: "off",
      full_page_writes: "off",
      ...settings,
    };
    const flags = [`-p ${port}`, ...Object.entries(options).map(([k, v]) => `-c ${k}=${v}`)].join(" ");
    run(path.join(bin, "pg_ctl"), [
      "-D",
      data,
      "-o",
      flags,
      "-l",
      path.join(dir, "server.log"),
      "-w",
      "start",
    ]);
    run(
      path.join(bin, "psql"),
      [
        "-X",
        "-q",
        "-v",
        "ON_ERROR_STOP=1",
        "-h",
        dir,
        "-p",
        String(port),
        "-U",
        "postgres",
        "-d",
        "postgres",
      ],
      {
        input: SETUP_SQL,
      },
    );
  } catch (error) {
    stop();
    throw error;
  }
  return {
    dir,
    port,
    url: `postgres://${OWNER}@127.0.0.1:${port}/${DATABASE}`,
    superuserUrl: `postgres://postgres@127.0.0.1:${port}/${DATABASE}`,
    stop,
  };
}

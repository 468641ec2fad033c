/**
 * The local backend's secrets, generated per data folder at first start and kept in it
 * (`<SUPALITE_DB_URL>/local-secrets.json`, git-ignored with the folder): the JWT secret that signs its
 * sessions and the `sb_secret_*` key that maps to `service_role`. Handed to @supabase/lite through the
 * environment (`env(...)` in supabase/config.toml) and to the api/ handlers as LOCAL_SUPABASE_SECRET_KEY.
 * Never a VITE_ variable: nothing here reaches the browser bundle. A new data folder gets new secrets,
 * so a token or key of one local database is worthless against another.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export type LocalSecrets = { jwtSecret: string; secretKey: string };

export const LOCAL_SECRETS_FILE = "local-secrets.json";

function isSecrets(value: unknown): value is LocalSecrets {
  if (typeof value !== "object" || value === null) return false;
  const { jwtSecret, secretKey } = value as Record<string, unknown>;
  return (
    typeof jwtSecret === "string" &&
    jwtSecret.length >= 32 &&
    typeof secretKey === "string" &&
    secretKey.startsWith("sb_secret_")
  );
}

function generate(): LocalSecrets {
  return {
    jwtSecret: randomBytes(48).toString("base64url"),
    secretKey: `sb_secret_${randomBytes(24).toString("base64url")}`,
  };
}

/** Reads the data folder's secrets, creating them (and the folder) the first time. */
export function ensureLocalSecrets(dbDir: string): LocalSecrets {
  const file = path.join(dbDir, LOCAL_SECRETS_FILE);
  try {
    const stored: unknown = JSON.parse(fs.readFileSync(file, "utf8"));
    if (isSecrets(stored)) return stored;
  } catch {
    // No file yet (a new data folder), or an unreadable one: make new secrets below.
  }
  const secrets = generate();
  fs.mkdirSync(dbDir, { recursive: true });
  // Owner-only, written whole or not at all.
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, JSON.stringify(secrets), { mode: 0o600 });
  fs.renameSync(temporary, file);
  return secrets;
}

/**
 * Puts the data folder's secrets into this process's environment: LOCAL_SUPABASE_JWT_SECRET and
 * LOCAL_SUPABASE_SECRET_KEY, read by supabase/config.toml, and by the api/ handlers when they talk to
 * the local backend (a hosted project's secret key is SUPABASE_SECRET_KEY instead).
 */
export function applyLocalSecrets(dbDir: string): LocalSecrets {
  const secrets = ensureLocalSecrets(dbDir);
  process.env.LOCAL_SUPABASE_JWT_SECRET = secrets.jwtSecret;
  process.env.LOCAL_SUPABASE_SECRET_KEY = secrets.secretKey;
  return secrets;
}

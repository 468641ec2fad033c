/// <reference types="node" />
// The local backend's own safety (server/backend): no committed signing secret, no unauthenticated
// admin pages, and secrets that belong to one data folder.
import { createHmac } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureLocalSecrets, LOCAL_SECRETS_FILE } from "../../server/backend/local-secrets";
import { PUBLISHABLE_KEY, supabaseUrl } from "./helpers";

/**
 * A JWT secret that is public (it is in this repository's history): anyone can sign a service_role
 * token with it.
 */
const OLD_COMMITTED_SECRET = "local-dev-only-jwt-secret-restyle-ai-0123456789";

function signHs256(claims: Record<string, unknown>, secret: string): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const unsigned = `${encode({ alg: "HS256", typ: "JWT" })}.${encode(claims)}`;
  return `${unsigned}.${createHmac("sha256", secret).update(unsigned).digest("base64url")}`;
}

it("refuses a service_role token signed with a publicly known secret", async () => {
  const now = Math.floor(Date.now() / 1000);
  const forged = signHs256(
    { role: "service_role", iss: "supabase", iat: now, exp: now + 600 },
    OLD_COMMITTED_SECRET,
  );
  const response = await fetch(`${supabaseUrl()}/rest/v1/support_requests?select=*`, {
    headers: { apikey: PUBLISHABLE_KEY, authorization: `Bearer ${forged}` },
  });
  expect(response.status).toBe(401);
});

it("does not serve lite's /_system pages: those paths are only the app's own page", async () => {
  for (const page of ["/_system", "/_system/config", "/_system/studio", "/_system/api/config"]) {
    const response = await fetch(`${supabaseUrl()}${page}`);
    const text = await response.text();
    // The app's single-page fallback (or nothing), never lite's config or studio.
    if (response.ok) expect(text, page).toContain('<div id="root">');
    expect(response.headers.get("content-type") ?? "", page).not.toMatch(/json/);
    expect(text, page).not.toMatch(/jwt_secret|secret_key|publishable_key|studio/i);
  }
});

it("generates secrets per data folder, keeps them owner-only, and reuses them on the next start", () => {
  const [a, b] = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), "restyle-secrets-")));
  try {
    const first = ensureLocalSecrets(a);
    expect(first.secretKey).toMatch(/^sb_secret_/);
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(ensureLocalSecrets(a)).toEqual(first);
    expect(ensureLocalSecrets(b).jwtSecret).not.toBe(first.jwtSecret);
    expect(fs.statSync(path.join(a, LOCAL_SECRETS_FILE)).mode & 0o077).toBe(0);
  } finally {
    for (const dir of [a, b]) fs.rmSync(dir, { recursive: true, force: true });
  }
});

it("is configured with the publishable key the code uses (src/config/local-backend.mjs)", async () => {
  const config = fs.readFileSync(path.resolve("supabase/config.toml"), "utf8");
  expect(/^publishable_key\s*=\s*"([^"]*)"/m.exec(config)?.[1]).toBe(PUBLISHABLE_KEY);
  // And the running backend takes it.
  const response = await fetch(`${supabaseUrl()}/rest/v1/help_articles?select=id&limit=1`, {
    headers: { apikey: PUBLISHABLE_KEY },
  });
  expect(response.status).toBe(200);
});

/// <reference types="node" />
// Helpers for the backend tests: supabase-js clients against the local backend started by
// global-setup.ts, over HTTP, with the publishable key, exactly as the app uses them.
import { randomUUID } from "node:crypto";
import { createClient, type SupabaseClientOptions, type User } from "@supabase/supabase-js";
import WebSocket from "ws";
import { inject } from "vitest";
import type { Database } from "../../src/config/database.types";
import { LOCAL_PUBLISHABLE_KEY as PUBLISHABLE_KEY } from "../../src/config/local-backend.mjs";

/** The publishable (anon) key of supabase/config.toml. Local-only; never a hosted project's key. */
export { PUBLISHABLE_KEY };
export { ISSUE_TYPES } from "../../src/config/support";
export { TIER_IDS as TIERS } from "../../src/config/tiers";

/** Postgres error codes as PostgREST passes them through. */
export const PG = {
  /** insufficient_privilege: row-level security refused the row (or the role lacks the privilege). */
  insufficientPrivilege: "42501",
  /** check_violation */
  checkViolation: "23514",
  /** not_null_violation */
  notNullViolation: "23502",
} as const;

type RealtimeTransport = NonNullable<NonNullable<SupabaseClientOptions<"public">["realtime"]>["transport"]>;

/**
 * Node 20 has no global WebSocket, and supabase-js needs a transport at `createClient` even when realtime
 * is unused. `ws` is that transport at run time; its typings differ from realtime-js's DOM-shaped
 * `WebSocketLike` only in the event classes of the `on*` handlers, hence the one cast.
 */
const nodeWebSocket = WebSocket as unknown as RealtimeTransport;

export function supabaseUrl(): string {
  return inject("supabaseUrl");
}

/** A client without a session: the `anon` role. */
export function createAnonClient() {
  return createClient<Database>(supabaseUrl(), PUBLISHABLE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: nodeWebSocket },
  });
}

export type Client = ReturnType<typeof createAnonClient>;

export type TestUser = { client: Client; user: User; email: string };

/** Signs up a fresh user (e-mail confirmations are off locally, so this yields a session). */
export async function signUpUser(label: string): Promise<TestUser> {
  const client = createAnonClient();
  const email = `${label}-${randomUUID()}@example.com`;
  const { data, error } = await client.auth.signUp({ email, password: `pw-${randomUUID()}` });
  if (error) throw new Error(`Sign-up of ${email} failed: ${error.message}`);
  if (!data.user || !data.session) throw new Error(`Sign-up of ${email} returned no session.`);
  return { client, user: data.user, email };
}

/** The local backend's secret key (service_role), as the api/ handlers use it. Server-side only. */
export function secretKey(): string {
  return inject("secretKey");
}

/** A client with the secret key: the `service_role` the api/ handlers act as. */
export function createServiceClient() {
  return createClient<Database>(supabaseUrl(), secretKey(), {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: nodeWebSocket },
  });
}

/** The local backend's JWT secret, which signs its sessions. Server-side only. */
export function jwtSecret(): string {
  return inject("jwtSecret");
}

/** The user's current access token, as the app sends it to the api/ handlers. */
export async function accessToken(user: TestUser): Promise<string> {
  const { data, error } = await user.client.auth.getSession();
  if (error || !data.session) throw new Error(`No session for ${user.email}`);
  return data.session.access_token;
}

/** A JWT whose payload names another user, keeping the original header and signature. */
export function forgeSubject(token: string, subject: string): string {
  const [header, body, signature] = token.split(".");
  const claims = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as Record<string, unknown>;
  const forged = Buffer.from(JSON.stringify({ ...claims, sub: subject })).toString("base64url");
  return [header, forged, signature].join(".");
}

/** The 42501 of a missing table privilege (hosted and, with server/backend/plugin.ts, local). */
export const permissionDenied = (table: string) => `permission denied for table ${table}`;

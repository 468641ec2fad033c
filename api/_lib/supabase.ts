/**
 * The api/ handlers' way to Supabase: which project (from configuration only, never from the request),
 * the caller verified with the auth server, and a client with the server's secret key for the rules
 * that run as `service_role` (supabase/migrations: reserve/finish a conversion, rate limits, checkout).
 *
 * Configuration, server-side names first:
 *   SUPABASE_URL (else VITE_SUPABASE_URL): the hosted project. Unset: the local backend, at
 *     LOCAL_SERVER_ORIGIN, which `npm run dev` and `npm start` set to their own address
 *     (server/api/plugin.ts). A forged Host header can never redirect the caller's token.
 *   SUPABASE_PUBLISHABLE_KEY (else VITE_SUPABASE_PUBLISHABLE_KEY): the project's publishable key;
 *     locally the one of supabase/config.toml.
 *   SUPABASE_SECRET_KEY: the project's secret key (`sb_secret_...`), for the handlers that need
 *     service_role. Locally LOCAL_SUPABASE_SECRET_KEY, generated with the data folder. Never VITE_.
 *   SUPABASE_JWT_SECRET (optional): a project whose sessions are signed with a shared secret (HS256)
 *     lets api/ai verify them in-process; without it, asymmetric keys are checked against the project's
 *     JWKS (supabase-js getClaims). Locally LOCAL_SUPABASE_JWT_SECRET.
 *
 * Deploying: a Node runtime older than 22 (no global WebSocket) needs the `ws` package at run time;
 * supabase-js wants a WebSocket class even though realtime is never used.
 */
import {
  createClient,
  isAuthApiError,
  type SupabaseClient,
  type SupabaseClientOptions,
  type User,
} from "@supabase/supabase-js";
import { nonEmpty, processEnv, type Env } from "./http.ts";
import { verifyHs256 } from "./jwt.ts";
// Relative paths, not "@/": vite.config.ts bundles api/ for the dev and start servers without the alias.
import type { Database } from "../../src/config/database.types.ts";
import { LOCAL_PUBLISHABLE_KEY } from "../../src/config/local-backend.mjs";

/** A client typed by the database's schema (src/config/database.types.ts). */
export type Db = SupabaseClient<Database>;

/** How long one call to Supabase (auth, REST or a function) may take before the request fails. */
const SUPABASE_TIMEOUT_MS = 10_000;
/**
 * The same for the server's own calls (service_role). Longer: under a burst the database queues them,
 * and giving up on a call the database then completes would leave its work (a reservation) behind.
 */
const SERVICE_TIMEOUT_MS = 30_000;

export type SupabaseTarget = {
  url: string;
  publishableKey: string;
  secretKey?: string;
  /** The project's JWT secret, when its sessions are signed with one (HS256): verified in-process. */
  jwtSecret?: string;
};

export type TargetResult = { ok: true; target: SupabaseTarget } | { ok: false; problem: string };

/** The Supabase project the handlers talk to (see the top of this file). */
export function supabaseTarget(env: Env = processEnv()): TargetResult {
  const hostedUrl = nonEmpty(env.SUPABASE_URL) ?? nonEmpty(env.VITE_SUPABASE_URL);
  const key = nonEmpty(env.SUPABASE_PUBLISHABLE_KEY) ?? nonEmpty(env.VITE_SUPABASE_PUBLISHABLE_KEY);
  if (hostedUrl) {
    if (!key) return { ok: false, problem: "SUPABASE_URL is set but SUPABASE_PUBLISHABLE_KEY is not." };
    return {
      ok: true,
      target: { url: hostedUrl, publishableKey: key, secretKey: nonEmpty(env.SUPABASE_SECRET_KEY) },
    };
  }
  const local = nonEmpty(env.LOCAL_SERVER_ORIGIN);
  if (!local) {
    return { ok: false, problem: "SUPABASE_URL is not set (and this is not the local dev or start server)." };
  }
  return {
    ok: true,
    target: {
      url: local,
      publishableKey: key ?? LOCAL_PUBLISHABLE_KEY,
      secretKey: nonEmpty(env.SUPABASE_SECRET_KEY) ?? nonEmpty(env.LOCAL_SUPABASE_SECRET_KEY),
      jwtSecret: nonEmpty(env.SUPABASE_JWT_SECRET) ?? nonEmpty(env.LOCAL_SUPABASE_JWT_SECRET),
    },
  };
}

type RealtimeTransport = NonNullable<NonNullable<SupabaseClientOptions<"public">["realtime"]>["transport"]>;

/** Node 20 has no global WebSocket; supabase-js needs a class at createClient even without realtime. */
async function webSocketTransport(): Promise<RealtimeTransport> {
  if (typeof globalThis.WebSocket === "function") return globalThis.WebSocket as RealtimeTransport;
  const { default: WebSocket } = await import("ws");
  // `ws` differs from the DOM-shaped WebSocketLike only in the event classes of its on* handlers.
  return WebSocket as unknown as RealtimeTransport;
}

function withTimeout(fetchImpl: typeof fetch, timeoutMs = SUPABASE_TIMEOUT_MS): typeof fetch {
  return (input, init) => {
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    return fetchImpl(input, { ...init, signal });
  };
}

const NO_SESSION = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } as const;

/** A client acting as the caller: their token, so row-level security decides as for the browser. */
export async function userClient(
  target: SupabaseTarget,
  token: string,
  fetchImpl: typeof fetch = fetch,
): Promise<Db> {
  return createClient<Database>(target.url, target.publishableKey, {
    global: { headers: { Authorization: `Bearer ${token}` }, fetch: withTimeout(fetchImpl) },
    auth: NO_SESSION,
    realtime: { transport: await webSocketTransport() },
  });
}

/**
 * Clients kept for the process, by the fetch they use and then by project and key. Neither kind holds a
 * session (NO_SESSION: nothing persisted, no refresh timer), so one serves every request, as supabase-js
 * intends on a server: making a client per call cost the AI proxy about half a millisecond and a
 * client's worth of garbage on every call. A client that failed to make is not kept.
 */
const clients = new WeakMap<typeof fetch, Map<string, Promise<Db>>>();

function kept(fetchImpl: typeof fetch, key: string, make: () => Promise<Db>): Promise<Db> {
  let byKey = clients.get(fetchImpl);
  if (!byKey) {
    byKey = new Map();
    clients.set(fetchImpl, byKey);
  }
  const known = byKey.get(key);
  if (known) return known;
  const client = make();
  byKey.set(key, client);
  const forget = byKey;
  client.catch(() => forget.delete(key));
  return client;
}

/**
 * A client with the server's secret key (service_role), one per project, key and fetch for the
 * process. Throws when the target has none.
 */
export async function serviceClient(target: SupabaseTarget, fetchImpl: typeof fetch = fetch): Promise<Db> {
  const secretKey = target.secretKey;
  if (!secretKey) throw new Error("SUPABASE_SECRET_KEY is not set.");
  return kept(fetchImpl, `service\n${target.url}\n${secretKey}`, async () =>
    createClient<Database>(target.url, secretKey, {
      global: { fetch: withTimeout(fetchImpl, SERVICE_TIMEOUT_MS) },
      auth: NO_SESSION,
      realtime: { transport: await webSocketTransport() },
    }),
  );
}

/**
 * A client with only the publishable key, for checking a token passed to it (auth.getClaims(token)), one
 * per project and fetch for the process. Never used to act as anyone: it has no session and no user's
 * Authorization header. supabase-js keeps the project's JWKS for every client anyway.
 */
function verifierClient(target: SupabaseTarget, fetchImpl: typeof fetch): Promise<Db> {
  return kept(fetchImpl, `verifier\n${target.url}\n${target.publishableKey}`, async () =>
    createClient<Database>(target.url, target.publishableKey, {
      global: { fetch: withTimeout(fetchImpl) },
      auth: NO_SESSION,
      realtime: { transport: await webSocketTransport() },
    }),
  );
}

export type Caller = { ok: true; user: User } | { ok: false; status: 401 | 502 };

/** The auth server said no (a 4xx: the token is not a valid session), rather than failing. */
function refusedByAuthServer(error: unknown): boolean {
  return isAuthApiError(error) && error.status >= 400 && error.status < 500;
}

/**
 * The user a token belongs to, asked of the auth server, so an expired, revoked or forged token is
 * refused (401). 502 when the auth server itself failed.
 */
export async function verifyCaller(
  target: SupabaseTarget,
  token: string,
  fetchImpl: typeof fetch = fetch,
  label = "api",
): Promise<Caller> {
  const supabase = await userClient(target, token, fetchImpl);
  const { data, error } = await supabase.auth.getUser(token);
  if (!error && data.user) return { ok: true, user: data.user };
  if (!error || refusedByAuthServer(error)) return { ok: false, status: 401 };
  console.error(`[${label}] the auth server failed:`, error.status, error.message);
  return { ok: false, status: 502 };
}

export type Session = { ok: true; userId: string } | { ok: false; status: 401 | 502 };

/**
 * The user a session token belongs to, checked in-process where the project signs with a JWT secret
 * (api/_lib/jwt.ts), else with supabase-js getClaims (the project's JWKS for asymmetric keys, which
 * falls back to the auth server). Faster than verifyCaller, for the AI proxy's every call; a token
 * signed out stays valid until it expires.
 */
export async function verifySession(
  target: SupabaseTarget,
  token: string,
  fetchImpl: typeof fetch = fetch,
  label = "api",
): Promise<Session> {
  if (target.jwtSecret) {
    const claims = await verifyHs256(token, target.jwtSecret);
    return claims ? { ok: true, userId: claims.sub } : { ok: false, status: 401 };
  }
  const supabase = await verifierClient(target, fetchImpl);
  const { data, error } = await supabase.auth.getClaims(token);
  const sub = data?.claims.sub;
  if (!error && typeof sub === "string" && data?.claims.role === "authenticated")
    return { ok: true, userId: sub };
  if (!error || refusedByAuthServer(error)) return { ok: false, status: 401 };
  if (error.name === "AuthInvalidJwtError") return { ok: false, status: 401 };
  console.error(`[${label}] could not verify a session:`, error.name, error.message);
  return { ok: false, status: 502 };
}

/**
 * The checks the JSON handlers (api/checkout.ts, api/submit-support.ts) run before their own work, in
 * their one refusal shape (`{ error }`, http.ts): POST only, the server's secret key configured, a
 * bearer token; then the caller verified with the auth server and counted against the handler's rate
 * limit in the database. Each handler chooses where its body is read between the two.
 */
import type { User } from "@supabase/supabase-js";
import { bearerToken, fail, HTTP_MESSAGES, retryAfterSeconds } from "./http.ts";
import { serviceClient, verifyCaller, type Db, type SupabaseTarget } from "./supabase.ts";
import { hitRateLimit, type RateLimit } from "./usage.ts";

/** What a handler says in its own words. */
export type Gate = {
  /** How its log lines start ("api/checkout"). */
  label: string;
  /** What stops working without the secret key, for the log. */
  withoutSecretKey: string;
  messages: {
    /** 401: no token, or one the auth server does not accept. */
    unauthorized: string;
    /** 429: past the rate limit. */
    tooMany: string;
    /** 500/502: misconfigured, or the database or the auth server failed. */
    failed: string;
  };
};

export type Refusal = { ok: false; response: Response };

/** POST, a secret key to count the rate limit with, and the caller's token. */
export function openGate(
  request: Request,
  target: SupabaseTarget,
  gate: Gate,
): { ok: true; token: string } | Refusal {
  if (request.method !== "POST") {
    return { ok: false, response: fail(405, HTTP_MESSAGES.methodNotAllowed, { allow: "POST" }) };
  }
  if (!target.secretKey) {
    console.error(
      `[${gate.label}] SUPABASE_SECRET_KEY is not set (locally LOCAL_SUPABASE_SECRET_KEY): ${gate.withoutSecretKey}.`,
    );
    return { ok: false, response: fail(500, gate.messages.failed) };
  }
  const token = bearerToken(request);
  if (!token) return { ok: false, response: fail(401, gate.messages.unauthorized) };
  return { ok: true, token };
}

/**
 * The user the token belongs to, asked of the auth server (so an expired, revoked or forged token is
 * refused), counted against `limit` per user in the database (every server instance shares the count).
 * Also answers the service_role client the count ran with. Throws only what the handler's own catch
 * answers with 500.
 */
export async function admitCaller(
  target: SupabaseTarget,
  token: string,
  fetchImpl: typeof fetch,
  limit: RateLimit,
  gate: Gate,
): Promise<{ ok: true; user: User; db: Db } | Refusal> {
  const caller = await verifyCaller(target, token, fetchImpl, gate.label);
  if (!caller.ok) {
    const message = caller.status === 401 ? gate.messages.unauthorized : gate.messages.failed;
    return { ok: false, response: fail(caller.status, message) };
  }
  const db = await serviceClient(target, fetchImpl);
  let rate: Awaited<ReturnType<typeof hitRateLimit>>;
  try {
    rate = await hitRateLimit(db, caller.user.id, limit);
  } catch (error) {
    console.error(
      `[${gate.label}] the rate limit failed:`,
      error instanceof Error ? error.message : String(error),
    );
    return { ok: false, response: fail(500, gate.messages.failed) };
  }
  if (!rate.allowed) {
    const retryAfter = String(retryAfterSeconds(rate.retryAfterMs));
    return { ok: false, response: fail(429, gate.messages.tooMany, { "retry-after": retryAfter }) };
  }
  return { ok: true, user: caller.user, db };
}

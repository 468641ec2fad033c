/**
 * The database's rules for conversions and rate limits (supabase/migrations, functions executable by
 * service_role only), called with the server's secret key. Postgres decides, not this process:
 * serverless instances share no memory, so every count and every limit lives in the database.
 */
import type { SupabaseClient } from "@supabase/supabase-js";

type Status = { tier: string; monthly_limit: number; used: number; reserved: number; remaining: number };

/** A user's month as the proxy reports it in the x-conversions-* headers. */
export type UsageStatus = { tier: string; limit: number; used: number; reserved: number; remaining: number };

/** A reservation's id, or null with why: the month's limit, or a rate limit (retryAfterMs). */
export type Reservation = { id: string | null; status: UsageStatus; retryAfterMs: number | null };

/** One rate limit counted before a reservation: at most `max` requests per `windowSeconds`. */
export type RateLimit = { bucket: string; max: number; windowSeconds: number };

export type RateLimitHit = { allowed: boolean; retryAfterMs: number };

function toStatus(row: Status): UsageStatus {
  return {
    tier: row.tier,
    limit: row.monthly_limit,
    used: row.used,
    reserved: row.reserved,
    remaining: row.remaining,
  };
}

function firstRow<T>(data: unknown, what: string): T {
  const row = Array.isArray(data) ? (data[0] as T | undefined) : (data as T | null);
  if (!row) throw new Error(`${what} answered no row.`);
  return row;
}

// supabase-js's rpc is typed from a Database type; these functions are untyped on purpose (one place).
type AnyClient = SupabaseClient<any, any, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function call<T>(client: AnyClient, fn: string, args: Record<string, unknown>): Promise<T> {
  const { data, error } = await client.rpc(fn, args);
  if (error) throw new Error(`${fn} failed: ${error.code ?? ""} ${error.message}`);
  return firstRow<T>(data, fn);
}

/**
 * Counts the request against `rateLimits`, then holds one conversion while it is upstream, in one
 * round trip. `id` is null when a rate limit refused (`retryAfterMs`) or the month's limit is reached.
 */
export async function reserveConversion(
  client: AnyClient,
  userId: string,
  ttlSeconds: number,
  rateLimits: RateLimit[] = [],
): Promise<Reservation> {
  const row = await call<Status & { reservation_id: string | null; retry_after_ms: number | null }>(
    client,
    "reserve_conversion",
    {
      p_user_id: userId,
      p_ttl_seconds: ttlSeconds,
      p_rate_limits: rateLimits.map((limit) => ({
        bucket: limit.bucket,
        max: limit.max,
        window_seconds: limit.windowSeconds,
      })),
    },
  );
  return { id: row.reservation_id, status: toStatus(row), retryAfterMs: row.retry_after_ms };
}

/**
 * Ends a reservation, counting `count` conversions (0 releases it). Null when it had already ended
 * (then nothing was counted twice).
 */
export async function finishConversion(
  client: AnyClient,
  reservationId: string,
  count: number,
): Promise<UsageStatus | null> {
  const row = await call<Status & { finished: boolean }>(client, "finish_conversion", {
    p_reservation_id: reservationId,
    p_count: count,
  });
  return row.finished ? toStatus(row) : null;
}

/**
 * Counts one request against `limit` for this user (checkout, support). Throws when the database
 * fails: the handler answers 500 then, never lets the request through uncounted.
 */
export async function hitRateLimit(
  client: AnyClient,
  userId: string,
  limit: RateLimit,
): Promise<RateLimitHit> {
  const row = await call<{ allowed: boolean; retry_after_ms: number }>(client, "hit_rate_limit", {
    p_user_id: userId,
    p_bucket: limit.bucket,
    p_max: limit.max,
    p_window_seconds: limit.windowSeconds,
  });
  return { allowed: row.allowed, retryAfterMs: row.retry_after_ms };
}

/**
 * The database's rules for conversions and rate limits (supabase/migrations, functions executable by
 * service_role only), called with the server's secret key. Postgres decides, not this process:
 * serverless instances share no memory, so every count and every limit lives in the database.
 */
import type { Json } from "../../src/config/database.types.ts";
import type { Db } from "./supabase.ts";

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

/**
 * The one row a `returns table` function answers: an array from PostgREST, or the row itself where an
 * answer gives it alone (as `.single()` would).
 */
function firstRow<Row extends object>(
  fn: string,
  data: Row[] | Row | null,
  error: { code?: string; message: string } | null,
): Row {
  if (error) throw new Error(`${fn} failed: ${error.code ?? ""} ${error.message}`);
  const row = Array.isArray(data) ? data[0] : data;
  if (!row) throw new Error(`${fn} answered no row.`);
  return row;
}

/** The user's month and plan as it stands (usage_status), without reserving or counting anything. */
export async function usageStatus(client: Db, userId: string): Promise<UsageStatus> {
  const { data, error } = await client.rpc("usage_status", { p_user_id: userId });
  return toStatus(firstRow("usage_status", data, error));
}

/**
 * Counts the request against `rateLimits`, then holds one conversion while it is upstream, in one
 * round trip. `id` is null when a rate limit refused (`retryAfterMs`) or the month's limit is reached.
 */
export async function reserveConversion(
  client: Db,
  userId: string,
  ttlSeconds: number,
  rateLimits: RateLimit[] = [],
): Promise<Reservation> {
  const { data, error } = await client.rpc("reserve_conversion", {
    p_user_id: userId,
    p_ttl_seconds: ttlSeconds,
    p_rate_limits: rateLimits.map((limit) => ({
      bucket: limit.bucket,
      max: limit.max,
      window_seconds: limit.windowSeconds,
    })),
  });
  // reservation_id is null when nothing was reserved, retry_after_ms unless a rate limit refused.
  const row: Status & { reservation_id: string | null; retry_after_ms: number | null } = firstRow(
    "reserve_conversion",
    data,
    error,
  );
  return { id: row.reservation_id, status: toStatus(row), retryAfterMs: row.retry_after_ms };
}

/**
 * Ends a reservation, counting `count` conversions (0 releases it). Null when it had already ended
 * (then nothing was counted twice).
 */
export async function finishConversion(
  client: Db,
  reservationId: string,
  count: number,
  call?: Json,
): Promise<UsageStatus | null> {
  // With the call's record (an ai_calls row), one round trip does both (finish_and_record).
  const { data, error } =
    call === undefined
      ? await client.rpc("finish_conversion", { p_reservation_id: reservationId, p_count: count })
      : await client.rpc("finish_and_record", {
          p_reservation_id: reservationId,
          p_count: count,
          p_call: call,
        });
  const row = firstRow("finish_conversion", data, error);
  return row.finished ? toStatus(row) : null;
}

/**
 * Counts one request against `limit` for this user (checkout, support). Throws when the database
 * fails: the handler answers 500 then, never lets the request through uncounted.
 */
export async function hitRateLimit(client: Db, userId: string, limit: RateLimit): Promise<RateLimitHit> {
  const { data, error } = await client.rpc("hit_rate_limit", {
    p_user_id: userId,
    p_bucket: limit.bucket,
    p_max: limit.max,
    p_window_seconds: limit.windowSeconds,
  });
  const row = firstRow("hit_rate_limit", data, error);
  return { allowed: row.allowed, retryAfterMs: row.retry_after_ms };
}

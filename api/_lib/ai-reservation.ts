/**
 * The conversion an AI call holds while it is upstream (api/ai.ts): the per-user rate limits and the
 * reservation in one database call (reserve_conversion), refused in Gemini's shape when a limit says
 * no, and the one way to end it (finish_conversion), exactly once.
 */
import type { AiSettings } from "./ai-settings.ts";
import { geminiError, MESSAGES, REASONS, usageHeaders } from "./ai-errors.ts";
import type { Call } from "./ai-request.ts";
import type { Json } from "../../src/config/database.types.ts";
import type { Db } from "./supabase.ts";
import { finishConversion, reserveConversion, type RateLimit, type UsageStatus } from "./usage.ts";

/**
 * Ends the reservation, counting `count` conversions, and records the call (`call`, an ai_calls row) in
 * the same database call; the month after it, when the database said.
 */
export type Finish = (count: number, call?: Json) => Promise<UsageStatus | null>;

export type Hold = { ok: true; held: UsageStatus; finish: Finish } | { ok: false; response: Response };

/** Counts the call against the rate limits, then reserves one conversion for it. */
export async function holdConversion(
  db: Db,
  userId: string,
  settings: AiSettings,
  call: Call,
): Promise<Hold> {
  // The custom prompt's analysis step counts nothing, so it has a rate limit of its own as well.
  const analysis = call.kind === "text" && call.method !== "streamGenerateContent";
  const limits: RateLimit[] = [{ bucket: "ai", max: settings.ratePerMinute, windowSeconds: 60 }];
  if (analysis) limits.push({ bucket: "ai-analysis", max: settings.analysisPerMinute, windowSeconds: 60 });
  try {
    const reservation = await reserveConversion(db, userId, settings.reservationTtlSeconds, limits);
    if (reservation.retryAfterMs !== null) {
      const response = geminiError(429, REASONS.rateLimited, MESSAGES.rateLimited, {
        retryAfterMs: reservation.retryAfterMs,
        headers: usageHeaders(reservation.status),
      });
      return { ok: false, response };
    }
    if (!reservation.id) {
      const response = geminiError(403, REASONS.limitReached, MESSAGES.limitReached, {
        headers: usageHeaders(reservation.status),
      });
      return { ok: false, response };
    }
    return { ok: true, held: reservation.status, finish: finisher(db, reservation.id) };
  } catch (error) {
    console.error("[api/ai] the database refused:", error instanceof Error ? error.message : error);
    return { ok: false, response: geminiError(500, REASONS.internal, MESSAGES.internal) };
  }
}

/**
 * Ends the reservation exactly once. A failed call is tried once more (finishing is idempotent: a
 * reservation already ended counts nothing twice); past that it is logged, and the reservation expires.
 * A second call (a stream that ends while its caller cancels) waits for the first and gets null, so
 * whoever awaits it knows the reservation has ended.
 */
function finisher(db: Db, reservationId: string): Finish {
  let ending: Promise<UsageStatus | null> | undefined;
  const end = async (count: number, call?: Json): Promise<UsageStatus | null> => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await finishConversion(db, reservationId, count, call);
      } catch (error) {
        if (attempt < 2) continue;
        console.error(
          "[api/ai] could not end a reservation:",
          error instanceof Error ? error.message : error,
        );
        return null;
      }
    }
  };
  return async (count, call) => {
    if (ending) {
      await ending;
      return null;
    }
    ending = end(count, call);
    return ending;
  };
}

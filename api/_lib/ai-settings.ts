/**
 * The AI proxy's settings (api/ai.ts), from the server's environment. None is a VITE_ variable except
 * the two model IDs, which the browser build and the proxy must agree on.
 *
 *   GEMINI_API_KEY            the server's Gemini key. Unset: the local preview engine at
 *                             LOCAL_SERVER_ORIGIN/__local-ai (npm run dev / npm start), else 501.
 *   GEMINI_BASE_URL           Gemini's base URL (default: Google's).
 *   GEMINI_IMAGE_MODEL, GEMINI_TEXT_MODEL
 *                             the only models the proxy forwards to; default VITE_GEMINI_IMAGE_MODEL /
 *                             VITE_GEMINI_TEXT_MODEL, then the app's defaults (src/config/gemini-defaults.ts).
 *   AI_RATE_LIMIT_PER_MINUTE  requests per user and minute (default 20).
 *   AI_ANALYSIS_RATE_LIMIT_PER_MINUTE
 *                             of those, analysis calls that count nothing (default 6).
 *   AI_MAX_BODY_BYTES         request body cap (default 4 MB: under common serverless limits, room for
 *                             four photos prepared by the app at 1536 px).
 *   AI_MAX_IMAGES             inline images per request (default 4).
 *   AI_RESERVATION_TTL_SECONDS how long a reservation a crash left behind keeps counting (default 300).
 *   AI_UPSTREAM_TIMEOUT_MS    how long one upstream call may take (default 150000).
 */
import { GEMINI_DEFAULTS } from "../../src/config/gemini-defaults.ts";
import { LOCAL_ENGINE_PATH } from "../../src/config/local-engine.ts";
import { nonEmpty, type Env } from "./http.ts";

export type AiSettings = {
  upstream: { configured: boolean; baseUrl: string; apiKey?: string; local: boolean };
  imageModel: string;
  textModel: string;
  ratePerMinute: number;
  analysisPerMinute: number;
  maxBodyBytes: number;
  maxImages: number;
  reservationTtlSeconds: number;
  upstreamTimeoutMs: number;
};

function positiveInteger(value: string | undefined, fallback: number, max: number): number {
  const parsed = Number(nonEmpty(value));
  return Number.isInteger(parsed) && parsed > 0 ? Math.min(parsed, max) : fallback;
}

const model = (id: string) => id.replace(/^models\//, "");

export function aiSettings(env: Env): AiSettings {
  const apiKey = nonEmpty(env.GEMINI_API_KEY);
  const localOrigin = nonEmpty(env.LOCAL_SERVER_ORIGIN);
  const upstream = apiKey
    ? {
        configured: true,
        local: false,
        apiKey,
        baseUrl: nonEmpty(env.GEMINI_BASE_URL) ?? GEMINI_DEFAULTS.VITE_GEMINI_BASE_URL,
      }
    : localOrigin
      ? { configured: true, local: true, baseUrl: `${localOrigin}${LOCAL_ENGINE_PATH}` }
      : { configured: false, local: false, baseUrl: "" };
  return {
    upstream,
    imageModel: model(
      nonEmpty(env.GEMINI_IMAGE_MODEL) ??
        nonEmpty(env.VITE_GEMINI_IMAGE_MODEL) ??
        GEMINI_DEFAULTS.VITE_GEMINI_IMAGE_MODEL,
    ),
    textModel: model(
      nonEmpty(env.GEMINI_TEXT_MODEL) ??
        nonEmpty(env.VITE_GEMINI_TEXT_MODEL) ??
        GEMINI_DEFAULTS.VITE_GEMINI_TEXT_MODEL,
    ),
    ratePerMinute: positiveInteger(env.AI_RATE_LIMIT_PER_MINUTE, 20, 10_000),
    analysisPerMinute: positiveInteger(env.AI_ANALYSIS_RATE_LIMIT_PER_MINUTE, 6, 10_000),
    maxBodyBytes: positiveInteger(env.AI_MAX_BODY_BYTES, 4 * 1024 * 1024, 20 * 1024 * 1024),
    maxImages: positiveInteger(env.AI_MAX_IMAGES, 4, 16),
    reservationTtlSeconds: positiveInteger(env.AI_RESERVATION_TTL_SECONDS, 300, 3600),
    upstreamTimeoutMs: positiveInteger(env.AI_UPSTREAM_TIMEOUT_MS, 150_000, 600_000),
  };
}

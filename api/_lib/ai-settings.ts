/**
 * The AI proxy's settings (api/ai.ts), from the server's environment. None is a VITE_ variable: the
 * page asks for a role (image or text) and the proxy picks the model, so an operator changes a model
 * here, with no rebuild.
 *
 *   GEMINI_API_KEY            the server's Gemini key. Unset: the local preview engine at
 *                             LOCAL_SERVER_ORIGIN/__local-ai (npm run dev / npm start), else 501.
 *   GEMINI_BASE_URL           Gemini's base URL (default: Google's).
 *   GEMINI_IMAGE_MODEL, GEMINI_TEXT_MODEL
 *                             the models the proxy calls for the two roles; default VITE_GEMINI_IMAGE_MODEL /
 *                             VITE_GEMINI_TEXT_MODEL, then the app's defaults (src/config/gemini-defaults.ts).
 *   AI_RATE_LIMIT_PER_MINUTE  requests per user and minute (default 20).
 *   AI_ANALYSIS_RATE_LIMIT_PER_MINUTE
 *                             of those, analysis calls that count nothing (default 6).
 *   AI_MAX_BODY_BYTES         request body cap (default 4 MB: under common serverless limits, room for
 *                             four photos prepared by the app at 1536 px).
 *   AI_MAX_IMAGES             inline images per request (default 4).
 *   AI_UPSTREAM_TIMEOUT_MS    how long one upstream call may take (default and most: 240000, see
 *                             src/config/ai-timeouts.ts; the page waits 30 s longer).
 *   AI_RESERVATION_TTL_SECONDS how long a reservation holds a conversion. Default: the upstream timeout
 *                             plus 60 s. Set, it must be longer than the upstream timeout.
 *   GEMINI_IMAGE_THINKING_LEVEL, GEMINI_TEXT_THINKING_LEVEL
 *                             how much each model thinks (billed as output): api/_lib/ai-thinking.ts.
 * A value that breaks these rules is a problem (`problems`): the proxy refuses every call and logs it,
 * and `npm run dev` / `npm start` stop at start with the message.
 */
import { GEMINI_DEFAULTS } from "../../src/config/gemini-defaults.ts";
import { LOCAL_ENGINE_PATH } from "../../src/config/local-engine.ts";
import { PROXY_MAX_BODY_BYTES, PROXY_MAX_IMAGES } from "../../src/config/request-limits.ts";
import {
  MAX_UPSTREAM_TIMEOUT_MS,
  reservationTtlFor,
  UPSTREAM_TIMEOUT_MS,
} from "../../src/config/ai-timeouts.ts";
import { nonEmpty, type Env } from "./http.ts";
import { thinkingSettings, type ThinkingSettings } from "./ai-thinking.ts";

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
  /** How much each role's model thinks (GEMINI_IMAGE_THINKING_LEVEL, GEMINI_TEXT_THINKING_LEVEL). */
  thinking: Pick<ThinkingSettings, Role>;
  /** Settings that break a rule, each a sentence naming the variable; the proxy refuses while any. */
  problems: string[];
};

/** The role a request names (`models/image`, `models/text`) and the model it stands for. */
export type Role = "image" | "text";

function positiveInteger(value: string | undefined, fallback: number, max: number): number {
  const parsed = Number(nonEmpty(value));
  return Number.isInteger(parsed) && parsed > 0 ? Math.min(parsed, max) : fallback;
}

const model = (id: string) => id.replace(/^models\//, "");

/** The upstream timeout and the reservation lifetime, which must outlive it (ai-timeouts.ts). */
function waits(env: Env, problems: string[]) {
  let upstreamTimeoutMs = UPSTREAM_TIMEOUT_MS;
  const timeout = nonEmpty(env.AI_UPSTREAM_TIMEOUT_MS);
  if (timeout !== undefined) {
    const parsed = Number(timeout);
    if (!Number.isInteger(parsed) || parsed < 1 || parsed > MAX_UPSTREAM_TIMEOUT_MS) {
      problems.push(
        `AI_UPSTREAM_TIMEOUT_MS must be a whole number of milliseconds from 1 to ${MAX_UPSTREAM_TIMEOUT_MS} ` +
          `(the page stops waiting ${MAX_UPSTREAM_TIMEOUT_MS / 1000 + 30} s after sending); it is "${timeout}".`,
      );
    } else upstreamTimeoutMs = parsed;
  }
  let reservationTtlSeconds = reservationTtlFor(upstreamTimeoutMs);
  const ttl = nonEmpty(env.AI_RESERVATION_TTL_SECONDS);
  if (ttl !== undefined) {
    const parsed = Number(ttl);
    const shortest = Math.ceil(upstreamTimeoutMs / 1000) + 1;
    if (!Number.isInteger(parsed) || parsed < shortest || parsed > 3600) {
      problems.push(
        `AI_RESERVATION_TTL_SECONDS must be longer than the upstream timeout (${upstreamTimeoutMs / 1000} s, ` +
          `AI_UPSTREAM_TIMEOUT_MS) and at most 3600, so a result that arrives is always counted; it is ` +
          `"${ttl}". Leave it unset to use ${reservationTtlSeconds} s.`,
      );
    } else reservationTtlSeconds = parsed;
  }
  return { upstreamTimeoutMs, reservationTtlSeconds };
}

export function aiSettings(env: Env): AiSettings {
  const settings = readSettings(env);
  const thinking = thinkingSettings(env, { image: settings.imageModel, text: settings.textModel });
  return {
    ...settings,
    thinking: { image: thinking.image, text: thinking.text },
    problems: [...settings.problems, ...thinking.problems],
  };
}

function readSettings(env: Env): AiSettings {
  const problems: string[] = [];
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
    maxBodyBytes: positiveInteger(env.AI_MAX_BODY_BYTES, PROXY_MAX_BODY_BYTES, 20 * 1024 * 1024),
    maxImages: positiveInteger(env.AI_MAX_IMAGES, PROXY_MAX_IMAGES, 16),
    ...waits(env, problems),
    thinking: { image: null, text: null },
    problems,
  };
}

/** The model the proxy calls for a role. */
export function modelFor(settings: AiSettings, role: Role): string {
  return role === "image" ? settings.imageModel : settings.textModel;
}

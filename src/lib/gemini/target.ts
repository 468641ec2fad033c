/**
 * Where an AI call goes and with which key (DESIGN.md "Key resolution"): the key typed on the page, else the
 * embedded default (VITE_GEMINI_API_KEY), else the local preview engine where dev/start mount it, else a
 * clear "no API key" error.
 */
import { getEnv } from "@/config/env";
import { noKeyError } from "./errors";

export type GeminiTarget = {
  baseUrl: string;
  apiKey?: string;
  source: "user-key" | "default-key" | "local-engine";
};

/** The path the dev/start servers mount the local preview engine on (server/). */
export const LOCAL_ENGINE_PATH = "/__local-ai";

function setting(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}

function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, "");
}

/**
 * The env is read on every call rather than only through the cached getEnv(), so a key or base URL
 * stubbed in a test (vi.stubEnv) is seen; in the app both are fixed at build time anyway.
 */
export function resolveGeminiTarget(userKey?: string | null): GeminiTarget {
  const env = import.meta.env;
  const baseUrl = withoutTrailingSlash(setting(env.VITE_GEMINI_BASE_URL) ?? getEnv().VITE_GEMINI_BASE_URL);
  const typed = setting(userKey);
  if (typed) return { baseUrl, apiKey: typed, source: "user-key" };
  const embedded = setting(env.VITE_GEMINI_API_KEY);
  if (embedded) return { baseUrl, apiKey: embedded, source: "default-key" };
  const localEngine: unknown = env.VITE_LOCAL_PREVIEW_ENGINE;
  if (localEngine === "true" || localEngine === true) {
    return { baseUrl: `${window.location.origin}${LOCAL_ENGINE_PATH}`, source: "local-engine" };
  }
  throw noKeyError();
}

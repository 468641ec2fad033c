/**
 * How much the models think when the proxy calls them (docs/gemini.md "Thinking"): one level for each
 * kind of call, from the server's environment, set on every request the proxy sends upstream whatever
 * the page sent. Thinking is billed as output tokens: this is a cost setting.
 *
 *   GEMINI_IMAGE_THINKING_LEVEL, GEMINI_TEXT_THINKING_LEVEL
 *       MINIMAL, LOW, MEDIUM or HIGH (any case), or MODEL_DEFAULT to send none (the model decides).
 *       Unset: the app's level for the default model (src/config/gemini-calls.ts, as the page sends it
 *       in client mode), none for another model. For a default model only the levels it accepts are
 *       allowed; for another model any of the four (Google answers 400 to one the model does not take).
 */
import {
  defaultThinking,
  THINKING,
  THINKING_LEVEL_NAMES,
  THINKING_LEVELS,
  type CallKind,
  type ThinkingConfig,
  type ThinkingLevel,
} from "../../src/config/gemini-calls.ts";
import { GEMINI_DEFAULTS } from "../../src/config/gemini-defaults.ts";
import { nonEmpty, type Env } from "./http.ts";

export type ThinkingSettings = {
  /** The thinkingConfig of each kind of call; null: none is sent. */
  image: ThinkingConfig | null;
  text: ThinkingConfig | null;
  /** Settings that are not valid, each a sentence naming the variable; the caller refuses while any. */
  problems: string[];
};

const VARIABLES = {
  image: "GEMINI_IMAGE_THINKING_LEVEL",
  text: "GEMINI_TEXT_THINKING_LEVEL",
} as const satisfies Record<CallKind, string>;

const MODEL_DEFAULT = "MODEL_DEFAULT";

/** The models the proxy calls, read as ai-settings.ts reads them. */
function configuredModels(env: Env): Record<CallKind, string> {
  return {
    image:
      nonEmpty(env.GEMINI_IMAGE_MODEL) ??
      nonEmpty(env.VITE_GEMINI_IMAGE_MODEL) ??
      GEMINI_DEFAULTS.VITE_GEMINI_IMAGE_MODEL,
    text:
      nonEmpty(env.GEMINI_TEXT_MODEL) ??
      nonEmpty(env.VITE_GEMINI_TEXT_MODEL) ??
      GEMINI_DEFAULTS.VITE_GEMINI_TEXT_MODEL,
  };
}

function isLevel(value: string, allowed: readonly ThinkingLevel[]): value is ThinkingLevel {
  return (allowed as readonly string[]).includes(value);
}

/** One kind's setting: its thinkingConfig, or a problem naming the variable and what it may be. */
function levelFor(kind: CallKind, env: Env, model: string, problems: string[]): ThinkingConfig | null {
  const fallback = defaultThinking(kind, model) ?? null;
  const raw = nonEmpty(env[VARIABLES[kind]]);
  if (raw === undefined) return fallback;
  const value = raw.toUpperCase();
  if (value === MODEL_DEFAULT) return null;
  const allowed =
    model.replace(/^models\//, "") === THINKING[kind].model ? THINKING_LEVELS[kind] : THINKING_LEVEL_NAMES;
  if (isLevel(value, allowed)) return { thinkingLevel: value };
  problems.push(
    `${VARIABLES[kind]} must be one of ${allowed.join(", ")} (the levels ${model} accepts) or ` +
      `${MODEL_DEFAULT} (send none); it is "${raw}". Leave it unset for ` +
      `${fallback ? fallback.thinkingLevel : "the model's own default"}.`,
  );
  return fallback;
}

/**
 * The thinking of both kinds of call from the environment. `models` are the models the proxy calls
 * (AiSettings' imageModel and textModel); by default read from `env` as ai-settings.ts reads them.
 */
export function thinkingSettings(env: Env, models = configuredModels(env)): ThinkingSettings {
  const problems: string[] = [];
  return {
    image: levelFor("image", env, models.image, problems),
    text: levelFor("text", env, models.text, problems),
    problems,
  };
}

type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The request body with the thinking of its kind: generationConfig.thinkingConfig set to the
 * setting, or removed when the setting is none, replacing whatever the page sent (either spelling).
 * Everything else is kept; a generationConfig that is not an object is left for Google to refuse.
 */
export function withThinking(
  body: JsonObject,
  kind: CallKind,
  settings: Pick<ThinkingSettings, CallKind>,
): JsonObject {
  const current = body.generationConfig;
  if (current !== undefined && !isObject(current)) return body;
  const config: JsonObject = { ...current };
  delete config.thinkingConfig;
  delete config.thinking_config;
  const thinking = settings[kind];
  if (thinking) config.thinkingConfig = { ...thinking };
  const rest: JsonObject = { ...body };
  delete rest.generationConfig;
  return Object.keys(config).length > 0 ? { ...rest, generationConfig: config } : rest;
}

/**
 * What the proxy sends upstream: the request's own bytes when they already carry the thinking the
 * setting asks for (as the page sends it by default), else the body with it, serialised again.
 */
export function forwardedBody(
  bytes: Uint8Array,
  body: unknown,
  kind: CallKind,
  settings: Pick<ThinkingSettings, CallKind>,
): Uint8Array {
  if (!isObject(body)) return bytes;
  const wanted = withThinking(body, kind, settings);
  const sent = (value: unknown) => (isObject(value) ? value : {});
  const before = sent(body.generationConfig);
  const after = sent(wanted.generationConfig);
  const same =
    before.thinking_config === undefined &&
    JSON.stringify(before.thinkingConfig) === JSON.stringify(after.thinkingConfig);
  return same ? bytes : new TextEncoder().encode(JSON.stringify(wanted));
}

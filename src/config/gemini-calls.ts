/**
 * What the page (src/lib/gemini) and the server's proxy (api/_lib) agree on about a Gemini call, in
 * one place: how much each kind of call thinks by default, and when a streamed text answer has been
 * delivered. No import.meta here: the server imports this file too. No import at all: the page's
 * Gemini client imports it, and a module of the app's entry chunk (gemini-defaults.ts, env.ts) in the
 * client's imports makes the bundler pull the streaming client into every tool page's first load.
 */

export type CallKind = "image" | "text";

/** generationConfig.thinkingConfig.thinkingLevel (docs/gemini.md "Thinking"). */
export type ThinkingLevel = "MINIMAL" | "LOW" | "MEDIUM" | "HIGH";

export const THINKING_LEVEL_NAMES: readonly ThinkingLevel[] = ["MINIMAL", "LOW", "MEDIUM", "HIGH"];

/**
 * The default model of each kind (GEMINI_DEFAULTS' models, src/config/gemini-defaults.ts: a test keeps
 * them equal) and the thinking level the app asks it for (docs/gemini.md "Thinking", checked
 * 2026-11-27). Thinking is billed as output tokens, so the level is what an operator pays for on top
 * of the answer.
 * - image, MEDIUM: Nano Banana 2.1's own default. Sending it keeps today's pictures while making the
 *   level a setting; MINIMAL is cheaper and quicker, and may cost quality on the harder tools (words
 *   on a card, the animator's four-frame sheet).
 * - text, LOW: Gemini 3.8 Flash's lowest (its default is MEDIUM). The text calls are a two-sentence
 *   description of a photo and a short poem: no multi-step reasoning, and thinking is what the person
 *   waits for before the first word (src/config/ai-timeouts.ts).
 */
export const THINKING = {
  image: { model: "gemini-nano-banana-2.1", level: "MEDIUM" },
  text: { model: "gemini-3.8-flash", level: "LOW" },
} as const satisfies Record<CallKind, { model: string; level: ThinkingLevel }>;

/** The levels each default model accepts (the proxy checks its settings against them). */
export const THINKING_LEVELS = {
  image: ["MINIMAL", "MEDIUM", "HIGH"],
  text: ["LOW", "MEDIUM", "HIGH"],
} as const satisfies Record<CallKind, readonly ThinkingLevel[]>;

export type ThinkingConfig = { thinkingLevel: ThinkingLevel };

/**
 * The thinkingConfig a call of `kind` to `model` asks for by default: the app's level for the default
 * model, none for another model (its levels may differ, and a level it does not accept is a 400 on
 * every call: the model's own default applies until the operator sets one).
 */
export function defaultThinking(kind: CallKind, model: string): ThinkingConfig | undefined {
  const known = THINKING[kind];
  return model.replace(/^models\//, "") === known.model ? { thinkingLevel: known.level } : undefined;
}

/**
 * The finish reasons that deliver a streamed text answer (a poem) when some text came before them:
 * shown on the page and counted by the proxy, one rule for both. MAX_TOKENS is the model stopping at
 * its output limit: the person has the text, so it counts.
 */
export const DELIVERED_FINISH_REASONS: readonly string[] = ["STOP", "MAX_TOKENS"];

/**
 * The AI mode of a build or dev server (README "Hosted mode"), from `AI_MODE` in the environment of
 * `npm run build`, `npm start` and `npm run dev`:
 * - unset or "client": the browser calls Gemini itself;
 * - "hosted": the server (api/ai) holds the Gemini key and the count, the browser only its session.
 * The app reads it as `import.meta.env.VITE_AI_MODE` (src/vite-env.d.ts), defined here. Anything else stops the build, and so
 * does a hosted build with VITE_GEMINI_API_KEY set: every VITE_ variable is compiled into the bundle, so
 * that key would be public (the server's key is GEMINI_API_KEY).
 */
import path from "node:path";
import { loadEnv, type Plugin } from "vite";

export type AiMode = "client" | "hosted";

export class AiModeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "AiModeError";
  }
}

/** What decides the mode: AI_MODE, and VITE_GEMINI_API_KEY from the environment or the .env files. */
export type AiModeSettings = { AI_MODE?: string; VITE_GEMINI_API_KEY?: string };

/** The mode, or an AiModeError that says what to change. */
export function decideAiMode(settings: AiModeSettings): AiMode {
  const mode = settings.AI_MODE?.trim() ?? "";
  if (mode === "" || mode === "client") return "client";
  if (mode !== "hosted") {
    throw new AiModeError(
      `AI_MODE must be "hosted" (the server holds the Gemini key and the count) or "client" (the ` +
        `default: the browser calls Gemini itself), or be left unset; got "${settings.AI_MODE}".`,
    );
  }
  if (settings.VITE_GEMINI_API_KEY?.trim()) {
    throw new AiModeError(
      "AI_MODE=hosted, but VITE_GEMINI_API_KEY is set: every VITE_ variable is compiled into the " +
        "browser bundle, so that key would be public. Remove VITE_GEMINI_API_KEY (from the environment " +
        "and the .env files) and set GEMINI_API_KEY instead: the server (api/ai) reads it and it never " +
        "reaches the browser.",
    );
  }
  return "hosted";
}

/**
 * Whether the built app should say the local preview engine answers (VITE_LOCAL_PREVIEW_ENGINE), where
 * dev and start mount it: in client mode always (without a key the browser calls it itself); in hosted
 * mode only when the server has no GEMINI_API_KEY, so the proxy forwards to the engine.
 */
export function localPreviewEngineAnswers(mode: AiMode, env: { GEMINI_API_KEY?: string }): boolean {
  return mode === "client" || !env.GEMINI_API_KEY?.trim();
}

/**
 * Defines import.meta.env.VITE_AI_MODE and refuses a misconfigured mode before anything is built or
 * served. In hosted mode with GEMINI_API_KEY set, the dev server does not claim the local preview
 * engine (see localPreviewEngineAnswers; scripts/start.mjs decides the same for `npm start`). List it
 * before the local preview engine's plugin, which sets VITE_LOCAL_PREVIEW_ENGINE unless already set.
 * A build replaces `import.meta.env.VITE_AI_MODE` with its value, so a client build carries none of
 * hosted mode's code, and a hosted build none of client mode's. (The tests use their own config: there
 * import.meta.env is live, so vi.stubEnv switches it.)
 */
export function aiMode(): Plugin {
  return {
    name: "restyle:ai-mode",
    config(config, env) {
      const root = path.resolve(config.root ?? process.cwd());
      const envDir = config.envDir === false ? undefined : path.resolve(root, config.envDir ?? "");
      // loadEnv also returns VITE_GEMINI_API_KEY from the process environment, which wins over the files.
      const files = envDir ? loadEnv(env.mode, envDir, "VITE_GEMINI_API_KEY") : {};
      const mode = decideAiMode({
        AI_MODE: process.env.AI_MODE,
        VITE_GEMINI_API_KEY: files.VITE_GEMINI_API_KEY ?? process.env.VITE_GEMINI_API_KEY,
      });
      if (!localPreviewEngineAnswers(mode, process.env)) process.env.VITE_LOCAL_PREVIEW_ENGINE = "false";
      return { define: { "import.meta.env.VITE_AI_MODE": JSON.stringify(mode) } };
    },
  };
}

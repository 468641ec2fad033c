/// <reference types="node" />
import { describe, expect, it } from "vitest";
import { AiModeError, decideAiMode, localPreviewEngineAnswers } from "../../server/build/ai-mode";

describe("decideAiMode (the build and dev server guard)", () => {
  it("is client mode when AI_MODE is unset, empty or client", () => {
    expect(decideAiMode({})).toBe("client");
    expect(decideAiMode({ AI_MODE: "" })).toBe("client");
    expect(decideAiMode({ AI_MODE: "client" })).toBe("client");
    // Client mode keeps the shared key in the bundle, as it always did.
    expect(decideAiMode({ AI_MODE: "client", VITE_GEMINI_API_KEY: "AIza-shared" })).toBe("client");
  });

  it("is hosted mode for AI_MODE=hosted without a key for the bundle", () => {
    expect(decideAiMode({ AI_MODE: "hosted" })).toBe("hosted");
    expect(decideAiMode({ AI_MODE: " hosted ", VITE_GEMINI_API_KEY: "  " })).toBe("hosted");
  });

  it("stops a hosted build that would compile VITE_GEMINI_API_KEY into the bundle", () => {
    const decide = () => decideAiMode({ AI_MODE: "hosted", VITE_GEMINI_API_KEY: "AIza-secret" });
    expect(decide).toThrow(AiModeError);
    expect(decide).toThrow(/VITE_GEMINI_API_KEY is set/);
    expect(decide).toThrow(/set GEMINI_API_KEY instead/);
    // The message never repeats the key itself.
    expect(decide).not.toThrow(/AIza-secret/);
  });

  it.each(["Hosted", "server", "proxy", "true"])("stops on any other AI_MODE (%s), naming it", (mode) => {
    const decide = () => decideAiMode({ AI_MODE: mode });
    expect(decide).toThrow(AiModeError);
    expect(decide).toThrow(`AI_MODE must be "hosted"`);
    expect(decide).toThrow(`got "${mode}"`);
  });
});

describe("localPreviewEngineAnswers (VITE_LOCAL_PREVIEW_ENGINE for dev and start)", () => {
  it("client mode: always, the browser calls the engine itself without a key", () => {
    expect(localPreviewEngineAnswers("client", {})).toBe(true);
    expect(localPreviewEngineAnswers("client", { GEMINI_API_KEY: "server-key" })).toBe(true);
  });

  it("hosted mode: only when the server has no GEMINI_API_KEY (the proxy forwards to the engine)", () => {
    expect(localPreviewEngineAnswers("hosted", {})).toBe(true);
    expect(localPreviewEngineAnswers("hosted", { GEMINI_API_KEY: " " })).toBe(true);
    expect(localPreviewEngineAnswers("hosted", { GEMINI_API_KEY: "server-key" })).toBe(false);
  });
});

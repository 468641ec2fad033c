// The proxy's thinking setting (api/_lib/ai-thinking.ts): the levels read from the environment and
// checked against what the configured model accepts, and the level set on the body whatever the page sent.
import { describe, expect, it } from "vitest";
import { thinkingSettings, withThinking } from "../../api/_lib/ai-thinking";
import { defaultThinking, THINKING } from "../../src/config/gemini-calls";
import { GEMINI_DEFAULTS } from "../../src/config/gemini-defaults";

describe("src/config/gemini-calls.ts", () => {
  it("names the app's default models (it cannot import gemini-defaults.ts: see its first comment)", () => {
    expect(THINKING.image.model).toBe(GEMINI_DEFAULTS.VITE_GEMINI_IMAGE_MODEL);
    expect(THINKING.text.model).toBe(GEMINI_DEFAULTS.VITE_GEMINI_TEXT_MODEL);
  });
});

describe("thinkingSettings", () => {
  it("unset: the app's levels for the default models, the same the page sends in client mode", () => {
    const settings = thinkingSettings({});
    expect(settings).toEqual({
      image: { thinkingLevel: "MEDIUM" },
      text: { thinkingLevel: "LOW" },
      problems: [],
    });
    expect(settings.image).toEqual(defaultThinking("image", THINKING.image.model));
    expect(settings.text).toEqual(defaultThinking("text", THINKING.text.model));
  });

  it("takes a level in any case, and MODEL_DEFAULT for none", () => {
    expect(
      thinkingSettings({
        GEMINI_IMAGE_THINKING_LEVEL: " minimal ",
        GEMINI_TEXT_THINKING_LEVEL: "model_default",
      }),
    ).toEqual({ image: { thinkingLevel: "MINIMAL" }, text: null, problems: [] });
    expect(thinkingSettings({ GEMINI_TEXT_THINKING_LEVEL: "High", GEMINI_IMAGE_THINKING_LEVEL: "" })).toEqual(
      {
        image: { thinkingLevel: "MEDIUM" },
        text: { thinkingLevel: "HIGH" },
        problems: [],
      },
    );
  });

  it("refuses a level the default model does not accept, naming the variable, the value and what it may be", () => {
    const settings = thinkingSettings({
      GEMINI_IMAGE_THINKING_LEVEL: "low",
      GEMINI_TEXT_THINKING_LEVEL: "minimal",
    });
    expect(settings.problems).toEqual([
      'GEMINI_IMAGE_THINKING_LEVEL must be one of MINIMAL, MEDIUM, HIGH (the levels gemini-nano-banana-2.1 accepts) or MODEL_DEFAULT (send none); it is "low". Leave it unset for MEDIUM.',
      'GEMINI_TEXT_THINKING_LEVEL must be one of LOW, MEDIUM, HIGH (the levels gemini-3.8-flash accepts) or MODEL_DEFAULT (send none); it is "minimal". Leave it unset for LOW.',
    ]);
    // What would be sent meanwhile (the caller refuses while there is a problem).
    expect(settings.image).toEqual({ thinkingLevel: "MEDIUM" });
    expect(thinkingSettings({ GEMINI_TEXT_THINKING_LEVEL: "a lot" }).problems).toHaveLength(1);
  });

  it("another model: nothing by default (its own default), any of the four levels when set", () => {
    expect(thinkingSettings({ GEMINI_IMAGE_MODEL: "gemini-some-other-image-model" })).toMatchObject({
      image: null,
      text: { thinkingLevel: "LOW" },
      problems: [],
    });
    expect(
      thinkingSettings({
        VITE_GEMINI_TEXT_MODEL: "gemini-other-flash",
        GEMINI_TEXT_THINKING_LEVEL: "minimal",
      }),
    ).toMatchObject({ text: { thinkingLevel: "MINIMAL" }, problems: [] });
    const wrong = thinkingSettings({
      GEMINI_TEXT_MODEL: "gemini-other-flash",
      GEMINI_TEXT_THINKING_LEVEL: "max",
    });
    expect(wrong.problems[0]).toMatch(
      /^GEMINI_TEXT_THINKING_LEVEL must be one of MINIMAL, LOW, MEDIUM, HIGH \(the levels gemini-other-flash accepts\).*Leave it unset for the model's own default\.$/,
    );
  });

  it("takes the models the proxy calls when given (AiSettings' imageModel and textModel)", () => {
    const settings = thinkingSettings(
      {},
      { image: "models/gemini-nano-banana-2.1", text: "gemini-other-flash" },
    );
    expect(settings).toMatchObject({ image: { thinkingLevel: "MEDIUM" }, text: null });
  });
});

describe("withThinking", () => {
  const settings = { image: { thinkingLevel: "MINIMAL" as const }, text: null };
  const contents = [{ role: "user", parts: [{ text: "Make it snow." }] }];

  it("sets the kind's level over whatever the page sent, in either spelling, keeping the rest", () => {
    const body = {
      contents,
      generationConfig: {
        responseModalities: ["TEXT", "IMAGE"],
        imageConfig: { aspectRatio: "1:1" },
        thinkingConfig: { thinkingLevel: "HIGH", includeThoughts: true },
        thinking_config: { thinking_budget: 24576 },
      },
    };
    expect(withThinking(body, "image", settings)).toEqual({
      contents,
      generationConfig: {
        responseModalities: ["TEXT", "IMAGE"],
        imageConfig: { aspectRatio: "1:1" },
        thinkingConfig: { thinkingLevel: "MINIMAL" },
      },
    });
    // The page's body is not changed.
    expect(body.generationConfig.thinkingConfig).toEqual({ thinkingLevel: "HIGH", includeThoughts: true });
  });

  it("adds a generationConfig when the page sent none", () => {
    expect(withThinking({ contents }, "image", settings)).toEqual({
      contents,
      generationConfig: { thinkingConfig: { thinkingLevel: "MINIMAL" } },
    });
  });

  it("none for the kind: the page's thinking is removed, and an empty generationConfig with it", () => {
    expect(
      withThinking(
        { contents, generationConfig: { thinkingConfig: { thinkingLevel: "HIGH" } } },
        "text",
        settings,
      ),
    ).toEqual({ contents });
    expect(
      withThinking({ contents, generationConfig: { temperature: 1, thinkingConfig: {} } }, "text", settings),
    ).toEqual({ contents, generationConfig: { temperature: 1 } });
    expect(withThinking({ contents }, "text", settings)).toEqual({ contents });
  });

  it("leaves a generationConfig that is not an object for Google to refuse", () => {
    const body = { contents, generationConfig: "fast" };
    expect(withThinking(body, "image", settings)).toBe(body);
  });
});

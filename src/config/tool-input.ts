/**
 * The two headers that name a tool's call to the app's own servers (the AI proxy, api/ai.ts, and the
 * local preview engine, server/local-ai), in one place for the page, the proxy and the engine. The
 * page names its tool in x-cucumber-tool and sends what the engine needs to answer it (a scene's kind,
 * description and place, a card's occasion, a style tool's operation...) in x-cucumber-tool-input, so
 * the engine never reads those details out of a prompt's wording: a prompt reworded in prompts.ts
 * changes nothing offline. Neither header ever goes to Google (docs/gemini.md "Request"). No import
 * here: the page's Gemini client imports this file (see gemini-calls.ts on the entry chunk).
 */

export const TOOL_HEADER = "x-cucumber-tool";
export const TOOL_INPUT_HEADER = "x-cucumber-tool-input";

/** One flat object of plain values: what a header carries well and a handler checks field by field. */
export type ToolInput = Readonly<Record<string, string | number | boolean>>;

/** The longest x-cucumber-tool-input the engine reads, as sent (encoded); a longer one is refused. */
export const MAX_TOOL_INPUT_CHARS = 8 * 1024;

/**
 * The most characters of one string the page sends. The engine draws a few dozen of them at most (a
 * caption, a label) and looks for a style's name in the rest; cut here, the encoded header stays under
 * MAX_TOOL_INPUT_CHARS whatever the script (a character is at most 12 characters encoded).
 */
export const MAX_TOOL_INPUT_STRING = 300;

/**
 * The header's value: the input as JSON, percent-encoded (UTF-8) so any character survives a header,
 * each string cut to MAX_TOOL_INPUT_STRING characters (whole code points: half a surrogate pair cannot
 * be encoded).
 */
export function encodeToolInput(input: ToolInput): string {
  const cut = Object.fromEntries(
    Object.entries(input).map(([name, value]) => [
      name,
      typeof value === "string" ? Array.from(value).slice(0, MAX_TOOL_INPUT_STRING).join("") : value,
    ]),
  );
  return encodeURIComponent(JSON.stringify(cut));
}

/**
 * Which style the local preview engine paints, from the variant table (src/config/variants.ts). A style
 * tool's request (x-cucumber-tool names a row) gets that row's look (styleOfTool): the frog's two looks
 * follow the photo's size, as the row's prompt does. A person's own words (a custom prompt, a batch
 * instruction, a request of no tool) are read for a look (detectStyle): a row's label and its
 * `preview.words` name it, and the style the words name first wins (so words a description adds later,
 * "holding a cucumber", never outrank it); a frog is added to the scene or the subject becomes one, as
 * the words say. Party words without a style ask for a celebration; anything else is a custom edit. A
 * new row is recognised as it is.
 */
import { FROG_TRANSFORM_ABOVE_BYTES, VARIANTS, type Variant } from "../../src/config/variants.ts";

/** A variant's id, or one of the frog's two looks, "celebration" or "custom". */
export type StyleId = string;

export interface Style {
  id: StyleId;
  /** Shown in the response text: "Local preview: <label> applied." */
  label: string;
}

const CELEBRATION: Style = { id: "celebration", label: "celebration style" };
const CUSTOM: Style = { id: "custom", label: "custom edit" };

const CELEBRATION_WORDS =
  /\b(celebrat\w*|festive|birthday|party|anniversary|wedding|holidays?|christmas|new year|graduation|congratulations)\b/i;

const FROG_ADD =
  /\b(add|adds|adding|place|places|put|insert|include)\b[^.]{0,80}?\bfrogs?\b|\bfrogs?\b[^.]{0,40}?\b(to|in|into|on)\s+(the|this)\s+(scene|image|photo|picture|background)\b/i;
const FROG_TRANSFORM =
  /\b(turn|turns|turning|transform\w*|convert\w*|become|becomes|morph\w*|change|changes)\b[^.]{0,80}?\bfrogs?\b|\binto\s+(an?\s+)?(\w+\s+)?frogs?\b|\bfrog-?like\b/i;

const FROG_TRANSFORM_LOOK: Style = { id: "frog-transform", label: "frog transformation" };
const FROG_ADD_LOOK: Style = { id: "frog-add", label: "frog (added to the scene)" };

/**
 * The frog row has two looks: turned into a frog, or a frog added. Read in the person's own words (not
 * in a wrapper the app put around them: its verbs say nothing about the frog).
 */
function frogStyle(words: string): Style {
  const add = words.search(FROG_ADD);
  const transform = words.search(FROG_TRANSFORM);
  return transform >= 0 && (add < 0 || transform < add) ? FROG_TRANSFORM_LOOK : FROG_ADD_LOOK;
}

/**
 * Rows whose style depends on more than being named, by variant id: the look the person's words ask
 * for, and the look the row's own prompt takes for a photo of so many bytes.
 */
const SPLIT_STYLES: Readonly<
  Record<string, { byWords: (words: string) => Style; byBytes: (bytes: number) => Style }>
> = {
  frog: {
    byWords: frogStyle,
    byBytes: (bytes) => (bytes > FROG_TRANSFORM_ABOVE_BYTES ? FROG_TRANSFORM_LOOK : FROG_ADD_LOOK),
  },
};

/** A word or phrase matched at the start of a word, case-insensitively, spaces and hyphens alike. */
function wordPattern(word: string): string {
  const escaped = word.trim().replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return `\\b${escaped.replace(/[\s-]+/g, "[\\s-]?")}`;
}

interface Rule {
  pattern: RegExp;
  style: (words: string) => Style;
}

/** A row's one look, named as the engine's answer names it. */
const plainStyle = (variant: Variant): Style => ({
  id: variant.id,
  label: variant.preview?.name ?? `${variant.label} style`,
});

function ruleFor(variant: Variant): Rule {
  const words = [variant.label, ...(variant.preview?.words ?? [])];
  const pattern = new RegExp(words.map(wordPattern).join("|"), "i");
  const split = SPLIT_STYLES[variant.id];
  if (split) return { pattern, style: split.byWords };
  const style = plainStyle(variant);
  return { pattern, style: () => style };
}

const RULES: readonly Rule[] = VARIANTS.map(ruleFor);

/**
 * The style words ask for (case-insensitive; anything else is a custom edit): named in `text`, a row's
 * two looks told apart in `words`, the person's own words (by default found inside `text`, for a
 * request of no tool that wrapped them in an instruction).
 */
export function detectStyle(text: string, words = extractUserInstruction(text)): Style {
  let first: { at: number; rule: Rule } | undefined;
  for (const rule of RULES) {
    const at = text.search(rule.pattern);
    if (at >= 0 && (!first || at < first.at)) first = { at, rule };
  }
  if (first) return first.rule.style(words);
  return CELEBRATION_WORDS.test(text) ? CELEBRATION : CUSTOM;
}

/**
 * A style tool's own look, by its tool id (a row of the variant table), for a photo sent at `bytes`;
 * undefined for an id that is no style tool.
 */
export function styleOfTool(id: string | undefined, bytes: number): Style | undefined {
  const variant = VARIANTS.find((row) => row.id === id);
  if (!variant) return undefined;
  return SPLIT_STYLES[variant.id]?.byBytes(bytes) ?? plainStyle(variant);
}

/** Labels the app may put before the user's words, most telling first. */
const LABELLED = [
  /\buser(?:'s)? prompt\s*:\s*([^\n]+)/i,
  /\bprompt\s*:\s*([^\n]+)/i,
  /\bdescription\s*:\s*([^\n]+)/i,
  /\binstructions?\s*:\s*([^\n]+)/i,
  /\brequest\s*:\s*([^\n]+)/i,
  /\boccasion\s*:\s*([^\n]+)/i,
];

/**
 * The user's own words inside an instruction the app wrapped around them: the longest quoted part,
 * else what follows "prompt:" / "description:" and similar, else the whole text.
 */
export function extractUserInstruction(prompt: string): string {
  const quoted = [
    ...prompt.matchAll(/"([^"\n]{3,})"|“([^”\n]{3,})”|(?:^|[\s:(])'([^'\n]{3,})'(?=$|[\s.,;:!?)])/g),
  ]
    .map((m) => (m[1] ?? m[2] ?? m[3] ?? "").trim())
    .filter(Boolean);
  if (quoted.length) return quoted.reduce((a, b) => (b.length > a.length ? b : a));
  for (const label of LABELLED) {
    const words = label.exec(prompt)?.[1]?.trim();
    if (words) return words;
  }
  return prompt.trim();
}

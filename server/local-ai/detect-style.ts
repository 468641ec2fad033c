/**
 * Which style a prompt asks the local preview engine for, read from the variant table
 * (src/config/variants.ts): a row's label and its `preview.words` name it, and the style the prompt
 * names first wins (so words a description adds later, "holding a cucumber", never outrank it). A frog
 * is added to the scene or the subject becomes one, as the user's own words say. Party words without a
 * style ask for a celebration; anything else is a custom edit. A new row is recognised as it is.
 */
import { VARIANTS, type Variant } from "../../src/config/variants.ts";

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

/**
 * The frog row has two looks: turned into a frog, or a frog added. Read in the user's own words where
 * the app wrapped them ("Transform this image according to the user's request: "put a frog on my
 * head"..."): the wrapper's verbs say nothing about the frog.
 */
function frogStyle(prompt: string): Style {
  const words = extractUserInstruction(prompt);
  const add = words.search(FROG_ADD);
  const transform = words.search(FROG_TRANSFORM);
  return transform >= 0 && (add < 0 || transform < add)
    ? { id: "frog-transform", label: "frog transformation" }
    : { id: "frog-add", label: "frog (added to the scene)" };
}

/** Rows whose style depends on more than being named, by variant id. */
const SPLIT_STYLES: Readonly<Record<string, (prompt: string) => Style>> = { frog: frogStyle };

/** A word or phrase matched at the start of a word, case-insensitively, spaces and hyphens alike. */
function wordPattern(word: string): string {
  const escaped = word.trim().replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return `\\b${escaped.replace(/[\s-]+/g, "[\\s-]?")}`;
}

interface Rule {
  pattern: RegExp;
  style: (prompt: string) => Style;
}

function ruleFor(variant: Variant): Rule {
  const words = [variant.label, ...(variant.preview?.words ?? [])];
  const pattern = new RegExp(words.map(wordPattern).join("|"), "i");
  const split = SPLIT_STYLES[variant.id];
  if (split) return { pattern, style: split };
  const style: Style = { id: variant.id, label: variant.preview?.name ?? `${variant.label} style` };
  return { pattern, style: () => style };
}

const RULES: readonly Rule[] = VARIANTS.map(ruleFor);

/** The style a prompt asks for (case-insensitive; anything else is a custom edit). */
export function detectStyle(prompt: string): Style {
  let first: { at: number; rule: Rule } | undefined;
  for (const rule of RULES) {
    const at = prompt.search(rule.pattern);
    if (at >= 0 && (!first || at < first.at)) first = { at, rule };
  }
  if (first) return first.rule.style(prompt);
  return CELEBRATION_WORDS.test(prompt) ? CELEBRATION : CUSTOM;
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

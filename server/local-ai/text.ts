/**
 * Text answers of the local preview engine, built from what is really in the image: its dominant
 * colours (named with a small table of hue, saturation and lightness ranges), brightness, contrast,
 * colourfulness, orientation and size.
 */
import type { DecodedImage } from "./image.ts";
import { truncate } from "./svg.ts";

export type Warmth = "warm" | "cool" | "neutral";

export interface ColourShare {
  name: string;
  /** Fraction of the pixels (0..1). */
  share: number;
  warmth: Warmth;
}

export interface ImageFacts {
  width: number;
  height: number;
  orientation: "landscape" | "portrait" | "square";
  /** Mean luma, 0 (black) to 1 (white). */
  brightness: number;
  /** Standard deviation of luma, 0 to ~0.5. */
  contrast: number;
  /** Mean HSL saturation, 0 to 1. */
  saturation: number;
  /** Named colours, largest share first. */
  colours: ColourShare[];
  warmth: Warmth;
  /** Mean luma of the centre minus that of the border, -1 to 1. */
  centreContrast: number;
}

function rgbToHsl(r: number, g: number, b: number): [number, number, number] {
  const rn = r / 255;
  const gn = g / 255;
  const bn = b / 255;
  const max = Math.max(rn, gn, bn);
  const min = Math.min(rn, gn, bn);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  let h: number;
  if (max === rn) h = (gn - bn) / d + (gn < bn ? 6 : 0);
  else if (max === gn) h = (bn - rn) / d + 2;
  else h = (rn - gn) / d + 4;
  return [h * 60, s, l];
}

/** The everyday name of a colour, and whether it reads as warm, cool or neutral. */
export function nameColour(r: number, g: number, b: number): { name: string; warmth: Warmth } {
  const [h, s, l] = rgbToHsl(r, g, b);
  const chroma = (Math.max(r, g, b) - Math.min(r, g, b)) / 255;
  if (l < 0.1) return { name: "black", warmth: "neutral" };
  if (l > 0.93 && chroma < 0.12) return { name: "white", warmth: "neutral" };
  if (s < 0.12 || chroma < 0.06) {
    if (l < 0.28) return { name: "charcoal", warmth: "neutral" };
    if (l < 0.62) return { name: "grey", warmth: "neutral" };
    if (l < 0.85) return { name: "silver", warmth: "neutral" };
    return { name: "white", warmth: "neutral" };
  }
  // Warm hues with little saturation: the browns, tans and creams of skin, wood, fur and paper.
  if (h >= 15 && h < 65 && s < 0.42) {
    if (l >= 0.8) return { name: "cream", warmth: "warm" };
    if (l >= 0.58) return { name: "beige", warmth: "warm" };
    if (l >= 0.3) return { name: "tan", warmth: "warm" };
    return { name: "brown", warmth: "warm" };
  }
  if (h < 14 || h >= 345) {
    if (l < 0.25) return { name: "maroon", warmth: "warm" };
    if (l > 0.72) return { name: "pink", warmth: "warm" };
    return { name: "red", warmth: "warm" };
  }
  if (h < 42) {
    if (l < 0.42) return { name: "brown", warmth: "warm" };
    if (l > 0.75) return { name: "peach", warmth: "warm" };
    return { name: "orange", warmth: "warm" };
  }
  if (h < 68) {
    if (l < 0.32) return { name: "olive", warmth: "warm" };
    if (l < 0.5) return { name: "gold", warmth: "warm" };
    return { name: "yellow", warmth: "warm" };
  }
  if (h < 160) {
    if (l < 0.25) return { name: "dark green", warmth: "cool" };
    if (h < 95 && s > 0.5 && l > 0.5) return { name: "lime", warmth: "cool" };
    return { name: "green", warmth: "cool" };
  }
  if (h < 200) return { name: l > 0.6 ? "turquoise" : "teal", warmth: "cool" };
  if (h < 255) {
    if (l < 0.28) return { name: "navy", warmth: "cool" };
    if (l > 0.65) return { name: "sky blue", warmth: "cool" };
    return { name: "blue", warmth: "cool" };
  }
  if (h < 290) return { name: l > 0.7 ? "lavender" : "purple", warmth: "cool" };
  if (l < 0.3) return { name: "plum", warmth: "warm" };
  return { name: l > 0.6 ? "pink" : "magenta", warmth: "warm" };
}

/** Facts about a decoded image. Works on a small copy: a 96 px image is plenty for statistics. */
export function describePixels(image: DecodedImage): ImageFacts {
  const { data, width, height } = image;
  const tally = new Map<string, { count: number; warmth: Warmth }>();
  let lumaSum = 0;
  let lumaSq = 0;
  let satSum = 0;
  let centreSum = 0;
  let centreCount = 0;
  let borderSum = 0;
  let borderCount = 0;
  const pixels = width * height;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const r = data[i];
      const g = data[i + 1];
      const b = data[i + 2];
      const luma = (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
      lumaSum += luma;
      lumaSq += luma * luma;
      satSum += rgbToHsl(r, g, b)[1];
      const colour = nameColour(r, g, b);
      const entry = tally.get(colour.name);
      if (entry) entry.count++;
      else tally.set(colour.name, { count: 1, warmth: colour.warmth });
      const fx = x / width;
      const fy = y / height;
      if (fx > 0.3 && fx < 0.7 && fy > 0.3 && fy < 0.7) {
        centreSum += luma;
        centreCount++;
      } else if (fx < 0.15 || fx > 0.85 || fy < 0.15 || fy > 0.85) {
        borderSum += luma;
        borderCount++;
      }
    }
  }
  const brightness = lumaSum / pixels;
  const contrast = Math.sqrt(Math.max(0, lumaSq / pixels - brightness * brightness));
  const colours = [...tally.entries()]
    .map(([name, { count, warmth }]) => ({ name, share: count / pixels, warmth }))
    .sort((a, b) => b.share - a.share);
  const warmShare = colours.filter((c) => c.warmth === "warm").reduce((sum, c) => sum + c.share, 0);
  const coolShare = colours.filter((c) => c.warmth === "cool").reduce((sum, c) => sum + c.share, 0);
  const warmth: Warmth =
    warmShare > coolShare * 1.5 && warmShare > 0.25
      ? "warm"
      : coolShare > warmShare * 1.5 && coolShare > 0.25
        ? "cool"
        : "neutral";
  const aspect = image.sourceWidth / image.sourceHeight;
  return {
    width: image.sourceWidth,
    height: image.sourceHeight,
    orientation: aspect > 1.08 ? "landscape" : aspect < 0.92 ? "portrait" : "square",
    brightness,
    contrast,
    saturation: satSum / pixels,
    colours,
    warmth,
    centreContrast: (centreCount ? centreSum / centreCount : 0) - (borderCount ? borderSum / borderCount : 0),
  };
}

function brightnessWord(facts: ImageFacts): string {
  if (facts.brightness < 0.28) return "dark";
  if (facts.brightness < 0.42) return "dim";
  if (facts.brightness < 0.6) return "softly lit";
  return "bright";
}

function mainColours(facts: ImageFacts): { first: string; second?: string; touches: string[] } {
  const [first, second, ...rest] = facts.colours;
  return {
    first: first?.name ?? "grey",
    second: second && second.share >= 0.08 ? second.name : undefined,
    touches: rest.filter((c) => c.share >= 0.04).map((c) => c.name),
  };
}

function listWords(words: string[]): string {
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}

const article = (word: string) => (/^[aeiou]/i.test(word) ? "an" : "a");

/** A one-paragraph description of the image, usable as a tailored prompt. */
export function describeImage(facts: ImageFacts): string {
  const { first, second, touches } = mainColours(facts);
  const brightness = brightnessWord(facts);
  const tones = second ? `${first} and ${second}` : first;
  const warmth = facts.warmth === "neutral" ? "" : `${facts.warmth} `;
  const light =
    facts.contrast > 0.24
      ? "strong contrast between light and shadow"
      : facts.contrast < 0.12
        ? "soft, even light with gentle contrast"
        : "natural, balanced contrast";
  const colourfulness =
    facts.saturation > 0.5 ? "vivid, saturated" : facts.saturation < 0.2 ? "muted, understated" : "natural";
  const centre =
    facts.centreContrast > 0.06
      ? "The centre of the frame is brighter than its edges, so the main subject most likely sits in the middle."
      : facts.centreContrast < -0.06
        ? "The centre of the frame is darker than its surroundings, so the main subject stands out against a lighter background."
        : "Light is spread evenly across the frame.";
  const touchText = touches.length ? `, with touches of ${listWords(touches.slice(0, 3))}` : "";
  return (
    `${capitalise(`${article(brightness)} ${brightness}`)} ${facts.orientation} photo (${facts.width}x${facts.height}) ` +
    `dominated by ${warmth}${tones} tones${touchText}. It has ${light} and ${colourfulness} colours. ${centre} ` +
    `Keep the composition, perspective, lighting and this ${first}${second ? ` and ${second}` : ""} palette ` +
    `consistent so that any change blends in naturally, with matching shadows and reflections.`
  );
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function pick<T>(options: readonly T[], random: () => number): T {
  return options[Math.floor(random() * options.length) % options.length];
}

/** An eight-line poem with line breaks, made from the image's facts. */
export function imagePoem(facts: ImageFacts, random: () => number = Math.random): string {
  const { first, second, touches } = mainColours(facts);
  const pair = second ? `${first} and ${second}` : `shades of ${first}`;
  const mood = facts.warmth === "neutral" ? "quiet" : facts.warmth;
  const lines = [
    pick([`In ${pair} the picture breathes,`, `${capitalise(pair)} share a single frame,`], random),
    `${article(facts.orientation)} ${facts.orientation} window, ${facts.width} by ${facts.height},`,
    facts.brightness >= 0.6
      ? "where daylight pours in bright and clear,"
      : facts.brightness < 0.35
        ? "where shadows gather, soft and deep,"
        : "where gentle light falls calm and even,",
    facts.contrast > 0.24
      ? "each edge drawn sharp in light and shade,"
      : facts.contrast < 0.12
        ? "each edge a whisper, softly blurred,"
        : "each shape at ease in its own place,",
    touches.length
      ? `with hints of ${listWords(touches.slice(0, 2))} along the way,`
      : "with nothing loud to break the spell,",
    facts.saturation > 0.5
      ? "the colours sing out, bold and bright,"
      : facts.saturation < 0.2
        ? "the colours hush to a quiet tone,"
        : "the colours rest in easy, natural tones,",
    facts.centreContrast > 0.06
      ? "the heart of the scene glows at its centre,"
      : facts.centreContrast < -0.06
        ? "the centre keeps its darker secret,"
        : "and every corner carries equal weight:",
    pick(
      [`${article(mood)} ${mood} moment, held and kept.`, `${article(mood)} ${mood} moment caught in time.`],
      random,
    ),
  ];
  return lines.map(capitalise).join("\n");
}

/** Text answers for requests without an image: a short reply built from the prompt, or a short poem. */
export function textWithoutImage(prompt: string, poem: boolean): string {
  const topic = truncate(prompt, 80) || "your request";
  if (poem) {
    const words = (prompt.toLowerCase().match(/[a-z]{5,}/g) ?? []).filter(
      (w) => !["write", "about", "poem", "please", "colourful", "colorful", "visual", "breaks"].includes(w),
    );
    const subject = words[0] ?? "colour";
    return [
      `A little song of ${subject} I bring,`,
      "no picture here, yet words can sing,",
      "of skies that shift from gold to blue,",
      "of something old and something new,",
      "a local verse, a preview line,",
      "until a real key makes it shine.",
    ].join("\n");
  }
  return (
    `Local preview engine (no AI model): I received "${topic}". ` +
    `Add a Gemini API key to get a real answer to this request.`
  );
}

/**
 * Whether the words of a request ask for a poem: read only for a request that names no tool (the
 * poetry tool's id says so for the app's own requests, answer.ts).
 */
export const wantsPoem = (prompt: string) => /\bpoem|\bpoetry\b|\bverses?\b/i.test(prompt);

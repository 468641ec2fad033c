/**
 * THE variant table (docs/architecture.md "AI tools"): every style tool is one row. The style routes,
 * sidebar entries, cross-links, overlays, toasts, prompts, download names and the tests are generated
 * from it. Adding a style is adding a row.
 */
import { BRAND_SLUG } from "./brand.ts";
import { paths, type AppPath } from "./paths.ts";

export type VariantId =
  "cucumber" | "hulk" | "muppet" | "frog" | "simpsons" | "gta" | "family-guy" | "skeleton";

export type PromptContext = {
  /** Encoded size in bytes of the prepared image that will be sent. */
  bytes: number;
};

export type Variant = {
  id: VariantId;
  path: AppPath;
  /** Sidebar label. */
  label: string;
  /** Page heading, also the cross-link name ("Try Hulk.AI"). */
  title: string;
  description: string;
  teaser: string;
  emoji: string;
  /** Emoji footer shown under the page (Hulk, Muppet, Frog). */
  footer?: readonly [string, string, string];
  /** Tailwind classes for the themed upload area and accents. */
  theme: { gradient: string; border: string; accent: string; button: string };
  /** The instruction sent with the photo. */
  prompt: (ctx: PromptContext) => string;
  /**
   * Prompt analysis (SPEC 7.2): the text model looks at the photo first and writes a tailored
   * instruction. `prefix` is the fixed instruction it is appended to (cucumber), `fallback` what is
   * used, silently, when the analysis fails.
   */
  analysis?: { request: string; prefix?: string; fallback: string };
  overlay: { title: string; text: string };
  toasts: { processing: string; success: string; recreating: string; recreated: string };
  /** Text of the waiting alert while there is no result yet. */
  waiting: string;
  downloadName: string;
  /** Longest side and JPEG quality of the image sent (SPEC 9: frog 1024 px at 0.92). */
  image: { maxSide: number; quality: number };
  /**
   * Extra generation settings sent with the style's image call (imageConfig and the like). Sampling
   * parameters and an output cap put here are dropped by the client: see `sampling`.
   */
  generationConfig?: Record<string, unknown>;
  /**
   * SPEC 7.1's sampling values for this style, kept for the record and NOT sent (docs/gemini.md
   * "Request"): temperature, topK and topP are deprecated and ignored by current models, and on a
   * thinking image model maxOutputTokens caps thinking plus output, so a small cap ends a billed call
   * with MAX_TOKENS and no image. The client's one switch for them is UNSENT_ON_IMAGE_CALLS
   * (src/lib/gemini/client.ts).
   */
  sampling?: { temperature?: number; topK?: number; topP?: number; maxOutputTokens?: number };
  /** Skeleton has its own simpler layout (SPEC 2.15). */
  layout: "standard" | "skeleton";
  /**
   * How the local preview engine (server/local-ai: offline, not AI) shows the style, and recognises it
   * in a person's own words (a custom prompt, a batch instruction); the style page's own calls get it
   * by their tool id. Optional: without it, words that name the label ask for the style, the engine's
   * answer calls it "<label> style", and a style the engine has no look of its own for is painted as a
   * tint.
   */
  preview?: VariantPreview;
};

export type VariantPreview = {
  /** More words than the label that ask for the style in a person's words, each matched at the start of a word. */
  words?: readonly string[];
  /** The style's name in the engine's answer: "Local preview: <name> applied." */
  name?: string;
  /** Shadow and highlight colours of the tint (else colours picked from the id). */
  tint?: readonly [string, string];
};

const LIKENESS =
  "Keep every person's face, likeness, expression, pose, clothing layout and the composition recognisable. Return one edited image.";

/**
 * SPEC 5 "Frog": a photo sent at more than this many bytes has its subject turned into a frog, a smaller
 * one gets a frog added. The frog row's prompt and the local preview engine's frog look both follow it.
 */
export const FROG_TRANSFORM_ABOVE_BYTES = 50_000;

const CUCUMBER_FIXED =
  "Add exactly ONE humorous, photorealistic cucumber to this image, not multiple cucumbers. Match the scene's lighting, perspective, scale and shadows so it looks like it was really there.";

export const VARIANTS: readonly Variant[] = [
  {
    id: "cucumber",
    path: paths.home,
    label: "Cucumber",
    title: "Cucumber.AI",
    description: "Upload a photo and our AI adds exactly one perfectly placed, photorealistic cucumber.",
    teaser: "Every photo is better with a cucumber. 🥒",
    emoji: "🥒",
    theme: {
      gradient: "from-green-50 to-emerald-100 dark:from-green-950/40 dark:to-emerald-900/30",
      border: "border-green-300 dark:border-green-800",
      accent: "text-green-700 dark:text-green-400",
      button: "bg-green-700 hover:bg-green-800 text-white",
    },
    prompt: () => CUCUMBER_FIXED,
    analysis: {
      request:
        "Look at this photo and describe, in 2-3 sentences, the single funniest believable place to add one cucumber (for example held in a hand, on a plate, peeking from a pocket), and how it should be lit and sized to match the scene. Answer with the instruction only.",
      prefix: CUCUMBER_FIXED,
      fallback: `${CUCUMBER_FIXED} Place one humorous, photorealistic cucumber where it is funny but believable.`,
    },
    overlay: { title: "Adding Cucumber...", text: "Our AI is finding the perfect spot for your cucumber." },
    toasts: {
      processing: "Processing your image...",
      success: "Cucumber successfully added!",
      recreating: "Creating a new version...",
      recreated: "New cucumber version created!",
    },
    waiting: "Waiting for the AI to add your cucumber...",
    downloadName: `${BRAND_SLUG}-edition.png`,
    image: { maxSide: 2048, quality: 0.9 },
    layout: "standard",
    preview: { name: "cucumber" },
  },
  {
    id: "hulk",
    path: "/hulk",
    label: "Hulk",
    title: "Hulk.AI",
    description:
      "Turn yourself and your friends into Hulk or She-Hulk: green skin, huge muscles, same faces.",
    teaser: "Don't make them angry. You wouldn't like them when they're angry. 💪",
    emoji: "💪",
    footer: ["💚", "💪", "💥"],
    theme: {
      gradient: "from-lime-50 to-green-200 dark:from-lime-950/40 dark:to-green-900/40",
      border: "border-lime-400 dark:border-lime-800",
      accent: "text-lime-700 dark:text-lime-400",
      button: "bg-lime-700 hover:bg-lime-800 text-white",
    },
    prompt: () =>
      `Transform every person in this photo into the Hulk (men) or She-Hulk (women): bright green skin, massively muscular build, torn clothing at the seams. ${LIKENESS}`,
    analysis: {
      request:
        "Describe the people in this photo (how many, their poses, expressions, clothing) in 2-3 sentences, so an artist can turn each of them into Hulk or She-Hulk while keeping them recognisable. Answer with the description only.",
      fallback: `Transform every person in this photo into the Hulk or She-Hulk with green skin and huge muscles. ${LIKENESS}`,
    },
    overlay: { title: "HULK SMASH!", text: "Our AI is transforming your image into Hulk." },
    toasts: {
      processing: "Processing your image...",
      success: "Hulkified!",
      recreating: "Creating a new version...",
      recreated: "New Hulk version created!",
    },
    waiting: "Waiting for the AI to Hulkify your photo...",
    downloadName: "hulk-edition.png",
    image: { maxSide: 2048, quality: 0.9 },
    layout: "standard",
  },
  {
    id: "muppet",
    path: "/muppet",
    label: "Muppet",
    title: "Muppet.AI",
    description: "Everyone in your photo becomes a felt-and-foam Muppet. The background stays as it is.",
    teaser: "It's time to play the music, it's time to light the lights! 🎭",
    emoji: "🎭",
    footer: ["🎭", "🧵", "🎶"],
    theme: {
      gradient: "from-pink-50 to-orange-100 dark:from-pink-950/40 dark:to-orange-900/30",
      border: "border-pink-300 dark:border-pink-800",
      accent: "text-pink-700 dark:text-pink-400",
      button: "bg-pink-600 hover:bg-pink-700 text-white",
    },
    prompt: () =>
      `Turn every person in this photo into a Muppet-style puppet: felt and foam texture, big expressive eyes, colourful fuzzy hair, hand-puppet mouths. Preserve the background exactly. ${LIKENESS}`,
    analysis: {
      request:
        "Describe the people in this photo (how many, hair, clothing, expressions, poses) in 2-3 sentences so a puppet maker could turn each into a recognisable Muppet. Answer with the description only.",
      fallback: `Turn every person in this photo into a Muppet-style puppet and keep the background exactly as it is. ${LIKENESS}`,
    },
    overlay: {
      title: "Muppetifying...",
      text: "Our AI is transforming your image into a Muppet masterpiece.",
    },
    toasts: {
      processing: "Processing your image...",
      success: "Muppet transformation complete!",
      recreating: "Creating a new version...",
      recreated: "New Muppet version created!",
    },
    waiting: "Waiting for the AI to stitch your Muppet...",
    downloadName: "muppet-edition.png",
    image: { maxSide: 2048, quality: 0.9 },
    layout: "standard",
  },
  {
    id: "frog",
    path: "/frog",
    label: "Frog",
    title: "Frog.AI",
    description: "Turn the subject of your photo into a frog, or add a friendly frog to the scene.",
    teaser: "Ribbit! Every picture deserves a frog. 🐸",
    emoji: "🐸",
    footer: ["🐸", "🪷", "💧"],
    theme: {
      gradient: "from-emerald-50 to-teal-100 dark:from-emerald-950/40 dark:to-teal-900/30",
      border: "border-emerald-300 dark:border-emerald-800",
      accent: "text-emerald-700 dark:text-emerald-400",
      button: "bg-emerald-700 hover:bg-emerald-800 text-white",
    },
    // SPEC 5: an image over 50000 bytes selects the subject transform, otherwise a frog is added.
    prompt: ({ bytes }) =>
      bytes > FROG_TRANSFORM_ABOVE_BYTES
        ? "Transform the main subject of this photo into a frog: a charming, photorealistic frog in the same pose, position and lighting, with a hint of the original's colours and character. Keep the background unchanged. Return one edited image."
        : "Add one cute, photorealistic frog to this scene, sitting naturally where it fits, matching the lighting and perspective. Keep everything else unchanged. Return one edited image.",
    overlay: {
      title: "Froggifying...",
      text: "Our AI is transforming your image into a ribbiting masterpiece.",
    },
    toasts: {
      processing: "Processing your image...",
      success: "Frog transformation complete!",
      recreating: "Creating a new version...",
      recreated: "New frog version created!",
    },
    waiting: "Waiting for the AI to find your frog...",
    downloadName: "frog-edition.png",
    image: { maxSide: 1024, quality: 0.92 },
    sampling: { temperature: 0.4, topK: 32, topP: 1, maxOutputTokens: 4096 },
    layout: "standard",
  },
  {
    id: "simpsons",
    path: "/simpsons",
    label: "Simpsons",
    title: "Simpsons.AI",
    description:
      "Redraw your photo as a scene from The Simpsons: yellow skin, overbites, Springfield colours.",
    teaser: "D'oh-n't miss your chance to live in Springfield! 🍩",
    emoji: "🍩",
    theme: {
      gradient: "from-yellow-50 to-sky-100 dark:from-yellow-950/40 dark:to-sky-900/30",
      border: "border-yellow-300 dark:border-yellow-800",
      accent: "text-yellow-700 dark:text-yellow-400",
      button: "bg-yellow-500 hover:bg-yellow-600 text-yellow-950",
    },
    prompt: () =>
      `Redraw this photo in the art style of The Simpsons cartoon: yellow skin, large round eyes, overbite, thick clean outlines and flat Springfield colours. ${LIKENESS}`,
    overlay: { title: "Converting to Simpsons Style...", text: "Our AI is moving you to Springfield." },
    toasts: {
      processing: "Processing your image...",
      success: "Simpsons style added!",
      recreating: "Creating a new version...",
      recreated: "New Simpsons version created!",
    },
    waiting: "Waiting for the AI to draw you in Springfield...",
    downloadName: "simpsons-edition.png",
    image: { maxSide: 2048, quality: 0.9 },
    layout: "standard",
    preview: { words: ["simpson"] },
  },
  {
    id: "gta",
    path: "/gta",
    label: "GTA",
    title: "GTA.AI",
    description: "Your photo as Grand Theft Auto loading-screen art: bold outlines, dramatic colour grade.",
    teaser: "Mission passed! Respect +100. 🚗",
    emoji: "🚗",
    theme: {
      gradient: "from-orange-50 to-purple-100 dark:from-orange-950/40 dark:to-purple-900/30",
      border: "border-orange-300 dark:border-orange-800",
      accent: "text-orange-700 dark:text-orange-400",
      button: "bg-orange-700 hover:bg-orange-800 text-white",
    },
    prompt: () =>
      `Redraw this photo as Grand Theft Auto loading-screen artwork: semi-realistic illustrated style, bold ink outlines, saturated sunset colour grade, dramatic lighting. ${LIKENESS}`,
    overlay: { title: "Converting to GTA Style...", text: "Our AI is painting your loading screen." },
    toasts: {
      processing: "Processing your image...",
      success: "GTA style added!",
      recreating: "Creating a new version...",
      recreated: "New GTA version created!",
    },
    waiting: "Waiting for the AI to paint your loading screen...",
    downloadName: "gta-edition.png",
    image: { maxSide: 2048, quality: 0.9 },
    layout: "standard",
    preview: { words: ["grand theft auto"] },
  },
  {
    id: "family-guy",
    path: "/family-guy",
    label: "Family Guy",
    title: "Family Guy.AI",
    description: "Redraw your photo in the Family Guy cartoon style, with everyone still recognisable.",
    teaser: "Freakin' sweet! Welcome to Quahog. 📺",
    emoji: "📺",
    theme: {
      gradient: "from-sky-50 to-red-100 dark:from-sky-950/40 dark:to-red-900/30",
      border: "border-sky-300 dark:border-sky-800",
      accent: "text-sky-700 dark:text-sky-400",
      button: "bg-sky-700 hover:bg-sky-800 text-white",
    },
    prompt: () =>
      `Redraw this photo in the art style of the Family Guy cartoon: simple rounded shapes, clean black outlines, flat colours, Quahog-style background. ${LIKENESS}`,
    overlay: { title: "Converting to Family Guy Style...", text: "Our AI is drawing you into Quahog." },
    toasts: {
      processing: "Processing your image...",
      success: "Family Guy style added!",
      recreating: "Creating a new version...",
      recreated: "New Family Guy version created!",
    },
    waiting: "Waiting for the AI to draw you into Quahog...",
    downloadName: "familyguy-edition.png",
    image: { maxSide: 2048, quality: 0.9 },
    layout: "standard",
  },
  {
    id: "skeleton",
    path: "/skeleton",
    label: "Skeleton",
    title: "Skeleton Transformer",
    description: "A playful cartoon X-ray: the skeleton of your subject, in exactly the same pose.",
    teaser: "Show the world what you're made of. 💀",
    emoji: "💀",
    theme: {
      gradient: "from-slate-100 to-indigo-100 dark:from-slate-900 dark:to-indigo-950/60",
      border: "border-slate-300 dark:border-slate-700",
      accent: "text-indigo-700 dark:text-indigo-300",
      button: "bg-indigo-600 hover:bg-indigo-700 text-white",
    },
    prompt: () =>
      "Create a playful cartoon X-ray version of this photo: replace the subject with a friendly cartoon skeleton in exactly the same pose, position and framing, glowing white bones on a dark blue X-ray background. Return one image.",
    overlay: { title: "Generating skeleton image...", text: "Our AI is taking an X-ray of your photo." },
    toasts: {
      processing: "Transforming your image into a skeleton...",
      success: "Skeleton transformation completed!",
      recreating: "Creating a new version...",
      recreated: "New skeleton version created!",
    },
    waiting: "Waiting for the AI to X-ray your photo...",
    downloadName: "skeleton-edition.png",
    image: { maxSide: 2048, quality: 0.9 },
    sampling: { temperature: 0.2, topP: 0.1, maxOutputTokens: 2048 },
    layout: "skeleton",
    preview: { words: ["skeletal", "x-ray"], name: "skeleton X-ray style" },
  },
];

export function getVariant(id: VariantId): Variant {
  const variant = VARIANTS.find((v) => v.id === id);
  if (!variant) throw new Error(`Unknown variant ${id}`);
  return variant;
}

/** Appended to the last prompt when the user asks for another version (SPEC 4.1). */
export const RECREATE_SUFFIX =
  " Try a different approach this time: a fresh, clearly different take on the same idea.";

/** The custom transformation (SPEC 7.1): the user's words plus what must be kept. */
export function customPrompt(userPrompt: string): string {
  return `Transform this image according to the user's request: "${userPrompt.trim()}". Preserve the core identity and context of the image and keep its recognizable elements. Return one edited image.`;
}

export const CUSTOM_OVERLAY = {
  title: "Transforming Image...",
  text: "Our AI is applying your transformation.",
} as const;

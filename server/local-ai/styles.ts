/**
 * The image side of the local preview engine: which style a prompt asks for, and a real sharp /
 * pixel-level rendition of it, so every style looks clearly different. Not AI: a stand-in that shows
 * the whole flow working offline.
 */
import {
  cropToAspect,
  encodeOutput,
  fitInside,
  svgToPng,
  transformRaw,
  type Layer,
  type RawImage,
} from "./image.ts";
import {
  balloon,
  captionBanner,
  captionCard,
  cartoonCharacter,
  confetti,
  cucumberSprite,
  escapeXml,
  frame,
  frogSprite,
  hashString,
  previewBadge,
  seededRandom,
  svgDocument,
  truncate,
  wrapText,
} from "./sprites.ts";

export type StyleId =
  | "cucumber"
  | "hulk"
  | "muppet"
  | "frog-add"
  | "frog-transform"
  | "simpsons"
  | "gta"
  | "family-guy"
  | "skeleton"
  | "celebration"
  | "custom";

export interface Style {
  id: StyleId;
  /** Shown in the response text: "Local preview: <label> applied." */
  label: string;
}

const LABELS: Record<StyleId, string> = {
  cucumber: "cucumber",
  hulk: "Hulk style",
  muppet: "Muppet style",
  "frog-add": "frog (added to the scene)",
  "frog-transform": "frog transformation",
  simpsons: "Simpsons style",
  gta: "GTA style",
  "family-guy": "Family Guy style",
  skeleton: "skeleton X-ray style",
  celebration: "celebration style",
  custom: "custom edit",
};

/**
 * Keyword rules, most specific first: a prompt that names a style (even inside a longer instruction
 * or a custom prompt) gets that style. "frog" and "cucumber" come late because they are the words
 * most likely to appear incidentally (a Muppet prompt may mention Kermit the frog).
 */
const RULES: ReadonlyArray<readonly [StyleId | "frog", RegExp]> = [
  ["skeleton", /\b(skeleton|skeletal|skeletons|x-?rays?)\b/i],
  ["hulk", /\bhulk/i],
  ["muppet", /\bmuppet/i],
  ["simpsons", /\bsimpsons?\b/i],
  ["family-guy", /\bfamily[\s-]?guy\b/i],
  ["gta", /\b(gta|grand theft auto)\b/i],
  ["frog", /\bfrogs?\b/i],
  ["cucumber", /\bcucumbers?\b/i],
  [
    "celebration",
    /\b(celebrat\w*|festive|birthday|party|anniversary|wedding|holidays?|christmas|new year|graduation|congratulations)\b/i,
  ],
];

const FROG_ADD =
  /\b(add|adds|adding|place|places|put|insert|include)\b[^.]{0,80}?\bfrogs?\b|\bfrogs?\b[^.]{0,40}?\b(to|in|into|on)\s+(the|this)\s+(scene|image|photo|picture|background)\b/i;
const FROG_TRANSFORM =
  /\b(turn|turns|turning|transform\w*|convert\w*|become|becomes|morph\w*|change|changes)\b[^.]{0,80}?\bfrogs?\b|\binto\s+(an?\s+)?(\w+\s+)?frogs?\b|\bfrog-?like\b/i;

/** The style a prompt asks for (case-insensitive keywords; anything else is a custom edit). */
export function detectStyle(prompt: string): Style {
  for (const [id, pattern] of RULES) {
    if (!pattern.test(prompt)) continue;
    if (id === "frog") {
      // Read the user's own words where the app wrapped them ("Transform this image according to the
      // user's request: "put a frog on my head"..."): the wrapper's verbs say nothing about the frog.
      const words = extractUserInstruction(prompt);
      const add = words.search(FROG_ADD);
      const transform = words.search(FROG_TRANSFORM);
      const frogId: StyleId = transform >= 0 && (add < 0 || transform < add) ? "frog-transform" : "frog-add";
      return { id: frogId, label: LABELS[frogId] };
    }
    return { id, label: LABELS[id] };
  }
  return { id: "custom", label: LABELS.custom };
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

// ---------------------------------------------------------------------------------------------------
// Pixel helpers (packed RGB)

const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : v);
const lumaOf = (r: number, g: number, b: number) => 0.299 * r + 0.587 * g + 0.114 * b;
const contrastAround = (v: number, k: number) => clamp((v - 128) * k + 128);
const posterise = (v: number, levels: number) => {
  const step = 255 / (levels - 1);
  return Math.round(Math.round(v / step) * step);
};

function mapPixels(
  image: RawImage,
  fn: (r: number, g: number, b: number, x: number, y: number) => readonly [number, number, number],
): RawImage {
  const { data, width, height } = image;
  const out = Buffer.allocUnsafe(data.length);
  for (let y = 0, i = 0; y < height; y++) {
    for (let x = 0; x < width; x++, i += 3) {
      const [r, g, b] = fn(data[i], data[i + 1], data[i + 2], x, y);
      out[i] = clamp(r);
      out[i + 1] = clamp(g);
      out[i + 2] = clamp(b);
    }
  }
  return { data: out, width, height };
}

/** Sobel edge mask (1 = edge) of the image's luma; `thickness` 2 dilates it for bold outlines. */
function edgeMask(image: RawImage, threshold: number, thickness: 1 | 2): Uint8Array {
  const { data, width, height } = image;
  const luma = new Float32Array(width * height);
  for (let p = 0, i = 0; p < luma.length; p++, i += 3) luma[p] = lumaOf(data[i], data[i + 1], data[i + 2]);
  const edges = new Uint8Array(width * height);
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const p = y * width + x;
      const tl = luma[p - width - 1];
      const t = luma[p - width];
      const tr = luma[p - width + 1];
      const l = luma[p - 1];
      const r = luma[p + 1];
      const bl = luma[p + width - 1];
      const b = luma[p + width];
      const br = luma[p + width + 1];
      const gx = tr + 2 * r + br - tl - 2 * l - bl;
      const gy = bl + 2 * b + br - tl - 2 * t - tr;
      if (gx * gx + gy * gy > threshold * threshold) edges[p] = 1;
    }
  }
  if (thickness === 1) return edges;
  const bold = new Uint8Array(edges.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      if (
        edges[p] ||
        (x > 0 && edges[p - 1]) ||
        (x < width - 1 && edges[p + 1]) ||
        (y > 0 && edges[p - width]) ||
        (y < height - 1 && edges[p + width])
      ) {
        bold[p] = 1;
      }
    }
  }
  return bold;
}

function drawEdges(image: RawImage, edges: Uint8Array, colour: readonly [number, number, number]): RawImage {
  const out = Buffer.from(image.data);
  for (let p = 0; p < edges.length; p++) {
    if (!edges[p]) continue;
    out[p * 3] = colour[0];
    out[p * 3 + 1] = colour[1];
    out[p * 3 + 2] = colour[2];
  }
  return { ...image, data: out };
}

/** Map luma onto a gradient between two colours (a duotone). */
function duotone(
  l: number,
  dark: readonly [number, number, number],
  light: readonly [number, number, number],
): [number, number, number] {
  const t = l / 255;
  return [
    dark[0] + (light[0] - dark[0]) * t,
    dark[1] + (light[1] - dark[1]) * t,
    dark[2] + (light[2] - dark[2]) * t,
  ];
}

// ---------------------------------------------------------------------------------------------------
// The styles. Each returns the processed pixels and the SVG fragments to lay over them.

interface Rendition {
  image: RawImage;
  overlays: string[];
  layers?: Layer[];
}

async function hulk(image: RawImage): Promise<Rendition> {
  const punchy = await transformRaw(image, (s) => s.modulate({ saturation: 1.2 }));
  const result = mapPixels(punchy, (r, g, b) => {
    const l = contrastAround(lumaOf(r, g, b), 1.45);
    const [dr, dg, db] = duotone(l, [6, 38, 10], [186, 255, 96]);
    return [dr * 0.85 + r * 0.15, dg * 0.85 + g * 0.15, db * 0.85 + b * 0.15];
  });
  return { image: result, overlays: [] };
}

async function muppet(image: RawImage, seed: number): Promise<Rendition> {
  const saturated = await transformRaw(image, (s) =>
    s.modulate({ saturation: 2.1, brightness: 1.06 }).blur(Math.max(0.8, image.width / 500)),
  );
  const random = seededRandom(seed);
  const posterised = mapPixels(saturated, (r, g, b) => {
    // Felt: fuzzy fibres of random brightness on flat, bold colour areas.
    const fibre = (random() - 0.5) * 28;
    return [posterise(r, 5) + fibre, posterise(g, 5) + fibre, posterise(b, 5) + fibre];
  });
  const felt = await transformRaw(posterised, (s) => s.blur(Math.max(0.9, image.width / 600)));
  return { image: felt, overlays: [] };
}

async function simpsons(image: RawImage): Promise<Rendition> {
  const smooth = await transformRaw(image, (s) => s.median(3).modulate({ saturation: 1.3 }));
  const yellow = [255, 217, 15] as const;
  const coloured = mapPixels(smooth, (r, g, b) => {
    const band = posterise(lumaOf(r, g, b), 4) / 255;
    const tone = 0.35 + 0.65 * band;
    return [
      posterise(r, 4) * 0.42 + yellow[0] * tone * 0.58,
      posterise(g, 4) * 0.42 + yellow[1] * tone * 0.58,
      posterise(b, 4) * 0.42 + yellow[2] * tone * 0.58,
    ];
  });
  return { image: drawEdges(coloured, edgeMask(smooth, 150, 2), [20, 16, 8]), overlays: [] };
}

async function familyGuy(image: RawImage): Promise<Rendition> {
  const flat = await transformRaw(image, (s) => s.median(5).modulate({ saturation: 1.35, brightness: 1.08 }));
  const cartoon = mapPixels(flat, (r, g, b) => [posterise(r, 6), posterise(g, 6), posterise(b, 6)]);
  return { image: drawEdges(cartoon, edgeMask(flat, 120, 1), [28, 28, 40]), overlays: [] };
}

async function gta(image: RawImage): Promise<Rendition> {
  const punchy = await transformRaw(image, (s) => s.modulate({ saturation: 1.45 }));
  const graded = mapPixels(punchy, (r, g, b) => {
    const l = lumaOf(r, g, b);
    // Shadows pulled to teal, highlights pushed to orange, then a hard contrast curve.
    const [tr, tg, tb] = duotone(contrastAround(l, 1.3), [0, 78, 96], [255, 160, 60]);
    return [
      contrastAround(r * 0.45 + tr * 0.55, 1.5),
      contrastAround(g * 0.45 + tg * 0.55, 1.5),
      contrastAround(b * 0.45 + tb * 0.55, 1.5),
    ];
  });
  const thickness = Math.max(6, Math.round(Math.min(image.width, image.height) * 0.045));
  return { image: graded, overlays: [frame(image.width, image.height, thickness, "#0b0b0b", "#f5f5f5")] };
}

async function skeleton(image: RawImage): Promise<Rendition> {
  const xray = mapPixels(image, (r, g, b) => {
    const inverted = contrastAround(255 - lumaOf(r, g, b), 1.35);
    return duotone(inverted, [2, 8, 42], [160, 212, 255]);
  });
  // A faint glow, like a light box.
  const glow = await transformRaw(xray, (s) => s.blur(Math.max(1, image.width / 300)));
  const result = mapPixels(xray, (r, g, b, x, y) => {
    const i = (y * image.width + x) * 3;
    return [
      r * 0.8 + glow.data[i] * 0.35,
      g * 0.8 + glow.data[i + 1] * 0.35,
      b * 0.8 + glow.data[i + 2] * 0.35,
    ];
  });
  return { image: result, overlays: [] };
}

function cucumber(image: RawImage): Rendition {
  const short = Math.min(image.width, image.height);
  const sprite = cucumberSprite({
    cx: image.width * 0.7,
    cy: image.height * 0.74,
    size: short * 0.3,
    angle: -24,
  });
  return { image, overlays: [sprite] };
}

function frogAdd(image: RawImage): Rendition {
  const short = Math.min(image.width, image.height);
  const size = short * 0.3;
  const sprite = frogSprite({
    cx: image.width * 0.27,
    cy: image.height - size * 0.55 - image.height * 0.06,
    size,
  });
  return { image, overlays: [sprite] };
}

function frogTransform(image: RawImage): Rendition {
  const { width, height } = image;
  const cx = width / 2;
  const cy = height * 0.52;
  const rx = width * 0.4;
  const ry = height * 0.46;
  const result = mapPixels(image, (r, g, b, x, y) => {
    const dx = (x - cx) / rx;
    const dy = (y - cy) / ry;
    // The subject is taken to be the middle of the frame: full effect inside, fading at its edge.
    const inside = Math.min(1, Math.max(0, (1.25 - (dx * dx + dy * dy)) / 0.5));
    const [fr, fg, fb] = duotone(contrastAround(lumaOf(r, g, b), 1.2), [18, 66, 14], [176, 240, 96]);
    const k = 0.15 + 0.7 * inside;
    return [r + (fr - r) * k, g + (fg - g) * k, b + (fb - b) * k];
  });
  return { image: result, overlays: [] };
}

async function gentleGrade(image: RawImage): Promise<RawImage> {
  const graded = await transformRaw(image, (s) =>
    s.modulate({ brightness: 1.05, saturation: 1.3 }).linear([1.05, 1.0, 0.92], [4, 2, -2]).sharpen(),
  );
  return graded;
}

/** Where the prompt says to put something: fractions of width and height for the centre. */
function position(prompt: string): { x: number; y: number } {
  const p = prompt.toLowerCase();
  const x = /\bleft\b/.test(p)
    ? 0.25
    : /\bright\b/.test(p)
      ? 0.75
      : /\b(centre|center|middle)\b/.test(p)
        ? 0.5
        : 0.7;
  const y = /\b(top|upper)\b/.test(p)
    ? 0.27
    : /\b(bottom|lower)\b/.test(p)
      ? 0.7
      : /\b(centre|center|middle)\b/.test(p)
        ? 0.5
        : 0.62;
  return { x, y };
}

async function custom(image: RawImage, prompt: string, extras: RawImage[]): Promise<Rendition> {
  const graded = await gentleGrade(image);
  const layers: Layer[] = [];
  const overlays: string[] = [];
  if (extras[0]) {
    // Modify Scene with an added image: paste it, framed, where the prompt says.
    const added = await fitInside(extras[0], image.width * 0.34, image.height * 0.34);
    const { x, y } = position(prompt);
    const left = Math.min(Math.max(0, image.width * x - added.width / 2), image.width - added.width);
    const top = Math.min(Math.max(0, image.height * y - added.height / 2), image.height - added.height);
    layers.push({ image: added, left, top });
    overlays.push(
      `<rect x="${Math.round(left) - 2}" y="${Math.round(top) - 2}" width="${added.width + 4}" ` +
        `height="${added.height + 4}" fill="none" stroke="#ffffff" stroke-width="4"/>`,
    );
  }
  overlays.push(captionBanner(truncate(extractUserInstruction(prompt), 60), image.width, image.height));
  return { image: graded, overlays, layers };
}

const OCCASIONS: ReadonlyArray<readonly [RegExp, string]> = [
  [/birthday/i, "Happy Birthday!"],
  [/anniversary/i, "Happy Anniversary!"],
  [/wedding/i, "Congratulations!"],
  [/christmas/i, "Merry Christmas!"],
  [/new year/i, "Happy New Year!"],
  [/graduat/i, "Congrats, Graduate!"],
  [/halloween/i, "Happy Halloween!"],
];

function occasionTitle(prompt: string): string {
  return OCCASIONS.find(([pattern]) => pattern.test(prompt))?.[1] ?? "Let's Celebrate!";
}

function headline(text: string, width: number, height: number): string {
  const fontSize = Math.round(Math.min(width, height) * 0.09);
  return (
    `<text x="${Math.round(width / 2)}" y="${Math.round(height * 0.14)}" font-family="DejaVu Sans, sans-serif" ` +
    `font-size="${fontSize}" font-weight="bold" fill="#ffffff" stroke="#7b1fa2" ` +
    `stroke-width="${Math.max(2, Math.round(fontSize * 0.08))}" paint-order="stroke" text-anchor="middle" ` +
    `dominant-baseline="central">${escapeXml(text)}</text>`
  );
}

async function celebration(image: RawImage, prompt: string): Promise<Rendition> {
  const graded = await transformRaw(image, (s) => s.modulate({ brightness: 1.08, saturation: 1.4 }));
  return {
    image: graded,
    overlays: [
      confetti(image.width, image.height, hashString(prompt)),
      headline(occasionTitle(prompt), image.width, image.height),
      captionBanner(truncate(extractUserInstruction(prompt), 60), image.width, image.height),
    ],
  };
}

/**
 * Restyle an uploaded image. `extras` are further inline images of the request (Modify Scene's added
 * picture). The output keeps the input's aspect ratio unless `aspectRatio` (width/height) is given.
 */
export async function renderStyledImage(
  input: RawImage,
  style: Style,
  prompt: string,
  extras: RawImage[] = [],
  aspectRatio?: number,
): Promise<Buffer> {
  const image = aspectRatio ? await cropToAspect(input, aspectRatio) : input;
  const seed = hashString(prompt);
  let rendition: Rendition;
  switch (style.id) {
    case "cucumber":
      rendition = cucumber(image);
      break;
    case "hulk":
      rendition = await hulk(image);
      break;
    case "muppet":
      rendition = await muppet(image, seed);
      break;
    case "frog-add":
      rendition = frogAdd(image);
      break;
    case "frog-transform":
      rendition = frogTransform(image);
      break;
    case "simpsons":
      rendition = await simpsons(image);
      break;
    case "gta":
      rendition = await gta(image);
      break;
    case "family-guy":
      rendition = await familyGuy(image);
      break;
    case "skeleton":
      rendition = await skeleton(image);
      break;
    case "celebration":
      rendition = await celebration(image, prompt);
      break;
    case "custom":
      rendition = await custom(image, prompt, extras);
      break;
  }
  return encodeOutput(rendition.image, rendition.overlays, rendition.layers);
}

const BACKGROUNDS = [
  ["#ff9a9e", "#fad0c4"],
  ["#a18cd1", "#fbc2eb"],
  ["#84fab0", "#8fd3f4"],
  ["#fccb90", "#d57eeb"],
  ["#f6d365", "#fda085"],
  ["#4facfe", "#00f2fe"],
  ["#43e97b", "#38f9d7"],
  ["#fa709a", "#fee140"],
] as const;
const BODIES = ["#ff7043", "#42a5f5", "#66bb6a", "#ab47bc", "#ffca28", "#26c6da", "#ec407a"] as const;
const ACCENTS = ["#5c6bc0", "#ffa726", "#8d6e63", "#26a69a", "#ef5350"] as const;
const NAMED_BODIES: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bred\b/i, "#e53935"],
  [/\borange\b/i, "#fb8c00"],
  [/\byellow\b/i, "#fdd835"],
  [/\bgreen\b/i, "#43a047"],
  [/\bblue\b/i, "#1e88e5"],
  [/\b(purple|violet)\b/i, "#8e24aa"],
  [/\bpink\b/i, "#f06292"],
  [/\bbrown\b/i, "#8d6e63"],
  [/\b(grey|gray)\b/i, "#90a4ae"],
  [/\bblack\b/i, "#424242"],
  [/\bwhite\b/i, "#fafafa"],
];

/** The character's colour: the first colour word in the description, else one picked by its hash. */
function bodyColour(prompt: string, seed: number): string {
  let best: { index: number; colour: string } | undefined;
  for (const [pattern, colour] of NAMED_BODIES) {
    const index = prompt.search(pattern);
    if (index >= 0 && (!best || index < best.index)) best = { index, colour };
  }
  return best?.colour ?? BODIES[seed % BODIES.length];
}

/**
 * A picture generated from text alone (Character Animator; a celebration without an inspiration
 * image): a gradient background, a cartoon character or balloons and confetti, and the description.
 */
export async function renderGeneratedImage(
  prompt: string,
  aspectRatio?: number,
): Promise<{ png: Buffer; style: Style }> {
  const longest = 768;
  const ratio = aspectRatio ?? 1;
  const width = ratio >= 1 ? longest : Math.round(longest * ratio);
  const height = ratio >= 1 ? Math.round(longest / ratio) : longest;
  const seed = hashString(prompt);
  const random = seededRandom(seed);
  const [from, to] = BACKGROUNDS[seed % BACKGROUNDS.length];
  // A character whose description has a party word ("a birthday clown") is still a character.
  const isCelebration = detectStyle(prompt).id === "celebration" && !/\bcartoon character\b/i.test(prompt);
  const short = Math.min(width, height);
  const description = extractUserInstruction(prompt);
  const fragments = [
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">` +
      `<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`,
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>`,
  ];
  if (isCelebration) {
    const colours = ["#ff1744", "#ffea00", "#2979ff", "#00e676", "#d500f9"];
    for (let i = 0; i < 5; i++) {
      const cx = width * (0.14 + i * 0.18) + (random() - 0.5) * width * 0.05;
      const cy = height * (0.36 + random() * 0.14);
      fragments.push(balloon(cx, cy, short * (0.07 + random() * 0.025), colours[i]));
    }
    fragments.push(confetti(width, height, seed, 140), headline(occasionTitle(prompt), width, height));
  } else {
    fragments.push(
      `<circle cx="${Math.round(width * 0.82)}" cy="${Math.round(height * 0.18)}" r="${Math.round(short * 0.08)}" ` +
        `fill="#fff59d" fill-opacity="0.9"/>`,
      `<ellipse cx="${Math.round(width / 2)}" cy="${Math.round(height * 0.98)}" rx="${Math.round(width * 0.75)}" ` +
        `ry="${Math.round(height * 0.3)}" fill="#ffffff" fill-opacity="0.35"/>`,
      cartoonCharacter(
        width / 2,
        height * 0.47,
        short * 0.52,
        bodyColour(description, seed),
        ACCENTS[(seed >>> 8) % ACCENTS.length],
      ),
    );
  }
  fragments.push(captionCard(wrapText(description, 34, 2), width, height), previewBadge(width, height));
  const style: Style = isCelebration
    ? { id: "celebration", label: "generated celebration picture" }
    : { id: "custom", label: "generated cartoon character" };
  return { png: await svgToPng(svgDocument(width, height, fragments)), style };
}

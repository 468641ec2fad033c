/**
 * The local preview engine's image answers that are not a tool handler's: a photo restyled in a style
 * (detect-style.ts says which: a style tool's own, or the one a person's words name; looks.ts paints
 * it; a custom edit is graded and captioned with the person's words, a celebration becomes a card),
 * and a picture drawn from words alone (a celebration card, else a cartoon character). Not AI: a
 * stand-in that shows the whole flow offline.
 */
import { detectStyle, type Style } from "./detect-style.ts";
import { cropToAspect, encodeOutput, fitInside, transformRaw, type Layer, type RawImage } from "./image.ts";
import { lookFor, type Rendition } from "./looks.ts";
import { captionBanner, hashString, truncate } from "./svg.ts";
import { renderCharacter } from "./tools/animator.ts";
import { cardFromWords, renderCelebrationCard } from "./tools/celebrations.ts";

/**
 * The words a generic answer is drawn from. `text` is where a look, an occasion or a place is looked
 * for, and what makes one rendition differ from the next; `words` are the person's own words, written
 * on a caption. For a request of no tool, its prompt and the words found inside it; for a custom edit,
 * the words the tool sent twice.
 */
export interface Wording {
  text: string;
  words: string;
}

/** Where the words say to put something: fractions of width and height for the centre. */
function position(text: string): { x: number; y: number } {
  const p = text.toLowerCase();
  const centre = /\b(centre|center|middle)\b/.test(p);
  const x = /\bleft\b/.test(p) ? 0.25 : /\bright\b/.test(p) ? 0.75 : centre ? 0.5 : 0.7;
  const y = /\b(top|upper)\b/.test(p) ? 0.27 : /\b(bottom|lower)\b/.test(p) ? 0.7 : centre ? 0.5 : 0.62;
  return { x, y };
}

/**
 * Further pictures of a request (Convert Anything's Photo 2 to 4, a picture to paste): each pasted,
 * framed, the first where the words say, the next ones in the corners, in the order they came, so a
 * preview shows every photo sent was used.
 */
async function pasteExtras(
  image: RawImage,
  wording: Wording,
  extras: RawImage[],
): Promise<{ layers: Layer[]; overlays: string[] }> {
  const layers: Layer[] = [];
  const overlays: string[] = [];
  const places = [position(wording.text), { x: 0.2, y: 0.8 }, { x: 0.8, y: 0.8 }, { x: 0.8, y: 0.2 }];
  const scale = extras.length > 1 ? 0.28 : 0.34;
  for (const [i, extra] of extras.slice(0, places.length).entries()) {
    const added = await fitInside(extra, image.width * scale, image.height * scale);
    const { x, y } = places[i]!;
    const left = Math.min(Math.max(0, image.width * x - added.width / 2), image.width - added.width);
    const top = Math.min(Math.max(0, image.height * y - added.height / 2), image.height - added.height);
    layers.push({ image: added, left, top });
    overlays.push(
      `<rect x="${Math.round(left) - 2}" y="${Math.round(top) - 2}" width="${added.width + 4}" ` +
        `height="${added.height + 4}" fill="none" stroke="#ffffff" stroke-width="4"/>`,
    );
  }
  return { layers, overlays };
}

/** A custom edit: the photo gently graded, an added picture pasted where the words say, the words below. */
async function custom(image: RawImage, wording: Wording, extras: RawImage[]): Promise<Rendition> {
  const graded = await transformRaw(image, (s) =>
    s.modulate({ brightness: 1.05, saturation: 1.3 }).linear([1.05, 1.0, 0.92], [4, 2, -2]).sharpen(),
  );
  const layers: Layer[] = [];
  const overlays: string[] = [];
  const pasted = await pasteExtras(image, wording, extras);
  layers.push(...pasted.layers);
  overlays.push(...pasted.overlays);
  overlays.push(captionBanner(truncate(wording.words, 60), image.width, image.height));
  return { image: graded, overlays, layers };
}

/** A style's rendition with the request's further pictures pasted on it (pasteExtras). */
async function withExtras(rendition: Rendition, image: RawImage, wording: Wording, extras: RawImage[]) {
  if (extras.length === 0) return rendition;
  const pasted = await pasteExtras(image, wording, extras);
  return {
    ...rendition,
    layers: [...(rendition.layers ?? []), ...pasted.layers],
    overlays: [...(rendition.overlays ?? []), ...pasted.overlays],
  };
}

/**
 * Restyle an uploaded image. `extras` are further inline images of the request (a picture to paste in
 * a custom edit). The output keeps the input's size and aspect ratio unless `aspectRatio`
 * (width/height) is given, then it is cropped to that.
 */
export async function renderStyledImage(
  input: RawImage,
  style: Style,
  wording: Wording,
  extras: RawImage[] = [],
  aspectRatio?: number,
): Promise<Buffer> {
  const image = aspectRatio ? await cropToAspect(input, aspectRatio) : input;
  if (style.id === "celebration") {
    const longestSide = Math.max(image.width, image.height);
    const card = cardFromWords(wording.text, wording.words);
    return renderCelebrationCard({ ...card, photo: image, longestSide });
  }
  const rendition =
    style.id === "custom"
      ? await custom(image, wording, extras)
      : await withExtras(await lookFor(style.id)(image, hashString(wording.text)), image, wording, extras);
  return encodeOutput(rendition.image, rendition.overlays, rendition.layers);
}

/**
 * A picture generated from words alone, for a request of no tool handler: a celebration card when the
 * words name a party, else a cartoon character. Longest side 768.
 */
export async function renderGeneratedImage(
  wording: Wording,
  aspectRatio?: number,
): Promise<{ png: Buffer; style: Style }> {
  if (detectStyle(wording.text, wording.words).id === "celebration") {
    const card = cardFromWords(wording.text, wording.words);
    const png = await renderCelebrationCard({ ...card, aspectRatio, longestSide: 768 });
    return { png, style: { id: "celebration", label: "generated celebration picture" } };
  }
  const png = await renderCharacter(wording.words, aspectRatio);
  return { png, style: { id: "custom", label: "generated cartoon character" } };
}

/** Why a user's file cannot be used as an image, in one sentence the UI can show. */
export type ImageInputErrorKind = "empty" | "not-image" | "corrupt" | "too-large" | "unsupported";

const ACCEPTED_FORMATS = "JPG, PNG, WEBP, GIF or HEIC";

/** The advice for a file that is no photo the app can open: which kinds it takes. */
export const IMAGE_ADVICE = `Choose a photo in ${ACCEPTED_FORMATS} format.`;

/**
 * The sentence the UI shows for each kind of bad input: what is wrong with this file, and nothing
 * more. What to do is `imageInputAdvice`, said once beside it (issue 27: a damaged JPEG is not told to
 * choose a JPG).
 */
export function imageInputErrorMessage(kind: ImageInputErrorKind, detail?: { megapixels?: number }): string {
  switch (kind) {
    case "empty":
      return "This file is empty.";
    case "not-image":
      return "This file is not an image.";
    case "corrupt":
      return "This photo is damaged or incomplete, so it can't be opened.";
    case "too-large": {
      const mp = detail?.megapixels;
      const size = mp === undefined ? "" : ` (${formatMegapixels(mp)} megapixels)`;
      return `This image is too large to process${size}.`;
    }
    case "unsupported":
      return "This image format can't be opened here.";
  }
}

/** What to do about each kind of bad input, in one sentence. */
export function imageInputAdvice(kind: ImageInputErrorKind): string {
  switch (kind) {
    case "corrupt":
      return "Try another photo, or copy this one to your device again (a download or transfer may have been cut short).";
    case "too-large":
      return "Choose a smaller photo, or a screenshot of this one.";
    case "empty":
    case "not-image":
    case "unsupported":
      return IMAGE_ADVICE;
  }
}

function formatMegapixels(mp: number): string {
  const rounded = mp >= 10 ? Math.round(mp) : Math.round(mp * 10) / 10;
  return rounded.toLocaleString("en-US");
}

/**
 * A user's file that cannot be used as an image. `message` is one plain sentence the UI shows as-is,
 * `advice` the one sentence of what to do (by default the kind's).
 */
export class ImageInputError extends Error {
  readonly kind: ImageInputErrorKind;
  readonly advice: string;

  constructor(
    kind: ImageInputErrorKind,
    message = imageInputErrorMessage(kind),
    options?: { cause?: unknown; advice?: string },
  ) {
    super(message, options);
    this.name = "ImageInputError";
    this.kind = kind;
    this.advice = options?.advice ?? imageInputAdvice(kind);
  }
}

export function isImageInputError(e: unknown): e is ImageInputError {
  return e instanceof ImageInputError;
}

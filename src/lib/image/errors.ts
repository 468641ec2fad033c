/** Why a user's file cannot be used as an image, in one sentence the UI can show. */
export type ImageInputErrorKind = "empty" | "not-image" | "corrupt" | "too-large" | "unsupported";

const ACCEPTED_FORMATS = "JPG, PNG, WEBP, GIF or HEIC";

/** The sentence the UI shows for each kind of bad input. */
export function imageInputErrorMessage(kind: ImageInputErrorKind, detail?: { megapixels?: number }): string {
  switch (kind) {
    case "empty":
      return `This file is empty. Choose a photo (${ACCEPTED_FORMATS}).`;
    case "not-image":
      return `This file is not an image. Choose a photo (${ACCEPTED_FORMATS}).`;
    case "corrupt":
      return "This image is damaged or incomplete and can't be opened. Try another photo.";
    case "too-large": {
      const mp = detail?.megapixels;
      const size = mp === undefined ? "" : ` (${formatMegapixels(mp)} megapixels)`;
      return `This image is too large to process${size}. Choose a smaller one.`;
    }
    case "unsupported":
      return `This image format can't be opened here. Choose a photo (${ACCEPTED_FORMATS}).`;
  }
}

function formatMegapixels(mp: number): string {
  const rounded = mp >= 10 ? Math.round(mp) : Math.round(mp * 10) / 10;
  return rounded.toLocaleString("en-US");
}

/** A user's file that cannot be used as an image. `message` is one plain sentence the UI shows as-is. */
export class ImageInputError extends Error {
  readonly kind: ImageInputErrorKind;

  constructor(
    kind: ImageInputErrorKind,
    message = imageInputErrorMessage(kind),
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "ImageInputError";
    this.kind = kind;
  }
}

export function isImageInputError(e: unknown): e is ImageInputError {
  return e instanceof ImageInputError;
}

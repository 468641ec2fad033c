/**
 * HEIC/HEIF decoding through heic-to (libheif compiled to WebAssembly, ~3 MB). It is imported only when a
 * HEIC/HEIF file is chosen, so it is a lazy chunk of its own; the module-level promise makes it load once.
 * heic-to runs libheif in a worker of its own and hands back the pixels; it stays on the page (inside the
 * image worker, Vite's default worker format would inline all 3 MB into that worker's chunk).
 */
import { ImageInputError } from "./errors";

type HeicToModule = typeof import("heic-to/csp");

/** HEIC/HEIF previews are re-encoded as JPEG at this quality. */
export const HEIC_PREVIEW_QUALITY = 0.92;

let heicModule: Promise<HeicToModule> | null = null;

function loadHeicTo(): Promise<HeicToModule> {
  heicModule ??= import("heic-to/csp").catch((error: unknown) => {
    heicModule = null; // a failed chunk load (offline) may be retried later
    throw error;
  });
  return heicModule;
}

export class HeicDecoderUnavailableError extends Error {
  constructor(cause: unknown) {
    super("The HEIC decoder could not be loaded", { cause });
    this.name = "HeicDecoderUnavailableError";
  }
}

/** Decodes a HEIC/HEIF file to an upright ImageBitmap (libheif applies the irot/imir transforms). */
export async function decodeHeic(blob: Blob): Promise<ImageBitmap> {
  let module: HeicToModule;
  try {
    module = await loadHeicTo();
  } catch (error) {
    throw new HeicDecoderUnavailableError(error);
  }
  return module.heicTo({ blob, type: "bitmap" });
}

/** decodeHeic with its failures as the sentence the user sees: decoder not loadable, or a damaged file. */
export async function decodeHeicFile(file: Blob): Promise<ImageBitmap> {
  try {
    return await decodeHeic(file);
  } catch (error) {
    if (error instanceof HeicDecoderUnavailableError) {
      throw new ImageInputError(
        "unsupported",
        "HEIC photos can't be opened right now. Check your connection and try again, or choose a JPG or PNG.",
        { cause: error },
      );
    }
    throw new ImageInputError("corrupt", undefined, { cause: error });
  }
}

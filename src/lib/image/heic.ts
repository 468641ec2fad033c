/**
 * HEIC/HEIF decoding through heic-to (libheif compiled to WebAssembly, ~3 MB). It is imported only when a
 * HEIC/HEIF file is chosen, so it is a lazy chunk of its own; the module-level promise makes it load once.
 */
type HeicToModule = typeof import("heic-to/csp");

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

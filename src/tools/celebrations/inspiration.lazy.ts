/**
 * The inspiration image opened by the image pipeline (checked, oriented, decoded): fetched when one is
 * picked or handed over, so the form's first load holds none of the pipeline.
 */
import { isImageInputError, loadImage, type LoadedImage } from "@/lib/image";

const BAD_FILE = "This file could not be opened as an image. Choose a photo (JPG, PNG, WEBP, GIF or HEIC).";

/** The picture, or what is wrong with the file and what to do (said once, under the field). */
export async function openInspiration(file: File): Promise<{ image: LoadedImage } | { message: string }> {
  try {
    return { image: await loadImage(file) };
  } catch (error) {
    return { message: isImageInputError(error) ? `${error.message} ${error.advice}` : BAD_FILE };
  }
}

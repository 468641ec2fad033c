/**
 * A shared file checked as an upload checks it, from its first bytes only (no decode, so the chooser
 * opens at once): empty, not an image, a format the app can't open, damaged, or too large.
 */
import { IMAGE_ADVICE, UNREADABLE_FILE } from "@/hooks/use-tool-photo";
import {
  ImageInputError,
  assertDecodable,
  isImageInputError,
  readImageHeader,
  sniffImageType,
} from "@/lib/image";
import { sniffUnsupportedImageFormat } from "@/lib/image/sniff";
import { blobBytes } from "@/lib/read-blob";

/** Headers are read from this much of the file first, as the upload does (JPEG APP segments can push SOF far in). */
const HEADER_PROBE_BYTES = 512 * 1024;

async function bytesOf(blob: Blob): Promise<Uint8Array> {
  try {
    return new Uint8Array(await blobBytes(blob));
  } catch (error) {
    throw new ImageInputError("corrupt", undefined, { cause: error });
  }
}

async function checkHeader(file: File): Promise<void> {
  if (file.size === 0) throw new ImageInputError("empty");
  let bytes = await bytesOf(file.size > HEADER_PROBE_BYTES ? file.slice(0, HEADER_PROBE_BYTES) : file);
  if (!sniffImageType(bytes)) {
    throw new ImageInputError(sniffUnsupportedImageFormat(bytes) ? "unsupported" : "not-image");
  }
  let header = readImageHeader(bytes);
  if (!header && bytes.length < file.size) {
    bytes = await bytesOf(file);
    header = readImageHeader(bytes);
  }
  assertDecodable(header);
}

/**
 * The message and advice an upload of `file` would show, or null when its header looks like a photo the
 * tools take.
 */
export async function sharedFileProblem(file: File): Promise<{ message: string; advice: string } | null> {
  try {
    await checkHeader(file);
    return null;
  } catch (error) {
    if (isImageInputError(error)) return { message: error.message, advice: error.advice };
    console.error("Could not check the shared file", error);
    return { message: UNREADABLE_FILE, advice: IMAGE_ADVICE };
  }
}

/**
 * What the image pipeline's browser tests share: a fixture image as a File, a blob's bytes, checks that
 * a prepared image is what it says, pictures compared by their pixels, an ImageInputError caught, and
 * whether the HEIC decoder has been fetched.
 */
import { expect } from "vitest";
import { isImageInputError, type ImageInputError, type PreparedImage } from "@/lib/image";

export async function fixture(name: string, type?: string): Promise<File> {
  // A template literal Vite can see: it serves tests/fixtures/images/* for it.
  const response = await fetch(new URL(`../fixtures/images/${name}`, import.meta.url));
  if (!response.ok) throw new Error(`fixture ${name}: HTTP ${response.status}`);
  const blob = await response.blob();
  return new File([blob], name, { type: type ?? blob.type });
}

export async function bytesOf(blob: Blob): Promise<Uint8Array> {
  return new Uint8Array(await blob.arrayBuffer());
}

function base64ToBytes(base64: string): Uint8Array {
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}

/** Whether the bytes hold an ASCII marker, e.g. "Exif" (the APP1 metadata segment). */
export function contains(bytes: Uint8Array, text: string): boolean {
  const needle = Array.from(text, (c) => c.charCodeAt(0));
  outer: for (let i = 0; i + needle.length <= bytes.length; i++) {
    for (let k = 0; k < needle.length; k++) if (bytes[i + k] !== needle[k]) continue outer;
    return true;
  }
  return false;
}

/** Checks the prepared result is what it says: size, type, base64 of the blob, and a decodable image. */
export async function expectValidPrepared(
  prepared: PreparedImage,
  size: { width: number; height: number },
  mimeType: "image/jpeg" | "image/png" = "image/jpeg",
) {
  expect({ width: prepared.width, height: prepared.height }).toEqual(size);
  expect(prepared.mimeType).toBe(mimeType);
  expect(prepared.blob.type).toBe(mimeType);
  expect(prepared.bytes).toBe(prepared.blob.size);
  expect(prepared.base64).not.toMatch(/^data:/);
  const bytes = await bytesOf(prepared.blob);
  expect(sameBytes(base64ToBytes(prepared.base64), bytes)).toBe(true);
  if (mimeType === "image/jpeg") expect(Array.from(bytes.slice(0, 3))).toEqual([0xff, 0xd8, 0xff]);
  else expect(Array.from(bytes.slice(0, 4))).toEqual([0x89, 0x50, 0x4e, 0x47]);
  expect(contains(bytes, "Exif")).toBe(false); // no EXIF (and so no GPS) leaves the device
  const decoded = await createImageBitmap(prepared.blob);
  expect({ width: decoded.width, height: decoded.height }).toEqual(size);
  decoded.close();
}

/** Pixels of an image drawn at a small fixed size, for comparing pictures. */
export async function thumbnail(
  source: Blob | HTMLImageElement,
  width: number,
  height: number,
  turn180 = false,
) {
  const image = source instanceof Blob ? await createImageBitmap(source) : source;
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext("2d")!;
  ctx.imageSmoothingQuality = "high"; // averages, so the pictures compare and not their aliasing
  if (turn180) ctx.setTransform(-1, 0, 0, -1, width, height);
  ctx.drawImage(image, 0, 0, width, height);
  return ctx.getImageData(0, 0, width, height).data;
}

export function meanDifference(a: Uint8ClampedArray, b: Uint8ClampedArray): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) if (i % 4 !== 3) sum += Math.abs(a[i]! - b[i]!);
  return sum / ((a.length / 4) * 3);
}

/** The browser's own rendering of a file in an <img> (which honours EXIF orientation): the reference picture. */
export async function imgElement(file: Blob): Promise<HTMLImageElement> {
  const img = new Image();
  img.src = URL.createObjectURL(file);
  await img.decode();
  return img;
}

export async function rejection(promise: Promise<unknown>): Promise<ImageInputError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!isImageInputError(error)) throw new Error(`expected an ImageInputError, got ${String(error)}`);
  return error;
}

export function heicModuleFetched(): boolean {
  return performance.getEntriesByType("resource").some((entry) => entry.name.includes("heic-to"));
}

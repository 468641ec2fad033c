import { readImageHeader } from "@/lib/image";

/**
 * jsdom has no image decoder, createImageBitmap or canvas encoder. These stand-ins let the UI tests
 * run the real image pipeline code: "decoding" reports the size written in the file's header and
 * "encoding" yields a small JPEG-shaped blob. Real decoding is tested in real Chromium
 * (tests/browser, e2e).
 */
const FAKE_JPEG = new Uint8Array([
  0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9,
]);

type Sized = { width: number; height: number };

function bitmap(size: Sized): ImageBitmap {
  return { width: size.width, height: size.height, close() {} } as ImageBitmap;
}

function bytesOf(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

async function sizeOf(source: unknown): Promise<Sized> {
  if (source instanceof Blob) {
    const header = readImageHeader(await bytesOf(source));
    if (!header) throw new DOMException("The source image could not be decoded.", "InvalidStateError");
    const swap = header.orientation >= 5;
    return swap
      ? { width: header.height, height: header.width }
      : { width: header.width, height: header.height };
  }
  const s = source as Partial<Sized>;
  return { width: s.width ?? 1, height: s.height ?? 1 };
}

class FakeOffscreenCanvas {
  constructor(
    public width: number,
    public height: number,
  ) {}
  getContext() {
    return {
      fillStyle: "",
      imageSmoothingEnabled: true,
      imageSmoothingQuality: "high",
      fillRect() {},
      drawImage() {},
      setTransform() {},
    };
  }
  async convertToBlob(options?: { type?: string }) {
    return new Blob([FAKE_JPEG], { type: options?.type ?? "image/png" });
  }
}

export function installCanvasStubs() {
  const g = globalThis as unknown as Record<string, unknown>;
  const saved = { createImageBitmap: g.createImageBitmap, OffscreenCanvas: g.OffscreenCanvas };
  g.createImageBitmap = async (
    source: unknown,
    options?: { resizeWidth?: number; resizeHeight?: number },
  ) => {
    const size = await sizeOf(source);
    return bitmap({
      width: options?.resizeWidth ?? size.width,
      height: options?.resizeHeight ?? size.height,
    });
  };
  g.OffscreenCanvas = FakeOffscreenCanvas;
  URL.createObjectURL ??= () => "blob:test";
  URL.revokeObjectURL ??= () => {};
  return () => {
    g.createImageBitmap = saved.createImageBitmap;
    g.OffscreenCanvas = saved.OffscreenCanvas;
  };
}

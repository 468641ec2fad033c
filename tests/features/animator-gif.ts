/**
 * A small GIF reader for the Character Animator's tests (jsdom, browser mode and Playwright): walks
 * the blocks of a GIF file and reports what a player would see, without trusting our own encoder.
 */
export type GifInfo = {
  /** "GIF89a" or "GIF87a". */
  version: string;
  width: number;
  height: number;
  /** Image descriptors (frames) in the file. */
  frames: number;
  /** Per-frame delays in milliseconds (graphic control extensions). */
  delaysMs: number[];
  /** The NETSCAPE2.0 loop count (0 = forever), or null without one (plays once). */
  loopCount: number | null;
};

export function readGif(bytes: Uint8Array): GifInfo {
  const ascii = (from: number, length: number) => String.fromCharCode(...bytes.subarray(from, from + length));
  const u16 = (at: number) => bytes[at]! | (bytes[at + 1]! << 8);
  const version = ascii(0, 6);
  if (version !== "GIF89a" && version !== "GIF87a") throw new Error(`Not a GIF (starts with ${version})`);
  const width = u16(6);
  const height = u16(8);
  const flags = bytes[10]!;
  let at = 13;
  if (flags & 0x80) at += 3 * (1 << ((flags & 0x07) + 1));

  const skipSubBlocks = () => {
    while (at < bytes.length) {
      const size = bytes[at++]!;
      if (size === 0) return;
      at += size;
    }
    throw new Error("Truncated GIF: a data block has no end");
  };

  let frames = 0;
  const delaysMs: number[] = [];
  let loopCount: number | null = null;
  while (at < bytes.length) {
    const block = bytes[at++]!;
    if (block === 0x3b) return { version, width, height, frames, delaysMs, loopCount };
    if (block === 0x21) {
      const label = bytes[at++]!;
      if (label === 0xf9) {
        delaysMs.push(u16(at + 2) * 10);
      } else if (label === 0xff && ascii(at + 1, 11) === "NETSCAPE2.0") {
        loopCount = u16(at + 1 + 11 + 2);
      }
      skipSubBlocks();
    } else if (block === 0x2c) {
      frames += 1;
      const localFlags = bytes[at + 8]!;
      at += 9;
      if (localFlags & 0x80) at += 3 * (1 << ((localFlags & 0x07) + 1));
      at += 1; // LZW minimum code size
      skipSubBlocks();
    } else {
      throw new Error(`Unexpected GIF block 0x${block.toString(16)} at byte ${at - 1}`);
    }
  }
  throw new Error("Truncated GIF: no trailer");
}

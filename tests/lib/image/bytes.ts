/// <reference types="node" />
import fs from "node:fs";
import path from "node:path";

const FIXTURES_DIR = path.resolve(import.meta.dirname, "../../fixtures/images");

/** A fixture from tests/fixtures/images, as bytes. */
export function fixtureBytes(name: string): Uint8Array {
  return new Uint8Array(fs.readFileSync(path.join(FIXTURES_DIR, name)));
}

export function fixtureNames(): string[] {
  return fs.readdirSync(FIXTURES_DIR).sort();
}

export function concat(...parts: (Uint8Array | number[])[]): Uint8Array {
  const total = parts.reduce((n, p) => n + p.length, 0);
  const out = new Uint8Array(total);
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

export const ascii = (s: string) => Array.from(s, (c) => c.charCodeAt(0));
export const u16be = (n: number) => [(n >> 8) & 0xff, n & 0xff];
export const u16le = (n: number) => [n & 0xff, (n >> 8) & 0xff];
export const u32be = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
export const u32le = (n: number) => u32be(n).reverse();

/** An ISO-BMFF box; `full` adds the version and flags of a full box. */
export function box(
  type: string,
  payload: Uint8Array | number[],
  full?: { version?: number; flags?: number },
) {
  const head = full ? [full.version ?? 0, ...u32be(full.flags ?? 0).slice(1)] : [];
  return concat(u32be(8 + head.length + payload.length), ascii(type), head, payload);
}

/** A PNG signature plus an IHDR claiming the given size (no pixel data). */
export function pngHeader(width: number, height: number): Uint8Array {
  return concat(
    [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    u32be(13),
    ascii("IHDR"),
    u32be(width),
    u32be(height),
    [8, 6, 0, 0, 0],
    u32be(0),
  );
}

/** A minimal JPEG head: SOI, an optional EXIF APP1 with the orientation, then SOF0 (no scan data). */
export function jpegHeader(
  width: number,
  height: number,
  exif?: { orientation: number; littleEndian?: boolean },
) {
  const parts: (Uint8Array | number[])[] = [[0xff, 0xd8]];
  if (exif) {
    const le = exif.littleEndian ?? false;
    const w16 = le ? u16le : u16be;
    const w32 = le ? u32le : u32be;
    const tiff = concat(
      ascii(le ? "II" : "MM"),
      w16(42),
      w32(8),
      w16(2),
      [...w16(0x010f), ...w16(2), ...w32(4), ...ascii("Can\0")], // Make
      [...w16(0x0112), ...w16(3), ...w32(1), ...w16(exif.orientation), 0, 0], // Orientation
      w32(0),
    );
    const app1 = concat(ascii("Exif\0\0"), tiff);
    parts.push([0xff, 0xe1], u16be(app1.length + 2), app1);
  }
  parts.push(
    [0xff, 0xff, 0xc0],
    u16be(17),
    [8],
    u16be(height),
    u16be(width),
    [3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1],
  );
  return concat(...parts);
}

#!/usr/bin/env node
// Draws the app icons of the web app manifest and the home screen from the logo (public/favicon.svg) with
// sharp, into public/icons/ (committed: run again only when the logo changes).
//
// - icon-192.png, icon-512.png: the logo as it is (rounded green square), purpose "any";
// - icon-maskable-512.png: full-bleed green with the cucumber inside the middle 80% circle that every
//   launcher's mask keeps (the "safe zone"), purpose "maskable";
// - apple-touch-icon.png (180 px): full-bleed too, since iOS fills transparent corners with black and
//   rounds the corners itself.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const logo = fs.readFileSync(path.join(root, "public/favicon.svg"), "utf8");
const outDir = path.join(root, "public/icons");

/** The logo's green, read from its rounded square so the two never drift apart. */
const green = /<rect[^>]*fill="(#[0-9a-f]{6})"/i.exec(logo)?.[1];
/** The cucumber itself: everything in the logo but its background square. */
const mark = logo
  .replace(/^<svg[^>]*>/, "")
  .replace(/<\/svg>\s*$/, "")
  .replace(/<rect[^>]*\/>/, "");
if (!green || !mark.includes("<ellipse"))
  throw new Error("public/favicon.svg is not the logo this script knows");

/** A square, full-bleed icon: the green background and the cucumber scaled by `scale` around the middle. */
function fullBleed(scale) {
  const offset = 32 - 32 * scale;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${green}"/>` +
    `<g transform="translate(${offset} ${offset}) scale(${scale})">${mark}</g></svg>`
  );
}

const icons = [
  { file: "icon-192.png", size: 192, svg: logo },
  { file: "icon-512.png", size: 512, svg: logo },
  // The cucumber reaches 24 of the 32 units from the middle; at 0.85 it stays within 20.4, inside the
  // safe zone's radius of 25.6 (40% of the width), with room to spare.
  { file: "icon-maskable-512.png", size: 512, svg: fullBleed(0.85) },
  { file: "apple-touch-icon.png", size: 180, svg: fullBleed(0.9) },
];

fs.mkdirSync(outDir, { recursive: true });
for (const icon of icons) {
  const target = path.join(outDir, icon.file);
  await sharp(Buffer.from(icon.svg), { density: (72 * icon.size) / 64 })
    .resize(icon.size, icon.size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(target);
  console.info(`Wrote ${path.relative(root, target)} (${icon.size}x${icon.size}).`);
}

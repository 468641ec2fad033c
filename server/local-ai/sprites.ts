/**
 * Sprites the local preview engine draws in SVG: the cucumber and the frog laid over a photo, confetti
 * and balloons. Each returns an SVG fragment (a `<g>` with its own `<defs>`) in the coordinates of the
 * image it is laid over.
 */
import { r1, seededRandom } from "./svg.ts";

export interface SpritePlacement {
  /** Centre of the sprite in image pixels. */
  cx: number;
  cy: number;
  /** Length of the sprite's longest side in image pixels. */
  size: number;
  /** Rotation in degrees (clockwise). */
  angle?: number;
}

/**
 * One cucumber: dark green body with a lengthwise gradient, lighter bumps, faint stripes, a glossy
 * highlight, a stem and a blossom end, and a soft contact shadow. Drawn 220 units long, then scaled.
 */
export function cucumberSprite({ cx, cy, size, angle = -24 }: SpritePlacement, id = "cuke"): string {
  const k = size / 220;
  const random = seededRandom(7);
  const bumps: string[] = [];
  for (let i = 0; i < 34; i++) {
    const x = -88 + random() * 176;
    const y = -22 + random() * 44;
    // Stay inside the capsule: closer to the ends, closer to the middle line.
    const edge = Math.max(0, Math.abs(x) - 70) / 30;
    const yy = y * (1 - edge * 0.6);
    const r = 2.2 + random() * 1.8;
    bumps.push(
      `<circle cx="${r1(x)}" cy="${r1(yy)}" r="${r1(r)}" fill="#9ccc65" fill-opacity="0.85"/>`,
      `<circle cx="${r1(x + 0.8)}" cy="${r1(yy + 0.9)}" r="${r1(r * 0.45)}" fill="#1b5e20" fill-opacity="0.55"/>`,
    );
  }
  return [
    `<g>`,
    `<defs>`,
    `<linearGradient id="${id}-body" x1="0" y1="0" x2="0" y2="1">`,
    `<stop offset="0" stop-color="#5fae3e"/><stop offset="0.45" stop-color="#2f7d32"/>`,
    `<stop offset="1" stop-color="#173f14"/></linearGradient>`,
    `<filter id="${id}-blur" x="-50%" y="-50%" width="200%" height="200%">`,
    `<feGaussianBlur stdDeviation="7"/></filter>`,
    `</defs>`,
    // Shadow on the "ground", not rotated with the body.
    `<g transform="translate(${r1(cx)} ${r1(cy)}) scale(${k.toFixed(4)})">`,
    `<ellipse cx="8" cy="34" rx="100" ry="16" fill="#000" fill-opacity="0.38" filter="url(#${id}-blur)"/>`,
    `</g>`,
    `<g transform="translate(${r1(cx)} ${r1(cy)}) rotate(${angle}) scale(${k.toFixed(4)})">`,
    // Body: a slightly curved capsule.
    `<path d="M -104 -4 C -104 -26 -80 -30 -40 -30 L 50 -29 C 92 -28 106 -16 106 2 ` +
      `C 106 20 90 30 50 29 L -40 30 C -84 30 -104 18 -104 -4 Z" fill="url(#${id}-body)" ` +
      `stroke="#143d12" stroke-width="2"/>`,
    // Faint lengthwise stripes.
    `<path d="M -90 -12 C -40 -18 40 -18 92 -10" stroke="#a5d6a7" stroke-opacity="0.3" stroke-width="3" fill="none"/>`,
    `<path d="M -92 8 C -40 12 40 12 94 8" stroke="#a5d6a7" stroke-opacity="0.22" stroke-width="3" fill="none"/>`,
    ...bumps,
    // Glossy highlight along the top.
    `<path d="M -78 -19 C -30 -26 30 -26 80 -18" stroke="#ffffff" stroke-opacity="0.5" ` +
      `stroke-width="6" stroke-linecap="round" fill="none"/>`,
    // Stem (left) and blossom end (right).
    `<rect x="-116" y="-6" width="16" height="11" rx="4" fill="#6b8e23" stroke="#3e5214" stroke-width="1.5"/>`,
    `<circle cx="104" cy="1" r="6" fill="#d4e157" fill-opacity="0.75"/>`,
    `</g>`,
    `</g>`,
  ].join("");
}

/** A cartoon frog sitting on the ground: green body, pale belly, big eyes, a smile. 200 units wide. */
export function frogSprite({ cx, cy, size, angle = 0 }: SpritePlacement, id = "frog"): string {
  const k = size / 200;
  return [
    `<g>`,
    `<defs>`,
    `<radialGradient id="${id}-skin" cx="0.4" cy="0.3" r="0.8">`,
    `<stop offset="0" stop-color="#8bd450"/><stop offset="1" stop-color="#2e8b2e"/></radialGradient>`,
    `<filter id="${id}-blur" x="-50%" y="-50%" width="200%" height="200%">`,
    `<feGaussianBlur stdDeviation="6"/></filter>`,
    `</defs>`,
    `<g transform="translate(${r1(cx)} ${r1(cy)}) rotate(${angle}) scale(${k.toFixed(4)}) translate(-100 -90)">`,
    `<ellipse cx="100" cy="172" rx="88" ry="12" fill="#000" fill-opacity="0.35" filter="url(#${id}-blur)"/>`,
    // Back legs.
    `<ellipse cx="34" cy="140" rx="34" ry="24" fill="#3f9a34" stroke="#1f5d1a" stroke-width="3"/>`,
    `<ellipse cx="166" cy="140" rx="34" ry="24" fill="#3f9a34" stroke="#1f5d1a" stroke-width="3"/>`,
    // Body and belly.
    `<ellipse cx="100" cy="112" rx="74" ry="56" fill="url(#${id}-skin)" stroke="#1f5d1a" stroke-width="3"/>`,
    `<ellipse cx="100" cy="130" rx="44" ry="32" fill="#dcedc8"/>`,
    // Front feet.
    `<ellipse cx="62" cy="166" rx="22" ry="9" fill="#4caf50" stroke="#1f5d1a" stroke-width="3"/>`,
    `<ellipse cx="138" cy="166" rx="22" ry="9" fill="#4caf50" stroke="#1f5d1a" stroke-width="3"/>`,
    // Eyes on top of the head.
    `<circle cx="62" cy="52" r="30" fill="url(#${id}-skin)" stroke="#1f5d1a" stroke-width="3"/>`,
    `<circle cx="138" cy="52" r="30" fill="url(#${id}-skin)" stroke="#1f5d1a" stroke-width="3"/>`,
    `<circle cx="62" cy="50" r="19" fill="#fff"/><circle cx="138" cy="50" r="19" fill="#fff"/>`,
    `<circle cx="66" cy="52" r="9" fill="#111"/><circle cx="134" cy="52" r="9" fill="#111"/>`,
    `<circle cx="69" cy="48" r="3" fill="#fff"/><circle cx="137" cy="48" r="3" fill="#fff"/>`,
    // Nostrils, smile, cheeks, spots.
    `<circle cx="92" cy="84" r="2.5" fill="#1f5d1a"/><circle cx="108" cy="84" r="2.5" fill="#1f5d1a"/>`,
    `<path d="M 58 96 Q 100 128 142 96" stroke="#1f5d1a" stroke-width="4" fill="none" stroke-linecap="round"/>`,
    `<circle cx="50" cy="100" r="8" fill="#f48fb1" fill-opacity="0.55"/>`,
    `<circle cx="150" cy="100" r="8" fill="#f48fb1" fill-opacity="0.55"/>`,
    `<circle cx="150" cy="124" r="6" fill="#2e7d32" fill-opacity="0.6"/>`,
    `<circle cx="46" cy="126" r="5" fill="#2e7d32" fill-opacity="0.6"/>`,
    `</g>`,
    `</g>`,
  ].join("");
}

const FESTIVE = ["#ff1744", "#ffea00", "#00e676", "#2979ff", "#d500f9", "#ff9100", "#ffffff"];

/** Confetti and streamers scattered over the canvas. */
export function confetti(width: number, height: number, seed: number, count = 90): string {
  const random = seededRandom(seed);
  const short = Math.min(width, height);
  const pieces: string[] = [];
  for (let i = 0; i < count; i++) {
    const x = random() * width;
    const y = random() * height;
    const colour = FESTIVE[Math.floor(random() * FESTIVE.length)];
    const s = short * (0.008 + random() * 0.014);
    if (random() < 0.5) {
      pieces.push(
        `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(s * 0.6)}" fill="${colour}" fill-opacity="0.9"/>`,
      );
    } else {
      pieces.push(
        `<rect x="${r1(x)}" y="${r1(y)}" width="${r1(s * 1.6)}" height="${r1(s * 0.7)}" fill="${colour}" ` +
          `fill-opacity="0.9" transform="rotate(${Math.round(random() * 180)} ${r1(x)} ${r1(y)})"/>`,
      );
    }
  }
  return `<g>${pieces.join("")}</g>`;
}

/** A balloon with a string, for generated celebration pictures. */
export function balloon(cx: number, cy: number, r: number, colour: string): string {
  return (
    `<g><path d="M ${r1(cx)} ${r1(cy + r * 1.2)} q ${r1(-r * 0.3)} ${r1(r * 0.8)} 0 ${r1(r * 1.6)} ` +
    `t 0 ${r1(r * 1.4)}" stroke="#555" stroke-width="${r1(Math.max(1, r * 0.04))}" fill="none"/>` +
    `<ellipse cx="${r1(cx)}" cy="${r1(cy)}" rx="${r1(r)}" ry="${r1(r * 1.2)}" fill="${colour}" ` +
    `stroke="#00000033" stroke-width="2"/>` +
    `<ellipse cx="${r1(cx - r * 0.35)}" cy="${r1(cy - r * 0.45)}" rx="${r1(r * 0.18)}" ry="${r1(r * 0.3)}" ` +
    `fill="#fff" fill-opacity="0.55"/>` +
    `<path d="M ${r1(cx - r * 0.12)} ${r1(cy + r * 1.28)} l ${r1(r * 0.12)} ${r1(-r * 0.1)} ` +
    `l ${r1(r * 0.12)} ${r1(r * 0.1)} Z" fill="${colour}"/></g>`
  );
}

/**
 * What the Character Animator's tests share: the page's environment (a canvas whose pixels differ per
 * frame, downloads with the file behind each), opening the page and describing a character.
 */
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach } from "vitest";
import { renderApp } from "../utils";
import { keepObjectUrlBlobs } from "./object-url-blobs";
import { toolPageEnvironment } from "./tool-kit";

export const DESCRIPTION = "a friendly purple robot with a yellow hat";

/**
 * jsdom has no canvas: on top of the shared stand-ins (decoding reports the PNG header's size), a
 * 2D context whose pixels are a colour per quarter of the sheet drawn, so the four frames differ and
 * the GIF encoder gets real pixels.
 */
const QUARTER_COLOURS: Record<string, [number, number, number]> = {
  "0,0": [220, 40, 40],
  "1,0": [40, 200, 60],
  "0,1": [40, 80, 220],
  "1,1": [240, 200, 30],
};
class PixelCanvas {
  private colour: [number, number, number] = [0, 0, 0];
  constructor(
    public width: number,
    public height: number,
  ) {}
  getContext() {
    return {
      imageSmoothingEnabled: true,
      imageSmoothingQuality: "high",
      drawImage: (_src: unknown, sx: number, sy: number) => {
        this.colour = QUARTER_COLOURS[`${sx > 0 ? 1 : 0},${sy > 0 ? 1 : 0}`]!;
      },
      getImageData: (_x: number, _y: number, w: number, h: number) => {
        const data = new Uint8ClampedArray(w * h * 4);
        for (let i = 0; i < data.length; i += 4) data.set([...this.colour, 255], i);
        return { data, width: w, height: h };
      },
    };
  }
  async convertToBlob() {
    return new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, ...this.colour])], { type: "image/png" });
  }
}

/**
 * The tool page environment (tool-kit.ts) with the canvas above as OffscreenCanvas and every object
 * URL's Blob kept, so a download can be read back.
 */
export function animatorEnvironment() {
  const env = toolPageEnvironment();
  const blobOf = keepObjectUrlBlobs();
  const g = globalThis as unknown as Record<string, unknown>;
  let savedCanvas: unknown;
  beforeEach(() => {
    savedCanvas = g.OffscreenCanvas;
    g.OffscreenCanvas = PixelCanvas;
  });
  afterEach(() => {
    g.OffscreenCanvas = savedCanvas;
  });

  /** The bytes of the last download named `name`. */
  async function downloaded(name: string): Promise<Uint8Array> {
    const entry = env.downloads().findLast((d) => d.name === name);
    if (!entry) throw new Error(`no download named ${name}`);
    const blob = blobOf(entry.href);
    if (!blob) throw new Error(`no blob behind ${entry.href}`);
    // jsdom's Blob has no arrayBuffer(); FileReader reads it.
    return new Promise((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
      reader.onerror = () => reject(reader.error);
      reader.readAsArrayBuffer(blob);
    });
  }
  return { downloads: env.downloads, downloaded };
}

export async function openPage() {
  const view = renderApp("/animator");
  await screen.findByRole("heading", { level: 1, name: "Character Animator" });
  return view;
}

export async function describeCharacter(words = DESCRIPTION) {
  const user = userEvent.setup();
  const field = screen.getByRole("textbox", { name: "Character description" });
  await user.clear(field);
  if (words) {
    await user.click(field);
    await user.paste(words);
  }
  return user;
}

export async function createCharacter(words = DESCRIPTION) {
  const user = await describeCharacter(words);
  await user.click(screen.getByRole("button", { name: "Create Character" }));
  return user;
}

export const counter = () => screen.getByTestId("remaining-counter");

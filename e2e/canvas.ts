/**
 * The Art Enhancer's drawing canvas as a test sees it: where a point of the 800x500 picture is on the
 * page, the colour shown there, the colour of the drawing this device keeps (what a reload restores),
 * and drawing with the mouse or picking a tool.
 */
import { expect, type Locator, type Page } from "@playwright/test";
import { ART_DB_NAME, DRAWINGS_STORE } from "../src/lib/art-drawing-db";

export type Rgb = [number, number, number];

/** Where a point of the 800x500 picture is on the page (the picture is fitted and centred at 100%). */
export async function mapper(canvas: Locator) {
  const box = (await canvas.boundingBox())!;
  const scale = Math.min(box.width / 800, box.height / 500);
  const left = box.x + (box.width - 800 * scale) / 2;
  const top = box.y + (box.height - 500 * scale) / 2;
  return (x: number, y: number) => ({ x: left + x * scale, y: top + y * scale });
}

/** The colour shown at a point of the picture (read from the display canvas, after the next frame). */
async function colourAt(canvas: Locator, x: number, y: number): Promise<Rgb> {
  const at = (await mapper(canvas))(x, y);
  const box = (await canvas.boundingBox())!;
  return canvas.evaluate(
    async (el, p) => {
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      const c = el as HTMLCanvasElement;
      const dpr = c.width / c.getBoundingClientRect().width;
      const d = c.getContext("2d")!.getImageData(Math.round(p.x * dpr), Math.round(p.y * dpr), 1, 1).data;
      return [d[0]!, d[1]!, d[2]!] as Rgb;
    },
    { x: at.x - box.x, y: at.y - box.y },
  );
}

export const isDark = ([r, g, b]: Rgb) => r < 110 && g < 110 && b < 110;
export const isWhite = ([r, g, b]: Rgb) => r > 235 && g > 235 && b > 235;
export const isRed = ([r, g, b]: Rgb) => r > 200 && g < 60 && b < 60;

/**
 * The drawing this device keeps for the signed-in user (IndexedDB, what a reload restores): the colours
 * of its picture at `points`, and whether a locked background is kept with it; null while none is kept.
 */
export async function savedDrawing(page: Page, points: [number, number][]) {
  return page.evaluate(
    async ({ name, store, points }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      try {
        if (!db.objectStoreNames.contains(store)) return null;
        const [saved] = await new Promise<{ picture: Blob; locked: Blob | null }[]>((resolve, reject) => {
          const request = db.transaction(store).objectStore(store).getAll();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        if (!saved) return null;
        const bitmap = await createImageBitmap(saved.picture);
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const ctx = canvas.getContext("2d")!;
        ctx.drawImage(bitmap, 0, 0);
        const colours = points.map(([x, y]) => {
          const d = ctx.getImageData(x, y, 1, 1).data;
          return [d[0]!, d[1]!, d[2]!] as Rgb;
        });
        return { colours, locked: saved.locked !== null };
      } finally {
        db.close();
      }
    },
    { name: ART_DB_NAME, store: DRAWINGS_STORE, points },
  );
}

export async function expectColour(canvas: Locator, x: number, y: number, test: (c: Rgb) => boolean) {
  await expect.poll(async () => test(await colourAt(canvas, x, y)), { timeout: 5_000 }).toBe(true);
}

export async function mouseDrag(page: Page, canvas: Locator, points: [number, number][]) {
  const map = await mapper(canvas);
  const [first, ...rest] = points.map(([x, y]) => map(x, y));
  await page.mouse.move(first!.x, first!.y);
  await page.mouse.down();
  for (const p of rest) await page.mouse.move(p.x, p.y, { steps: 8 });
  await page.mouse.up();
}

export async function tool(page: Page, name: string) {
  await page
    .getByRole("toolbar", { name: "Drawing tools" })
    .getByRole("button", { name, exact: true })
    .click();
}

export async function openDrawing(page: Page) {
  await page.goto("/create-art");
  await expect(page.getByRole("heading", { level: 1, name: "Art Enhancer" })).toBeVisible();
  await page.getByRole("tab", { name: "Draw Your Own" }).click();
  const canvas = page.getByTestId("drawing-canvas");
  await expect(canvas).toBeVisible();
  return canvas;
}

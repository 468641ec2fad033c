/**
 * Art Enhancer end to end: every canvas tool, undo/redo, lock, zoom, the drawing kept across a reload,
 * Transform and the download, then an uploaded picture.
 */
import path from "node:path";
import { expect, test } from "./fixtures";
import {
  expectColour,
  isDark,
  isRed,
  isWhite,
  mapper,
  mouseDrag,
  openDrawing,
  savedDrawing,
  tool,
} from "./canvas";
import { downloadFrom, isPng, logIn, PASSWORD, pngSize, signUp, uniqueEmail } from "./helpers";

const CAT = path.resolve("tests/fixtures/images/cat-chelsea.png");

// Tall enough that the toolbar and the whole 500 px canvas are on screen together.
test.use({ viewport: { width: 1280, height: 1100 } });

test("draw with every tool, undo/redo, lock and erase, zoom, reload, transform and download; then an upload", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("art");
  await signUp(page, email);
  const canvas = await openDrawing(page);
  const transform = page.getByRole("button", { name: "Transform" });
  await expect(transform).toBeDisabled();
  await expect(page.getByRole("button", { name: "Undo" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Redo" })).toBeDisabled();

  // Pencil (the default) with the mouse; one snapshot per stroke: undo and redo.
  await mouseDrag(page, canvas, [
    [100, 100],
    [300, 100],
  ]);
  await expectColour(canvas, 200, 100, isDark);
  await page.getByRole("button", { name: "Undo" }).click();
  await expectColour(canvas, 200, 100, isWhite);
  await expect(page.getByRole("button", { name: "Undo" })).toBeDisabled();
  await page.getByRole("button", { name: "Redo" }).click();
  await expectColour(canvas, 200, 100, isDark);
  await expect(page.getByRole("button", { name: "Redo" })).toBeDisabled();

  // Each shape tool.
  await tool(page, "Square");
  await mouseDrag(page, canvas, [
    [400, 50],
    [550, 200],
  ]);
  await expectColour(canvas, 400, 125, isDark);
  await tool(page, "Circle");
  await mouseDrag(page, canvas, [
    [150, 300],
    [200, 300],
  ]);
  await expectColour(canvas, 200, 300, isDark);
  await expectColour(canvas, 150, 300, isWhite);
  await tool(page, "Line");
  await mouseDrag(page, canvas, [
    [300, 250],
    [450, 250],
  ]);
  await expectColour(canvas, 375, 250, isDark);
  // Curve: a line, then a second drag bends it through the point dragged to.
  await tool(page, "Curve");
  await mouseDrag(page, canvas, [
    [500, 300],
    [700, 300],
  ]);
  await expect(page.getByText("Drag anywhere to bend the curve.")).toBeVisible();
  await mouseDrag(page, canvas, [
    [600, 300],
    [600, 400],
  ]);
  await expectColour(canvas, 600, 400, isDark);
  await expectColour(canvas, 600, 300, isWhite);
  await tool(page, "Brush");
  await mouseDrag(page, canvas, [
    [50, 450],
    [150, 455],
    [250, 450],
  ]);
  await expectColour(canvas, 150, 453, isDark);

  // Fill the closed square in red: right up to its anti-aliased edge.
  await page.getByLabel("Colour").fill("#ff0000");
  await tool(page, "Fill");
  const map = await mapper(canvas);
  const inside = map(475, 125);
  await page.mouse.click(inside.x, inside.y);
  await expectColour(canvas, 475, 125, isRed);
  await expectColour(canvas, 405, 125, isRed);
  await expectColour(canvas, 600, 125, isWhite);

  // Lock, then a new stroke; the eraser takes the new stroke away and leaves the locked drawing.
  await page.getByLabel("Colour").fill("#000000");
  await page.getByRole("button", { name: "Lock background" }).click();
  await expect(page.getByRole("button", { name: "Lock background" })).toHaveAttribute("aria-pressed", "true");
  await tool(page, "Pencil");
  await mouseDrag(page, canvas, [
    [100, 160],
    [300, 160],
  ]);
  await expectColour(canvas, 200, 160, isDark);
  await tool(page, "Eraser");
  await mouseDrag(page, canvas, [
    [200, 80],
    [200, 180],
  ]);
  await expectColour(canvas, 200, 160, isWhite);
  await expectColour(canvas, 200, 100, isDark);

  // Zoom: five clicks make 150%; reset view is 100% again.
  for (let i = 0; i < 5; i++) await page.getByRole("button", { name: "Zoom in" }).click();
  await expect(page.getByLabel("Zoom level")).toHaveText("150%");
  await page.getByRole("button", { name: "Reset view" }).click();
  await expect(page.getByLabel("Zoom level")).toHaveText("100%");
  // Ctrl + wheel zooms around the pointer (the page itself does not zoom).
  const centre = map(400, 250);
  await page.mouse.move(centre.x, centre.y);
  await page.keyboard.down("Control");
  await page.mouse.wheel(0, -300);
  await page.keyboard.up("Control");
  await expect(page.getByLabel("Zoom level")).not.toHaveText("100%");
  await page.getByRole("button", { name: "Reset view" }).click();
  // A letter per tool, and Ctrl+Z / Ctrl+Y.
  await page.keyboard.press("b");
  await expect(page.getByRole("button", { name: "Brush", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await page.keyboard.press("p");
  await page.keyboard.press("Control+z");
  await expectColour(canvas, 200, 160, isDark);
  await page.keyboard.press("Control+y");
  await expectColour(canvas, 200, 160, isWhite);

  // An accidental reload: the drawing (and its lock) is still there, once this device has kept it.
  await expect
    .poll(async () => {
      const saved = await savedDrawing(page, [
        [475, 125],
        [200, 100],
        [200, 160],
      ]);
      return (
        saved && [
          isRed(saved.colours[0]!),
          isDark(saved.colours[1]!),
          isWhite(saved.colours[2]!),
          saved.locked,
        ]
      );
    })
    .toEqual([true, true, true, true]);
  await page.reload();
  const again = await openDrawing(page);
  await expectColour(again, 475, 125, isRed);
  await expectColour(again, 200, 100, isDark);
  await expect(page.getByRole("button", { name: "Lock background" })).toHaveAttribute("aria-pressed", "true");

  // Transform, and download a real 800x500 PNG.
  await page.getByRole("button", { name: "Transform" }).click();
  await expect(page.getByRole("img", { name: "Enhanced" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("Artwork enhanced successfully!")).toBeVisible();
  const download = await downloadFrom(page.getByRole("button", { name: "Download" }));
  expect(download.name).toBe("modified-scene.png");
  expect(isPng(download.bytes)).toBe(true);
  expect(pngSize(download.bytes)).toEqual({ width: 800, height: 500 });
  await expect(page.getByTestId("remaining-counter")).toHaveText("Remaining conversions: 2 / 3");

  // An upload, enhanced end to end.
  await page.getByRole("tab", { name: "Upload Image" }).click();
  await page.getByTestId("file-input").setInputFiles(CAT);
  await expect(page.getByRole("img", { name: "Enhanced" }).first()).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByTestId("remaining-counter")).toHaveText("Remaining conversions: 1 / 3");
  // The upload opened on the canvas, to draw over it.
  await page.getByRole("button", { name: "Draw on this picture" }).click();
  await expect(page.getByRole("tab", { name: "Draw Your Own" })).toHaveAttribute("aria-selected", "true");
  await expectColour(again, 400, 250, (c) => !isWhite(c));

  // A phone: the picture fills the width of the page, edge to edge (no bands beside it); draw with a
  // finger; the page neither scrolls nor zooms; no keyboard cursor is left; strokes at the picture's
  // edges are kept; Transform is in view under the picture; Clear asks first.
  const phone = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    deviceScaleFactor: 2,
  });
  const mobile = await phone.newPage();
  await mobile.goto("/auth");
  await logIn(mobile, email, PASSWORD);
  await expect(mobile).toHaveURL(/\/$/);
  const touchCanvas = await openDrawing(mobile);
  // Shape, Size and Results (with the plan they need) come first: the picture is scrolled to, as a
  // person does, before a finger draws on it.
  await touchCanvas.scrollIntoViewIfNeeded();
  const box = (await touchCanvas.boundingBox())!;
  const content = (await mobile.getByRole("tablist", { name: "Start from" }).boundingBox())!;
  expect(box.width).toBeGreaterThan(content.width - 4);
  const corner = (await mapper(touchCanvas))(0, 0);
  const far = (await mapper(touchCanvas))(800, 500);
  expect(Math.abs(corner.x - box.x)).toBeLessThan(1);
  expect(Math.abs(corner.y - box.y)).toBeLessThan(1);
  expect(Math.abs(far.x - (box.x + box.width))).toBeLessThan(1);
  expect(Math.abs(far.y - (box.y + box.height))).toBeLessThan(1);
  const scrollBefore = await mobile.evaluate(() => window.scrollY);
  const cdp = await phone.newCDPSession(mobile);
  const tmap = await mapper(touchCanvas);
  const path = [100, 200, 300, 400, 500, 600, 700].map((x) => tmap(x, 250));
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [path[0]!] });
  for (const p of path.slice(1))
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [p] });
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await expectColour(touchCanvas, 400, 250, isDark);
  expect(await mobile.evaluate(() => window.scrollY)).toBe(scrollBefore);
  // Nothing is painted over the picture: the keyboard's cursor is for the keyboard only.
  const overlay = touchCanvas.locator("xpath=following-sibling::canvas");
  const painted = () =>
    overlay.evaluate((el) => {
      const c = el as HTMLCanvasElement;
      const data = c.getContext("2d")!.getImageData(0, 0, c.width, c.height).data;
      return data.some((v, i) => i % 4 === 3 && v > 0);
    });
  expect(await painted()).toBe(false);
  await expect(mobile.getByRole("button", { name: "Transform" })).toBeInViewport();
  // A stroke from inside the picture out to its top edge, along it and down its right edge is kept whole.
  const along: [number, number][] = [
    [100, 60],
    [100, 30],
    ...Array.from({ length: 15 }, (_, i) => [100 + i * 50, 1] as [number, number]),
    [799, 1],
    ...Array.from({ length: 5 }, (_, i) => [799, 50 + i * 50] as [number, number]),
  ];
  const edge = along.map(([x, y]) => tmap(x, y));
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [edge[0]!] });
  for (const p of edge.slice(1))
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [p] });
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await expect
    .poll(async () =>
      (
        await savedDrawing(mobile, [
          [400, 1],
          [798, 250],
          [400, 250],
        ])
      )?.colours.every(isDark),
    )
    .toBe(true);
  expect(await painted()).toBe(false);
  await expect(mobile.getByRole("button", { name: "Undo" })).toBeEnabled();
  await mobile.getByRole("button", { name: "Clear" }).click();
  const dialog = mobile.getByRole("dialog", { name: "Clear the drawing?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Clear drawing" }).click();
  await expectColour(touchCanvas, 400, 250, isWhite);
  await phone.close();
});

/**
 * The drawing canvas (canvas/drawing-canvas.tsx, with its engine and tools), fetched by art-page.tsx
 * when "Draw Your Own" is first pointed at, focused or opened: the page opens on the upload tab.
 */
export { DrawingCanvas } from "./canvas/drawing-canvas";

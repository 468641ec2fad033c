/**
 * The canvas's keys for drawing without a pointer: arrows move a cursor, Enter or a tap of Space puts
 * the pen down and lifts it, Escape gives up the stroke (./use-keyboard-pen.lazy, fetched at the canvas's
 * first keyboard focus or drawing key; keys pressed meanwhile wait for it). Space held while a pointer
 * drags still pans (use-canvas-shortcuts). Returns the canvas's key and focus handlers.
 */
import { useEffect, useRef, type FocusEvent, type KeyboardEvent, type RefObject } from "react";
import type { DrawingEngine } from "./engine";
import type { KeyboardDrawing, KeyLike } from "./use-keyboard-pen.lazy";

const DRAWING_KEYS = new Set(["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Enter", " "]);

type Queued = { up: boolean; e: KeyLike };

export function useKeyboardPen(engine: DrawingEngine, displayRef: RefObject<HTMLCanvasElement | null>) {
  const drawing = useRef<KeyboardDrawing | null>(null);
  /** Keys pressed while the code is on its way (null: not asked for yet). */
  const queued = useRef<Queued[] | null>(null);

  function load(): Promise<KeyboardDrawing> {
    if (drawing.current) return Promise.resolve(drawing.current);
    const first = queued.current === null;
    queued.current ??= [];
    const loaded = import("./use-keyboard-pen.lazy").then(({ KeyboardDrawing }) => {
      drawing.current ??= new KeyboardDrawing(engine);
      return drawing.current;
    });
    if (first) {
      void loaded.then((d) => {
        for (const { up, e } of queued.current ?? []) {
          if (up) d.keyUp(e);
          else d.keyDown(e);
        }
        queued.current = [];
      });
    }
    return loaded;
  }

  useEffect(() => () => drawing.current?.dispose(), []);

  // A pointer takes over: the keyboard's cursor goes, and a Space held meanwhile is a pan, not a tap.
  useEffect(() => {
    const canvas = displayRef.current;
    if (!canvas) return;
    const onPointerDown = () => {
      if (queued.current) queued.current = [];
      drawing.current?.leave();
    };
    canvas.addEventListener("pointerdown", onPointerDown);
    return () => canvas.removeEventListener("pointerdown", onPointerDown);
  }, [displayRef]);

  function key(e: KeyboardEvent<HTMLCanvasElement>, up: boolean) {
    const d = drawing.current;
    if (d) {
      if (up) d.keyUp(e);
      else if (d.keyDown(e)) e.preventDefault();
      return;
    }
    if (!DRAWING_KEYS.has(e.key) || e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    const { key, shiftKey, altKey, ctrlKey, metaKey, repeat } = e;
    queued.current?.push({ up, e: { key, shiftKey, altKey, ctrlKey, metaKey, repeat } });
    void load();
  }

  return {
    handlers: {
      onKeyDown: (e: KeyboardEvent<HTMLCanvasElement>) => key(e, false),
      onKeyUp: (e: KeyboardEvent<HTMLCanvasElement>) => key(e, true),
      // Reached with the keyboard (not a pointer's press): fetch the code and show the cursor.
      onFocus: (e: FocusEvent<HTMLCanvasElement>) => {
        if (e.currentTarget.matches(":focus-visible")) void load().then((d) => d.focus());
      },
      onBlur: () => drawing.current?.leave(),
    },
  };
}

/**
 * The canvas's keys for drawing without a pointer: arrows move a cursor, Enter or a tap of Space puts
 * the pen down and lifts it, Escape gives up the stroke (./use-keyboard-pen.lazy, fetched at the canvas's
 * first keyboard focus or drawing key; keys pressed meanwhile wait for it). Space held while a pointer
 * drags still pans (use-canvas-shortcuts). The cursor, and the focus ring (`keyboard`), show only for
 * the keyboard: not after a mouse, pen or finger put the focus on the canvas (a press focuses it from the
 * code, which the browser may count as :focus-visible). Returns the canvas's key and focus handlers.
 */
import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type RefObject } from "react";
import type { DrawingEngine } from "./engine";
import type { KeyboardDrawing, KeyLike } from "./use-keyboard-pen.lazy";

const DRAWING_KEYS = new Set(["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Enter", " "]);

type Queued = { up: boolean; e: KeyLike };

export function useKeyboardPen(engine: DrawingEngine, displayRef: RefObject<HTMLCanvasElement | null>) {
  const drawing = useRef<KeyboardDrawing | null>(null);
  /** Keys pressed while the code is on its way (null: not asked for yet). */
  const queued = useRef<Queued[] | null>(null);
  /** A pointer is being pressed on the canvas now: the focus it brings is not the keyboard's. */
  const pressing = useRef(false);
  /** The keyboard is in use on the canvas: its cursor and focus ring show. */
  const [keyboard, setKeyboard] = useState(false);

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
    // Runs before the React handler that focuses the canvas; over once this event has been handled
    // (a timer: microtasks run between one listener and the next).
    const onPointerDown = () => {
      pressing.current = true;
      window.setTimeout(() => (pressing.current = false), 0);
      setKeyboard(false);
      if (queued.current) queued.current = [];
      drawing.current?.leave();
    };
    canvas.addEventListener("pointerdown", onPointerDown);
    return () => canvas.removeEventListener("pointerdown", onPointerDown);
  }, [displayRef]);

  function key(e: KeyboardEvent<HTMLCanvasElement>, up: boolean) {
    if (!up && !e.altKey && !e.ctrlKey && !e.metaKey && DRAWING_KEYS.has(e.key)) setKeyboard(true);
    const d = drawing.current;
    if (d) {
      if (up) d.keyUp(e);
      else if (d.keyDown(e)) e.preventDefault();
      return;
    }
    if (!DRAWING_KEYS.has(e.key) || e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    const { key, shiftKey, altKey, ctrlKey, metaKey, repeat } = e;
    // Asked for first, so the first key (on a canvas a pointer focused) waits for the code, not lost.
    void load();
    queued.current?.push({ up, e: { key, shiftKey, altKey, ctrlKey, metaKey, repeat } });
  }

  return {
    keyboard,
    handlers: {
      onKeyDown: (e: KeyboardEvent<HTMLCanvasElement>) => key(e, false),
      onKeyUp: (e: KeyboardEvent<HTMLCanvasElement>) => key(e, true),
      // Reached with the keyboard (not a pointer's press): fetch the code and show the cursor.
      onFocus: (e: FocusEvent<HTMLCanvasElement>) => {
        if (pressing.current || !e.currentTarget.matches(":focus-visible")) return;
        setKeyboard(true);
        void load().then((d) => d.focus());
      },
      onBlur: () => {
        setKeyboard(false);
        drawing.current?.leave();
      },
    },
  };
}

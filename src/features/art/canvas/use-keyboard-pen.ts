/**
 * The canvas's keys for drawing without a pointer (./keyboard-pen): arrows move the cursor, Enter or a
 * tap of Space puts the pen down and lifts it, Escape gives up the stroke. Space held while a pointer
 * drags still pans (use-canvas-shortcuts): only a Space let go without a pointer press is a tap.
 * Returns the canvas's key and focus handlers, and the sentence for the polite live region.
 */
import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type RefObject } from "react";
import type { DrawingEngine } from "./engine";
import { KeyboardPen } from "./keyboard-pen";

export function useKeyboardPen(engine: DrawingEngine, displayRef: RefObject<HTMLCanvasElement | null>) {
  const [said, setSaid] = useState("");
  const [pen] = useState(() => {
    const pen: KeyboardPen = new KeyboardPen({
      tool: () => engine.getState().tool,
      drawing: () => engine.drawing,
      down: (p) => engine.penDown(p),
      move: (p) => engine.penMove(p),
      up: () => engine.pointerUp(),
      cancel: () => engine.cancelStroke(),
      panBy: (dx, dy) => engine.panBy(dx, dy),
      changed: () => {
        engine.showKeyCursor(pen.cursor);
        setSaid(pen.describe());
      },
    });
    return pen;
  });
  const spaceTap = useRef(false);

  // A pointer takes over: the keyboard's cursor goes, and a Space held meanwhile is a pan, not a tap.
  useEffect(() => {
    const canvas = displayRef.current;
    if (!canvas) return;
    const onPointerDown = () => {
      spaceTap.current = false;
      pen.lift();
      engine.showKeyCursor(null);
    };
    canvas.addEventListener("pointerdown", onPointerDown);
    return () => canvas.removeEventListener("pointerdown", onPointerDown);
  }, [engine, pen, displayRef]);

  // Another tool: the keyboard's stroke so far is kept, and the next press starts the new tool's.
  useEffect(() => {
    let tool = engine.getState().tool;
    return engine.subscribe(() => {
      const next = engine.getState().tool;
      if (next !== tool) pen.lift();
      tool = next;
    });
  }, [engine, pen]);

  function onKeyDown(e: KeyboardEvent<HTMLCanvasElement>) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    if (pen.arrow(e.key, e.shiftKey)) {
      e.preventDefault();
    } else if (e.key === "Enter") {
      e.preventDefault();
      if (!e.repeat) pen.press();
    } else if (e.key === " ") {
      e.preventDefault();
      if (!e.repeat) spaceTap.current = true;
    } else if (e.key === "Escape" && pen.cancel()) {
      e.preventDefault();
    }
  }

  function onKeyUp(e: KeyboardEvent<HTMLCanvasElement>) {
    if (e.key !== " " || !spaceTap.current) return;
    spaceTap.current = false;
    pen.press();
  }

  function onFocus(e: FocusEvent<HTMLCanvasElement>) {
    // Reached with the keyboard (not a pointer's press): show where the pen is.
    if (e.currentTarget.matches(":focus-visible")) engine.showKeyCursor(pen.cursor);
  }

  function onBlur() {
    spaceTap.current = false;
    pen.lift();
    engine.showKeyCursor(null);
  }

  return { handlers: { onKeyDown, onKeyUp, onFocus, onBlur }, said };
}

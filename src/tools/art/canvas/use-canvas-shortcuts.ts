/**
 * The drawing's keyboard shortcuts while the canvas is shown: Ctrl/Cmd+Z undo, Shift+Ctrl/Cmd+Z and
 * Ctrl/Cmd+Y redo, one letter per tool, and Space held to pan (returned, for the pointer and the
 * cursor). Keys typed into a field or a dialog are left alone.
 */
import { useEffect, useState, type RefObject } from "react";
import type { DrawingEngine } from "./engine";
import { toolForKey } from "./rules";

function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return Boolean(el?.closest?.("input, textarea, select, [contenteditable='true'], [role='dialog']"));
}

/** Whether Space is held down. */
export function useCanvasShortcuts(
  engine: DrawingEngine,
  active: boolean,
  displayRef: RefObject<HTMLCanvasElement | null>,
): boolean {
  const [spaceHeld, setSpaceHeld] = useState(false);
  useEffect(() => {
    if (!active) return;
    const onKeyDown = (e: KeyboardEvent) => {
      if (isTyping(e.target) || e.altKey) return;
      const mod = e.ctrlKey || e.metaKey;
      const key = e.key.toLowerCase();
      if (mod && key === "z") {
        e.preventDefault();
        if (e.shiftKey) engine.redo();
        else engine.undo();
        return;
      }
      if (mod && key === "y") {
        e.preventDefault();
        engine.redo();
        return;
      }
      if (mod) return;
      if (e.key === " " && (e.target === document.body || e.target === displayRef.current)) {
        e.preventDefault();
        setSpaceHeld(true);
        return;
      }
      const tool = toolForKey(key);
      if (tool && !e.shiftKey) engine.setTool(tool);
    };
    const onKeyUp = (e: KeyboardEvent) => {
      if (e.key === " ") setSpaceHeld(false);
    };
    const onBlur = () => setSpaceHeld(false);
    window.addEventListener("keydown", onKeyDown);
    window.addEventListener("keyup", onKeyUp);
    window.addEventListener("blur", onBlur);
    return () => {
      window.removeEventListener("keydown", onKeyDown);
      window.removeEventListener("keyup", onKeyUp);
      window.removeEventListener("blur", onBlur);
    };
  }, [active, engine, displayRef]);
  return spaceHeld;
}

/** Keeps the drawing on this device: restored when the canvas opens, saved shortly after each change. */
import { useEffect, useState } from "react";
import type { DrawingEngine } from "./engine";
import { deleteDrawing, loadDrawing, saveDrawing } from "./storage";

/** Saving waits this long after the last change, so a burst of strokes is written once. */
export const SAVE_DELAY_MS = 400;

async function decode(blob: Blob): Promise<ImageBitmap> {
  return createImageBitmap(blob);
}

/**
 * The drawing survives a reload or leaving the page: it is restored from this device when the canvas
 * opens, and saved (debounced) after each finished stroke, undo, redo, clear or lock. One drawing per user.
 */
export function useDrawingStorage(engine: DrawingEngine, userId: string | null) {
  const [ready, setReady] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let active = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let restoring = true;

    const save = async () => {
      timer = undefined;
      try {
        const { blank, locked } = engine.getState();
        const lockedPicture = engine.lockedPicture;
        if (blank && !locked) {
          await deleteDrawing(userId);
          return;
        }
        const picture = await engine.toBlob();
        const lockedBlob = lockedPicture ? await engine.toBlob(lockedPicture) : null;
        await saveDrawing(userId, { picture, locked: lockedBlob, savedAt: Date.now() });
        if (active) setError(null);
      } catch {
        if (active) setError("Your drawing could not be saved on this device.");
      }
    };
    const flush = () => {
      if (timer === undefined) return;
      clearTimeout(timer);
      void save();
    };

    const stopListening = engine.onPictureChange(() => {
      if (restoring) return;
      clearTimeout(timer);
      timer = setTimeout(() => void save(), SAVE_DELAY_MS);
    });

    (async () => {
      try {
        const saved = await loadDrawing(userId);
        // Only onto an untouched canvas: a stroke made while loading is never overwritten.
        if (saved && active && engine.history.getState().size === 1 && engine.getState().blank) {
          const picture = await decode(saved.picture);
          const locked = saved.locked ? await decode(saved.locked) : null;
          if (active) engine.restore(picture, locked);
          picture.close();
          locked?.close();
        }
      } catch {
        if (active) setError("Your saved drawing could not be opened.");
      } finally {
        restoring = false;
        if (active) setReady(true);
      }
    })();

    // Leaving the page (closing the tab, reloading) writes what is pending at once.
    const onHide = () => flush();
    window.addEventListener("pagehide", onHide);
    return () => {
      active = false;
      window.removeEventListener("pagehide", onHide);
      stopListening();
      flush();
    };
  }, [engine, userId]);

  return { ready, error };
}

/**
 * A tool's side of a hand-over: photos shared into the app, opened with it, or sent on with
 * "Edit with…" arrive in the navigation state; the tool takes them from IndexedDB once and gives
 * them to its own upload handler, exactly as if they had been picked. Only the navigation state is
 * read here: the taking (use-incoming-photos.lazy.ts, with the store) is fetched by a page that was handed
 * something.
 */
import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { toast } from "sonner";
import type { IncomingPhotoState, KeptInputs } from "./types";

export const INCOMING_LOST = "The photo you sent here could not be opened. Upload it again.";

function incomingId(state: unknown): string | null {
  const id = (state as Partial<IncomingPhotoState> | null)?.incoming;
  return typeof id === "string" ? id : null;
}

/** The words and options of a task a gate stopped, brought back with its photo (gate-task.ts). */
function keptInputs(state: unknown): KeptInputs | undefined {
  const task = (state as Partial<IncomingPhotoState> | null)?.task;
  if (!task || typeof task !== "object") return undefined;
  return {
    ...(typeof task.words === "string" ? { words: task.words } : {}),
    ...(task.options && typeof task.options === "object" ? { options: task.options } : {}),
  };
}

/** The words-only tasks (their history entries) already handed over: each is handed over once. */
const wordsHanded = new Set<string>();

/**
 * Takes the photos handed to this page, if any, and calls `accept` with them (each tagged with the
 * chain it came from), and with the words and options of a task a gate stopped: with its photos, or
 * alone when the task had none (`files` empty). The navigation state is cleared, so a reload or Back
 * does not load them again. With `accept` null (a tool that takes nothing) nothing is taken: what was
 * handed over stays waiting.
 */
export function useIncomingPhotos(accept: ((files: File[], task?: KeptInputs) => unknown) | null): void {
  const location = useLocation();
  const navigate = useNavigate();
  const id = incomingId(location.state);
  const task = keptInputs(location.state);
  // A words-only task has no id: its arrival is its history entry.
  const arrival = id ?? (task ? location.key : null);
  const latest = useRef(accept);
  useEffect(() => {
    latest.current = accept;
  });

  useEffect(() => {
    if (!arrival || !latest.current) return;
    const kept = keptInputs(location.state);
    // A gate's task stays kept until its last way back (after the payment): Pricing's "Go back" and
    // then paying still finds it.
    const last = !kept || (location.state as Partial<IncomingPhotoState>).last === true;
    let active = true;
    const take: Promise<File[] | null | undefined> = id
      ? import("./use-incoming-photos.lazy").then(({ takeIncomingPhotos }) =>
          takeIncomingPhotos(id, () => active, { last }),
        )
      : Promise.resolve().then(() => {
          // Handed over once, as photos are (lazy module's `takes`): by the first mount still there.
          if (!active || wordsHanded.has(arrival)) return undefined;
          wordsHanded.add(arrival);
          return [];
        });
    take
      .then((files) => {
        if (files === undefined || !active) return;
        navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true, state: null });
        if (files) void latest.current?.(files, kept);
        else toast.error(INCOMING_LOST);
      })
      .catch((error: unknown) => {
        console.error("Could not take the handed-over photo", error);
        if (active) toast.error(INCOMING_LOST);
      });
    return () => {
      active = false;
    };
    // Only a new arrival (its id, or a words-only task's entry) starts a take; the rest is read as it is then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [arrival]);
}

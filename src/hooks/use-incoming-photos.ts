/**
 * A tool's side of a hand-over: photos shared into the app, opened with it, or sent on with
 * "Edit with…" arrive in the navigation state; the tool takes them from IndexedDB once and gives
 * them to its own upload handler, exactly as if they had been picked.
 */
import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { toast } from "sonner";
import type { IncomingPhotos } from "@/lib/incoming-photos";
import { setPhotoOrigin } from "@/lib/photo-origin";
import type { IncomingPhotoState } from "@/lib/hand-over";

export const INCOMING_LOST = "The photo you sent here could not be opened. Upload it again.";

/**
 * Takes under way, by id: a page mounted twice in a row (React's development check, a fast Back and
 * Forward) shares one take, and the render still mounted uses it, once.
 */
const takes = new Map<string, { photos: Promise<IncomingPhotos | null>; used: boolean }>();

function takeOnce(id: string) {
  let take = takes.get(id);
  if (!take) {
    // The store's code is fetched only by a page that was handed something (not in any first load).
    take = { photos: import("@/lib/incoming-photos").then((m) => m.takeIncoming(id)), used: false };
    takes.set(id, take);
  }
  return take;
}

function incomingId(state: unknown): string | null {
  const id = (state as Partial<IncomingPhotoState> | null)?.incoming;
  return typeof id === "string" ? id : null;
}

/**
 * Takes the photos handed to this page, if any, and calls `accept` with them (each tagged with the
 * chain it came from). The navigation state is cleared, so a reload or Back does not load them again.
 */
export function useIncomingPhotos(accept: (files: File[]) => unknown): void {
  const location = useLocation();
  const navigate = useNavigate();
  const id = incomingId(location.state);
  const latest = useRef(accept);
  useEffect(() => {
    latest.current = accept;
  });

  useEffect(() => {
    if (!id) return;
    let active = true;
    const take = takeOnce(id);
    take.photos
      .then((incoming) => {
        if (!active || take.used) return;
        take.used = true;
        takes.delete(id);
        navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true, state: null });
        if (!incoming) {
          // Gone: taken in another tab, or older than a day.
          toast.error(INCOMING_LOST);
          return;
        }
        for (const file of incoming.files) if (incoming.from) setPhotoOrigin(file, incoming.from);
        void latest.current(incoming.files);
      })
      .catch((error: unknown) => {
        takes.delete(id);
        console.error("Could not take the handed-over photo", error);
        if (active) toast.error(INCOMING_LOST);
      });
    return () => {
      active = false;
    };
    // Only a new arrival (its id) starts a take; the path parts are read as they are then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);
}

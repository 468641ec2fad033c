/**
 * The batch's photos decoded ahead, and the cards' thumbnails: each photo once, in the background, one
 * at a time while no run is going. Its card's thumbnail and the image to send both come from that one
 * decode; a run prepares the photos not reached yet itself and hands them back here.
 */
import { useCallback, useEffect, useMemo, useRef, type Dispatch } from "react";
import { copyPhotoOrigin } from "@/lib/creations";
import { batchErrorText, prepareBatchPhoto, type SendableImage } from "./batch-image";
import type { BatchAction, BatchItem } from "./batch-state";

type BatchPhotosOptions = {
  items: readonly BatchItem[];
  /** No decode starts while a run is going (the run's own requests come first). */
  paused: boolean;
  dispatch: Dispatch<BatchAction>;
  makeUrl: (blob: Blob) => string;
};

const findItem = (items: readonly BatchItem[], id: string) => items.find((item) => item.id === id);

export function useBatchPhotos({ items, paused, dispatch, makeUrl }: BatchPhotosOptions) {
  /** Each photo as it will be sent (Blobs, outside the JS heap), by item id. */
  const sendables = useRef(new Map<string, SendableImage>());
  const latest = useRef({ items, paused });
  const alive = useRef(true);
  /** Photos decoded (or being decoded) once already: never twice. */
  const tried = useRef(new Set<string>());
  const decoding = useRef(false);

  useEffect(() => {
    latest.current = { items, paused };
  });
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  /** The card of `id` shows `blob` as its thumbnail. */
  const showThumbnail = useCallback(
    (id: string, blob: Blob) => {
      if (alive.current) dispatch({ type: "thumb", id, thumb: { state: "ready", url: makeUrl(blob) } });
    },
    [dispatch, makeUrl],
  );

  /**
   * Keeps the image prepared for `id` (for a later run or a retry), while the photo is still in the
   * batch. It carries the chain of the photo it was made from (a result sent on with "Edit with…")
   * and its group of versions: the result is kept with the image as sent as its original.
   */
  const keep = useCallback((id: string, sendable: SendableImage) => {
    const item = findItem(latest.current.items, id);
    if (!alive.current || !item) return;
    copyPhotoOrigin(item.file, sendable.blob);
    sendables.current.set(id, sendable);
  }, []);

  // One loop at a time: the next photo with no thumbnail yet, until none is left or a run starts.
  useEffect(() => {
    if (paused || decoding.current) return;
    decoding.current = true;
    const nextPhoto = () =>
      latest.current.paused || !alive.current
        ? undefined
        : latest.current.items.find((item) => item.thumb.state === "pending" && !tried.current.has(item.id));
    void (async () => {
      try {
        for (let next = nextPhoto(); next; next = nextPhoto()) {
          const id = next.id;
          tried.current.add(id);
          try {
            const { thumbnail, sendable } = await prepareBatchPhoto(next.file);
            keep(id, sendable);
            if (alive.current && findItem(latest.current.items, id)?.thumb.state === "pending")
              showThumbnail(id, thumbnail);
          } catch (error) {
            const message = batchErrorText(error).text;
            if (alive.current) dispatch({ type: "thumb", id, thumb: { state: "failed", message } });
          }
        }
      } finally {
        decoding.current = false;
      }
    })();
  }, [dispatch, items, keep, paused, showThumbnail]);

  return useMemo(
    () => ({
      /** The image prepared for `id`, if there is one yet. */
      sendable: (id: string) => sendables.current.get(id),
      keep,
      showThumbnail,
      /** Whether the card of `id` still waits for its thumbnail. */
      needsThumbnail: (id: string) => findItem(latest.current.items, id)?.thumb.state === "pending",
      /** Drops what was prepared for `id`, or for every photo. */
      forget: (id?: string) => (id === undefined ? sendables.current.clear() : sendables.current.delete(id)),
    }),
    [keep, showThumbnail],
  );
}

export type BatchPhotos = ReturnType<typeof useBatchPhotos>;

/**
 * The photos the chooser is about: those named by `?id=`, or with no id the newest share still
 * waiting; each single photo checked as an upload would check it. Nothing is taken: the tool takes it.
 */
import { useEffect, useState } from "react";
import { latestIncoming, readIncoming, type IncomingPhotos } from "@/lib/creations";
import type { SHARE_NOTICES } from "./share-copy";
import { sharedFileProblem } from "./share-check";

export type SharedPhotos =
  | { status: "loading" }
  | { status: "notice"; notice: keyof typeof SHARE_NOTICES }
  /** One photo the tools can take. */
  | { status: "one"; incoming: IncomingPhotos; file: File }
  /** One file an upload would refuse, with the upload's message. */
  | { status: "refused"; incoming: IncomingPhotos; file: File; message: string }
  /** Several files: for Batch Processing, which checks each itself. */
  | { status: "many"; incoming: IncomingPhotos };

async function readShared(id: string | null, failed: boolean): Promise<SharedPhotos> {
  if (failed) return { status: "notice", notice: "failed" };
  let incoming: IncomingPhotos | null;
  try {
    incoming = id ? await readIncoming(id) : await latestIncoming();
  } catch (error) {
    console.error("Could not read the shared photos", error);
    return { status: "notice", notice: "unreadable" };
  }
  if (!incoming) return { status: "notice", notice: id ? "missing" : "none" };
  const [first, ...rest] = incoming.files;
  if (!first) return { status: "notice", notice: "none" };
  if (rest.length > 0) return { status: "many", incoming };
  const message = await sharedFileProblem(first);
  return message
    ? { status: "refused", incoming, file: first, message }
    : { status: "one", incoming, file: first };
}

/** What the chooser shows for `id` (null: the newest share waiting) or a share that failed to arrive. */
export function useSharedPhotos(id: string | null, failed: boolean): SharedPhotos {
  const key = `${failed ? "failed" : ""}:${id ?? ""}`;
  const [state, setState] = useState<{ key: string; photos: SharedPhotos }>({
    key,
    photos: { status: "loading" },
  });
  useEffect(() => {
    let active = true;
    void readShared(id, failed).then((photos) => {
      if (active) setState({ key, photos });
    });
    return () => {
      active = false;
    };
  }, [id, failed, key]);
  return state.key === key ? state.photos : { status: "loading" };
}

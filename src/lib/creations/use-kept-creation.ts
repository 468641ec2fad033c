/**
 * The hooks of keeping results on the device (how a tool takes part is in keep.ts):
 * keepCreation bound to the signed-in user, the user's last creation of a tool, and showing it again
 * after a reload.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import type { ToolId } from "@/config/tools";
import { useUser } from "@/lib/auth";
import { blobDataUrl, blobText } from "@/lib/read-blob";
import { keepCreation } from "./keep";
import { getLastCreation } from "./read";
import type { CreationFiles, CreationRecord, NewCreation } from "./types";

/** keepCreation bound to the signed-in user (tools with several results per run). */
export function useKeepCreation() {
  const userId = useUser()?.id;
  return useCallback(
    (creation: NewCreation | (() => NewCreation | null)) =>
      userId ? keepCreation(userId, creation) : Promise.resolve(null),
    [userId],
  );
}

export type LastCreation = { record: CreationRecord; files: CreationFiles };

/**
 * The signed-in user's newest creation of a tool, read once when the page opens (so a reload shows
 * the last result again). `creation` is null while loading, when there is none, or when storage is
 * unavailable.
 */
export function useLastCreation(tool: ToolId): { loading: boolean; creation: LastCreation | null } {
  const userId = useUser()?.id;
  const [state, setState] = useState<{ key: string | null; creation: LastCreation | null }>({
    key: null,
    creation: null,
  });
  const key = userId ? `${userId}:${tool}` : null;

  useEffect(() => {
    if (!userId || !key) return;
    let active = true;
    getLastCreation(userId, tool)
      .then((creation) => {
        if (active) setState({ key, creation });
      })
      .catch((error: unknown) => {
        console.warn("Could not read the last creation", error);
        if (active) setState({ key, creation: null });
      });
    return () => {
      active = false;
    };
  }, [key, tool, userId]);

  const ready = key !== null && state.key === key;
  return { loading: key !== null && !ready, creation: ready ? state.creation : null };
}

/** A kept creation ready to show again: its image as a data: URL, or its text. */
export type RestoredCreation = LastCreation & { dataUrl?: string; text?: string };

/**
 * Shows the tool's last creation again after a reload: once, and only while `untouched` (nothing of
 * the user's own on the page yet). `show` gets the record (with its `details`), the result as a
 * data: URL (images, GIFs) or text, and the files (the kept original among them).
 */
export function useRestoreLastCreation(
  tool: ToolId,
  untouched: boolean,
  show: (creation: RestoredCreation) => void,
): void {
  const { creation } = useLastCreation(tool);
  const done = useRef(false);
  const latest = useRef({ untouched, show });
  useEffect(() => {
    latest.current = { untouched, show };
  });
  useEffect(() => {
    if (!creation || !untouched || done.current) return;
    done.current = true;
    const { record, files } = creation;
    const read =
      record.kind === "text"
        ? blobText(files.file).then((text) => ({ ...creation, text }))
        : blobDataUrl(files.file).then((dataUrl) => ({ ...creation, dataUrl }));
    read
      .then((restored) => {
        if (latest.current.untouched) latest.current.show(restored);
      })
      .catch((error: unknown) => console.warn("Could not show the last result again", error));
  }, [creation, untouched]);
}

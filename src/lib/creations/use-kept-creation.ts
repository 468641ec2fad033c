/**
 * The hooks of keeping results on the device (how a tool takes part is in keep.ts): keepCreation bound
 * to the signed-in user, the user's last creation of a tool, and showing it again after a reload.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import type { ToolId } from "@/tools/registry";
import { useUser } from "@/lib/auth";
import { pictureUrl } from "@/lib/image/picture-urls";
import { blobText } from "@/lib/read-blob";
import { getChosenVersion } from "./chosen";
import { keepCreation } from "./keep";
import { photoOf, setPhotoOrigin } from "./origin";
import { lastCreationQuery } from "./queries";
import { getCreation } from "./read";
import type { Creation, CreationRecord, NewCreation } from "./types";

/** keepCreation bound to the signed-in user (tools with several results per run). */
export function useKeepCreation() {
  const userId = useUser()?.id;
  return useCallback(
    (creation: NewCreation | (() => NewCreation | null)) =>
      userId ? keepCreation(userId, creation) : Promise.resolve(null),
    [userId],
  );
}

/**
 * The signed-in user's newest creation of a tool, the record only (its `photo` is the group of versions
 * it belongs to), read when the page opens and again after every change to it. `record` is null while
 * loading, when there is none, or when storage is unavailable.
 */
export function useLastCreation(tool: ToolId): { loading: boolean; record: CreationRecord | null } {
  const userId = useUser()?.id;
  const last = useQuery({ ...lastCreationQuery(userId ?? "", tool), enabled: Boolean(userId) });
  return { loading: Boolean(userId) && last.isPending, record: last.data ?? null };
}

/** A kept creation ready to show again: its image as an object URL (of the page's), or its text. */
export type RestoredCreation = Creation & {
  imageUrl?: string;
  text?: string;
  /**
   * Tags the photo the page shows again (the LoadedImage's `file` read from `files.original`) with
   * this creation's chain and group: results made from it are versions of the same photo.
   */
  tagOriginal: (photo: Blob | string) => void;
};

/**
 * What a tool page shows again: the version chosen on it while it is still there, else `last`, with
 * its image as an object URL or its text.
 */
async function restorable(
  userId: string,
  last: CreationRecord,
  picture: (blob: Blob) => string,
): Promise<RestoredCreation | null> {
  const chosen = getChosenVersion(userId, last.tool);
  const found = chosen && chosen.id !== last.id ? await getCreation(userId, chosen.id) : null;
  // The chosen version may be another tool's (a version handed on with "Edit with…"): it is remembered
  // only once this tool's page has shown it (tool-versions.lazy.tsx), and a new result replaces it.
  const creation = found ?? (await getCreation(userId, last.id));
  if (!creation) return null;
  const { record, files } = creation;
  const tagOriginal = (photo: Blob | string) => setPhotoOrigin(photo, record.from ?? [], photoOf(record));
  return record.kind === "text"
    ? { ...creation, tagOriginal, text: await blobText(files.file) }
    : { ...creation, tagOriginal, imageUrl: picture(files.file) };
}

/**
 * Shows the tool's last creation again after a reload: once, and only while `untouched` (nothing of
 * the user's own on the page yet). `show` gets the record (with its `details`), the result as an
 * object URL (images, GIFs) or text, the files (the kept original among them) and `tagOriginal`, for the
 * photo shown again. The creation is the version chosen on the tool (chosen.ts) while it is still
 * there, else the tool's newest, as they were when the page opened: a result made on the page since is
 * the user's own.
 */
export function useRestoreLastCreation(
  tool: ToolId,
  untouched: boolean,
  show: (creation: RestoredCreation) => void,
  picture: (blob: Blob) => string = pictureUrl,
): void {
  const userId = useUser()?.id;
  const last = useLastCreation(tool);
  const key = userId ? `${userId}:${tool}` : null;
  const [opened, setOpened] = useState<{ key: string; record: CreationRecord | null } | null>(null);
  if (key && !last.loading && opened?.key !== key) setOpened({ key, record: last.record });
  const record = opened?.key === key ? opened.record : null;
  const done = useRef(false);
  const latest = useRef({ untouched, show, picture });
  useEffect(() => {
    latest.current = { untouched, show, picture };
  });
  useEffect(() => {
    if (!userId || !record || !untouched || done.current) return;
    done.current = true;
    restorable(userId, record, latest.current.picture)
      .then((restored) => {
        if (restored && latest.current.untouched) latest.current.show(restored);
      })
      .catch((error: unknown) => console.warn("Could not show the last result again", error));
  }, [record, untouched, userId]);
}

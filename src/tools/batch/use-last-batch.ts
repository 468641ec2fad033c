/**
 * The user's last batch shown again after a reload (or a later visit): its results, kept in My
 * Creations, as done cards with their instruction; unless photos were added before it was read.
 */
import { useEffect, useRef } from "react";
import { useUser } from "@/lib/auth";
import { outputOfDetails } from "@/lib/tool-output";
import { lastBatchRun } from "./batch-image";
import type { BatchAction } from "./batch-state";

type RestoredItems = Extract<BatchAction, { type: "restore" }>["items"];

type LastBatchOptions = {
  /** Whether the page still has no photos of its own. */
  isEmpty: () => boolean;
  makeUrl: (blob: Blob) => string;
  /** Shows the cards and the instruction. */
  show: (items: RestoredItems, instruction: string) => void;
};

export function useLastBatch(options: LastBatchOptions): void {
  const userId = useUser()?.id;
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  useEffect(() => {
    if (!userId) return;
    let active = true;
    lastBatchRun(userId)
      .then((kept) => {
        const { isEmpty, makeUrl, show } = latest.current;
        if (!active || kept.length === 0 || !isEmpty()) return;
        const items = kept.map(({ record, files, originalName }) => {
          const original = files.original ?? files.file;
          return {
            id: record.id,
            file: new File([original], originalName, { type: original.type }),
            thumbUrl: makeUrl(original),
            result: {
              url: makeUrl(files.file),
              blob: files.file,
              mimeType: record.mimeType,
              output: outputOfDetails(record.details),
            },
          };
        });
        show(items, kept[0]!.record.instruction);
      })
      .catch((error: unknown) => console.warn("Could not show the last batch again", error));
    return () => {
      active = false;
    };
  }, [userId]);
}

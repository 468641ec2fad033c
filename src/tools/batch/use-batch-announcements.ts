/** What a screen reader hears of a batch while it runs: its progress at each quarter, never per image. */
import { useEffect, useRef } from "react";
import { announce } from "@/lib/announce";

type Progress = { total: number; finished: number };
type Counts = { done: number; failed: number; cancelled: number };

/** How many images finish between two announcements: a quarter of the batch (every one for up to 4). */
export const announceEvery = (total: number) => Math.max(1, Math.ceil(total / 4));

/** The sentence said when `progress.finished` images of the run have finished. */
export function progressAnnouncement({ total, finished }: Progress, counts: Counts): string {
  const parts = [`${counts.done} done`, `${counts.failed} failed`];
  if (counts.cancelled) parts.push(`${counts.cancelled} cancelled`);
  return `${finished} of ${total} images finished: ${parts.join(", ")}.`;
}

/**
 * Announces the run's progress each time another quarter of it has finished (lib/announce.ts). The
 * start and the end are the run's toasts ("Processing images...", the summary), so neither is said here.
 */
export function useBatchAnnouncements(progress: Progress, counts: Counts, running: boolean) {
  const said = useRef(0);
  const { total, finished } = progress;
  const sentence = progressAnnouncement(progress, counts);
  useEffect(() => {
    if (!running || finished === 0) {
      said.current = 0;
      return;
    }
    const step = announceEvery(total);
    const reached = Math.floor(finished / step) * step;
    if (finished < total && reached > said.current) {
      said.current = reached;
      announce(sentence);
    }
  }, [running, total, finished, sentence]);
}

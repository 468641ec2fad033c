/**
 * Which version of the photo a tool page shows, for its strip of versions (src/components/tool-versions.tsx):
 * part of the shared tool hook (use-tool.ts). A kept result, a result shown again after a reload and a
 * version chosen on the strip are "the version shown", with its group (every result made from the same
 * photo, src/lib/creations); a new run's result is not one until it is kept. What the strip reads and
 * does is fetched with it (tool-versions.lazy.tsx): no page pays for it at first.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { photoOf, type Creation, type CreationRecord } from "@/lib/creations";
import type { ToolId } from "@/tools/registry";

/** The id the original photo has in the strip (a kept creation's id otherwise). */
export const ORIGINAL_VERSION = "original";

/** A kept result to show as the page's result: its record, files and picture (an object URL of the page's). */
export type VersionShown = Creation & { imageUrl: string };

/** The version on screen: its creation (or "original"), its group, and the version it stands beside. */
export type ShownVersion = { id: string; photo: string; base: string };

/** What the strip needs from the page (tool-versions.tsx). */
export type VersionsSource = {
  tool: ToolId;
  shown: ShownVersion;
  busy: boolean;
  /** Shows a kept creation as the page's result; false when the tool cannot show it. */
  show: (creation: VersionShown) => boolean;
  /** The version shown is now `shown` (a version chosen on the strip). */
  setShown: (shown: ShownVersion) => void;
  /** The URL a version's picture is shown by: the page's, revoked when the page closes. */
  picture: (blob: Blob) => string;
};

type Options<R> = {
  tool: ToolId;
  /** Whether the page has a result on screen (the strip shows only beside one). */
  hasResult: boolean;
  running: boolean;
  /** The tool's result for a kept creation (null: this tool cannot show it; undefined: no strip). */
  toResult: ((creation: VersionShown) => R | null) | undefined;
  /** Shows `result` as the page's result, on the photo it has. */
  show: (result: R) => void;
  picture: (blob: Blob) => string;
};

export function useToolVersionStrip<R>({ tool, hasResult, running, toResult, show, picture }: Options<R>) {
  const [shown, setShown] = useState<ShownVersion | null>(null);
  const latest = useRef({ toResult, show });
  useEffect(() => {
    latest.current = { toResult, show };
  });

  // A new run's result is not a version until it is kept (markShown); the strip waits for it.
  const [wasRunning, setWasRunning] = useState(running);
  if (running !== wasRunning) {
    setWasRunning(running);
    if (running) setShown(null);
  }

  /**
   * Marks the kept or restored creation on screen as the version shown: itself, or the version `id` of
   * its group it shows (an animation shows the character it was made from).
   */
  const markShown = useCallback((record: Pick<CreationRecord, "id" | "photo"> | null, id?: string) => {
    const version = id ?? record?.id ?? "";
    setShown(record && { id: version, photo: photoOf(record), base: version });
  }, []);

  const showCreation = useCallback((creation: VersionShown) => {
    const result = latest.current.toResult?.(creation);
    if (!result) return false;
    latest.current.show(result);
    return true;
  }, []);

  const canShow = toResult !== undefined;
  const versions: VersionsSource | null = useMemo(
    () =>
      hasResult && shown && canShow
        ? { tool, shown, busy: running, show: showCreation, setShown, picture }
        : null,
    [canShow, hasResult, picture, running, showCreation, shown, tool],
  );

  return { versions, markShown };
}

/**
 * The shared tool hook (docs/architecture.md "Tools"): what every tool page repeats, written once, on top
 * of the shared AI run (use-ai-run.ts). It owns where the calls go and with which models (a run gets a
 * ToolRunContext, src/tools/run-context.ts), whether the answer came from the local preview engine,
 * keeping each result on the device under the tool's id, showing the last result again after a reload,
 * the photos handed to the page (a share, "Edit with…"), and the download of a result under the tool's
 * file name. A tool hook keeps only what is its own: its form, its inputs, its words.
 */
import { useCallback, useEffect, useRef } from "react";
import { useApiKey } from "@/lib/api-key";
import {
  registerKept,
  useIncomingPhotos,
  useRestoreLastCreation,
  type CreationRecord,
  type KeptInputs,
  type NewCreation,
  type RestoredCreation,
} from "@/lib/creations";
import type { ImageOutput } from "@/config/image-output";
import { downloadImage } from "@/lib/image";
import { getTool, type ToolId } from "@/tools/registry";
import { toolRunContext, type ToolRunContext } from "@/tools/run-context";
import { atOneK, chooseToolOutput, sizedFileName } from "@/lib/tool-output";
import { useAiRun, type AiRunContext, type AiRunOptions } from "./use-ai-run";
import { usePictureUrls } from "./use-picture-urls";
import { useToolVersionStrip, type VersionShown } from "./use-tool-versions";

/** A result as the page holds it: the tool's own, plus where it came from. */
export type ToolResult<R> = R & {
  /** Made by the local preview engine (not AI): the page says so. */
  local: boolean;
  /** Shown again from the device after a reload (not a fresh result). */
  restored?: boolean;
};

/** A tool's run: its input and the run's context in, its result out. */
export type ToolRun<I, R> = (
  input: I,
  ctx: ToolRunContext & Pick<AiRunContext<R>, "count" | "partial">,
) => Promise<R>;

export type ToolOptions<I, R> = Omit<AiRunOptions<I, ToolResult<R>>, "execute" | "keep" | "smaller"> & {
  run: ToolRun<I, R>;
  /** What to keep on the device for a result (the tool's id is filled in), or null for nothing. */
  keep?: (result: ToolResult<R>, input: I) => Omit<NewCreation, "tool"> | null;
  /**
   * Show the tool's last kept result again after a reload, once, while `untouched` (nothing of the
   * person's own on the page yet, and no run). An image result shown again is registered as that
   * creation, so "Edit with…" from it starts its chain there.
   */
  restore?: {
    untouched: boolean;
    show: (creation: RestoredCreation) => void;
    /**
     * The tool's result for a kept image creation, to show a version of the photo chosen on the strip
     * (use-tool-versions.ts); without it the page has no strip of versions.
     */
    result?: (creation: VersionShown) => R | null;
    /**
     * The id of the version a kept or restored creation shows on the strip when it is not one itself
     * (the animator's animation shows the character it was made from); default the creation's own.
     */
    version?: (record: CreationRecord) => string | undefined;
  };
  /**
   * A photo handed to the page (shared into the app, or sent on with "Edit with…"): an upload. A task
   * a gate stopped (`gateTask`) comes back here too, after the payment, with its words and options.
   */
  incoming?: (files: File[], task?: KeptInputs) => unknown;
  /**
   * Another run of this tool is going (several results, use-tool-results.ts): the strip and the last
   * result shown again after a reload wait for it.
   */
  busy?: boolean;
  /** What a download of a result saves; default the result's `imageUrl` under the tool's file name. */
  download?: (result: ToolResult<R>) => { file: string | Blob; name: string } | null;
};

/**
 * The task again at 1K, for a size's gate ("Make it at 1K"): the tool's pickers show 1K from then on and
 * the same input runs at it. Undefined when the input asks for no size above 1K.
 */
export function smallerTask<I>(tool: ToolId, input: I, rerun: (input: I) => void): (() => void) | undefined {
  const next = atOneK(input);
  if (!next) return undefined;
  return () => {
    chooseToolOutput(tool, next.output);
    rerun(next);
  };
}

/**
 * A tool's flow: `useAiRun`'s `{ state, run, cancel, retry, reset, restore, running }`, plus the tool's
 * descriptor and `download`. `restore(result, input)` takes the tool's result without `local`.
 */
export function useTool<I, R extends object>(id: ToolId, options: ToolOptions<I, R>) {
  const tool = getTool(id);
  const apiKey = useApiKey();
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  /** Marks the version on screen (set once the strip's hook is there, below). */
  const markShown = useRef<(record: CreationRecord | null, id?: string) => void>(() => undefined);
  const versionOf = (record: CreationRecord) => latest.current.restore?.version?.(record);

  /**
   * The page's pictures: each result's Blob shown through an object URL made here (a run's answer, a
   * result shown again, a version chosen on the strip), all revoked when the page closes.
   */
  const picture = usePictureUrls();

  /** The task run again, for the size gate's "Make it at 1K" (set below, once the run is there). */
  const rerun = useRef<(input: I) => void>(() => undefined);

  const ai = useAiRun<I, ToolResult<R>>({
    ...options,
    smaller: (input) => smallerTask(id, input, (next) => rerun.current(next)),
    execute: async (input, ctx) => {
      const base = toolRunContext(id, apiKey, ctx, picture);
      const local = base.target.source === "local-engine";
      const result = await latest.current.run(input, {
        ...base,
        count: ctx.count,
        partial: (partial) => ctx.partial({ ...partial, local }),
      });
      return { ...result, local };
    },
    keep: options.keep
      ? (result, input) => {
          const creation = latest.current.keep?.(result, input);
          return creation ? { tool: id, ...creation } : null;
        }
      : undefined,
    // A kept result is the version on screen.
    onKept: (record) => {
      if (record) markShown.current(record, versionOf(record));
    },
  });

  const { run: runOne } = ai;
  useEffect(() => {
    rerun.current = (input) => void runOne(input);
  });

  useRestoreLastCreation(
    id,
    Boolean(options.restore?.untouched) && ai.state.status === "idle" && !options.busy,
    (creation) => {
      if (creation.imageUrl) registerKept(creation.imageUrl, Promise.resolve(creation.record));
      latest.current.restore?.show(creation);
      markShown.current(creation.record, versionOf(creation.record));
    },
    picture,
  );

  useIncomingPhotos(options.incoming ? (files, task) => latest.current.incoming?.(files, task) : null);

  const { restore: restoreRun } = ai;
  const restore = useCallback(
    (result: R, input: I | null = null, { restored = true }: { restored?: boolean } = {}) =>
      // A result of this page's own (several results) keeps its `local`.
      restoreRun({ local: false, ...result, restored }, input),
    [restoreRun],
  );

  const { input } = ai.state;
  const strip = useToolVersionStrip<R>({
    tool: id,
    hasResult: ai.state.result !== null,
    running: ai.running || Boolean(options.busy),
    toResult: options.restore?.result,
    picture,
    // A version chosen on the strip: shown on the same photo, not "your last result".
    show: (shown) => restore(shown, input, { restored: false }),
  });
  useEffect(() => {
    markShown.current = strip.markShown;
  });

  const result = ai.state.result;
  const download = useCallback(() => {
    if (!result) return;
    const own = latest.current.download;
    const file = own
      ? own(result)
      : "imageUrl" in result && typeof result.imageUrl === "string"
        ? {
            file: result.imageUrl,
            // The model's image as it came, named with its size where it is not 1K ("…-4k.png").
            name: sizedFileName(tool.downloadName, (result as { output?: ImageOutput }).output),
          }
        : null;
    if (file) downloadImage(file.file, file.name);
  }, [result, tool.downloadName]);

  /** Marks a kept result the version shown on the strip. */
  const shown = useCallback(
    (record: CreationRecord) => markShown.current(record, latest.current.restore?.version?.(record)),
    [],
  );
  return { ...ai, restore, tool, download, versions: strip.versions, markShown: shown, picture };
}

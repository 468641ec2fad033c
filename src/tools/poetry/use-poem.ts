/** Visual Poetry's flow on the shared AI run: a photo in, a poem streamed out, copied or downloaded. */
import { useCallback, useRef } from "react";
import { toast } from "sonner";
import { getTool } from "@/tools/registry";
import { originalOf, type KeptInputs } from "@/lib/creations";
import { useRemainingConversions } from "@/hooks/use-remaining";
import { useTool } from "@/hooks/use-tool";
import { useToolPhoto, toastPhotoUploaded } from "@/hooks/use-tool-photo";
import type { LoadedImage } from "@/lib/image";
import { POEM_COPY, poemError, runPoem } from "./run-poem";

export type PoemRunInput = { image: LoadedImage };

export type PoemResult = {
  text: string;
  /** False while the poem is still streaming in (or was cut off by a failure). */
  complete: boolean;
};

export const COPY_TOASTS = {
  copied: "Poem copied to clipboard",
  copyFailed: "Could not copy the poem",
  copyFailedAdvice: "Select the poem's text and copy it yourself.",
} as const;

/**
 * Visual Poetry's flow (SPEC 2.12, 4.7) on the shared AI run: pick a photo (checked, oriented, shown),
 * get a poem that streams in, download or copy it, start again. The failure counters choose the
 * spec's message; "Generate Another Poem" clears them.
 */
export function usePoem() {
  const tool = useToolPhoto();
  const {
    photo,
    loading,
    error: imageError,
    load,
    replace: replacePhoto,
    restore: restorePhoto,
    clear,
  } = tool;
  const failures = useRef(0);
  const uploads = useRef(0);
  const remaining = useRemainingConversions();

  const ai = useTool<PoemRunInput, PoemResult>("poetry", {
    run: async ({ image }, ctx) => {
      ctx.partial({ text: "", complete: false });
      try {
        const out = await runPoem({ image, onText: (text) => ctx.partial({ text, complete: false }) }, ctx);
        return { text: out.text, complete: true };
      } catch (error) {
        const worded = poemError(error, { earlierFailures: failures.current, uploads: uploads.current });
        // A cancel is not a failure: only real failures move the counter.
        if (worded !== error && !ctx.signal.aborted) failures.current += 1;
        throw worded;
      }
    },
    copy: () => ({
      processing: POEM_COPY.processing,
      success: POEM_COPY.success,
      failure: (reason) => reason,
    }),
    // Kept on the device (My Creations) with a thumbnail of the photo.
    keep: (result, { image }) =>
      result.complete
        ? { kind: "text", file: result.text, instruction: "", original: originalOf(image) }
        : null,
    // A reload shows the last poem again with its photo (kept on the device).
    restore: {
      untouched: !photo && !loading,
      show: ({ text, files, tagOriginal }) => {
        if (!text || !files.original) return;
        void restorePhoto(files.original, "photo.jpg")
          .then((image) => {
            if (!image) return;
            tagOriginal(image.file);
            restore({ text, complete: true }, { image });
          })
          .catch((error: unknown) => console.warn("Could not show the last poem again", error));
      },
    },
    // A gate on the way to Pricing keeps the photo.
    gateTask: ({ image }) => ({ files: [image.file] }),
    // A photo handed over (shared into the app, or a result sent on with "Edit with…") is an upload.
    // A photo a gate stopped comes back to be written about; with nothing left (back from Pricing
    // without paying) it waits on the page, with "Write the Poem", instead of going to Pricing again.
    incoming: (files: File[], task?: KeptInputs): unknown => {
      if (!files[0]) return undefined;
      const wait = Boolean(task) && remaining.status === "ready" && remaining.current === 0;
      return selectFile(files[0], { write: !wait });
    },
    download: (result) => ({
      file: new Blob([`${result.text}\n`], { type: "text/plain;charset=utf-8" }),
      name: getTool("poetry").downloadName,
    }),
  });
  const { run, reset: resetRun, restore } = ai;
  const busy = ai.running;

  /** A new photo: checked and shown first, then the poem is written. A refused file counts nothing. */
  const selectFile = useCallback(
    async (file: File, { write = true }: { write?: boolean } = {}) => {
      if (busy) return;
      const image = await load(file);
      if (!image) return;
      uploads.current += 1;
      resetRun();
      replacePhoto(image);
      toastPhotoUploaded();
      if (write) await run({ image });
    },
    [busy, load, replacePhoto, resetRun, run],
  );

  /** The poem of the photo on the page, when none was written yet (a photo a gate kept waits for it). */
  const write = useCallback(() => {
    if (photo && !busy) void run({ image: photo });
  }, [busy, photo, run]);

  /** Back to the upload, keeping the failure counters (another photo after a failure). */
  const choosePhoto = useCallback(() => {
    if (busy) return;
    resetRun();
    clear();
  }, [busy, clear, resetRun]);

  /** "Generate Another Poem": clears the poem, the photo and the failure counters (SPEC 4.7). */
  const startOver = useCallback(() => {
    if (busy) return;
    failures.current = 0;
    uploads.current = 0;
    choosePhoto();
  }, [busy, choosePhoto]);

  const result = ai.state.result;
  const poem = result && result.text.trim() !== "" ? result : null;
  const done = ai.state.status === "done" && poem?.complete === true;

  const { download: save } = ai;
  const download = useCallback(() => {
    if (!done || !poem) return;
    save();
    toast.success(POEM_COPY.downloaded);
  }, [done, poem, save]);

  const copy = useCallback(async () => {
    if (!done || !poem) return;
    try {
      if (!navigator.clipboard) throw new Error("No clipboard");
      await navigator.clipboard.writeText(poem.text);
      toast.success(COPY_TOASTS.copied);
    } catch {
      toast.error(COPY_TOASTS.copyFailed, { description: COPY_TOASTS.copyFailedAdvice });
    }
  }, [done, poem]);

  const error = imageError ?? ai.state.error;
  return {
    photo,
    /** The poem to show: while it streams in, and once done (not the remains of a failed run). */
    poem: ai.state.status === "failed" ? null : poem,
    done,
    streaming: busy && poem !== null,
    error,
    canRetry: Boolean(!imageError && ai.state.error && photo && ai.state.input),
    retryWait: ai.state.retryWait,
    processing: busy,
    loading,
    selectFile,
    /** "Write the Poem": offered while the photo waits without a poem or a failure. */
    canWrite: Boolean(photo && !busy && ai.state.status === "idle" && !imageError),
    write,
    retry: ai.retry,
    cancel: ai.cancel,
    choosePhoto,
    startOver,
    download,
    copy,
  };
}

/** The Character Animator's flow on the shared AI run: draw a character, then animate it. */
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { toast } from "sonner";
import type { ImageOutput } from "@/config/image-output";
import {
  NO_PHOTO_OUTPUT,
  outputFeatures,
  outputOfDetails,
  sizedFileName,
  useImageOutput,
} from "@/lib/tool-output";
import { getTool } from "@/tools/registry";
import { newPhotoGroup, photoOf, type CreationRecord, type KeptInputs } from "@/lib/creations";
import type { AiRunCopy } from "@/hooks/use-ai-run";
import { useResultsTool } from "@/hooks/use-tool-results";
import { downloadImage } from "@/lib/image";
import {
  animateCharacter,
  ANIMATION_FALLBACK,
  CHARACTER_FALLBACK,
  createCharacter,
  nextRestoredAnimationId,
  type Animation,
  type Character,
} from "./run-animator";
import { framesOfGif } from "./sprite-sheet";

/**
 * `group`: the versions the character joins (every character made since the page started, or since
 * "Create New"); `version`: the kept character an animation is made from, which the strip shows with it.
 */
export type AnimatorInput =
  | { kind: "create"; description: string; output: ImageOutput; group: string }
  | { kind: "animate"; character: Character; version?: string };

/** The character shown, and its animation once made (a new character starts without one). */
export type AnimatorResult = { character: Character; animation: Animation | null };

export const EMPTY_PROMPT_MESSAGE = "Please enter a prompt";
export const PNG_DOWNLOAD_NAME = getTool("animator").downloadName;
export const GIF_DOWNLOAD_NAME = PNG_DOWNLOAD_NAME.replace(/\.png$/, ".gif");

function copyFor(input: AnimatorInput): AiRunCopy {
  if (input.kind === "animate") {
    return {
      processing: "Animating your character...",
      success: "Animation ready!",
      failure: (reason) =>
        reason === ANIMATION_FALLBACK ? ANIMATION_FALLBACK : `Failed to animate character: ${reason}`,
      cancelled: "Animation cancelled. Nothing was counted.",
    };
  }
  return {
    processing: "Generating your character...",
    success: "Character created successfully!",
    failure: (reason) =>
      reason === CHARACTER_FALLBACK ? CHARACTER_FALLBACK : `Failed to generate character: ${reason}`,
    cancelled: "Character generation cancelled. Nothing was counted.",
  };
}

/** A kept character (or picture) as the character shown; null when it cannot be one. */
function characterOf(record: CreationRecord, imageUrl: string, blob: Blob): Character {
  const output = outputOfDetails(record.details) ?? NO_PHOTO_OUTPUT;
  const mimeType = blob.type || record.mimeType || "image/png";
  return { imageUrl, mimeType, blob, description: record.instruction, output };
}

/**
 * Character Animator (SPEC 2.16, 4.7): idle, generating, then a result or an error; "Animate" makes a
 * four-frame loop of the character. Both runs go through the shared AI flow: each result counts one
 * conversion, errors and cancels count nothing and keep what was on screen.
 */
export function useAnimator() {
  const [description, setDescription] = useState("");
  /** A task a gate stopped came back: its words, not the last character, are what the page shows. */
  const [handedTask, setHandedTask] = useState(false);
  // The character's shape and size, remembered for this tool (issue 28); no photo, so no "Same as photo".
  // Remembered, they are also what a task a gate stopped comes back with.
  const [output, setOutput] = useImageOutput("animator", { photo: false });

  // A reload shows the last character again (kept on the device) and it can be animated; when the last
  // result was its animation, the animation plays again below it.
  const idleRef = useRef(true);
  /** The group of the character shown: the next character made is another version of it. */
  const groupRef = useRef<string | null>(null);
  const ai = useResultsTool<AnimatorInput, AnimatorResult>("animator", {
    run: async (input, ctx) => {
      if (input.kind === "animate") {
        const animation = await animateCharacter({ character: input.character }, ctx);
        return { character: input.character, animation };
      }
      const character = await createCharacter(input, ctx);
      return { character, animation: null };
    },
    copy: copyFor,
    // A character at 2K or 4K needs its plan; its animation is made at 1K.
    feature: (input) => (input.kind === "create" ? outputFeatures(input.output) : undefined),
    // "Results: 1 2 3 4": several characters from one description (an animation is one).
    results: (input) => input.kind === "create",
    // Kept on the device (My Creations): the character as PNG, its animation as GIF.
    keep: ({ character, animation }, input) =>
      animation
        ? {
            file: animation.gif,
            fileName: GIF_DOWNLOAD_NAME,
            instruction: character.description,
            details: {
              ...character.output,
              // The kept character it animates: the strip shows that version with the animation.
              ...(input.kind === "animate" && input.version ? { character: input.version } : {}),
            },
            // The character it animates: My Creations compares the two, and a reload shows both again.
            original: character.imageUrl,
          }
        : {
            file: character.imageUrl,
            fileName: PNG_DOWNLOAD_NAME,
            instruction: character.description,
            details: { ...character.output },
            // Every character made from the same start is one more version of it (the strip).
            ...(input.kind === "create" ? { photo: input.group } : {}),
          },
    // A gate on the way to Pricing keeps the character asked for: its words (its shape and size are
    // remembered for the tool; an animation's character is kept on the device already, and shows again).
    gateTask: (input) => (input.kind === "create" ? { files: [], words: input.description } : null),
    // A task a gate stopped comes back into the form, to send.
    incoming: (_files: File[], task?: KeptInputs) => {
      if (!task) return;
      setHandedTask(true);
      setDescription(task.words ?? "");
    },
    restore: {
      untouched: !handedTask,
      show: ({ imageUrl, record, files }) => {
        // The next character made joins the versions of the one shown again.
        groupRef.current = photoOf(record);
        if (record.kind === "image" && imageUrl) {
          restore({ character: characterOf(record, imageUrl, files.file), animation: null });
          return;
        }
        if (record.kind !== "gif" || !files.original) return;
        const original = files.original;
        void framesOfGif(files.file)
          .then((frames) => {
            if (!idleRef.current) return;
            const character = characterOf(record, ai.picture(original), original);
            restore({ character, animation: { id: nextRestoredAnimationId(), frames, gif: files.file } });
          })
          .catch((error: unknown) => console.warn("Could not show the last animation again", error));
      },
      // A version chosen on the strip is the character shown, and the one Animate animates.
      result: ({ imageUrl, record, files }) => {
        const character = record.kind === "image" ? characterOf(record, imageUrl, files.file) : null;
        return character && { character, animation: null };
      },
      // An animation shows on the strip as the character it was made from.
      version: (record) => (record.kind === "gif" ? record.details?.character : undefined),
    },
  });
  const idle = ai.state.status === "idle";
  useEffect(() => {
    idleRef.current = idle;
  });
  const { restore } = ai;
  const { run, reset: resetRun } = ai;
  // The grid of several characters shows each character's picture.
  const manyResults = ai.results;
  const results = useMemo(
    () => ({
      ...manyResults,
      state: manyResults.state && {
        ...manyResults.state,
        slots: manyResults.state.slots.map(({ result: made, ...slot }) => ({
          ...slot,
          result: made && { imageUrl: made.character.imageUrl },
        })),
      },
    }),
    [manyResults],
  );
  const busy = ai.running;
  const result = ai.state.result;

  /** SPEC 5 "Animator": a blank or whitespace-only prompt sends nothing. */
  const create = useCallback(() => {
    if (busy) return;
    const words = description.trim();
    if (!words) {
      toast.error(EMPTY_PROMPT_MESSAGE);
      return;
    }
    // A new group: the characters made from here on, until "Create New".
    groupRef.current ??= newPhotoGroup();
    void run({ kind: "create", description: words, output, group: groupRef.current });
  }, [busy, description, output, run]);

  const shownVersion = ai.versions?.shown.id;
  const animate = useCallback(() => {
    if (result && !busy) void run({ kind: "animate", character: result.character, version: shownVersion });
  }, [busy, result, run, shownVersion]);

  /** "Create New": clears the form and the result. */
  const createNew = useCallback(() => {
    if (busy) return;
    resetRun();
    groupRef.current = null;
    setDescription("");
  }, [busy, resetRun]);

  const downloadPng = useCallback(() => {
    if (result)
      downloadImage(result.character.imageUrl, sizedFileName(PNG_DOWNLOAD_NAME, result.character.output));
  }, [result]);

  const downloadGif = useCallback(() => {
    if (result?.animation) downloadImage(result.animation.gif, GIF_DOWNLOAD_NAME);
  }, [result]);

  return {
    description,
    setDescription,
    /** The shape and size of the next character, and its picker's setter. */
    output,
    setOutput,
    result,
    error: ai.state.error,
    retryWait: ai.state.retryWait,
    /** What is running now ("create" or "animate"), or null. */
    running: busy ? (ai.state.input?.kind ?? null) : null,
    busy,
    canRetry: Boolean(ai.state.error && ai.state.input),
    create,
    animate,
    createNew,
    downloadPng,
    downloadGif,
    retry: ai.retry,
    cancel: ai.cancel,
    /** The versions of the character (the shared tool hook's): the strip under it. */
    versions: ai.versions,
    /** Several characters of one run (use-tool-results.ts), as the grid shows them. */
    results,
  };
}

/** The Character Animator's flow on the shared AI run: draw a character, then animate it. */
import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { ASPECT_RATIOS, DEFAULT_ASPECT_RATIO, type AspectRatio } from "@/config/aspect-ratios";
import { getTool } from "@/tools/registry";
import { blobToDataUrl } from "@/lib/creations";
import type { AiRunCopy } from "@/hooks/use-ai-run";
import { useTool } from "@/hooks/use-tool";
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

export type AnimatorInput =
  | { kind: "create"; description: string; aspectRatio: AspectRatio }
  | { kind: "animate"; character: Character };

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

/**
 * Character Animator (SPEC 2.16, 4.7): idle, generating, then a result or an error; "Animate" makes a
 * four-frame loop of the character. Both runs go through the shared AI flow: each result counts one
 * conversion, errors and cancels count nothing and keep what was on screen.
 */
export function useAnimator() {
  const [description, setDescription] = useState("");
  const [aspectRatio, setAspectRatio] = useState<AspectRatio>(DEFAULT_ASPECT_RATIO);

  // A reload shows the last character again (kept on the device) and it can be animated; when the last
  // result was its animation, the animation plays again below it.
  const idleRef = useRef(true);
  const ai = useTool<AnimatorInput, AnimatorResult>("animator", {
    run: async (input, ctx) => {
      if (input.kind === "animate") {
        const animation = await animateCharacter({ character: input.character }, ctx);
        return { character: input.character, animation };
      }
      const character = await createCharacter(input, ctx);
      return { character, animation: null };
    },
    copy: copyFor,
    // Kept on the device (My Creations): the character as PNG, its animation as GIF.
    keep: ({ character, animation }) =>
      animation
        ? {
            file: animation.gif,
            fileName: GIF_DOWNLOAD_NAME,
            instruction: character.description,
            details: { aspectRatio: character.aspectRatio },
            // The character it animates: My Creations compares the two, and a reload shows both again.
            original: character.dataUrl,
          }
        : {
            file: character.dataUrl,
            fileName: PNG_DOWNLOAD_NAME,
            instruction: character.description,
            details: { aspectRatio: character.aspectRatio },
          },
    restore: {
      untouched: true,
      show: ({ dataUrl, record, files }) => {
        const aspectRatio =
          ASPECT_RATIOS.find((r) => r === record.details?.aspectRatio) ?? DEFAULT_ASPECT_RATIO;
        const characterOf = (url: string, mimeType: string): Character | null => {
          const base64 = url.split(",")[1];
          return base64
            ? { dataUrl: url, mimeType, base64, description: record.instruction, aspectRatio }
            : null;
        };
        if (record.kind === "image" && dataUrl) {
          const character = characterOf(dataUrl, record.mimeType);
          if (character) restore({ character, animation: null });
          return;
        }
        if (record.kind !== "gif" || !files.original) return;
        const original = files.original;
        void Promise.all([blobToDataUrl(original), framesOfGif(files.file)])
          .then(([url, frames]) => {
            const character = characterOf(url, original.type || "image/jpeg");
            if (!character || !idleRef.current) return;
            restore({ character, animation: { id: nextRestoredAnimationId(), frames, gif: files.file } });
          })
          .catch((error: unknown) => console.warn("Could not show the last animation again", error));
      },
    },
  });
  const idle = ai.state.status === "idle";
  useEffect(() => {
    idleRef.current = idle;
  });
  const { restore } = ai;
  const { run, reset: resetRun } = ai;
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
    void run({ kind: "create", description: words, aspectRatio });
  }, [aspectRatio, busy, description, run]);

  const animate = useCallback(() => {
    if (result && !busy) void run({ kind: "animate", character: result.character });
  }, [busy, result, run]);

  /** "Create New": clears the form and the result. */
  const createNew = useCallback(() => {
    if (busy) return;
    resetRun();
    setDescription("");
    setAspectRatio(DEFAULT_ASPECT_RATIO);
  }, [busy, resetRun]);

  const downloadPng = useCallback(() => {
    if (result) downloadImage(result.character.dataUrl, PNG_DOWNLOAD_NAME);
  }, [result]);

  const downloadGif = useCallback(() => {
    if (result?.animation) downloadImage(result.animation.gif, GIF_DOWNLOAD_NAME);
  }, [result]);

  return {
    description,
    setDescription,
    aspectRatio,
    setAspectRatio,
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
  };
}

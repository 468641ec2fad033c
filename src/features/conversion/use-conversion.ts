import { useCallback, useEffect, useReducer, useRef } from "react";
import { useNavigate } from "react-router-dom";
import { useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { paths } from "@/config/paths";
import {
  getTier,
  tierAtLeast,
  type TierId,
  CUSTOM_TRANSFORM_TIER,
  MULTIPLE_VERSIONS_TIER,
} from "@/config/tiers";
import type { Variant } from "@/config/variants";
import { useApiKey } from "@/lib/api-key";
import { useUser } from "@/lib/auth";
import { describeFailure, type RetryWait } from "@/lib/gemini";
import { downloadImage, isImageInputError, loadImage, type LoadedImage } from "@/lib/image";
import { subscriptionQueryOptions } from "@/lib/subscription";
import { getUsedConversions, recordConversion } from "@/lib/usage";
import { runConversion, type Operation } from "./run-conversion";

export type ConversionError = { message: string; advice: string; retry?: Operation };

type State = {
  original: LoadedImage | null;
  result: { dataUrl: string; text?: string } | null;
  /** The instruction of the current result, without any recreate suffix. */
  lastPrompt: string | null;
  status: "idle" | "loading" | "processing";
  operation: Operation["kind"] | null;
  error: ConversionError | null;
  retryWait: RetryWait | null;
  usedLocalEngine: boolean;
};

type Action =
  | { type: "loading" }
  | { type: "loaded"; image: LoadedImage }
  | { type: "start"; operation: Operation["kind"] }
  | { type: "wait"; wait: RetryWait | null }
  | { type: "success"; dataUrl: string; text?: string; prompt: string | null; local: boolean }
  | { type: "failure"; error: ConversionError }
  | { type: "cancelled" }
  | { type: "reset" };

const INITIAL: State = {
  original: null,
  result: null,
  lastPrompt: null,
  status: "idle",
  operation: null,
  error: null,
  retryWait: null,
  usedLocalEngine: false,
};

function reducer(state: State, action: Action): State {
  switch (action.type) {
    case "loading":
      return { ...state, status: "loading", error: null };
    case "loaded":
      return { ...INITIAL, original: action.image };
    case "start":
      return { ...state, status: "processing", operation: action.operation, error: null, retryWait: null };
    case "wait":
      return { ...state, retryWait: action.wait };
    case "success":
      return {
        ...state,
        status: "idle",
        operation: null,
        retryWait: null,
        result: { dataUrl: action.dataUrl, text: action.text },
        lastPrompt: action.prompt ?? state.lastPrompt,
        usedLocalEngine: action.local,
      };
    case "failure":
      return { ...state, status: "idle", operation: null, retryWait: null, error: action.error };
    case "cancelled":
      return { ...state, status: "idle", operation: null, retryWait: null };
    case "reset":
      return INITIAL;
  }
}

export const LIMIT_REACHED_MESSAGE = "You've used all your free conversions for this month";
export const RECREATE_GATE_MESSAGE = "Multiple transformations require a $10/month subscription";
export const CUSTOM_GATE_MESSAGE = "Custom transformations require a $5/month subscription";

/**
 * One conversion flow for every style tool (SPEC 4.1): pick a photo, check the limit, convert, and
 * count the conversion only when an image came back. Cancel and errors count nothing and keep the photo.
 */
export function useConversion(variant: Variant) {
  const [state, dispatch] = useReducer(reducer, INITIAL);
  const user = useUser();
  const apiKey = useApiKey();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const controller = useRef<AbortController | null>(null);
  const loadingRef = useRef(false);
  const originalRef = useRef<LoadedImage | null>(null);
  useEffect(() => {
    originalRef.current = state.original;
  }, [state.original]);

  // Leaving the page cancels a running conversion and frees the photo's memory.
  useEffect(
    () => () => {
      controller.current?.abort();
      originalRef.current?.release();
    },
    [],
  );

  /** Fresh tier and usage at the moment of the action (another tab may have used conversions). */
  const checkAllowance = useCallback(async (): Promise<{ tier: TierId; remaining: number } | null> => {
    if (!user) {
      toast.error("Please log in to access features", { duration: 5000 });
      navigate(paths.auth);
      return null;
    }
    try {
      const tier = await queryClient.fetchQuery(subscriptionQueryOptions(user.id));
      return { tier, remaining: getTier(tier).limit - getUsedConversions(user.id) };
    } catch (error) {
      console.error("Could not check the plan", error);
      dispatch({
        type: "failure",
        error: {
          message: "We couldn't check your plan",
          advice: "Check your internet connection and try again. Nothing was used from your conversions.",
        },
      });
      return null;
    }
  }, [navigate, queryClient, user]);

  const limitReached = useCallback(() => {
    toast.error(LIMIT_REACHED_MESSAGE, {
      duration: 5000,
      action: { label: "Upgrade for more", onClick: () => navigate(paths.pricing) },
    });
    navigate(paths.pricing);
  }, [navigate]);

  const run = useCallback(
    async (operation: Operation, image: LoadedImage) => {
      if (controller.current) return; // a conversion is already running: a double click sends nothing
      const ac = new AbortController();
      controller.current = ac;
      dispatch({ type: "start", operation: operation.kind });
      const allowance = await checkAllowance();
      if (!allowance || ac.signal.aborted) {
        controller.current = null;
        dispatch({ type: "cancelled" });
        return;
      }
      if (allowance.remaining <= 0) {
        controller.current = null;
        dispatch({ type: "cancelled" });
        limitReached();
        return;
      }
      if (operation.kind === "recreate" && !tierAtLeast(allowance.tier, MULTIPLE_VERSIONS_TIER)) {
        controller.current = null;
        dispatch({ type: "cancelled" });
        toast.error(RECREATE_GATE_MESSAGE, { duration: 5000 });
        return;
      }
      if (operation.kind === "custom" && !tierAtLeast(allowance.tier, CUSTOM_TRANSFORM_TIER)) {
        controller.current = null;
        dispatch({ type: "cancelled" });
        toast.error(CUSTOM_GATE_MESSAGE, { duration: 5000 });
        navigate(paths.pricing);
        return;
      }
      const toastId = toast.loading(
        operation.kind === "recreate"
          ? variant.toasts.recreating
          : operation.kind === "custom"
            ? "Processing your custom transformation..."
            : variant.toasts.processing,
      );
      try {
        const out = await runConversion({
          variant,
          image,
          operation,
          apiKey,
          signal: ac.signal,
          onRetryWait: (wait) => dispatch({ type: "wait", wait }),
        });
        if (ac.signal.aborted) throw new DOMException("Cancelled", "AbortError");
        if (user) recordConversion(user.id);
        dispatch({
          type: "success",
          dataUrl: out.dataUrl,
          text: out.text,
          prompt: operation.kind === "recreate" ? null : out.prompt,
          local: out.source === "local-engine",
        });
        toast.success(
          operation.kind === "recreate"
            ? variant.toasts.recreated
            : operation.kind === "custom"
              ? "Image transformed successfully!"
              : variant.toasts.success,
          { id: toastId },
        );
      } catch (error) {
        const failure = describeFailure(error);
        if (ac.signal.aborted || failure.cancelled) {
          dispatch({ type: "cancelled" });
          toast.info("Conversion cancelled. Nothing was counted.", { id: toastId });
        } else {
          dispatch({
            type: "failure",
            error: { message: failure.message, advice: failure.advice, retry: operation },
          });
          toast.error(`Failed to process image: ${failure.message}`, {
            id: toastId,
            description: failure.advice,
          });
        }
      } finally {
        controller.current = null;
      }
    },
    [apiKey, checkAllowance, limitReached, navigate, user, variant],
  );

  /** A new photo: validated and shown first, then converted. A refused file counts nothing. */
  const selectFile = useCallback(
    async (file: File, options: { convert?: boolean; toast?: string } = {}) => {
      if (controller.current || loadingRef.current) return;
      loadingRef.current = true;
      let image: LoadedImage;
      try {
        const allowance = await checkAllowance();
        if (!allowance) return;
        if (allowance.remaining <= 0) {
          limitReached();
          return;
        }
        dispatch({ type: "loading" });
        image = await loadImage(file);
      } catch (error) {
        const message = isImageInputError(error)
          ? error.message
          : "This file could not be opened as an image.";
        dispatch({
          type: "failure",
          error: { message, advice: "Choose a photo in JPG, PNG, WEBP, GIF or HEIC format." },
        });
        toast.error(message);
        return;
      } finally {
        loadingRef.current = false;
      }
      originalRef.current?.release();
      dispatch({ type: "loaded", image });
      toast.success(options.toast ?? "Image uploaded successfully");
      if (options.convert !== false) await run({ kind: "first" }, image);
    },
    [checkAllowance, limitReached, run],
  );

  const recreate = useCallback(() => {
    if (state.original && state.lastPrompt)
      void run({ kind: "recreate", lastPrompt: state.lastPrompt }, state.original);
  }, [run, state.lastPrompt, state.original]);

  const custom = useCallback(
    (userPrompt: string) => {
      if (state.original) void run({ kind: "custom", userPrompt }, state.original);
    },
    [run, state.original],
  );

  const retry = useCallback(() => {
    const op = state.error?.retry;
    if (op && state.original) void run(op, state.original);
  }, [run, state.error, state.original]);

  const cancel = useCallback(() => controller.current?.abort(), []);

  const reset = useCallback(() => {
    if (controller.current) return;
    originalRef.current?.release();
    dispatch({ type: "reset" });
  }, []);

  const download = useCallback(() => {
    if (state.result) downloadImage(state.result.dataUrl, variant.downloadName);
  }, [state.result, variant.downloadName]);

  return { state, selectFile, recreate, custom, retry, cancel, reset, download };
}

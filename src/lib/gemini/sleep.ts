/**
 * The wait between two attempts (the retry policy, the poem's and the batch's retries). A module of its
 * own so the tool pages' tests can let waits pass at once (tests/features/retry-waits.ts) while the
 * retry policy's own tests keep the real ones.
 */
import { cancelledError } from "./errors";

/** Resolves after `ms`, or rejects at once with a "cancelled" GeminiError when `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(cancelledError(signal.reason));
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(cancelledError(signal?.reason));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

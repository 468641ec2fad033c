/**
 * Racing a promise against an AbortSignal: for work that cannot be stopped midway or may not notice
 * the abort itself (a decode, fetch's body reading), so the caller moves on the moment the user cancels.
 */

/**
 * Settles with `promise`, or rejects with the signal's reason the moment `signal` aborts (at once when
 * it already has). The promise is always observed, so its later rejection is never left unhandled.
 */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    else signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

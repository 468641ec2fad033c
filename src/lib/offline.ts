/**
 * Without a connection: whether the browser has one (navigator.onLine and its events), and what the app
 * says then (the tools' notice, a refused or cut-off run, a stopped batch, a sign-in that cannot be checked).
 */

/** True unless the browser says it is offline (and true where it cannot tell). */
export function isOnline(): boolean {
  return typeof navigator === "undefined" || navigator.onLine !== false;
}

/** Calls `listener` whenever the browser goes online or offline; returns the unsubscribe. */
export function onConnectionChange(listener: () => void): () => void {
  window.addEventListener("online", listener);
  window.addEventListener("offline", listener);
  return () => {
    window.removeEventListener("online", listener);
    window.removeEventListener("offline", listener);
  };
}

/**
 * Resolves when the browser goes offline, and stops listening once `signal` aborts (the promise then
 * never settles, so a race against it is decided by the other side).
 */
export function whenOffline(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return;
    const onOffline = () => {
      signal.removeEventListener("abort", stop);
      resolve();
    };
    const stop = () => window.removeEventListener("offline", onOffline);
    window.addEventListener("offline", onOffline, { once: true });
    signal.addEventListener("abort", stop, { once: true });
  });
}

/** `work`, or null if the connection drops first (a read the data cache pauses offline would wait for it). */
export async function unlessOffline<T>(work: Promise<T>): Promise<T | null> {
  const stop = new AbortController();
  try {
    return await Promise.race([work, whenOffline(stop.signal).then(() => null)]);
  } finally {
    stop.abort();
  }
}

/** The notice every AI tool shows while offline (role="status"). */
export const OFFLINE_TOOL_MESSAGE =
  "You're offline. This tool needs a connection to make something new — your photos and My Creations are still here.";

/** The banner's title when a run is started (or cut off) without a connection. */
export const OFFLINE_RUN_MESSAGE = "You're offline, so nothing was sent";

/** The banner's advice under OFFLINE_RUN_MESSAGE: nothing was counted, and what to do. */
export const OFFLINE_RUN_ADVICE =
  "Nothing was used from your conversions. Your photo and everything you typed are still here: try again once you're back online.";

/** A run whose connection dropped mid-way (the request had left, no answer came back). */
export const CONNECTION_LOST_MESSAGE = "The connection dropped before the result came back";

/** A login-required page opened offline whose stored session could not be refreshed: wait, don't sign in. */
export const OFFLINE_SIGN_IN_MESSAGE =
  "You're offline, so we couldn't check your sign-in. This page opens by itself once you're back online — no need to sign in again.";

/** The same page back online while the sign-in check is tried again (the auth server may be out of reach). */
export const SIGN_IN_CHECK_MESSAGE =
  "We couldn't reach the server to check your sign-in. We're trying again — this page opens by itself once it answers.";

/** Batch: what the remaining photos say when the connection drops mid-way (they wait, nothing is lost). */
export const BATCH_OFFLINE_MESSAGE = "You're offline, so the batch stopped";

/** Under BATCH_OFFLINE_MESSAGE: what was kept and what to do. */
export const BATCH_OFFLINE_ADVICE =
  "The images that came back are kept. The others are still here and nothing was counted for them: press Try again once you're back online.";

/** On the card of each image the dropped connection stopped. */
export const BATCH_ITEM_OFFLINE_MESSAGE = "Not sent: you're offline";

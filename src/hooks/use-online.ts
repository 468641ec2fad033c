/** Whether the browser has a connection (navigator.onLine and its online/offline events), live. */
import { useSyncExternalStore } from "react";

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

/** The connection state for a component: re-renders when it changes. Server rendering: online. */
export function useOnline(): boolean {
  return useSyncExternalStore(onConnectionChange, isOnline, () => true);
}

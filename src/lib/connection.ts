/** Whether the browser has a connection (navigator.onLine and its online/offline events), without React. */

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

/** `work`, or null if the connection drops first (a read the data cache pauses offline would wait for it). */
export function unlessOffline<T>(work: Promise<T>): Promise<T | null> {
  return new Promise<T | null>((resolve, reject) => {
    const offline = () => resolve(null);
    window.addEventListener("offline", offline, { once: true });
    work.then(resolve, reject).finally(() => window.removeEventListener("offline", offline));
  });
}

/**
 * The service worker's loader, in the entry (a few lines): in a production build it fetches the
 * registration (service-worker.lazy.ts) once the page has loaded and settled; `npm run dev`
 * registers nothing.
 */

/**
 * How long after `load` the worker is registered. Its install downloads the whole app for offline use:
 * started once the page's own requests (the route's code, the session, the last result) are done, it
 * never competes with them on a phone's connection.
 */
export const REGISTER_DELAY_MS = 3000;

export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator)) return;
  const container = navigator.serviceWorker;
  if (!import.meta.env.PROD) {
    // The dev server: a worker left by `npm start` on the same port would answer with its old build
    // instead of hot reload. (Gone from production builds, where PROD is true.)
    void container
      .getRegistrations?.()
      .then((registrations) => registrations.forEach((registration) => void registration.unregister()));
    return;
  }
  const start = () =>
    setTimeout(() => {
      import("./service-worker.lazy")
        .then(({ register }) => register(container))
        .catch((error: unknown) =>
          console.warn("The app will not work offline: its service worker failed", error),
        );
    }, REGISTER_DELAY_MS);
  if (document.readyState === "complete") start();
  else window.addEventListener("load", start, { once: true });
}

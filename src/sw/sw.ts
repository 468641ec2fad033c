/**
 * The service worker (built by vite-plugin-pwa's injectManifest from this file into /sw.js): the share
 * target, the precached app shell and assets, and the navigation fallback that opens the app offline.
 * It caches nothing at run time: API, auth, database and AI answers always go to the network.
 */
/// <reference lib="webworker" />
import { clientsClaim } from "workbox-core";
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { SKIP_WAITING_MESSAGE } from "./messages";
import { APP_SHELL_URL, NETWORK_ONLY_PATHS } from "./navigation";
import { isShareTarget, shareTargetResponse } from "./share-target";

declare const self: ServiceWorkerGlobalScope & {
  /** The build's precache list, written in by workbox-build (injectManifest). */
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

// First: the share sheet's POST, which only this worker can answer (it keeps the photos and redirects).
self.addEventListener("fetch", (event) => {
  if (isShareTarget(event.request)) event.respondWith(shareTargetResponse(event.request));
});

// The app shell and the hashed assets of this build (vite.config.ts says which), served cache-first;
// the caches of an older build go when this one activates.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Any app route opens the precached index.html, online or not (the server would answer the same page).
registerRoute(
  new NavigationRoute(createHandlerBoundToURL(APP_SHELL_URL), { denylist: [...NETWORK_ONLY_PATHS] }),
);

// An update waits until the visitor presses "Reload" on the prompt (src/lib/service-worker.lazy.ts),
// so code is never switched under a running conversion. The first install takes the open page at once,
// which then works offline without a reload.
self.addEventListener("message", (event) => {
  if (event.data?.type === SKIP_WAITING_MESSAGE) void self.skipWaiting();
});
clientsClaim();

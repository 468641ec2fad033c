/**
 * Registers the service worker and watches for a new version (fetched by the loader in
 * src/lib/service-worker.ts once the page has settled); only when a new version is installed and
 * waiting does it fetch the update prompt (service-worker-update.ts).
 */
import { SERVICE_WORKER_URL } from "@/sw/messages";

/** How often an open app asks the server whether a new version was deployed (also on every load). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/** Offer `worker` (installed, waiting) as the new version: the prompt's code loads only now. */
function offer(worker: ServiceWorker, container: ServiceWorkerContainer) {
  import("./service-worker-update")
    .then(({ offerUpdate }) => offerUpdate(worker, container))
    .catch((error: unknown) => console.warn("Could not show the update prompt", error));
}

/** Offers an update waiting now or installed later. The first install has nothing to replace: no offer. */
export function watchForUpdates(registration: ServiceWorkerRegistration, container: ServiceWorkerContainer) {
  if (registration.waiting && container.controller) offer(registration.waiting, container);
  registration.addEventListener("updatefound", () => {
    const installing = registration.installing;
    if (!installing || !container.controller) return;
    installing.addEventListener("statechange", () => {
      if (installing.state === "installed" && registration.waiting === installing)
        offer(installing, container);
    });
  });
}

/** Registers /sw.js for the whole app, offers the versions it finds and looks for one every hour. */
export function register(container: ServiceWorkerContainer): Promise<void> {
  return container
    .register(SERVICE_WORKER_URL, { scope: "/" })
    .then((registration: ServiceWorkerRegistration | undefined) => {
      // Undefined where registering is switched off (the end-to-end runs block it by default).
      if (!registration) return;
      watchForUpdates(registration, container);
      setInterval(() => void registration.update().catch(() => {}), UPDATE_CHECK_MS);
    })
    .catch((error: unknown) =>
      console.warn("The app will not work offline: its service worker failed", error),
    );
}

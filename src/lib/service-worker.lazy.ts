/**
 * Registers the service worker and watches for a new version (fetched by the loader in
 * src/lib/service-worker.ts once the page has settled). When a new version is installed and waiting,
 * the update prompt: a toast that stays until pressed, "A new version is available" with "Reload".
 * Nothing switches by itself (a running conversion is never cut off): Reload tells the waiting worker to
 * take over, then reloads the page once it controls it.
 */
import { toast } from "sonner";
import {
  UPDATE_AVAILABLE_ADVICE,
  UPDATE_AVAILABLE_MESSAGE,
  UPDATE_RELOAD_LABEL,
} from "@/lib/service-worker-copy";
import { SERVICE_WORKER_URL, SKIP_WAITING_MESSAGE } from "@/sw/messages";

/** How often an open app asks the server whether a new version was deployed (also on every load). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/** Offers an update waiting now or installed later. The first install has nothing to replace: no offer. */
export function watchForUpdates(registration: ServiceWorkerRegistration, container: ServiceWorkerContainer) {
  if (registration.waiting && container.controller) offerUpdate(registration.waiting, container);
  registration.addEventListener("updatefound", () => {
    const installing = registration.installing;
    if (!installing || !container.controller) return;
    installing.addEventListener("statechange", () => {
      if (installing.state === "installed" && registration.waiting === installing)
        offerUpdate(installing, container);
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

const TOAST_ID = "app-update";

/** Lets `worker` take over and reloads the page when it controls it (at once if it already does). */
export function applyUpdate(
  worker: ServiceWorker,
  container: ServiceWorkerContainer,
  reload = () => location.reload(),
) {
  let reloaded = false;
  const once = () => {
    if (reloaded) return;
    reloaded = true;
    reload();
  };
  if (container.controller === worker || worker.state === "activated" || worker.state === "redundant") {
    // Another tab pressed Reload first: this page's worker has already changed.
    once();
    return;
  }
  container.addEventListener("controllerchange", once, { once: true });
  worker.postMessage({ type: SKIP_WAITING_MESSAGE });
}

/** Shows the prompt (once, however often it is offered) for the waiting `worker`. */
export function offerUpdate(worker: ServiceWorker, container: ServiceWorkerContainer) {
  toast(UPDATE_AVAILABLE_MESSAGE, {
    id: TOAST_ID,
    description: UPDATE_AVAILABLE_ADVICE,
    duration: Number.POSITIVE_INFINITY,
    action: { label: UPDATE_RELOAD_LABEL, onClick: () => applyUpdate(worker, container) },
  });
}

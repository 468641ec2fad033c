/**
 * The update prompt, loaded only when a new version of the app is installed and waiting: a toast that
 * stays until pressed, "A new version is available" with "Reload". Nothing switches by itself (a
 * running conversion is never cut off): Reload tells the waiting worker to take over, then reloads the
 * page once it controls it.
 */
import { toast } from "sonner";
import {
  UPDATE_AVAILABLE_ADVICE,
  UPDATE_AVAILABLE_MESSAGE,
  UPDATE_RELOAD_LABEL,
} from "@/lib/service-worker-copy";
import { SKIP_WAITING_MESSAGE } from "@/sw/messages";

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

/**
 * The page's side of the image worker: started on first use (its chunk is in no route's first load), calls
 * matched to replies by number. Where the browser has no Worker, OffscreenCanvas or createImageBitmap, or
 * once the worker has failed to start or crashed, there is none and callers do the work on the page.
 */
import type { WorkerCalls, WorkerFailure, WorkerReply, WorkerRequest } from "./worker-protocol";

/** The worker could not do this call: callers run the page's own path instead. */
export class ImageWorkerError extends Error {
  readonly reason: WorkerFailure | "unavailable";
  constructor(reason: WorkerFailure | "unavailable", message: string) {
    super(message);
    this.name = "ImageWorkerError";
    this.reason = reason;
  }
}

type Pending = { resolve(value: unknown): void; reject(error: ImageWorkerError): void };

function startWorker(): Worker {
  return new Worker(new URL("./image.worker.ts", import.meta.url), { type: "module", name: "image" });
}

let create: () => Worker = startWorker;
let enabled = true;
let worker: Worker | null = null;
let failed = false;
let served = 0;
let seq = 0;
let nextId = 0;
const pending = new Map<number, Pending>();

function supported(): boolean {
  return (
    typeof Worker === "function" &&
    typeof OffscreenCanvas === "function" &&
    typeof createImageBitmap === "function"
  );
}

/** Whether calls go to the worker now (it may still be starting). */
export function imageWorkerAvailable(): boolean {
  return enabled && !failed && supported();
}

/** Ends the worker; its calls in flight reject, so their callers do the work on the page. */
function stop(message: string): void {
  worker?.terminate();
  worker = null;
  const calls = [...pending.values()];
  pending.clear();
  for (const call of calls) call.reject(new ImageWorkerError("unavailable", message));
}

function fail(message: string): void {
  failed = true;
  stop(message);
}

function onReply(reply: WorkerReply): void {
  const call = pending.get(reply.seq);
  if (!call) return;
  pending.delete(reply.seq);
  if (reply.ok) {
    served++;
    call.resolve(reply.value);
    return;
  }
  if (reply.reason === "unsupported") fail(reply.message);
  call.reject(new ImageWorkerError(reply.reason, reply.message));
}

function running(): Worker | null {
  if (worker) return worker;
  if (!imageWorkerAvailable()) return null;
  try {
    worker = create();
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
    return null;
  }
  worker.onmessage = (event: MessageEvent<WorkerReply>) => onReply(event.data);
  worker.onerror = (event) => {
    event.preventDefault(); // reported here; the page goes on without the worker
    fail(event.message || "The image worker failed to start");
  };
  worker.onmessageerror = () => fail("A reply from the image worker could not be read");
  return worker;
}

/** Runs one call in the worker; rejects with an ImageWorkerError when it cannot be done there. */
export function callImageWorker<K extends keyof WorkerCalls>(
  request: WorkerCalls[K]["request"],
  transfer: Transferable[] = [],
): Promise<WorkerCalls[K]["result"]> {
  const target = running();
  if (!target) return Promise.reject(new ImageWorkerError("unavailable", "No image worker here"));
  const number = ++seq;
  return new Promise((resolve, reject) => {
    pending.set(number, { resolve: resolve as (value: unknown) => void, reject });
    const message: WorkerRequest = { ...request, seq: number };
    target.postMessage(message, transfer);
  });
}

/**
 * `worker()` where the image worker is available, else (or when it cannot do the call: it failed to
 * start, crashed, or refused) `page()`, which does the same work on the page. Other errors are thrown.
 */
export async function inImageWorkerOr<T>(worker: () => Promise<T>, page: () => Promise<T>): Promise<T> {
  if (imageWorkerAvailable()) {
    try {
      return await worker();
    } catch (error) {
      if (!(error instanceof ImageWorkerError)) throw error;
    }
  }
  return page();
}

/** A new id for a loaded image's working copy in the worker. */
export function newImageId(): number {
  return ++nextId;
}

/** Frees a loaded image's working copy (nothing to do when the worker is gone: so is the copy). */
export function releaseInImageWorker(id: number): void {
  const message: WorkerRequest = { op: "release", id };
  worker?.postMessage(message);
}

/**
 * For the benchmark and the tests (not part of src/lib/image's API): `enabled: false` runs everything on
 * the page as before the worker existed; `create` replaces how the worker starts. Ends the current worker.
 */
export function configureImageWorker(options: { enabled?: boolean; create?: () => Worker }): void {
  stop("The image worker was reconfigured");
  failed = false;
  enabled = options.enabled ?? true;
  create = options.create ?? startWorker;
}

/** For the benchmark and the tests: whether the worker is running or failed, and how many calls it answered. */
export function imageWorkerStatus(): { state: "off" | "idle" | "running" | "failed"; served: number } {
  const state = !imageWorkerAvailable() ? (failed ? "failed" : "off") : worker ? "running" : "idle";
  return { state, served };
}

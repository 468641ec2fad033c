/**
 * One task at a time, in arrival order: the local preview engine renders one request at a time (it
 * shares the machine's few cores with the app, the browser and the database, and each render decodes
 * up to MAX_IMAGES images of up to 40 MP). Requests wait their turn; one whose caller goes away while
 * it waits leaves the line at once and is never processed.
 */

/** The caller went away (its AbortSignal fired) before its turn came: nothing was processed. */
export class CallerGoneError extends Error {
  constructor() {
    super("The caller went away before its request was processed.");
    this.name = "CallerGoneError";
  }
}

export class SerialQueue {
  #busy = false;
  #waiting: Array<() => void> = [];

  /** Whether a task is running. */
  get busy(): boolean {
    return this.#busy;
  }

  /** How many tasks are waiting for their turn (not counting the one running). */
  get pending(): number {
    return this.#waiting.length;
  }

  /**
   * Runs `task` once every task queued before it has finished. Rejects with CallerGoneError, without
   * running it, when `signal` has fired by the time its turn comes (it leaves the line as it fires).
   */
  async run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    await this.#acquire(signal);
    try {
      if (signal?.aborted) throw new CallerGoneError();
      return await task();
    } finally {
      this.#release();
    }
  }

  #acquire(signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(new CallerGoneError());
    if (!this.#busy) {
      this.#busy = true;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        const index = this.#waiting.indexOf(start);
        if (index >= 0) this.#waiting.splice(index, 1);
        reject(new CallerGoneError());
      };
      const start = () => {
        signal?.removeEventListener("abort", onAbort);
        resolve();
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.#waiting.push(start);
    });
  }

  /** Hands the turn straight to the next in line (the queue stays busy), or frees it. */
  #release(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#busy = false;
  }
}

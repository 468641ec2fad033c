import { afterAll, beforeAll } from "vitest";

/**
 * p-queue tells Node's `events.setMaxListeners` about itself when `process.getBuiltinModule` exists.
 * Under jsdom its EventTarget is jsdom's, which Node refuses; in a browser the call is skipped. These
 * tests hide `node:events` from it, as a browser would (patched by hand: restoreAllMocks in the tests'
 * afterEach must not undo it).
 */
export function hideNodeEventsFromPQueue() {
  const original = process.getBuiltinModule;
  beforeAll(() => {
    process.getBuiltinModule = ((id: string) =>
      id === "node:events" || id === "events"
        ? undefined
        : original.call(process, id)) as typeof process.getBuiltinModule;
  });
  afterAll(() => {
    process.getBuiltinModule = original;
  });
}

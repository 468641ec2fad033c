/**
 * The waits between attempts in the tool pages' tests. Here a wait (lib/gemini/sleep.ts) passes at once,
 * so "three attempts, then the message" costs no seconds; the retry policy's own tests (tests/lib/gemini)
 * keep the real waits. A test that looks at a wait (its countdown, Cancel during it) holds the waits
 * first: then each lasts as long as it says (real or fake timers) or until the test passes them.
 */
import { afterEach, beforeEach, vi, type MockInstance } from "vitest";
import * as wait from "@/lib/gemini/sleep";

const realSleep = wait.sleep;
let holding = false;
const held = new Set<() => void>();

function heldSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const pass = () => {
      held.delete(pass);
      resolve();
    };
    held.add(pass);
    realSleep(ms, signal).then(pass, (error: unknown) => {
      held.delete(pass);
      reject(error);
    });
  });
}

/** Registers, around every test of the file, waits that pass at once (a macrotask, still cancellable). */
export function instantRetryWaits() {
  let spy: MockInstance<typeof realSleep> | undefined;
  beforeEach(() => {
    holding = false;
    spy = vi
      .spyOn(wait, "sleep")
      .mockImplementation((ms, signal) => (holding ? heldSleep(ms, signal) : realSleep(0, signal)));
  });
  afterEach(() => {
    passRetryWaits();
    spy?.mockRestore();
  });
}

/** From now on, every wait lasts as long as it says (or until passRetryWaits), so the test can see it. */
export function holdRetryWaits() {
  holding = true;
}

/** Ends the waits under way at once; the later ones pass at once again. */
export function passRetryWaits() {
  holding = false;
  for (const pass of [...held]) pass();
}

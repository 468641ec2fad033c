/**
 * For the setups of the projects whose files run one after another in one worker (isolate: false):
 * what a file stubbed or faked for all its tests ends with the file, as it would in a worker of its own.
 */
import { afterAll, vi } from "vitest";

export function endFileScopedStubs() {
  afterAll(() => {
    vi.unstubAllEnvs();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });
}

/**
 * The node project's setup, run before each test file. A worker runs its files one after another
 * (isolate: false), so each file starts with fresh app modules and ends its stubs and fake timers; msw
 * answers the HTTP calls of the Gemini stream tests, and an unexpected call fails the test.
 */
import { vi } from "vitest";

// Before this file's own imports: the app modules the previous file evaluated are dropped.
vi.hoisted(() => vi.resetModules());

import { afterAll, afterEach, beforeAll } from "vitest";
import { server } from "./msw/server";
import { endFileScopedStubs } from "./setup-file-scope";

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
endFileScopedStubs();

/**
 * The backend project's setup, run before each test file. A worker runs the files one after another
 * (isolate: false), so each file starts with fresh modules (api/ handlers and their clients included)
 * and ends its env stubs, global stubs and fake timers, as it would in a worker of its own.
 */
import { vi } from "vitest";
import { endFileScopedStubs } from "./setup-file-scope";

vi.hoisted(() => vi.resetModules());

endFileScopedStubs();

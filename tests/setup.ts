/**
 * The ui project's setup, run before each test file. A worker runs its files one after another in one
 * page (isolate: false), so every file starts as if alone: the app's modules are evaluated afresh (their
 * caches, stores and the Supabase client with them), the page's <html>, <body> and address are reset,
 * and every test ends with the DOM, storage, cookies, IndexedDB, toasts and HTTP handlers cleared.
 * Libraries (React, Radix, msw, the DOM) load once per worker: that is what makes the project fast.
 */
import { vi } from "vitest";

// Before this file's own imports: the app modules the previous file evaluated (with its module mocks)
// are dropped, so this file's imports evaluate them afresh.
vi.hoisted(() => vi.resetModules());

import "@testing-library/jest-dom/vitest";
// A real IndexedDB implementation (kept creations), fresh for every test.
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { cleanup, configure } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { toast } from "sonner";
import { server } from "./msw/server";
import { endFileScopedStubs } from "./setup-file-scope";
import { fakeMediaQueryList } from "./media-query";

// The app's sidebar (src/app/app-sidebar.tsx) is left out of the app the tests render, except in the
// files that test it: rendering it with every page took a quarter of the project's CPU (116 CPU-s
// without it against 152 with it), and no other file reads it. The end-to-end specs have it everywhere.
const SIDEBAR_TESTS = ["tests/app/shell.test.tsx", "tests/tools/made-up-tool.test.tsx"];
if (!SIDEBAR_TESTS.some((file) => expect.getState().testPath?.endsWith(file)))
  vi.doMock("@/app/app-sidebar", () => ({ AppSidebar: () => null }));

// findBy*/waitFor wait up to 5 s: a lazy route's first import can take over a second on a busy
// 2-core CI machine. A test that expects something never to appear asserts that explicitly.
configure({ asyncUtilTimeout: 5000 });

/**
 * The page as a fresh jsdom has it: no attributes on <html> or <body> (theme class, scroll lock), an
 * empty body, at "/", and no style sheets. The tests run without CSS (css: false); the <style> sonner
 * puts in <head> on import would be the one sheet jsdom matches against every element on each computed
 * style (a fifth of the project's time, in every role query), so it goes too.
 */
function resetPage() {
  for (const element of [document.documentElement, document.body]) {
    for (const name of element.getAttributeNames()) element.removeAttribute(name);
  }
  document.body.replaceChildren();
  document.head.querySelectorAll("style").forEach((style) => style.remove());
  window.history.replaceState(null, "", "/");
}

// Every HTTP request a test makes must be answered by a handler: an unexpected call fails the test.
beforeAll(() => {
  resetPage();
  server.listen({ onUnhandledRequest: "error" });
});
afterEach(() => {
  server.resetHandlers();
  toast.dismiss();
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  globalThis.indexedDB = new IDBFactory();
  document.cookie.split(";").forEach((c) => {
    const name = c.split("=")[0]?.trim();
    if (name) document.cookie = `${name}=; max-age=0; path=/`;
  });
});
afterAll(async () => {
  server.close();
  // A lazy page a test left loading finishes here, not amid the next file's fresh modules.
  await vi.dynamicImportSettled();
});
endFileScopedStubs();

// The test DOMs (happy-dom, jsdom) may lack these browser APIs that Radix and our responsive hooks use.
if (!window.matchMedia) window.matchMedia = (query: string) => fakeMediaQueryList(query, false);
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};

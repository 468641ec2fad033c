import "@testing-library/jest-dom/vitest";
// A real IndexedDB implementation (kept creations, issue 11), fresh for every test.
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { cleanup, configure } from "@testing-library/react";
import { afterAll, afterEach, beforeAll } from "vitest";
import { toast } from "sonner";
import { server } from "./msw/server";

// findBy*/waitFor wait up to 5 s: a lazy route's first import can take over a second on a busy
// 2-core CI machine. A test that expects something never to appear asserts that explicitly.
configure({ asyncUtilTimeout: 5000 });

// Every HTTP request a test makes must be answered by a handler: an unexpected call fails the test.
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
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
afterAll(() => server.close());

// jsdom lacks these browser APIs that Radix and our responsive hooks use.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};

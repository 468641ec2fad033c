/**
 * The service worker's loader and update prompt (src/lib/service-worker*.ts) against stand-ins of the
 * browser's registration: a new version waiting is offered with "Reload", the first install is not,
 * and Reload hands over to the new worker before the page reloads. (e2e/pwa.spec.ts runs the real one.)
 */
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Toaster } from "@/components/ui/sonner";
import { REGISTER_DELAY_MS, registerServiceWorker } from "@/lib/service-worker";
import { UPDATE_AVAILABLE_MESSAGE, UPDATE_RELOAD_LABEL } from "@/lib/service-worker-copy";
import { applyUpdate, watchForUpdates } from "@/lib/service-worker.lazy";
import { SKIP_WAITING_MESSAGE } from "@/sw/messages";

/** A worker with a state that changes as the browser would change it. */
class FakeWorker extends EventTarget {
  state: ServiceWorkerState = "installing";
  postMessage = vi.fn();
  moveTo(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event("statechange"));
  }
}

class FakeRegistration extends EventTarget {
  waiting: FakeWorker | null = null;
  installing: FakeWorker | null = null;
  /** A new worker starts installing: `updatefound`, then it reaches `installed` and waits. */
  find(worker: FakeWorker) {
    this.installing = worker;
    this.dispatchEvent(new Event("updatefound"));
  }
  installed(worker: FakeWorker) {
    this.installing = null;
    this.waiting = worker;
    worker.moveTo("installed");
  }
}

class FakeContainer extends EventTarget {
  constructor(public controller: FakeWorker | null) {
    super();
  }
}

// sonner captures the pointer on a press, which jsdom does not implement.
beforeAll(() => {
  Element.prototype.setPointerCapture ??= () => {};
});

const asRegistration = (registration: FakeRegistration) =>
  registration as unknown as ServiceWorkerRegistration;
const asContainer = (container: FakeContainer) => container as unknown as ServiceWorkerContainer;
const asWorker = (worker: FakeWorker) => worker as unknown as ServiceWorker;

function controlled() {
  const active = new FakeWorker();
  active.state = "activated";
  return new FakeContainer(active);
}

describe("the update prompt", () => {
  it("offers a new version found while the app is open, and Reload tells it to take over", async () => {
    render(<Toaster />);
    const registration = new FakeRegistration();
    watchForUpdates(asRegistration(registration), asContainer(controlled()));
    const next = new FakeWorker();
    registration.find(next);
    expect(screen.queryByText(UPDATE_AVAILABLE_MESSAGE)).not.toBeInTheDocument();
    registration.installed(next);

    expect(await screen.findByText(UPDATE_AVAILABLE_MESSAGE)).toBeInTheDocument();
    expect(next.postMessage).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole("button", { name: UPDATE_RELOAD_LABEL }));
    expect(next.postMessage).toHaveBeenCalledWith({ type: SKIP_WAITING_MESSAGE });
  });

  it("offers a version already waiting when the page loads", async () => {
    render(<Toaster />);
    const registration = new FakeRegistration();
    registration.waiting = new FakeWorker();
    registration.waiting.state = "installed";
    watchForUpdates(asRegistration(registration), asContainer(controlled()));
    expect(await screen.findByText(UPDATE_AVAILABLE_MESSAGE)).toBeInTheDocument();
    expect(screen.getAllByRole("button", { name: UPDATE_RELOAD_LABEL })).toHaveLength(1);
  });

  it("offers nothing on the first install: there is no older version to replace", async () => {
    render(<Toaster />);
    const registration = new FakeRegistration();
    watchForUpdates(asRegistration(registration), asContainer(new FakeContainer(null)));
    const first = new FakeWorker();
    registration.find(first);
    registration.installed(first);
    // Any prompt would have been asked for before this toast, and sonner shows toasts in order.
    await vi.dynamicImportSettled();
    toast("After the install");
    expect(await screen.findByText("After the install")).toBeInTheDocument();
    expect(screen.queryByText(UPDATE_AVAILABLE_MESSAGE)).not.toBeInTheDocument();
  });
});

describe("applyUpdate", () => {
  it("reloads once the new worker controls the page, not before, and only once", () => {
    const container = controlled();
    const next = new FakeWorker();
    next.state = "installed";
    const reload = vi.fn();
    applyUpdate(asWorker(next), asContainer(container), reload);
    expect(next.postMessage).toHaveBeenCalledWith({ type: SKIP_WAITING_MESSAGE });
    expect(reload).not.toHaveBeenCalled();

    container.controller = next;
    container.dispatchEvent(new Event("controllerchange"));
    container.dispatchEvent(new Event("controllerchange"));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("reloads at once when another tab already let the new worker take over", () => {
    const next = new FakeWorker();
    next.state = "activated";
    const container = new FakeContainer(next);
    const reload = vi.fn();
    applyUpdate(asWorker(next), asContainer(container), reload);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(next.postMessage).not.toHaveBeenCalled();
  });
});

describe("the loader", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("registers nothing outside a production build, and removes a worker left there (npm run dev keeps its hot reload)", async () => {
    const register = vi.fn(() => Promise.resolve(undefined));
    const leftOver = { unregister: vi.fn(() => Promise.resolve(true)) };
    vi.stubGlobal("navigator", {
      serviceWorker: { register, getRegistrations: () => Promise.resolve([leftOver]) },
    });
    registerServiceWorker();
    window.dispatchEvent(new Event("load"));
    await vi.waitFor(() => expect(leftOver.unregister).toHaveBeenCalled());
    expect(register).not.toHaveBeenCalled();
  });

  it("in a production build, registers /sw.js for the whole app and offers a version waiting", async () => {
    vi.stubEnv("PROD", true);
    render(<Toaster />);
    const registration = new FakeRegistration();
    registration.waiting = new FakeWorker();
    const container = Object.assign(controlled(), {
      register: vi.fn(() => Promise.resolve(registration)),
    });
    vi.stubGlobal("navigator", { serviceWorker: container });
    vi.useFakeTimers({ toFake: ["setTimeout"] });
    registerServiceWorker();
    if (document.readyState !== "complete") window.dispatchEvent(new Event("load"));
    // Not while the page is still loading: a while after `load`.
    await vi.advanceTimersByTimeAsync(REGISTER_DELAY_MS - 1);
    expect(container.register).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(container.register).toHaveBeenCalledWith("/sw.js", { scope: "/" }));
    await vi.waitFor(() => expect(screen.getByText(UPDATE_AVAILABLE_MESSAGE)).toBeInTheDocument());
  });

  it("takes a registration switched off (undefined, as the end-to-end runs block it) quietly", async () => {
    vi.stubEnv("PROD", true);
    const warn = vi.spyOn(console, "warn");
    const register = vi.fn(() => Promise.resolve(undefined));
    vi.stubGlobal("navigator", { serviceWorker: { register } });
    vi.useFakeTimers({ toFake: ["setTimeout"] });
    registerServiceWorker();
    if (document.readyState !== "complete") window.dispatchEvent(new Event("load"));
    await vi.advanceTimersByTimeAsync(REGISTER_DELAY_MS);
    vi.useRealTimers();
    await vi.waitFor(() => expect(register).toHaveBeenCalled());
    await register.mock.results[0]!.value;
    // Every reaction to it (a failure would be logged in one) has run by the next task.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(warn).not.toHaveBeenCalled();
  });
});

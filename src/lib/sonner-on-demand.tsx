/**
 * sonner, loaded on demand. In the built app (and `npm run dev`) every `import ... from "sonner"` is
 * answered by this module (see `sonnerOnDemand` in vite.config.ts); only this module imports the real
 * library, as a chunk of its own. The API is sonner's: `toast(...)`, `toast.success(...)`,
 * `toast.dismiss(id)` and `<Toaster />` behave the same, so no caller knows the difference.
 *
 * Why: toasts only follow something the visitor did, yet the library (its component, its styles and
 * its state) cost every page 9 kB gzipped before anything could be used. Here it is fetched on the
 * visitor's first press or key (so a toast after a sign-in or a save shows at once), or by the first
 * toast itself; a toast asked for before then is shown as soon as the library and its outlet are in.
 */
import { useEffect, useState, type ComponentProps } from "react";
import type * as SonnerModule from "sonner";

type Sonner = typeof SonnerModule;
type Toast = Sonner["toast"];
type ToastData = Parameters<Toast>[1];
type Message = Parameters<Toast["success"]>[0];
type Id = string | number;
type Kind = "success" | "info" | "warning" | "error" | "message" | "loading";

let sonner: Sonner | undefined;
let loading: Promise<Sonner> | undefined;
/** Toasts asked for before the library and a mounted outlet were there, in order. */
let pending: { id: Id; show: (sonner: Sonner) => void }[] = [];
/** <Toaster /> instances rendered, and how many of them have the real outlet mounted. */
let outlets = 0;
let readyOutlets = 0;
let nextId = 0;
const loadListeners = new Set<() => void>();

function flush() {
  if (!sonner) return;
  const calls = pending;
  pending = [];
  for (const call of calls) call.show(sonner);
}

/** Fetch the library (once; a failed fetch is tried again next time). */
export function loadSonner(): Promise<Sonner> {
  loading ??= import("sonner")
    .then((module) => {
      sonner = module;
      loadListeners.forEach((listener) => listener());
      // No outlet on the page: hand the toasts to sonner now, as a page without <Toaster /> would.
      if (outlets === 0) flush();
      return module;
    })
    .catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  return loading;
}

/** Ready to show a toast at once: the library is in, and so is every outlet that was asked for. */
function ready(): Sonner | undefined {
  return sonner && readyOutlets >= outlets ? sonner : undefined;
}

function later(id: Id, show: (sonner: Sonner) => void): Id {
  pending.push({ id, show });
  loadSonner().catch((error: unknown) => console.error("Could not load the notifications", error));
  return id;
}

function show(kind: Kind | null, message: Message, data?: ToastData): Id {
  const now = ready();
  if (now) return kind ? now.toast[kind](message, data) : now.toast(message, data);
  const id = data?.id ?? `toast-${++nextId}`;
  return later(id, (s) =>
    kind ? s.toast[kind](message, { ...data, id }) : s.toast(message, { ...data, id }),
  );
}

export const toast: Toast = Object.assign((message: Message, data?: ToastData) => show(null, message, data), {
  success: (message: Message, data?: ToastData) => show("success", message, data),
  info: (message: Message, data?: ToastData) => show("info", message, data),
  warning: (message: Message, data?: ToastData) => show("warning", message, data),
  error: (message: Message, data?: ToastData) => show("error", message, data),
  message: (message: Message, data?: ToastData) => show("message", message, data),
  loading: (message: Message, data?: ToastData) => show("loading", message, data),
  custom: (jsx: Parameters<Toast["custom"]>[0], data?: ToastData) => {
    const now = ready();
    if (now) return now.toast.custom(jsx, data);
    const id = data?.id ?? `toast-${++nextId}`;
    return later(id, (s) => s.toast.custom(jsx, { ...data, id }));
  },
  promise: ((promise, data) => {
    const now = ready();
    if (now) return now.toast.promise(promise, data);
    // Started once, here, as sonner would; its toast follows when the library is in.
    const started = typeof promise === "function" ? promise() : promise;
    later(`toast-${++nextId}`, (s) => s.toast.promise(started, data));
    return { unwrap: () => started };
  }) as Toast["promise"],
  dismiss: (id?: Id) => {
    if (sonner) return sonner.toast.dismiss(id);
    pending = id === undefined ? [] : pending.filter((call) => call.id !== id);
    return id as Id;
  },
  getHistory: () => sonner?.toast.getHistory() ?? [],
  getToasts: () => sonner?.toast.getToasts() ?? [],
});

/** sonner's <Toaster />: renders nothing until the library is in, then the real outlet. */
export function Toaster(props: ComponentProps<Sonner["Toaster"]>) {
  const [module, setModule] = useState(sonner);

  useEffect(() => {
    outlets += 1;
    // The visitor's first press or key fetches the library, ahead of the toast it may lead to.
    const warm = () => void loadSonner().catch(() => {});
    const options = { once: true, capture: true, passive: true } as const;
    window.addEventListener("pointerdown", warm, options);
    window.addEventListener("keydown", warm, options);
    const onLoad = () => setModule(sonner);
    loadListeners.add(onLoad);
    return () => {
      outlets -= 1;
      window.removeEventListener("pointerdown", warm, options);
      window.removeEventListener("keydown", warm, options);
      loadListeners.delete(onLoad);
    };
  }, []);

  // Runs after the real outlet's own effects (children first): it is listening, so queued toasts show.
  useEffect(() => {
    if (!module) return;
    readyOutlets += 1;
    flush();
    return () => {
      readyOutlets -= 1;
    };
  }, [module]);

  return module ? <module.Toaster {...props} /> : null;
}

/**
 * A small external store over the browser's storage, for useSyncExternalStore: whoever subscribes hears
 * of a write in this tab (`emit`, called by the writer) and, through the `storage` event, of a write in
 * any other tab to a key the store watches (or of the whole storage being cleared).
 */
export type StorageStore = {
  subscribe: (listener: () => void) => () => void;
  /** Tells every subscriber of this tab that the stored values changed. */
  emit: () => void;
};

export function createStorageStore(watches: (key: string) => boolean): StorageStore {
  const listeners = new Set<() => void>();
  return {
    emit: () => listeners.forEach((listener) => listener()),
    subscribe(listener) {
      listeners.add(listener);
      const onStorage = (event: StorageEvent) => {
        if (event.key === null || watches(event.key)) listener();
      };
      window.addEventListener("storage", onStorage);
      return () => {
        listeners.delete(listener);
        window.removeEventListener("storage", onStorage);
      };
    },
  };
}

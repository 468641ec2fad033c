/**
 * A module fetched on demand once: every call shares the first fetch, and a failed fetch is tried
 * again by the next call (offline a moment, a deploy in between) instead of failing for good.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}

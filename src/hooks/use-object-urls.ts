/** Object URLs a component shows: made from Blobs, revoked one by one, and all of them when it unmounts. */
import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from "react";

export type ObjectUrls = {
  /** An object URL for `blob`, revoked when the component unmounts unless `revoke` came first. */
  make: (blob: Blob) => string;
  /** Revokes a URL `make` gave (anything else, or nothing, is ignored). */
  revoke: (url: string | null | undefined) => void;
};

/**
 * `create` and `revokeUrl` make and end each URL (default the browser's own; use-picture-urls.ts passes the
 * picture registry's, so a URL gives its Blob back).
 */
const browserUrl = (blob: Blob) => URL.createObjectURL(blob);
const browserRevoke = (url: string) => URL.revokeObjectURL(url);

export function useObjectUrls(
  create: (blob: Blob) => string = browserUrl,
  revokeUrl: (url: string) => void = browserRevoke,
): ObjectUrls {
  const urls = useRef(new Set<string>());

  useEffect(() => {
    const live = urls.current;
    return () => {
      live.forEach(revokeUrl);
      live.clear();
    };
  }, [revokeUrl]);

  const make = useCallback(
    (blob: Blob) => {
      const url = create(blob);
      urls.current.add(url);
      return url;
    },
    [create],
  );
  const revoke = useCallback(
    (url: string | null | undefined) => {
      if (url && urls.current.delete(url)) revokeUrl(url);
    },
    [revokeUrl],
  );
  return useMemo(() => ({ make, revoke }), [make, revoke]);
}

/** An object URL of `blob` made while someone subscribes, revoked when they let go (useSyncExternalStore). */
function objectUrlStore(blob: Blob | null | undefined) {
  let url: string | undefined;
  return {
    subscribe(changed: () => void) {
      url = blob ? URL.createObjectURL(blob) : undefined;
      changed();
      return () => {
        if (url) URL.revokeObjectURL(url);
        url = undefined;
      };
    },
    current: () => url,
  };
}

/**
 * An object URL of `blob` for as long as the component shows it: made when the component subscribes
 * (once it is on screen), revoked when it lets go or the blob changes. Undefined without a blob, and in
 * the first render.
 */
export function useObjectUrl(blob: Blob | null | undefined): string | undefined {
  const store = useMemo(() => objectUrlStore(blob), [blob]);
  return useSyncExternalStore(store.subscribe, store.current, () => undefined);
}

/**
 * The pictures a tool page shows (issue 28 §2): object URLs of result Blobs made through
 * lib/image/picture-urls.ts (so the URL gives its Blob back, to download, keep or send on), all revoked
 * when the page closes. Part of the shared tool hook (use-tool.ts).
 */
import { useCallback, useEffect, useRef } from "react";
import { pictureUrl, revokePicture } from "@/lib/image/picture-urls";

/** `picture(blob)`: an object URL of `blob`, revoked when the component unmounts. */
export function usePictureUrls(): (blob: Blob) => string {
  const urls = useRef(new Set<string>());
  useEffect(() => {
    const live = urls.current;
    return () => {
      live.forEach(revokePicture);
      live.clear();
    };
  }, []);
  return useCallback((blob: Blob) => {
    const url = pictureUrl(blob);
    urls.current.add(url);
    return url;
  }, []);
}

/**
 * The pictures a tool page shows (issue 28 §2): object URLs of result Blobs made through
 * lib/image/picture-urls.ts (so the URL gives its Blob back, to download, keep or send on), all revoked
 * when the page closes. Part of the shared tool hook (use-tool.ts).
 */
import { pictureUrl, revokePicture } from "@/lib/image/picture-urls";
import { useObjectUrls } from "./use-object-urls";

/** `picture(blob)`: an object URL of `blob`, revoked when the component unmounts. */
export function usePictureUrls(): (blob: Blob) => string {
  return useObjectUrls(pictureUrl, revokePicture).make;
}

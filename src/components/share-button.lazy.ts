/**
 * What the Share button does when pressed (fetched then, or when it is approached): the Web Share API
 * with the file itself, else the clipboard, else a download; and the one toast that says which.
 */
import { toast } from "sonner";
import { downloadImage, pictureBlob } from "@/lib/image";
import type { ShareContent } from "./share-button";

export type ShareOutcome = "shared" | "copied" | "downloaded" | "cancelled";

export const SHARE_COPIED_IMAGE = "Image copied to the clipboard.";
export const SHARE_COPIED_TEXT = "Text copied to the clipboard.";
export const SHARE_DOWNLOADED = "This browser can't share files, so it was downloaded instead.";
export const SHARE_FAILED = "Sharing didn't work here. Use Download instead.";

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}

async function fileOf(content: Extract<ShareContent, { kind: "file" }>): Promise<Blob> {
  const { file } = content;
  if (typeof file === "function") return file();
  if (typeof file === "string") return pictureBlob(file);
  return file;
}

/**
 * Shares with the Web Share API, with the file itself where the browser can share files (phones);
 * otherwise copies the image or text to the clipboard; otherwise downloads it. Never uploads.
 */
export async function shareContent(content: ShareContent): Promise<ShareOutcome> {
  const nav = typeof navigator === "undefined" ? undefined : navigator;
  if (content.kind === "text") {
    const data = { title: content.title, text: content.text };
    if (nav?.share && (nav.canShare?.(data) ?? true)) {
      try {
        await nav.share(data);
        return "shared";
      } catch (error) {
        if (isAbort(error)) return "cancelled";
      }
    }
    try {
      await nav!.clipboard.writeText(content.text);
      return "copied";
    } catch {
      downloadImage(
        new Blob([content.text], { type: "text/plain;charset=utf-8" }),
        content.fileName ?? "text.txt",
      );
      return "downloaded";
    }
  }

  const blob = await fileOf(content);
  const file = new File([blob], content.fileName, { type: blob.type });
  if (nav?.share && nav.canShare?.({ files: [file] })) {
    try {
      await nav.share({ files: [file], title: content.title });
      return "shared";
    } catch (error) {
      if (isAbort(error)) return "cancelled";
    }
  }
  // Browsers put PNG images on the clipboard (other types are refused).
  if (blob.type === "image/png" && nav?.clipboard?.write && typeof ClipboardItem === "function") {
    try {
      await nav.clipboard.write([new ClipboardItem({ "image/png": blob })]);
      return "copied";
    } catch {
      // Not allowed here (no focus, no permission): fall back to the download.
    }
  }
  downloadImage(blob, content.fileName);
  return "downloaded";
}

/** Shares `content` and says how, once: copied, downloaded instead, or that sharing did not work. */
export async function shareAndSay(content: ShareContent): Promise<void> {
  try {
    const outcome = await shareContent(content);
    if (outcome === "copied") toast.success(content.kind === "text" ? SHARE_COPIED_TEXT : SHARE_COPIED_IMAGE);
    else if (outcome === "downloaded") toast.info(SHARE_DOWNLOADED);
  } catch (error) {
    console.error("Could not share", error);
    toast.error(SHARE_FAILED);
  }
}

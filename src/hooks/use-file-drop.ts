/** Drag and drop of files onto an element, and paste from the page: the hook behind every drop target. */
import { useEffect, useRef, useState, type DragEvent } from "react";
import { pickImageFile } from "@/lib/image";

export type FileDropSource = "drop" | "paste";

type FileDropOptions = {
  /** The files dropped or pasted; returns whether it took any (a paste it took is not also typed). */
  onFiles: (files: readonly File[], source: FileDropSource) => boolean;
  disabled?: boolean;
  /** Also take images pasted anywhere on the page, outside text fields (off by default). */
  acceptPaste?: boolean;
};

/**
 * Drag and drop of files onto one element, and optionally paste from the page: `dragging` for the
 * active look (kept while the pointer crosses the element's children), `dropProps` to spread on it.
 */
export function useFileDrop({ onFiles, disabled = false, acceptPaste = false }: FileDropOptions) {
  const [dragging, setDragging] = useState(false);
  const depth = useRef(0);
  const latest = useRef(onFiles);
  useEffect(() => {
    latest.current = onFiles;
  });

  useEffect(() => {
    if (!acceptPaste || disabled) return;
    const onPaste = (e: ClipboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target?.closest("input, textarea, [contenteditable='true']")) return;
      const files = e.clipboardData ? Array.from(e.clipboardData.files) : [];
      if (files.length > 0 && latest.current(files, "paste")) e.preventDefault();
    };
    window.addEventListener("paste", onPaste);
    return () => window.removeEventListener("paste", onPaste);
  }, [acceptPaste, disabled]);

  // A drop target that became disabled mid-drag does not stay lit.
  const active = dragging && !disabled;

  const dropProps = {
    onDragEnter(e: DragEvent) {
      e.preventDefault();
      if (disabled) return;
      depth.current += 1;
      setDragging(true);
    },
    onDragOver(e: DragEvent) {
      e.preventDefault();
    },
    onDragLeave(e: DragEvent) {
      e.preventDefault();
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setDragging(false);
    },
    onDrop(e: DragEvent) {
      e.preventDefault();
      depth.current = 0;
      setDragging(false);
      if (disabled) return;
      const files = Array.from(e.dataTransfer.files);
      if (files.length > 0) latest.current(files, "drop");
    },
  };
  return { dragging: active, dropProps };
}

/** useFileDrop for one image: the first image dropped or pasted goes to `onFile` (other files are ignored). */
export function useImageFileDrop(
  onFile: (file: File) => void,
  options: Omit<FileDropOptions, "onFiles"> = {},
) {
  return useFileDrop({
    ...options,
    onFiles: (files, source) => {
      const file = pickImageFile(files, source);
      if (file) onFile(file);
      return Boolean(file);
    },
  });
}

export type FileDrop = ReturnType<typeof useFileDrop>;

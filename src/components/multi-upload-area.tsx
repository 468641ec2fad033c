import { useEffect, useId, useRef, useState, type DragEvent, type ReactNode } from "react";
import { Camera, Images } from "lucide-react";
import { Button } from "@/components/ui/button";
import { IMAGE_ACCEPT } from "@/components/upload-area";
import { cn } from "@/lib/utils";

/** Whether a dropped or pasted file looks like an image (HEIC often arrives without a type). */
function looksLikeImage(file: File): boolean {
  return file.type.startsWith("image/") || (file.type === "" && /\.(heic|heif)$/i.test(file.name));
}

/**
 * From a drop or a paste, the images (SPEC 5: what is not an image is left out, and counted so the
 * page can say so); from the picker, every file chosen, unchecked (the page checks each one).
 */
export function splitImageFiles(
  files: FileList | readonly File[] | null | undefined,
  source: "drop" | "picker" | "paste",
) {
  const list = files ? Array.from(files) : [];
  if (source === "picker") return { images: list, skipped: 0 };
  const images = list.filter(looksLikeImage);
  return { images, skipped: list.length - images.length };
}

type MultiUploadAreaProps = {
  /** The files added, in order, and how many dropped or pasted files were left out as not images. */
  onFiles: (files: File[], skippedNotImages: number) => void;
  disabled?: boolean;
  heading?: string;
  description: ReactNode;
  /** The picker button's label. */
  buttonLabel?: string;
  /** Listen for pasted images while the area is shown (on by default). */
  acceptPaste?: boolean;
  className?: string;
};

/**
 * Many images at once: drag and drop with an active look, a multi-file picker, the camera on phones,
 * and paste from the clipboard. The counterpart of UploadArea for tools that take several images.
 */
export function MultiUploadArea({
  onFiles,
  disabled,
  heading = "Drop your images here",
  description,
  buttonLabel = "Select Images",
  acceptPaste = true,
  className,
}: MultiUploadAreaProps) {
  const [dragging, setDragging] = useState(false);
  const depth = useRef(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const cameraRef = useRef<HTMLInputElement>(null);
  const headingId = useId();

  useEffect(() => {
    if (!acceptPaste || disabled) return;
    const onPaste = (e: ClipboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target?.closest("input, textarea, [contenteditable='true']")) return;
      const { images, skipped } = splitImageFiles(e.clipboardData?.files, "paste");
      if (images.length === 0 && skipped === 0) return;
      e.preventDefault();
      onFiles(images, skipped);
    };
    window.addEventListener("paste", onPaste);
    return () => window.removeEventListener("paste", onPaste);
  }, [acceptPaste, disabled, onFiles]);

  function onDragEnter(e: DragEvent) {
    e.preventDefault();
    if (disabled) return;
    depth.current += 1;
    setDragging(true);
  }
  function onDragLeave(e: DragEvent) {
    e.preventDefault();
    depth.current = Math.max(0, depth.current - 1);
    if (depth.current === 0) setDragging(false);
  }
  function onDrop(e: DragEvent) {
    e.preventDefault();
    depth.current = 0;
    setDragging(false);
    if (disabled) return;
    const { images, skipped } = splitImageFiles(e.dataTransfer.files, "drop");
    if (images.length > 0 || skipped > 0) onFiles(images, skipped);
  }
  function onPicked(input: HTMLInputElement) {
    const { images } = splitImageFiles(input.files, "picker");
    input.value = "";
    if (images.length > 0) onFiles(images, 0);
  }

  return (
    <section
      aria-labelledby={headingId}
      data-active={dragging || undefined}
      data-testid="multi-upload-area"
      onDragEnter={onDragEnter}
      onDragOver={(e) => e.preventDefault()}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
      className={cn(
        "flex flex-col items-center gap-3 rounded-2xl border-2 border-dashed border-input bg-gradient-to-br from-muted to-background p-5 text-center transition-all sm:p-8",
        dragging && "scale-[1.01] border-solid border-primary shadow-lg ring-4 ring-ring/30",
        disabled && "opacity-60",
        className,
      )}
    >
      <Images aria-hidden="true" className="size-10 text-muted-foreground" />
      <div className="space-y-1">
        <h2 id={headingId} className="text-xl font-bold">
          {heading}
        </h2>
        <div className="text-sm text-muted-foreground">{description}</div>
      </div>
      <div className="flex flex-wrap justify-center gap-2">
        <Button type="button" disabled={disabled} onClick={() => inputRef.current?.click()}>
          <Images aria-hidden="true" />
          {buttonLabel}
        </Button>
        <Button
          type="button"
          variant="outline"
          disabled={disabled}
          className="md:hidden"
          onClick={() => cameraRef.current?.click()}
        >
          <Camera aria-hidden="true" />
          Take Photo
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">JPG, PNG, WEBP, GIF or HEIC. You can also paste images.</p>
      <input
        ref={inputRef}
        type="file"
        multiple
        accept={IMAGE_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        disabled={disabled}
        onChange={(e) => onPicked(e.currentTarget)}
        data-testid="files-input"
      />
      <input
        ref={cameraRef}
        type="file"
        accept="image/*"
        capture="environment"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        disabled={disabled}
        onChange={(e) => onPicked(e.currentTarget)}
      />
    </section>
  );
}

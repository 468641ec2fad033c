/** "Drop your images here": the many-image upload area (drop, pick, camera, paste) of the batch tool. */
import { useId, type ReactNode } from "react";
import { Images } from "lucide-react";
import { DropZone, PickButtons } from "@/components/file-pick";
import { useFileDrop } from "@/hooks/use-file-drop";
import { cn } from "@/lib/utils";
import { usePickDisabled } from "@/components/pick-lock";

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
  disabled: ownDisabled,
  heading = "Drop your images here",
  description,
  buttonLabel = "Select Images",
  acceptPaste = true,
  className,
}: MultiUploadAreaProps) {
  const headingId = useId();
  const disabled = usePickDisabled(ownDisabled);
  const drop = useFileDrop({
    disabled,
    acceptPaste,
    onFiles: (files, source) => {
      const { images, skipped } = splitImageFiles(files, source);
      if (images.length === 0 && skipped === 0) return false;
      onFiles(images, skipped);
      return true;
    },
  });

  function onPicked(files: File[]) {
    const { images } = splitImageFiles(files, "picker");
    if (images.length > 0) onFiles(images, 0);
  }

  return (
    <DropZone
      drop={drop}
      labelledBy={headingId}
      disabled={disabled}
      testId="multi-upload-area"
      className={cn("gap-3 border-input from-muted to-background p-5 sm:p-8", className)}
      activeClassName="border-primary"
    >
      <Images aria-hidden="true" className="size-10 text-muted-foreground" />
      <div className="space-y-1">
        <h2 id={headingId} className="text-xl font-bold">
          {heading}
        </h2>
        <div className="text-sm text-muted-foreground">{description}</div>
      </div>
      <PickButtons
        label={buttonLabel}
        icon={<Images aria-hidden="true" />}
        onPick={onPicked}
        multiple
        disabled={disabled}
        inputTestId="files-input"
      />
      <p className="text-xs text-muted-foreground">JPG, PNG, WEBP, GIF or HEIC. You can also paste images.</p>
    </DropZone>
  );
}

/** "Drop your image here": the one-photo upload area of the single-image tools. */
import { useId } from "react";
import { ImageUp } from "lucide-react";
import { DropZone, PickButtons } from "@/components/file-pick";
import { useImageFileDrop } from "@/hooks/use-file-drop";
import { pickImageFile } from "@/lib/image";
import { cn } from "@/lib/utils";
import { usePickDisabled } from "@/components/pick-lock";

export type UploadTheme = { gradient: string; border: string; accent: string; button: string };

type UploadAreaProps = {
  onFile: (file: File) => void;
  disabled?: boolean;
  description: string;
  teaser?: string;
  emoji?: string;
  theme?: UploadTheme;
  /** Listen for pasted images while the area is shown (on by default). */
  acceptPaste?: boolean;
};

/**
 * "Drop your image here" (SPEC 2.2): drag and drop with an active look, "Select Image", the camera on
 * phones, and paste from the clipboard. Only the first image is used; dropped non-images are ignored.
 */
export function UploadArea({
  onFile,
  disabled: ownDisabled,
  description,
  teaser,
  emoji,
  theme,
  acceptPaste = true,
}: UploadAreaProps) {
  const headingId = useId();
  const disabled = usePickDisabled(ownDisabled);
  const drop = useImageFileDrop(onFile, { disabled, acceptPaste });

  function onPicked(files: File[]) {
    const file = pickImageFile(files, "picker");
    if (file) onFile(file);
  }

  return (
    <DropZone
      drop={drop}
      labelledBy={headingId}
      disabled={disabled}
      testId="upload-area"
      className={cn(
        "gap-4 p-6 sm:p-10",
        theme?.gradient ?? "from-muted to-background",
        theme?.border ?? "border-input",
      )}
    >
      <div aria-hidden="true" className="text-5xl">
        {emoji ?? <ImageUp className="size-12 text-muted-foreground" />}
      </div>
      <div className="space-y-1">
        <h2 id={headingId} className={cn("text-xl font-bold", theme?.accent)}>
          Drop your image here
        </h2>
        <p className="text-muted-foreground">{description}</p>
        {teaser && <p className="text-sm font-medium">{teaser}</p>}
      </div>
      <PickButtons
        label="Select Image"
        icon={<ImageUp aria-hidden="true" />}
        onPick={onPicked}
        disabled={disabled}
        className={theme?.button}
        inputTestId="file-input"
      />
      <p className="text-xs text-muted-foreground">
        JPG, PNG, WEBP, GIF or HEIC. You can also paste an image. Images under 5MB work best.
      </p>
    </DropZone>
  );
}

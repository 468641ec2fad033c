import { useId, useRef } from "react";
import { Camera, ImageUp } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useFileDrop } from "@/hooks/use-file-drop";
import { pickImageFile } from "@/lib/image";
import { cn } from "@/lib/utils";

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

/** What the file pickers offer: every image type, HEIC included (browsers often omit it from image/*). */
export const IMAGE_ACCEPT = "image/*,.heic,.heif";

/**
 * "Drop your image here" (SPEC 2.2): drag and drop with an active look, "Select Image", the camera on
 * phones, and paste from the clipboard. Only the first image is used; dropped non-images are ignored.
 */
export function UploadArea({
  onFile,
  disabled,
  description,
  teaser,
  emoji,
  theme,
  acceptPaste = true,
}: UploadAreaProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const cameraRef = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const { dragging, dropProps } = useFileDrop({
    disabled,
    acceptPaste,
    onFiles: (files, source) => {
      const file = pickImageFile(files, source);
      if (file) onFile(file);
      return Boolean(file);
    },
  });

  function onPicked(input: HTMLInputElement) {
    const file = pickImageFile(input.files, "picker");
    input.value = "";
    if (file) onFile(file);
  }

  return (
    <section
      aria-labelledby={headingId}
      data-active={dragging || undefined}
      data-testid="upload-area"
      {...dropProps}
      className={cn(
        "flex flex-col items-center gap-4 rounded-2xl border-2 border-dashed bg-gradient-to-br p-6 text-center transition-all sm:p-10",
        theme?.gradient ?? "from-muted to-background",
        theme?.border ?? "border-input",
        dragging && "scale-[1.01] border-solid shadow-lg ring-4 ring-ring/30",
        disabled && "opacity-60",
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
      <div className="flex flex-wrap justify-center gap-2">
        <Button
          type="button"
          disabled={disabled}
          className={theme?.button}
          onClick={() => inputRef.current?.click()}
        >
          <ImageUp aria-hidden="true" />
          Select Image
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
      <p className="text-xs text-muted-foreground">
        JPG, PNG, WEBP, GIF or HEIC. You can also paste an image. Images under 5MB work best.
      </p>
      <input
        ref={inputRef}
        type="file"
        accept={IMAGE_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        disabled={disabled}
        onChange={(e) => onPicked(e.currentTarget)}
        data-testid="file-input"
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

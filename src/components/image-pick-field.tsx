import { useId, useRef } from "react";
import { ImagePlus, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { IMAGE_ACCEPT } from "@/components/upload-area";
import { useFileDrop } from "@/hooks/use-file-drop";
import { pickImageFile } from "@/lib/image";
import { cn } from "@/lib/utils";

type ImagePickFieldProps = {
  label: string;
  /** One line under the label ("Optional: a picture to add"). */
  hint?: string;
  /** The chosen picture's preview, or null. */
  previewUrl: string | null;
  onFile: (file: File) => void;
  onRemove: () => void;
  disabled?: boolean;
};

/**
 * A small optional picture input (a celebration's inspiration, a scene's picture to add): pick or
 * drop one image, see it, Remove it. The caller checks and loads the file with the image pipeline.
 */
export function ImagePickField({ label, hint, previewUrl, onFile, onRemove, disabled }: ImagePickFieldProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const labelId = useId();
  const { dragging, dropProps } = useFileDrop({
    disabled,
    onFiles: (files, source) => {
      const file = pickImageFile(files, source);
      if (file) onFile(file);
      return Boolean(file);
    },
  });

  return (
    <div className="grid gap-2" role="group" aria-labelledby={labelId}>
      <span id={labelId} className="text-sm font-medium">
        {label}
      </span>
      {hint && <span className="-mt-1 text-xs text-muted-foreground">{hint}</span>}
      {previewUrl ? (
        <div className="flex items-center gap-3">
          <img src={previewUrl} alt={label} className="size-20 rounded-md border object-cover" />
          <Button type="button" variant="outline" size="sm" onClick={onRemove} disabled={disabled}>
            <X aria-hidden="true" />
            Remove
          </Button>
        </div>
      ) : (
        <button
          type="button"
          disabled={disabled}
          onClick={() => inputRef.current?.click()}
          {...dropProps}
          data-active={dragging || undefined}
          className={cn(
            "flex items-center justify-center gap-2 rounded-lg border-2 border-dashed p-4 text-sm text-muted-foreground transition-colors hover:bg-muted disabled:pointer-events-none disabled:opacity-50",
            dragging && "border-primary bg-accent",
          )}
        >
          <ImagePlus aria-hidden="true" className="size-5" />
          Choose or drop a picture
        </button>
      )}
      <input
        ref={inputRef}
        type="file"
        accept={IMAGE_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        aria-label={label}
        onChange={(e) => {
          const file = pickImageFile(e.currentTarget.files, "picker");
          e.currentTarget.value = "";
          if (file) onFile(file);
        }}
      />
    </div>
  );
}

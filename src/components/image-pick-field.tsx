/** A small optional picture field: choose or drop one image, see it, remove it. */
import { useId, useRef } from "react";
import { ImagePlus, X } from "lucide-react";
import { DropPickButton, HiddenFileInput } from "@/components/file-pick";
import { Button } from "@/components/ui/button";

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
        <DropPickButton
          onClick={() => inputRef.current?.click()}
          onFile={onFile}
          disabled={disabled}
          className="justify-center p-4 disabled:pointer-events-none disabled:opacity-50"
        >
          <ImagePlus aria-hidden="true" className="size-5" />
          Choose or drop a picture
        </DropPickButton>
      )}
      <HiddenFileInput ref={inputRef} aria-label={label} onPick={(files) => files[0] && onFile(files[0])} />
    </div>
  );
}

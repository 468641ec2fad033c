/** A shared photo's thumbnail (an object URL, revoked when it goes); a file the browser can't show gets an icon. */
import { useCallback, useState } from "react";
import { FileImage } from "lucide-react";
import { cn } from "@/lib/utils";

const BOX = "flex items-center justify-center overflow-hidden rounded-lg border bg-muted shadow-sm";

/** The thumbnail of `file` (give it a key per file: a new file starts afresh). */
export function SharedThumb({ file, className }: { file: File; className?: string }) {
  const [broken, setBroken] = useState(false);
  // The object URL lives exactly as long as the <img> showing it (a ref with a cleanup).
  const showFile = useCallback(
    (img: HTMLImageElement | null) => {
      if (!img) return;
      const url = URL.createObjectURL(file);
      img.src = url;
      return () => URL.revokeObjectURL(url);
    },
    [file],
  );
  if (broken) {
    // HEIC, a PDF or a damaged file: the browser can't draw it, its name says what it is.
    return (
      <div className={cn(BOX, "flex-col gap-1 p-2 text-muted-foreground", className)}>
        <FileImage aria-hidden="true" className="size-8" />
        <span className="max-w-full truncate text-xs">{file.name || "Shared file"}</span>
      </div>
    );
  }
  return (
    <div className={cn(BOX, className)}>
      <img
        ref={showFile}
        alt={file.name ? `Shared photo ${file.name}` : "Shared photo"}
        className="size-full object-cover"
        onError={() => setBroken(true)}
      />
    </div>
  );
}

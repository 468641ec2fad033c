import { useRef, useState, type FormEvent } from "react";
import { AlertTriangle, Upload, Wand2 } from "lucide-react";
import { toast } from "sonner";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { PromptField } from "@/components/prompt-field";
import { IMAGE_ACCEPT } from "@/components/upload-area";
import { useFileDrop } from "@/hooks/use-file-drop";
import { pickImageFile } from "@/lib/image";
import { cn } from "@/lib/utils";

type CustomPromptDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** A photo is already on the page (or was just chosen here). */
  hasImage: boolean;
  previewUrl?: string;
  onSelectFile: (file: File) => void;
  onTransform: (prompt: string) => void;
  busy?: boolean;
};

/** "Convert Image" (SPEC 2.3, 4.2): describe any change, typed or spoken. */
export function CustomPromptDialog({
  open,
  onOpenChange,
  hasImage,
  previewUrl,
  onSelectFile,
  onTransform,
  busy,
}: CustomPromptDialogProps) {
  const [prompt, setPrompt] = useState("");
  const { dragging, dropProps } = useFileDrop({
    onFiles: (files, source) => {
      const file = pickImageFile(files, source);
      if (file) onSelectFile(file);
      return Boolean(file);
    },
  });
  const inputRef = useRef<HTMLInputElement>(null);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (!hasImage) {
      toast.error("Please upload an image first");
      return;
    }
    if (!prompt.trim()) {
      toast.error("Please enter a prompt");
      return;
    }
    onTransform(prompt.trim());
    setPrompt("");
    onOpenChange(false);
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Convert Image</DialogTitle>
          <DialogDescription>Upload an image and describe how you want to transform it</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4">
          {hasImage ? (
            previewUrl && (
              <img
                src={previewUrl}
                alt="Your photo"
                className="max-h-48 w-full rounded-lg border object-contain"
              />
            )
          ) : (
            <button
              type="button"
              onClick={() => inputRef.current?.click()}
              {...dropProps}
              data-active={dragging || undefined}
              className={cn(
                "flex flex-col items-center gap-2 rounded-lg border-2 border-dashed p-6 text-sm text-muted-foreground transition-colors hover:bg-muted",
                dragging && "border-primary bg-accent",
              )}
            >
              <Upload aria-hidden="true" className="size-6" />
              <span className="font-medium text-foreground">Click to upload or drag and drop</span>
              <span>PNG, JPG or GIF</span>
            </button>
          )}
          <input
            ref={inputRef}
            type="file"
            accept={IMAGE_ACCEPT}
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            aria-label="Upload an image to transform"
            onChange={(e) => {
              const file = pickImageFile(e.currentTarget.files, "picker");
              e.currentTarget.value = "";
              if (file) onSelectFile(file);
            }}
          />
          <PromptField
            label="Your transformation"
            placeholder="Describe how you want to transform the image..."
            value={prompt}
            onChange={setPrompt}
          />
          {!hasImage && (
            <Alert variant="warning">
              <AlertTriangle aria-hidden="true" />
              <AlertDescription>Please upload an image before converting</AlertDescription>
            </Alert>
          )}
          <DialogFooter>
            <Button type="submit" disabled={!hasImage || busy}>
              <Wand2 aria-hidden="true" />
              Transform
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * Picking files the way every picker of the app does: a hidden file input that a visible button
 * opens, the upload areas' drop zone with its "Select" and "Take Photo" pair, and the dashed
 * "choose or drop" button of the small picture fields.
 */
import { useRef, type ComponentProps, type ReactNode } from "react";
import { Camera } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useImageFileDrop, type FileDrop } from "@/hooks/use-file-drop";
import { cn } from "@/lib/utils";
import { usePickDisabled } from "@/components/pick-lock";

/** What the file pickers offer: every image type, HEIC included (browsers often omit it from image/*). */
export const IMAGE_ACCEPT = "image/*,.heic,.heif";

type HiddenFileInputProps = Omit<
  ComponentProps<"input">,
  "type" | "className" | "tabIndex" | "aria-hidden" | "onChange" | "accept"
> & {
  /** The files chosen (the input is cleared afterwards, so choosing the same file again works). */
  onPick: (files: File[]) => void;
  accept?: string;
};

/** A file input out of sight and out of the tab order (a button opens it); images by default. */
export function HiddenFileInput({ onPick, accept = IMAGE_ACCEPT, ...props }: HiddenFileInputProps) {
  return (
    <input
      {...props}
      type="file"
      accept={accept}
      className="sr-only"
      tabIndex={-1}
      aria-hidden="true"
      onChange={(e) => {
        const files = Array.from(e.currentTarget.files ?? []);
        e.currentTarget.value = "";
        onPick(files);
      }}
    />
  );
}

type PickButtonsProps = {
  label: string;
  icon: ReactNode;
  /** The files chosen with either button. */
  onPick: (files: File[]) => void;
  multiple?: boolean;
  disabled?: boolean;
  /** Extra classes of the main button (a tool's theme). */
  className?: string;
  /** The test id of the main input. */
  inputTestId?: string;
};

/** The upload areas' buttons: the picker, and on phones the camera, each with its hidden input. */
export function PickButtons({
  label,
  icon,
  onPick,
  multiple,
  disabled,
  className,
  inputTestId,
}: PickButtonsProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const cameraRef = useRef<HTMLInputElement>(null);
  return (
    <div className="flex flex-wrap justify-center gap-2">
      <Button
        type="button"
        disabled={disabled}
        className={className}
        onClick={() => inputRef.current?.click()}
      >
        {icon}
        {label}
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
      <HiddenFileInput
        ref={inputRef}
        multiple={multiple}
        disabled={disabled}
        onPick={onPick}
        data-testid={inputTestId}
      />
      <HiddenFileInput
        ref={cameraRef}
        accept="image/*"
        capture="environment"
        disabled={disabled}
        onPick={onPick}
      />
    </div>
  );
}

type DropPickButtonProps = {
  /** Opens the picker (the caller's hidden input). */
  onClick: () => void;
  /** The first image dropped on the button. */
  onFile: (file: File) => void;
  disabled?: boolean;
  className?: string;
  children: ReactNode;
};

/** A dashed button that opens the picker and takes one dropped image, lit while a file is dragged over it. */
export function DropPickButton({
  onClick,
  onFile,
  disabled: ownDisabled,
  className,
  children,
}: DropPickButtonProps) {
  const disabled = usePickDisabled(ownDisabled);
  const { dragging, dropProps } = useImageFileDrop(onFile, { disabled });
  return (
    <button
      type="button"
      disabled={disabled}
      onClick={onClick}
      {...dropProps}
      data-active={dragging || undefined}
      className={cn(
        "flex items-center gap-2 rounded-lg border-2 border-dashed text-sm text-muted-foreground transition-colors hover:bg-muted",
        className,
        dragging && "border-primary bg-accent",
      )}
    >
      {children}
    </button>
  );
}

type DropZoneProps = {
  /** useFileDrop's answer for this zone. */
  drop: FileDrop;
  /** The id of the zone's heading. */
  labelledBy: string;
  disabled?: boolean;
  className?: string;
  /** More classes while a file is dragged over it. */
  activeClassName?: string;
  testId: string;
  children: ReactNode;
};

/** The upload areas' frame: a dashed drop zone that lights up while files are dragged over it. */
export function DropZone({
  drop,
  labelledBy,
  disabled,
  className,
  activeClassName,
  testId,
  children,
}: DropZoneProps) {
  return (
    <section
      aria-labelledby={labelledBy}
      data-active={drop.dragging || undefined}
      data-testid={testId}
      {...drop.dropProps}
      className={cn(
        "flex flex-col items-center rounded-2xl border-2 border-dashed bg-gradient-to-br text-center transition-all",
        className,
        drop.dragging && ["scale-[1.01] border-solid shadow-lg ring-4 ring-ring/30", activeClassName],
        disabled && "opacity-60",
      )}
    >
      {children}
    </section>
  );
}

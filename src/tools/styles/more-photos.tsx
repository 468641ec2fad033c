/**
 * (Part of Convert Anything's dialog, conversion-page.lazy.tsx.) The photos that go with the main one
 * (issue 29 §2): each shown with its number, moved earlier or later, removed; "Add photos" takes up to
 * MAX_EXTRA_PHOTOS, each through the image pipeline like any photo.
 */
import { useRef } from "react";
import { ArrowDown, ArrowUp, ImagePlus, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { HiddenFileInput } from "@/components/file-pick";
import { MAX_EXTRA_PHOTOS } from "@/config/request-limits";

export type MorePhotosProps = {
  /** The further photos, in order (Photo 2, Photo 3, ...): their previews. */
  photos: readonly { previewUrl: string }[];
  onAdd: (files: File[]) => void;
  onRemove: (index: number) => void;
  onMove: (index: number, by: -1 | 1) => void;
  /** What became of the last photos added, when not all of them could be (or null). */
  notice: string | null;
  busy?: boolean;
};

export function MorePhotos({ photos, onAdd, onRemove, onMove, notice, busy }: MorePhotosProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const room = MAX_EXTRA_PHOTOS - photos.length;
  return (
    <fieldset className="grid gap-2 rounded-lg border p-3" data-testid="more-photos">
      <legend className="px-1 text-sm font-medium">More photos (optional)</legend>
      <p className="text-xs text-muted-foreground">
        Up to {MAX_EXTRA_PHOTOS} more, to use in your words: &ldquo;put the hat from photo 2 on the
        person&rdquo;, &ldquo;in the style of photo 3&rdquo;. The photo above is Photo 1.
      </p>
      {photos.length > 0 && (
        <ol className="grid gap-2" aria-label="More photos">
          {photos.map((photo, index) => {
            const name = `Photo ${index + 2}`;
            return (
              <li key={photo.previewUrl} className="flex items-center gap-2">
                <img src={photo.previewUrl} alt={name} className="size-12 rounded border object-cover" />
                <span className="mr-auto text-sm font-medium">{name}</span>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={`Move ${name} earlier`}
                  onClick={() => onMove(index, -1)}
                  disabled={busy || index === 0}
                >
                  <ArrowUp aria-hidden="true" />
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={`Move ${name} later`}
                  onClick={() => onMove(index, 1)}
                  disabled={busy || index === photos.length - 1}
                >
                  <ArrowDown aria-hidden="true" />
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove ${name}`}
                  onClick={() => onRemove(index)}
                  disabled={busy}
                >
                  <X aria-hidden="true" />
                </Button>
              </li>
            );
          })}
        </ol>
      )}
      {notice && (
        <p role="alert" className="text-sm text-destructive">
          {notice}
        </p>
      )}
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="justify-self-start"
        onClick={() => inputRef.current?.click()}
        disabled={busy || room <= 0}
      >
        <ImagePlus aria-hidden="true" />
        {room > 0 ? "Add photos" : `${MAX_EXTRA_PHOTOS} more photos added`}
      </Button>
      <HiddenFileInput
        ref={inputRef}
        multiple
        aria-label="Add more photos"
        onPick={onAdd}
        data-testid="more-photos-input"
      />
    </fieldset>
  );
}

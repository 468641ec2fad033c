/**
 * (Part of Convert Anything's dialog, conversion-page.lazy.tsx.) The photos that go with the main one
 * (issue 29 §2): each shown with its number, moved earlier or later, removed; "Add photos" takes up to
 * MAX_EXTRA_PHOTOS, each through the image pipeline like any photo.
 */
import { useRef, useState } from "react";
import { ArrowDown, ArrowUp, ImagePlus, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { HiddenFileInput } from "@/components/file-pick";
import { MAX_EXTRA_PHOTOS } from "@/config/request-limits";
import { isImageInputError, loadImage, type LoadedImage } from "@/lib/image";

export type MorePhotosProps = {
  /** The further photos, in order (Photo 2, Photo 3, ...). */
  photos: readonly LoadedImage[];
  onChange: (photos: readonly LoadedImage[]) => void;
  busy?: boolean;
};

export function MorePhotos({ photos, onChange, busy }: MorePhotosProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  // What became of the last photos added, when not all of them could be.
  const [notice, setNotice] = useState<string | null>(null);
  const room = MAX_EXTRA_PHOTOS - photos.length;

  /** Each file loaded like any photo (checked, upright, previewed), up to MAX_EXTRA_PHOTOS in all. */
  async function onAdd(files: File[]) {
    const taken = files.slice(0, Math.max(0, room));
    const added: LoadedImage[] = [];
    const said: string[] = [];
    for (const file of taken) {
      try {
        added.push(await loadImage(file));
      } catch (error) {
        said.push(
          isImageInputError(error)
            ? `${file.name}: ${error.message} ${error.advice}`
            : `${file.name} could not be opened.`,
        );
      }
    }
    const left = files.length - taken.length;
    if (left > 0) said.push(`Up to ${MAX_EXTRA_PHOTOS} more photos: ${left} left out.`);
    setNotice(said.length ? said.join(" ") : null);
    onChange([...photos, ...added]);
  }

  function onRemove(index: number) {
    setNotice(null);
    onChange(photos.filter((_, i) => i !== index));
  }

  function onMove(index: number, by: -1 | 1) {
    const to = index + by;
    if (to < 0 || to >= photos.length) return;
    const next = [...photos];
    [next[index], next[to]] = [next[to]!, next[index]!];
    onChange(next);
  }

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
        onPick={(files) => void onAdd(files)}
        data-testid="more-photos-input"
      />
    </fieldset>
  );
}

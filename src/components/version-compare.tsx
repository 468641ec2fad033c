/**
 * Two versions of a photo in the before/after slider (src/components/compare-slider.lazy.tsx, fetched on
 * demand): the one compared underneath, the one shown on top, each named by its label. Shown while the
 * version strip (version-strip.tsx) compares; nothing when it does not.
 */
import { LazyCompareSlider } from "./compare-slider";
import type { StripVersion } from "./version-strip";

/** The slider's picture fits a phone's screen with the strip under it; as tall as the result view's wider. */
export const VERSION_COMPARE_IMAGE = "max-h-[calc(100dvh-20rem)] md:max-h-[70vh]";

export type VersionCompareProps = {
  versions: readonly StripVersion[];
  /** The version shown (on top; the whole of it first on a phone). */
  chosenId: string;
  /** The version it is compared with (underneath), or null: then nothing is rendered. */
  compareId: string | null;
  imageClassName?: string;
  className?: string;
};

export function VersionCompare({
  versions,
  chosenId,
  compareId,
  imageClassName = VERSION_COMPARE_IMAGE,
  className,
}: VersionCompareProps) {
  const shown = versions.find((v) => v.id === chosenId);
  const compared = compareId === null ? undefined : versions.find((v) => v.id === compareId);
  if (!shown || !compared || shown.id === compared.id) return null;
  return (
    <LazyCompareSlider
      before={compared.src}
      after={shown.src}
      labels={{ before: compared.label, after: shown.label }}
      imageClassName={imageClassName}
      className={className}
    />
  );
}

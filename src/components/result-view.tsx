/**
 * A tool's photo and its result (the style tools, Create Art). A page shows it once a photo is there,
 * so its code (result-view.lazy.tsx, with the compare slider's front and Share) is fetched then, not
 * with the page; the photo shows in its place meanwhile.
 */
import { lazyPart } from "@/components/on-demand";
import type { ResultViewProps } from "./result-view.lazy";

const Body = lazyPart(() => import("./result-view.lazy").then((m) => m.ResultViewBody));

/** The photo, then its result in one compare view with the actions under it (beside it on a laptop). */
export function ResultView(props: ResultViewProps) {
  const original = props.labels?.original ?? "Original";
  // Until the view's code is here (or if it cannot be fetched: said once, fetched again on the next
  // render), the photo as the view starts it.
  const photo = (
    <section aria-label="Result" className="grid gap-4 md:grid-cols-2">
      <figure className="space-y-2">
        <figcaption className="text-sm font-medium text-muted-foreground">{original}</figcaption>
        <img
          src={props.originalUrl}
          alt={original}
          className="max-h-[70vh] w-full rounded-xl border bg-muted object-contain"
        />
      </figure>
    </section>
  );
  return <Body fallback={photo} onFailed={() => undefined} {...props} />;
}

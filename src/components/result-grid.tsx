/**
 * The several results of one run (issue 28 §1): shown once such a run starts, so its code
 * (result-grid.lazy.tsx: the grid, its thumbnails, the ZIP) is fetched then, never with the page.
 */
import { lazyPart } from "@/components/on-demand";
import type { ResultGridProps } from "./result-grid.lazy";

const Grid = lazyPart(() => import("./result-grid.lazy").then((m) => m.ResultGridBody));

/** Nothing until a run of several results (or its refusal) is there. */
export function ResultGrid(props: ResultGridProps) {
  if (!props.results.state) return null;
  return <Grid fallback={null} onFailed={() => undefined} {...props} />;
}

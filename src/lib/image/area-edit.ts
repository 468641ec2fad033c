/**
 * Region edits for the tools (issue 29 §1): the area scaled to the photo sent, and the model's answer
 * put over the original through it. In the image worker where there is one (a 2048 px composite is
 * millions of pixels of arithmetic), else on the page.
 */
import { compositeArea, scaleMask, type CompositeInput } from "./area-composite";
import { callImageWorker, inImageWorkerOr } from "./worker-client";

/** The answer over the original inside the area: a PNG of the original's size (area-composite.ts). */
export function composite(input: CompositeInput): Promise<Blob> {
  return inImageWorkerOr(
    async () => (await callImageWorker<"composite">({ op: "composite", ...input })).blob,
    () => compositeArea(input),
  );
}

/** The area as a white-on-black PNG of width x height, as the request sends it. */
export function maskAt(mask: Blob, width: number, height: number): Promise<Blob> {
  return inImageWorkerOr(
    async () => (await callImageWorker<"mask">({ op: "mask", mask, width, height })).blob,
    () => scaleMask(mask, width, height),
  );
}

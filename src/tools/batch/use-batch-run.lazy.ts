/**
 * What runs a batch (batch-run.ts with its queue, src/lib/run-queue.ts), fetched by use-batch-run.ts when a
 * batch starts: no visit to the page pays for it in its first load (p-queue comes later still, with
 * the queue's first image).
 */
export { batchOutcome, startBatchRun } from "./batch-run";

/**
 * Shape and Size of every result of a batch (components/output-options.tsx), fetched by batch-page.tsx
 * once photos are there: the empty page's first load is the upload and the instruction.
 */
export { OutputOptions } from "@/components/output-options";

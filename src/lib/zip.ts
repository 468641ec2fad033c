/** Several results as one ZIP (Batch's "Download all", a run's several results). */

/** One ZIP of the results, stored as they are (client-zip never recompresses), loaded only when asked. */
export async function zipResults(files: { name: string; blob: Blob }[]): Promise<Blob> {
  const { downloadZip } = await import("client-zip");
  const now = new Date();
  return downloadZip(files.map((f) => ({ name: f.name, input: f.blob, lastModified: now }))).blob();
}

/**
 * The strip of versions of a photo as one query (read by the strip, tool-versions.lazy.tsx, and by a
 * page that names the version chosen, like Convert Anything's dialog): the original, then each image
 * version with its picture and its label ("Hulk 2"). Imported by on-demand parts only.
 */
import {
  creationKeys,
  getCreation,
  getThumbs,
  getVersions,
  makeThumbnail,
  RESULT_THUMBNAIL,
  type CreationRecord,
} from "@/lib/creations";
import { ORIGINAL_VERSION } from "@/hooks/use-tool-versions";
import { blobDataUrl } from "@/lib/read-blob";
import { findTool } from "@/tools/registry";
import type { StripVersion } from "./version-strip";

/** "Hulk", "Hulk 2", …: each tool's results numbered in the order they were made. */
function labelsOf(versions: readonly CreationRecord[]): string[] {
  const seen = new Map<string, number>();
  return versions.map((record) => {
    const name = findTool(record.tool)?.label ?? record.tool;
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    return n === 1 ? name : `${name} ${n}`;
  });
}

/**
 * A version's small picture while its kept thumbnail is not written yet (results arriving): one made from
 * its file, never the file itself (a 4K result would be a 19 MB data: URL and a decoded 4K picture per
 * place on the strip); the file only when no thumbnail can be made of it.
 */
async function previewOf(userId: string, id: string): Promise<Blob | undefined> {
  const file = (await getCreation(userId, id))?.files.file;
  if (!file) return undefined;
  return (await makeThumbnail(file, RESULT_THUMBNAIL)) ?? file;
}

/** The strip of a group: the original, then each image version's thumbnail. */
async function stripOf(userId: string, photo: string): Promise<StripVersion[]> {
  const group = await getVersions(userId, photo);
  const versions = group.versions.filter((record) => record.kind === "image");
  const labels = labelsOf(versions);
  const thumbs = await getThumbs(
    userId,
    versions.map((record) => record.id),
  );
  const items: StripVersion[] = [];
  // The photo the first version was made from; a group that starts with a result made from words alone
  // (the animator's character) starts with that result (a later version's original is a version itself).
  if (group.original && group.versions[0]?.hasOriginal)
    items.push({
      id: ORIGINAL_VERSION,
      src: await blobDataUrl(group.original),
      label: "Original",
      deletable: false,
    });
  for (const [i, record] of versions.entries()) {
    const blob = thumbs.get(record.id)?.result ?? (await previewOf(userId, record.id));
    if (blob)
      items.push({
        id: record.id,
        src: await blobDataUrl(blob),
        label: labels[i]!,
        deletable: true,
        ...(record.details?.area === "yes" ? { area: true } : {}),
      });
  }
  return items;
}

/** The strip of a group as a query: its versions with their pictures and labels ("Hulk 2"). */
export function versionStripQuery(userId: string | undefined, photo: string) {
  return {
    queryKey: [...creationKeys.versions(userId ?? "", photo), "strip"],
    queryFn: () => stripOf(userId!, photo),
    enabled: Boolean(userId && photo),
    networkMode: "always" as const,
    retry: false,
  };
}

/**
 * Taking handed-over photos (use-incoming-photos.ts fetches this only when a page was handed
 * something): one take per id from IndexedDB, each photo tagged with the chain it came from and the
 * group of versions its results join.
 */
import { takeIncoming } from "./incoming";
import { setPhotoOrigin } from "./origin";
import type { IncomingPhotos } from "./types";

/**
 * Takes under way, by id: a page mounted twice in a row (React's development check, a fast Back and
 * Forward) shares one take, and the render still mounted uses it, once.
 */
const takes = new Map<string, { photos: Promise<IncomingPhotos | null>; used: boolean }>();

/**
 * Takes the photos of `id` for a mounted page: resolves with them (tagged with their chain and group), null when
 * they are gone (taken in another tab, or older than a day), or undefined when another mount of the
 * page took them or `stillMounted` says this one is gone. Rejects when they could not be read. A gate's
 * task stays kept unless this is its `last` way back (incoming.ts takeIncoming).
 */
export async function takeIncomingPhotos(
  id: string,
  stillMounted: () => boolean,
  { last = true }: { last?: boolean } = {},
): Promise<File[] | null | undefined> {
  let take = takes.get(id);
  if (!take) {
    take = { photos: takeIncoming(id, { last }), used: false };
    takes.set(id, take);
  }
  let incoming: IncomingPhotos | null;
  try {
    incoming = await take.photos;
  } catch (error) {
    takes.delete(id);
    throw error;
  }
  if (!stillMounted() || take.used) return undefined;
  take.used = true;
  takes.delete(id);
  if (!incoming) return null;
  for (const file of incoming.files) setPhotoOrigin(file, incoming.from ?? [], incoming.photo);
  return incoming.files;
}

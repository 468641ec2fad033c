/**
 * The photos the chooser is about: those named by `?id=`, or with no id the newest share still
 * waiting; each single photo checked as an upload would check it. Nothing is taken: the tool takes it.
 */
import { useQuery } from "@tanstack/react-query";
import { creationKeys, latestIncoming, readIncoming, type IncomingPhotos } from "@/lib/creations";
import type { SHARE_NOTICES } from "./share-copy";
import { sharedFileProblem } from "./share-check";

export type SharedPhotos =
  | { status: "loading" }
  | { status: "notice"; notice: keyof typeof SHARE_NOTICES }
  /** One photo the tools can take. */
  | { status: "one"; incoming: IncomingPhotos; file: File }
  /** One file an upload would refuse, with the upload's message. */
  | { status: "refused"; incoming: IncomingPhotos; file: File; message: string; advice: string }
  /** Several files: for Batch Processing, which checks each itself. */
  | { status: "many"; incoming: IncomingPhotos };

async function readShared(id: string | null): Promise<SharedPhotos> {
  let incoming: IncomingPhotos | null;
  try {
    incoming = id ? await readIncoming(id) : await latestIncoming();
  } catch (error) {
    console.error("Could not read the shared photos", error);
    return { status: "notice", notice: "unreadable" };
  }
  if (!incoming) return { status: "notice", notice: id ? "missing" : "none" };
  const [first, ...rest] = incoming.files;
  if (!first) return { status: "notice", notice: "none" };
  if (rest.length > 0) return { status: "many", incoming };
  const problem = await sharedFileProblem(first);
  return problem
    ? { status: "refused", incoming, file: first, ...problem }
    : { status: "one", incoming, file: first };
}

/**
 * What the chooser shows for `id` (null: the newest share waiting) or a share that failed to arrive.
 * Read from the device each time the chooser opens (a tool may have taken the photos since): nothing
 * is kept once it closes.
 */
export function useSharedPhotos(id: string | null, failed: boolean): SharedPhotos {
  const shared = useQuery({
    queryKey: creationKeys.shared(id),
    queryFn: () => readShared(id),
    enabled: !failed,
    networkMode: "always",
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
  if (failed) return { status: "notice", notice: "failed" };
  return shared.data ?? { status: "loading" };
}

/** "Open with Cucumber.AI" on the desktop (the File Handling API): the files the app was launched with. */

/** The parts of the File Handling API the app uses (no lib types ship for it). */
type LaunchFileHandle = { kind: "file" | "directory"; getFile?: () => Promise<File> };
export type LaunchParams = { targetURL?: string; files?: readonly LaunchFileHandle[] };
export type LaunchQueue = { setConsumer(consumer: (params: LaunchParams) => unknown): void };

type Listener = (files: File[]) => unknown;

let listener: Listener | null = null;
/** Launches that came while nobody listened (the page was not mounted yet), oldest first. */
let waiting: File[][] = [];
/** The queue the consumer was set on (the browser keeps launches for it until then). */
let consumerSetOn: LaunchQueue | null = null;

function launchQueue(): LaunchQueue | null {
  if (typeof window === "undefined") return null;
  const queue = (window as Window & { launchQueue?: LaunchQueue }).launchQueue;
  return queue && typeof queue.setConsumer === "function" ? queue : null;
}

/** The files of one launch (directories and handles that cannot be read are left out). */
async function filesOf(params: LaunchParams): Promise<File[]> {
  const handles = (params.files ?? []).filter((handle) => handle.kind === "file" && handle.getFile);
  const files = await Promise.all(
    handles.map((handle) =>
      handle.getFile!().catch((error: unknown) => {
        console.error("Could not read a file the app was opened with", error);
        return null;
      }),
    ),
  );
  return files.filter((file): file is File => file !== null);
}

function deliver(files: File[]): void {
  if (listener) void listener(files);
  else waiting.push(files);
}

/**
 * Calls `onFiles` with the files of every launch ("Open with"), including one that came before this
 * call; returns the function that stops listening. Does nothing where the browser has no launch queue.
 * A launch with no readable file is not reported.
 */
export function onLaunchFiles(onFiles: Listener): () => void {
  const queue = launchQueue();
  if (!queue) return () => undefined;
  listener = onFiles;
  if (consumerSetOn !== queue) {
    consumerSetOn = queue;
    queue.setConsumer((params) => {
      void filesOf(params).then((files) => {
        if (files.length > 0) deliver(files);
      });
    });
  }
  const early = waiting;
  waiting = [];
  for (const files of early) void onFiles(files);
  return () => {
    if (listener === onFiles) listener = null;
  };
}

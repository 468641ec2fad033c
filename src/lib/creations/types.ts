/**
 * The shapes of the saved-results domain: what a tool hands over for one result, what lists and the
 * viewer read back, the chain a result was made along, and the photos handed from one tool to another.
 * Imports nothing from the module's other files, so every file of it can use these without a cycle.
 */
import type { ToolId } from "@/tools/registry";

/** One step of a chain: the tool that made it and, once kept, the creation it is. */
export type ChainStep = { tool: ToolId; id?: string };

/**
 * Where a photo came from: the results before it (none for a photo of the user's own) and the group of
 * versions a result made from it joins (origin.ts).
 */
export type PhotoOrigin = { chain: readonly ChainStep[]; photo?: string };

export type CreationKind = "image" | "gif" | "text";

/**
 * What a tool hands over for one result. Everything else (kind, thumbnails, sizes, the date) is
 * worked out when it is kept.
 */
export type NewCreation = {
  tool: ToolId;
  /** The result itself: a Blob, a picture's URL (object or data: URL), or (with kind "text") the text. */
  file: Blob | string;
  /** Inferred from the file when omitted (a string that is not a data: URL is text). */
  kind?: CreationKind;
  /** The name a download gets; the tool's downloadName (src/tools/registry.ts) when omitted. */
  fileName?: string;
  /** The instruction as the user knows it (their prompt, the style's instruction); searched on. */
  instruction: string;
  /** The exact instruction sent, when it differs (what "Try Another Version" builds on after a reload). */
  prompt?: string;
  /** The tool's own settings for this result (e.g. a celebration's type), to show it again after a reload. */
  details?: Readonly<Record<string, string>>;
  /** The picture the result was made from: a Blob or an object/data URL of it. None for text-only tools. */
  original?: Blob | string | null;
  /** The area of the original that was changed (a region edit, issue 29 §1): white on black. */
  area?: Blob;
  /** The further photos it was made from, after the original, in order (issue 29 §2). */
  references?: readonly (Blob | string | null)[];
  /**
   * The results this one was made from, oldest first ("Edit with…"). Worked out from `original`
   * when omitted (origin.ts).
   */
  from?: readonly ChainStep[];
  /**
   * The group of versions it joins (every result made from the same photo). Worked out from `original`
   * when omitted (origin.ts); a result with neither is a group of its own.
   */
  photo?: string;
};

/** One kept result as lists show it: small, with no file in it. */
export type CreationRecord = {
  id: string;
  userId: string;
  tool: ToolId;
  kind: CreationKind;
  mimeType: string;
  fileName: string;
  instruction: string;
  prompt?: string;
  details?: Readonly<Record<string, string>>;
  createdAt: number;
  /** Bytes of the result file. */
  fileSize: number;
  /** Bytes of everything kept for it (file, downscaled original, thumbnails). */
  totalSize: number;
  hasOriginal: boolean;
  /** The results this one was made from, oldest first: "Hulk → Frog" (none for a photo of the user's own). */
  from?: readonly ChainStep[];
  /**
   * The group of versions it belongs to: every result made from the same photo, including those made
   * from a result of it handed on with "Edit with…". The id of the group's first creation, or a new one.
   * A creation kept before there were groups has none in memory: it is a group of its own (photoOf).
   */
  photo: string;
  /** The first lines of a text result, for the grid. */
  excerpt?: string;
};

/** The small pictures of one creation, for the grid. */
export type CreationThumbs = { id: string; userId: string; result?: Blob; original?: Blob };

/** The full files of one creation, loaded only when it is opened. */
export type CreationFiles = {
  id: string;
  userId: string;
  file: Blob;
  original?: Blob;
  /** The area a region edit changed (white on black): its record's details say `area: "yes"`. */
  area?: Blob;
  /** The further photos it was made from, in order (its record's details say `photos`: how many in all). */
  references?: Blob[];
};

/** One creation with its full files. */
export type Creation = { record: CreationRecord; files: CreationFiles };

/** A creation opened to be shown: its files and, for a text result, the text. */
export type OpenedCreation = Creation & { text?: string };

/** A creation ready to be written: the record and its blobs. */
export type PreparedCreation = {
  record: Omit<CreationRecord, "userId">;
  thumbs: Omit<CreationThumbs, "userId">;
  files: Omit<CreationFiles, "userId">;
};

/** A creation removed by deleteCreation, everything needed to put it back (undo). */
export type DeletedCreation = { record: CreationRecord; thumbs?: CreationThumbs; files?: CreationFiles };

export type ListQuery = {
  tool?: ToolId;
  /** Words to find in the instruction (case-insensitive, all of them). */
  search?: string;
  offset?: number;
  limit?: number;
};

export type ListPage = { items: CreationRecord[]; total: number };

/** A photo's versions as My Creations shows them: one card for the group. */
export type CreationGroup = {
  photo: string;
  /** The version the card shows and opens: the newest one that matches the filter. */
  record: CreationRecord;
  /** Every version of the photo, oldest first. */
  versions: CreationRecord[];
};

export type GroupPage = { items: CreationGroup[]; total: number };

/** How many creations the user has here and the bytes they take. */
export type CreationsUsage = { count: number; bytes: number };

/** The browser's storage as the user can understand it (navigator.storage). */
export type StorageEstimateInfo = { usage: number; quota: number };

/**
 * A change to a user's creations (a save, a delete, an undo): the records it touched, or null when it
 * may have touched any of them.
 */
export type CreationsChange = {
  userId: string;
  records: readonly Pick<CreationRecord, "id" | "tool" | "photo">[] | null;
};

/**
 * The versions of one photo: every creation of the group, oldest first, and the photo they were made
 * from (the first version's kept original; null when none was kept).
 */
export type VersionGroup = { photo: string; versions: CreationRecord[]; original: Blob | null };

/** The version chosen on a tool: the group on screen and the creation shown of it. */
export type ChosenVersion = { photo: string; id: string };

/**
 * Where handed-over photos came from: the share sheet, "Open with", "Edit with…", or a task a gate
 * stopped (kept through Pricing and the payment, gate-task.ts).
 */
export type IncomingSource = "share" | "open-with" | "edit" | "gate";

/** Photos handed to a tool, as it takes them. */
export type IncomingPhotos = {
  id: string;
  source: IncomingSource;
  files: File[];
  /** The chain of results the photo came from ("Edit with…"). */
  from?: ChainStep[];
  /** The group of versions of the result it was ("Edit with…"): results made from it join it. */
  photo?: string;
  createdAt: number;
};

/** A stopped task's own inputs besides its photo: the words typed and the options chosen. */
export type KeptInputs = { words?: string; options?: Record<string, string> };

/**
 * The navigation state a tool reads what is handed to it from (useIncomingPhotos): the id of photos
 * waiting in the incoming store, and for a task a gate stopped its words and options (with or without
 * a photo). `last`: the task's last way back (after the payment): its kept photo goes once taken.
 */
export type IncomingPhotoState = { incoming?: string; task?: KeptInputs; last?: boolean };

/** A result shown on a page, as "Edit with…" hands it over. */
export type EditWithSource = {
  /** The result: a Blob, a data: or object URL of it, or a loader (read only when a tool is picked). */
  image: Blob | string | (() => Promise<Blob>);
  /** The tool that made it. */
  tool: ToolId;
  /** The kept creation, when the page has it (My Creations); else it is looked up by `image`. */
  creation?: (Pick<CreationRecord, "id" | "tool" | "from"> & { photo?: string }) | null;
};

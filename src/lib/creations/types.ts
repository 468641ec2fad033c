/** The shapes of a kept creation: what a tool hands over, and what lists and the viewer read back. */
import type { ToolId } from "@/tools/registry";
import type { ChainStep } from "@/lib/photo-origin";

export type CreationKind = "image" | "gif" | "text";

/**
 * What a tool hands over for one result. Everything else (kind, thumbnails, sizes, the date) is
 * worked out when it is kept.
 */
export type NewCreation = {
  tool: ToolId;
  /** The result itself: a Blob, a data: URL, or (with kind "text") the text. */
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
  /**
   * The results this one was made from, oldest first ("Edit with…"). Worked out from `original`
   * when omitted (src/lib/photo-origin.ts).
   */
  from?: readonly ChainStep[];
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
  /** The first lines of a text result, for the grid. */
  excerpt?: string;
};

/** The small pictures of one creation, for the grid. */
export type CreationThumbs = { id: string; userId: string; result?: Blob; original?: Blob };

/** The full files of one creation, loaded only when it is opened. */
export type CreationFiles = { id: string; userId: string; file: Blob; original?: Blob };

/** A creation ready to be written: the record and its blobs. */
export type PreparedCreation = {
  record: Omit<CreationRecord, "userId">;
  thumbs: Omit<CreationThumbs, "userId">;
  files: Omit<CreationFiles, "userId">;
};

/** A creation removed by deleteCreation, everything needed to put it back (undo). */
export type DeletedCreation = { record: CreationRecord; thumbs?: CreationThumbs; files?: CreationFiles };

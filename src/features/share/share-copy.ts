/** What the share chooser says: its question, and each way a share can fail to arrive or be used. */

export const SHARE_COPY = {
  question: "What would you like to do with this photo?",
  pickHint: "Pick a tool: it opens with your photo already loaded.",
  toolsLabel: "Tools",
  dismiss: "Dismiss",
  loading: "Opening the shared photos...",
  toBatch: (count: number) => `Opening Batch Processing with your ${count} photos...`,
  upload: "Upload a photo",
  refusedTitle: "This file can't be used",
  dismissFailed: "The shared photo could not be removed from this device. Try again.",
} as const;

/** A page with nothing to choose for: its heading and what to do now. */
export type ShareNotice = { title: string; text: string };

export const SHARE_NOTICES = {
  /** The share sheet's POST could not be read or kept (`?failed=1`). */
  failed: {
    title: "Your shared photos didn't arrive",
    text: "Something went wrong while receiving them. Share them again, or upload a photo here instead.",
  },
  /** `?id=` names photos that are gone: taken by a tool, dismissed, or older than a day. */
  missing: {
    title: "These photos are no longer here",
    text: "They were already opened in a tool, dismissed, or shared more than a day ago. Share them again, or upload a photo instead.",
  },
  /** No `?id=` and nothing waiting. */
  none: {
    title: "Nothing has been shared yet",
    text: "Share a photo from your gallery to Cucumber.AI and it opens here, or upload one instead.",
  },
  /** The device's storage could not be read (IndexedDB off or failing). */
  unreadable: {
    title: "The shared photos could not be opened",
    text: "This browser did not let the app read them. Try sharing them again, or upload a photo instead.",
  },
} as const satisfies Record<string, ShareNotice>;

/**
 * What the AI tools say without a connection: the notice on every tool page, a run refused or cut off.
 * Connection state itself: lib/connection.ts.
 */

/** The notice every AI tool shows while offline (role="status"). */
export const OFFLINE_TOOL_MESSAGE =
  "You're offline. This tool needs a connection to make something new — your photos and My Creations are still here.";

/** The banner's title when a run is started (or cut off) without a connection. */
export const OFFLINE_RUN_MESSAGE = "You're offline, so nothing was sent";

/** The banner's advice under OFFLINE_RUN_MESSAGE: nothing was counted, and what to do. */
export const OFFLINE_RUN_ADVICE =
  "Nothing was counted, and your photo and words are still here: try again once you're back online.";

/** A run whose connection dropped mid-way (the request had left, no answer came back). */
export const CONNECTION_LOST_MESSAGE = "The connection dropped before the result came back";

/** What the app says while there is no connection: the tools' offline notice and their refusal to run. */

/** The notice every AI tool shows while offline (role="status"). */
export const OFFLINE_TOOL_MESSAGE =
  "You're offline. This tool needs a connection to make something new — your photos and My Creations are still here.";

/** The banner's title when a run is started (or cut off) without a connection. */
export const OFFLINE_RUN_MESSAGE = "You're offline, so nothing was sent";

/** The banner's advice under OFFLINE_RUN_MESSAGE: nothing was counted, and what to do. */
export const OFFLINE_RUN_ADVICE =
  "Nothing was used from your conversions. Your photo and everything you typed are still here: try again once you're back online.";

/** A run whose connection dropped mid-way (the request had left, no answer came back). */
export const CONNECTION_LOST_MESSAGE = "The connection dropped before the result came back";

/** Said once when the connection comes back while a tool page is open. */
export const BACK_ONLINE_MESSAGE = "You're back online. You can carry on where you left off.";

/** Batch: what the remaining photos say when the connection drops mid-way (they wait, nothing is lost). */
export const BATCH_OFFLINE_PAUSED_MESSAGE =
  "Paused: you're offline. The photos not done yet are waiting — press Resume once you're back online. Nothing was counted for them.";

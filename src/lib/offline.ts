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

/** A login-required page opened offline whose stored session could not be refreshed: wait, don't sign in. */
export const OFFLINE_SIGN_IN_MESSAGE =
  "You're offline, so we couldn't check your sign-in. This page opens by itself once you're back online — no need to sign in again.";

/** The same page back online while the sign-in check is tried again (the auth server may be out of reach). */
export const SIGN_IN_CHECK_MESSAGE =
  "We couldn't reach the server to check your sign-in. We're trying again — this page opens by itself once it answers.";

/** Batch: what the remaining photos say when the connection drops mid-way (they wait, nothing is lost). */
export const BATCH_OFFLINE_MESSAGE = "You're offline, so the batch stopped";

/** Under BATCH_OFFLINE_MESSAGE: what was kept and what to do. */
export const BATCH_OFFLINE_ADVICE =
  "The images that came back are kept. The others are still here and nothing was counted for them: press Try again once you're back online.";

/** On the card of each image the dropped connection stopped. */
export const BATCH_ITEM_OFFLINE_MESSAGE = "Not sent: you're offline";

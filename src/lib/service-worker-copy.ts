/** What the update prompt says (no imports: the end-to-end spec reads it too). */

export const UPDATE_AVAILABLE_MESSAGE = "A new version is available";
export const UPDATE_AVAILABLE_ADVICE = "Finish what you're doing, then reload to use it.";
export const UPDATE_RELOAD_LABEL = "Reload";

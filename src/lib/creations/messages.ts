/** What the user is told when a result could not be kept on the device (one toast, by its id). */

export const NOT_KEPT_MESSAGE =
  "Your result is here, but it could not be saved on this device (storage full or private browsing). Download it to keep it.";
export const NOT_KEPT_TOAST_ID = "creation-not-kept";
export const NO_ROOM_MESSAGE =
  "Your result is here, but this device has no room left for it. Download it to keep it, or delete your oldest creations to make room.";
export const MADE_ROOM_MESSAGE = "Made room: your 10 oldest creations were deleted and this result was kept.";

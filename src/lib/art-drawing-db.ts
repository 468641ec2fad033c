/**
 * Where the Art canvas keeps a user's drawing on the device (IndexedDB): one drawing per user, under
 * `drawing:<userId>` in the "drawings" store of "cucumber-art". Named once for the Art page's own
 * storage (src/tools/art/canvas/storage.ts) and for logout's "remove my creations from this device"
 * (src/lib/creations/on-device.ts). No imports: either may load it without the other's code.
 */
export const ART_DB_NAME = "cucumber-art";
export const DRAWINGS_STORE = "drawings" as const;
export const drawingStoreKey = (userId: string) => `drawing:${userId}`;

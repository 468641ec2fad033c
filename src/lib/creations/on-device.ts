/** Removing a user's own data from this device (logout on a shared device): creations and drawing. */
import { ART_DB_NAME, DRAWINGS_STORE, drawingStoreKey } from "@/lib/art-drawing-db";
import { withExistingDatabase } from "@/lib/indexed-db";
import { forgetChosenVersions } from "./choose";
import { deleteAllCreations } from "./write";

export { ART_DB_NAME };

/**
 * Removes the user's drawing from this device. The Art database is opened only if it exists: a browser
 * that never drew keeps no empty database that the Art page's first open would then not set up.
 */
export async function deleteDrawingOnDevice(userId: string): Promise<void> {
  await withExistingDatabase(ART_DB_NAME, async (database) => {
    if (database.objectStoreNames.contains(DRAWINGS_STORE)) {
      await database.delete(DRAWINGS_STORE, drawingStoreKey(userId));
    }
  });
}

/** What removeUserDataFromDevice could not remove. */
export type DeviceDataPart = "creations" | "drawing";

/**
 * Removes the user's own data from this device before they sign out of a shared one: every kept
 * creation (which is also each tool's last result, and the version chosen on it) and the Art canvas's
 * drawing. Other accounts' data stays. Never throws: returns the parts that could not be removed (empty when all went).
 */
export async function removeUserDataFromDevice(userId: string): Promise<DeviceDataPart[]> {
  const [creations, drawing] = await Promise.allSettled([
    deleteAllCreations(userId),
    deleteDrawingOnDevice(userId),
  ]);
  forgetChosenVersions(userId);
  const failed: DeviceDataPart[] = [];
  if (creations.status === "rejected") {
    console.error("Could not remove the creations from this device", creations.reason);
    failed.push("creations");
  }
  if (drawing.status === "rejected") {
    console.error("Could not remove the drawing from this device", drawing.reason);
    failed.push("drawing");
  }
  return failed;
}

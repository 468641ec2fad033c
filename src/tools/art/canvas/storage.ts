/**
 * The Art canvas's drawing kept on this device (IndexedDB, through lib/indexed-db.ts): one per user,
 * read when the canvas opens and written as it changes.
 */
import type { DBSchema } from "idb";
import { ART_DB_NAME, DRAWINGS_STORE, drawingStoreKey } from "@/lib/art-drawing-db";
import { databaseConnection } from "@/lib/indexed-db";

/** A drawing kept on the device: the picture and the locked background, as 800x500 PNGs. */
export type SavedDrawing = { picture: Blob; locked: Blob | null; savedAt: number };

// The database's names are shared with logout's removal of a user's drawing (lib/art-drawing-db.ts).
interface ArtDb extends DBSchema {
  [DRAWINGS_STORE]: { key: string; value: SavedDrawing };
}

const open = databaseConnection<ArtDb>(ART_DB_NAME, 1, (database) => {
  database.createObjectStore(DRAWINGS_STORE);
});

/** The key of a user's drawing (one per user on this device). */
export function drawingKey(userId: string | null | undefined): string {
  return drawingStoreKey(userId ?? "anonymous");
}

export async function loadDrawing(userId: string | null | undefined): Promise<SavedDrawing | undefined> {
  return (await open()).get(DRAWINGS_STORE, drawingKey(userId));
}

export async function saveDrawing(userId: string | null | undefined, drawing: SavedDrawing): Promise<void> {
  await (await open()).put(DRAWINGS_STORE, drawing, drawingKey(userId));
}

export async function deleteDrawing(userId: string | null | undefined): Promise<void> {
  await (await open()).delete(DRAWINGS_STORE, drawingKey(userId));
}

import { openDB, type DBSchema, type IDBPDatabase } from "idb";

/** A drawing kept on the device: the picture and the locked background, as 800x500 PNGs. */
export type SavedDrawing = { picture: Blob; locked: Blob | null; savedAt: number };

interface ArtDb extends DBSchema {
  drawings: { key: string; value: SavedDrawing };
}

const DB_NAME = "cucumber-art";
let db: Promise<IDBPDatabase<ArtDb>> | null = null;

function open(): Promise<IDBPDatabase<ArtDb>> {
  db ??= openDB<ArtDb>(DB_NAME, 1, {
    upgrade(database) {
      database.createObjectStore("drawings");
    },
  }).catch((error: unknown) => {
    db = null;
    throw error;
  });
  return db;
}

/** The key of a user's drawing (one per user on this device). */
export function drawingKey(userId: string | null | undefined): string {
  return `drawing:${userId ?? "anonymous"}`;
}

export async function loadDrawing(userId: string | null | undefined): Promise<SavedDrawing | undefined> {
  return (await open()).get("drawings", drawingKey(userId));
}

export async function saveDrawing(userId: string | null | undefined, drawing: SavedDrawing): Promise<void> {
  await (await open()).put("drawings", drawing, drawingKey(userId));
}

export async function deleteDrawing(userId: string | null | undefined): Promise<void> {
  await (await open()).delete("drawings", drawingKey(userId));
}

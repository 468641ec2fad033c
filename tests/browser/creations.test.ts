import { describe, expect, it } from "vitest";
import { deleteDB, openDB } from "idb";
import {
  deleteCreation,
  getCreation,
  getLastCreation,
  getThumbs,
  getVersions,
  listCreations,
  restoreCreation,
} from "@/lib/creations";
import { saveCreation } from "@/lib/creations/keep.lazy";
import { canvasThumbnailMaker } from "@/lib/creations/thumbnail";
import { closeDatabases } from "@/lib/indexed-db";
import { configureImageWorker, imageWorkerStatus } from "@/lib/image/worker-client";

// The real thumbnail maker (canvas) and the store on the browser's own IndexedDB, in headless Chromium.

async function fixture(name: string): Promise<Blob> {
  const response = await fetch(new URL(`../fixtures/images/${name}`, import.meta.url));
  if (!response.ok) throw new Error(`fixture ${name}: HTTP ${response.status}`);
  return response.blob();
}

async function sizeOf(blob: Blob) {
  const bitmap = await createImageBitmap(blob);
  const size = { width: bitmap.width, height: bitmap.height };
  bitmap.close();
  return size;
}

function sameBytes(a: ArrayBuffer, b: ArrayBuffer) {
  const x = new Uint8Array(a);
  const y = new Uint8Array(b);
  return x.length === y.length && x.every((v, i) => v === y[i]);
}

describe("creations in a real browser", () => {
  it.each([true, false])(
    "makes small WebP/JPEG thumbnails that keep the aspect ratio and never upscale (image worker: %s)",
    async (worker) => {
      configureImageWorker({ enabled: worker });
      const photo = await fixture("portrait-astronaut.png");
      const original = await sizeOf(photo);
      const served = imageWorkerStatus().served;
      const thumb = await canvasThumbnailMaker(photo, { maxSide: 160, type: "image/webp", quality: 0.8 });
      // Made in the image worker where there is one, off the page's thread.
      expect(imageWorkerStatus().served - served).toBe(worker ? 1 : 0);
      expect(thumb?.type).toMatch(/^image\/(webp|jpeg)$/);
      const size = await sizeOf(thumb!);
      expect(Math.max(size.width, size.height)).toBe(160);
      expect(size.width / size.height).toBeCloseTo(original.width / original.height, 1);
      expect(thumb!.size).toBeLessThan(photo.size);

      const big = await canvasThumbnailMaker(photo, { maxSide: 10_000, type: "image/jpeg", quality: 0.85 });
      expect(await sizeOf(big!)).toEqual(original);
      configureImageWorker({ enabled: true });
    },
  );

  it("returns null for something it can't draw", async () => {
    const junk = new Blob([new Uint8Array([1, 2, 3, 4])], { type: "image/png" });
    expect(await canvasThumbnailMaker(junk, { maxSide: 160, type: "image/webp", quality: 0.8 })).toBeNull();
  });

  it("keeps a result in IndexedDB with real thumbnails, gives the same bytes back, deletes and restores", async () => {
    const user = `browser-${Date.now()}`;
    const result = await fixture("cat-chelsea.png");
    const photo = await fixture("portrait-astronaut.png");
    const record = await saveCreation(user, {
      tool: "hulk",
      file: result,
      instruction: "green",
      original: URL.createObjectURL(photo),
    });
    expect(record).toMatchObject({ fileName: "hulk-edition.png", hasOriginal: true, mimeType: "image/png" });
    // Kept as the Blob itself, not its bytes copied into an ArrayBuffer on the main thread.
    const raw = await openDB("cucumber-creations");
    const stored = await raw.get("files", record.id);
    raw.close();
    expect(stored.file.blob).toBeInstanceOf(Blob);
    expect(stored.file.data).toBeUndefined();
    const opened = await getCreation(user, record.id);
    expect(sameBytes(await opened!.files.file.arrayBuffer(), await result.arrayBuffer())).toBe(true);
    const kept = await sizeOf(opened!.files.original!);
    expect(Math.max(kept.width, kept.height)).toBeLessThanOrEqual(1024);
    const thumbs = (await getThumbs(user, [record.id])).get(record.id)!;
    expect(Math.max(...Object.values(await sizeOf(thumbs.result!)))).toBeLessThanOrEqual(320);
    expect(Math.max(...Object.values(await sizeOf(thumbs.original!)))).toBeLessThanOrEqual(160);
    expect((await getLastCreation(user, "hulk"))?.record.id).toBe(record.id);
    expect((await listCreations(`${user}-other`)).total).toBe(0);

    const deleted = await deleteCreation(user, record.id);
    expect((await listCreations(user)).total).toBe(0);
    await restoreCreation(deleted!);
    const back = await getCreation(user, record.id);
    expect(sameBytes(await back!.files.file.arrayBuffer(), await result.arrayBuffer())).toBe(true);
    await deleteCreation(user, record.id);
  });

  it("brings a version-1 database (no groups) to version 2: each creation its own group, found by it", async () => {
    closeDatabases();
    await deleteDB("cucumber-creations");
    const user = `browser-upgrade-${Date.now()}`;
    const old = await openDB("cucumber-creations", 1, {
      upgrade(database) {
        const creations = database.createObjectStore("creations", { keyPath: "id" });
        creations.createIndex("by-user", ["userId", "createdAt"]);
        creations.createIndex("by-user-tool", ["userId", "tool", "createdAt"]);
        database.createObjectStore("thumbs", { keyPath: "id" });
        database.createObjectStore("files", { keyPath: "id" });
      },
    });
    const bytes = await (await fixture("cat-chelsea.png")).arrayBuffer();
    for (const [id, createdAt] of [
      ["old-1", 1000],
      ["old-2", 2000],
    ] as const) {
      await old.put("creations", {
        id,
        userId: user,
        tool: "hulk",
        kind: "image",
        mimeType: "image/png",
        fileName: "hulk-edition.png",
        instruction: id,
        createdAt,
        fileSize: bytes.byteLength,
        totalSize: bytes.byteLength,
        hasOriginal: false,
      });
      await old.put("files", { id, userId: user, file: { type: "image/png", data: bytes } });
    }
    old.close();

    const last = await getLastCreation(user, "hulk");
    expect(last?.record).toMatchObject({ id: "old-2", photo: "old-2" });
    expect(sameBytes(await last!.files.file.arrayBuffer(), bytes)).toBe(true);
    expect((await getVersions(user, "old-1")).versions.map((r) => r.id)).toEqual(["old-1"]);
    expect((await listCreations(user)).total).toBe(2);
    closeDatabases();
    const upgraded = await openDB("cucumber-creations");
    expect(upgraded.version).toBe(2);
    upgraded.close();
  });
});

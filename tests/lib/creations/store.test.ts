import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  creationsUsage,
  deleteAllCreations,
  deleteCreation,
  deleteOldestCreations,
  getCreation,
  getLastCreation,
  getThumbs,
  isCreationStoreError,
  listCreations,
  readText,
  restoreCreation,
  type NewCreation,
} from "@/lib/creations";
import { prepareCreation } from "@/lib/creations/prepare";
import { completeCreation, saveCreation } from "@/lib/creations/keep.lazy";
import { setThumbnailMaker } from "@/lib/creations/thumbnail";
import { putCreation } from "@/lib/creations/write";
import { filesOf, storedFiles, writeWithFallback, type StoreAs } from "@/lib/creations/stored-files";
import { blobText } from "@/lib/read-blob";

// The store against a real IndexedDB implementation (fake-indexeddb, fresh per test: tests/setup.ts).

const ALICE = "user-alice";
const BOB = "user-bob";
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

function png(tag: number): Blob {
  return new Blob([PNG, new Uint8Array([tag])], { type: "image/png" });
}

function image(tool: NewCreation["tool"], instruction: string, tag = 1): NewCreation {
  return {
    tool,
    file: png(tag),
    instruction,
    original: new Blob([new Uint8Array([9, tag])], { type: "image/jpeg" }),
  };
}

/** jsdom's Blob has no arrayBuffer(): read it with a FileReader. */
function bytes(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

const madeThumbs: number[] = [];
let restoreMaker: () => void;

beforeEach(() => {
  madeThumbs.length = 0;
  // jsdom has no canvas: a maker that records the size asked for and returns a marked blob.
  restoreMaker = setThumbnailMaker(async (_source, { maxSide, type }) => {
    madeThumbs.push(maxSide);
    return new Blob([`thumb-${maxSide}`], { type });
  });
});
afterEach(() => restoreMaker());

async function saveAt(userId: string, creation: NewCreation, at: number) {
  return putCreation(userId, await prepareCreation(creation, at));
}

describe("creations store", () => {
  it("saves a result with its tool, instruction, date, file name, thumbnails and original", async () => {
    const record = await saveCreation(ALICE, image("hulk", "  Make them green  "));
    expect(record).toMatchObject({
      userId: ALICE,
      tool: "hulk",
      kind: "image",
      mimeType: "image/png",
      fileName: "hulk-edition.png",
      instruction: "Make them green",
      hasOriginal: true,
      fileSize: PNG.length + 1,
    });
    expect(madeThumbs.sort((a, b) => a - b)).toEqual([160, 320, 1024]);
    const opened = await getCreation(ALICE, record.id);
    expect(await bytes(opened!.files.file)).toEqual(new Uint8Array([...PNG, 1]));
    expect(await readText(opened!.files.original!)).toBe("thumb-1024");
    const thumbs = await getThumbs(ALICE, [record.id]);
    expect(await readText(thumbs.get(record.id)!.result!)).toBe("thumb-320");
    expect(await readText(thumbs.get(record.id)!.original!)).toBe("thumb-160");
  });

  it("keeps a region edit's area and the further photos, also when its thumbnails are made later", async () => {
    const area = new Blob([new Uint8Array([1, 1, 1])], { type: "image/png" });
    const references = [png(7), new Blob([new Uint8Array([8])], { type: "image/jpeg" })];
    const record = await saveCreation(ALICE, {
      ...image("cucumber", "put the hat from photo 2 on the person"),
      area,
      references,
      details: { area: "yes", photos: "3" },
    });
    const kept = (await getCreation(ALICE, record.id))!.files;
    expect(await bytes(kept.area!)).toEqual(new Uint8Array([1, 1, 1]));
    expect(await Promise.all(kept.references!.map(bytes))).toEqual([
      new Uint8Array([...PNG, 7]),
      new Uint8Array([8]),
    ]);
    // A creation whose second write never happened (the page left right after the result): completing
    // it later keeps every file.
    const quick = await prepareCreation({ ...image("cucumber", "again"), area, references }, Date.now(), {
      thumbnails: false,
    });
    const first = await putCreation(ALICE, quick);
    expect(await completeCreation(ALICE, first.id)).toBe(true);
    const completed = (await getCreation(ALICE, first.id))!.files;
    expect(completed.area).toBeDefined();
    expect(completed.references).toHaveLength(2);
    expect(await readText(completed.original!)).toBe("thumb-1024");
  });

  it("keeps text results as text, with an excerpt and no thumbnails", async () => {
    const record = await saveCreation(ALICE, {
      tool: "poetry",
      kind: "text",
      file: "Roses are green,\nthe cucumber is keen.",
      instruction: "A poem about my garden",
    });
    expect(record).toMatchObject({ kind: "text", fileName: "visual-poem.txt", hasOriginal: false });
    expect(record.excerpt).toBe("Roses are green,\nthe cucumber is keen.");
    expect(madeThumbs).toEqual([]);
    const opened = await getCreation(ALICE, record.id);
    expect(await readText(opened!.files.file)).toBe("Roses are green,\nthe cucumber is keen.");
  });

  it("decodes a data: URL result and keeps the tool's own file name when given", async () => {
    const record = await saveCreation(ALICE, {
      tool: "celebrations",
      file: "data:image/png;base64,iVBORw0KGgo=",
      fileName: "birthday-celebration.png",
      instruction: "Birthday for Sam",
    });
    expect(record).toMatchObject({
      fileName: "birthday-celebration.png",
      mimeType: "image/png",
      fileSize: 8,
    });
  });

  it("lists newest first, filters by tool, searches the instruction and pages", async () => {
    await saveAt(ALICE, image("hulk", "green giant"), 1000);
    await saveAt(ALICE, image("frog", "a frog on a hat"), 2000);
    await saveAt(ALICE, image("hulk", "angry green hat"), 3000);
    const all = await listCreations(ALICE);
    expect(all.items.map((r) => r.instruction)).toEqual([
      "angry green hat",
      "a frog on a hat",
      "green giant",
    ]);
    expect(all.total).toBe(3);
    const hulk = await listCreations(ALICE, { tool: "hulk" });
    expect(hulk.items.map((r) => r.createdAt)).toEqual([3000, 1000]);
    const hats = await listCreations(ALICE, { search: "HAT" });
    expect(hats.items.map((r) => r.createdAt)).toEqual([3000, 2000]);
    const both = await listCreations(ALICE, { tool: "hulk", search: "green hat" });
    expect(both.items.map((r) => r.createdAt)).toEqual([3000]);
    const page = await listCreations(ALICE, { offset: 1, limit: 1 });
    expect(page).toMatchObject({ total: 3, items: [{ createdAt: 2000 }] });
    const last = await getLastCreation(ALICE, "hulk");
    expect(last?.record.instruction).toBe("angry green hat");
    expect(await getLastCreation(ALICE, "gta")).toBeNull();
  });

  it("keeps each user's creations apart: another account sees, opens and deletes nothing", async () => {
    const mine = await saveCreation(ALICE, image("hulk", "alice's"));
    await saveCreation(BOB, image("frog", "bob's"));
    expect((await listCreations(BOB)).items.map((r) => r.instruction)).toEqual(["bob's"]);
    expect(await getCreation(BOB, mine.id)).toBeNull();
    expect(await getLastCreation(BOB, "hulk")).toBeNull();
    expect((await getThumbs(BOB, [mine.id])).size).toBe(0);
    expect(await deleteCreation(BOB, mine.id)).toBeNull();
    expect(await deleteAllCreations(BOB)).toBe(1);
    expect((await listCreations(ALICE)).total).toBe(1);
    expect((await listCreations(BOB)).total).toBe(0);
  });

  it("deletes one and puts it back (undo), deletes the oldest, deletes all", async () => {
    const a = await saveAt(ALICE, image("hulk", "one"), 1000);
    await saveAt(ALICE, image("hulk", "two"), 2000);
    await saveAt(ALICE, image("hulk", "three"), 3000);
    const deleted = await deleteCreation(ALICE, a.id);
    expect(deleted?.record.id).toBe(a.id);
    expect(await getCreation(ALICE, a.id)).toBeNull();
    await restoreCreation(deleted!);
    const back = await getCreation(ALICE, a.id);
    expect(await bytes(back!.files.file)).toEqual(new Uint8Array([...PNG, 1]));
    expect(await deleteOldestCreations(ALICE, 2)).toBe(2);
    expect((await listCreations(ALICE)).items.map((r) => r.instruction)).toEqual(["three"]);
    expect(await creationsUsage(ALICE)).toMatchObject({ count: 1 });
    expect(await deleteAllCreations(ALICE)).toBe(1);
    expect(await creationsUsage(ALICE)).toEqual({ count: 0, bytes: 0 });
  });

  it("counts the bytes each creation takes", async () => {
    const record = await saveCreation(ALICE, image("hulk", "x"));
    // file (13) + thumbs "thumb-320" (9) + "thumb-160" (9) + kept original "thumb-1024" (10)
    expect(record.totalSize).toBe(13 + 9 + 9 + 10);
    expect(await creationsUsage(ALICE)).toEqual({ count: 1, bytes: 41 });
  });

  it("reports a full disk as a quota error and writes nothing", async () => {
    const put = vi.spyOn(IDBObjectStore.prototype, "put").mockImplementation(() => {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    });
    try {
      const error = await saveCreation(ALICE, image("hulk", "too big")).catch((e: unknown) => e);
      expect(isCreationStoreError(error) && error.kind).toBe("quota");
    } finally {
      put.mockRestore();
    }
    expect((await listCreations(ALICE)).total).toBe(0);
  });

  it("stores the pictures' bytes when the database refuses a Blob, and reads either form back", async () => {
    const forms: StoreAs[] = [];
    const written = await writeWithFallback(async (as) => {
      forms.push(as);
      if (as === "blob") throw new DOMException("Blobs are not supported here.", "UnknownError");
      return as;
    }, "blob");
    expect(forms).toEqual(["blob", "bytes"]);
    expect(written).toBe("bytes");
    // Any other refusal is not a Blob's: said as it is, not tried again.
    const quota = new DOMException("The quota has been exceeded.", "QuotaExceededError");
    const tries: StoreAs[] = [];
    await expect(
      writeWithFallback(async (as) => {
        tries.push(as);
        throw quota;
      }, "blob"),
    ).rejects.toBe(quota);
    expect(tries).toEqual(["blob"]);

    const file = new Blob(["result"], { type: "image/png" });
    for (const as of ["blob", "bytes"] as const) {
      const stored = await storedFiles({ id: "x", userId: ALICE, file }, as);
      expect("blob" in stored.file).toBe(as === "blob");
      const back = filesOf(stored).file;
      expect(back.type).toBe("image/png");
      expect(await blobText(back)).toBe("result");
    }
  });

  it("reports a browser without storage (private browsing) as unavailable", async () => {
    const saved = globalThis.indexedDB;
    // @ts-expect-error -- a browser with IndexedDB switched off
    delete globalThis.indexedDB;
    try {
      const error = await saveCreation(ALICE, image("hulk", "x")).catch((e: unknown) => e);
      expect(isCreationStoreError(error) && error.kind).toBe("unavailable");
    } finally {
      globalThis.indexedDB = saved;
    }
  });
});

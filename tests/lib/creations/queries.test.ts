/**
 * Saved results through the data cache: each read under its key, offline too, and every write (save,
 * delete, undo, delete all, delete oldest) invalidating what it changed and nothing else.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { onlineManager, type QueryKey } from "@tanstack/react-query";
import {
  creationKeys,
  creationQuery,
  creationsListQuery,
  deleteAllCreations,
  deleteCreation,
  deleteOldestCreations,
  lastCreationQuery,
  restoreCreation,
  thumbsQuery,
  usageQuery,
  type NewCreation,
} from "@/lib/creations";
import { prepareCreation } from "@/lib/creations/prepare";
import { setThumbnailMaker } from "@/lib/creations/thumbnail";
import { putCreation } from "@/lib/creations/write";
import { testQueryClient } from "../../utils";

const ALICE = "user-alice";
const BOB = "user-bob";

function image(tool: NewCreation["tool"], tag: number): NewCreation {
  return {
    tool,
    file: new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, tag])], { type: "image/png" }),
    instruction: `${tool} ${tag}`,
    original: new Blob([new Uint8Array([9, tag])], { type: "image/jpeg" }),
  };
}

async function keep(userId: string, creation: NewCreation, at: number) {
  return putCreation(userId, await prepareCreation(creation, at));
}

let restoreMaker: () => void;
beforeEach(() => {
  restoreMaker = setThumbnailMaker(async (source) => source);
});
afterEach(() => {
  restoreMaker();
  onlineManager.setOnline(true);
});

describe("saved results through the data cache", () => {
  it("reads under one key factory, and offline too (IndexedDB is no network)", async () => {
    const client = testQueryClient();
    const hulk = await keep(ALICE, image("hulk", 1), 1000);
    onlineManager.setOnline(false);
    expect(await client.fetchQuery(lastCreationQuery(ALICE, "hulk"))).toMatchObject({ id: hulk.id });
    expect(client.getQueryData(creationKeys.last(ALICE, "hulk"))).toMatchObject({ id: hulk.id });
    const opened = await client.fetchQuery(creationQuery(ALICE, hulk.id));
    expect(opened?.record.id).toBe(hulk.id);
    expect(await client.fetchQuery(creationQuery(BOB, hulk.id))).toBeNull();
    const list = await client.fetchInfiniteQuery(creationsListQuery(ALICE, { pageSize: 48 }));
    expect(list.pages[0]?.items.map((group) => group.record.id)).toEqual([hulk.id]);
    expect(await client.fetchQuery(usageQuery(ALICE))).toMatchObject({ count: 1 });
  });

  it("a write invalidates what it changed: the lists and counts, that tool's last, that creation's files", async () => {
    const client = testQueryClient();
    const hulk = await keep(ALICE, image("hulk", 1), 1000);
    const frog = await keep(ALICE, image("frog", 2), 2000);
    const invalidated = (key: QueryKey) => client.getQueryState(key)?.isInvalidated;
    const readAll = () =>
      Promise.all([
        client.fetchQuery(lastCreationQuery(ALICE, "hulk")),
        client.fetchQuery(lastCreationQuery(ALICE, "frog")),
        client.fetchQuery(lastCreationQuery(BOB, "hulk")),
        // Files are forgotten as soon as nothing shows them: kept here to be looked at.
        client.fetchQuery({ ...creationQuery(ALICE, hulk.id), gcTime: Infinity }),
        client.fetchQuery(thumbsQuery(ALICE, frog)),
        client.fetchInfiniteQuery(creationsListQuery(ALICE, { pageSize: 48 })),
        client.fetchQuery(usageQuery(ALICE)),
      ]);
    await readAll();

    // Another Hulk result: Hulk's last, the list and the count; not Frog's, not another creation's files.
    await keep(ALICE, image("hulk", 3), 3000);
    expect(invalidated(creationKeys.last(ALICE, "hulk"))).toBe(true);
    expect(invalidated(creationKeys.list(ALICE, { pageSize: 48 }))).toBe(true);
    expect(invalidated(creationKeys.usage(ALICE))).toBe(true);
    expect(invalidated(creationKeys.last(ALICE, "frog"))).toBe(false);
    expect(invalidated(creationKeys.detail(ALICE, hulk.id))).toBe(false);
    expect(invalidated(creationKeys.thumbs(ALICE, frog.id))).toBe(false);
    // Another user's reads are never touched.
    expect(invalidated(creationKeys.last(BOB, "hulk"))).toBe(false);

    // Deleting the frog, and undo: Frog's last and that creation's pictures.
    client.clear();
    await readAll();
    const deleted = await deleteCreation(ALICE, frog.id);
    expect(invalidated(creationKeys.last(ALICE, "frog"))).toBe(true);
    expect(invalidated(creationKeys.thumbs(ALICE, frog.id))).toBe(true);
    expect(invalidated(creationKeys.last(ALICE, "hulk"))).toBe(false);
    client.clear();
    await readAll();
    await restoreCreation(deleted!);
    expect(invalidated(creationKeys.thumbs(ALICE, frog.id))).toBe(true);
    expect(invalidated(creationKeys.detail(ALICE, hulk.id))).toBe(false);

    // Delete the oldest, then all: everything of the user they removed.
    client.clear();
    await readAll();
    expect(await deleteOldestCreations(ALICE, 1)).toBe(1);
    expect(invalidated(creationKeys.detail(ALICE, hulk.id))).toBe(true);
    expect(invalidated(creationKeys.last(ALICE, "frog"))).toBe(false);
    client.clear();
    await readAll();
    await deleteAllCreations(ALICE);
    expect(invalidated(creationKeys.last(ALICE, "frog"))).toBe(true);
    expect(invalidated(creationKeys.usage(ALICE))).toBe(true);
    expect(invalidated(creationKeys.last(BOB, "hulk"))).toBe(false);
  });
});

/**
 * Groups of versions: every result made from the same photo is one group (the same Blob, object URL or
 * data URL; a HEIC photo's copy; a photo handed over with "Edit with…" joins the group of the result it
 * was; a photo shown again after a reload joins its creation's), read oldest first with the photo they
 * were made from, kept in step with deletes and undo; the version chosen on a tool; and the database
 * brought from version 1 (no groups) to version 2 with what it held.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDB } from "idb";
import type { QueryKey } from "@tanstack/react-query";
import {
  copyPhotoOrigin,
  creationKeys,
  deleteCreation,
  getChosenVersion,
  getCreation,
  getLastCreation,
  getVersions,
  handOver,
  keepCreation,
  listCreations,
  originalOf,
  photoGroup,
  readIncoming,
  removeUserDataFromDevice,
  restoreCreation,
  setChosenVersion,
  setPhotoOrigin,
  versionsQuery,
  type NewCreation,
} from "@/lib/creations";
import { takeIncomingPhotos } from "@/lib/creations/use-incoming-photos.lazy";
import { setThumbnailMaker } from "@/lib/creations/thumbnail";
import type { LoadedImage } from "@/lib/image";
import { blobBytes } from "@/lib/read-blob";
import { testQueryClient } from "../../utils";

const USER_ID = "11111111-1111-4111-8111-111111111111";
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const png = (tag: number) => new Blob([new Uint8Array([...PNG, tag])], { type: "image/png" });
const photo = (tag: number) =>
  new File([new Uint8Array([0xff, 0xd8, 0xff, tag])], `p${tag}.jpg`, { type: "image/jpeg" });

function result(tool: NewCreation["tool"], original: NewCreation["original"], tag: number): NewCreation {
  return { tool, file: png(tag), instruction: `${tool} ${tag}`, original };
}

/** Keeps a result as a tool does (keepCreation), failing the test when it is not kept. */
async function keep(creation: NewCreation) {
  const record = await keepCreation(USER_ID, creation);
  expect(record).not.toBeNull();
  return record!;
}

let restoreMaker: () => void;
beforeEach(() => {
  // jsdom has no canvas: "thumbnails" are the pictures themselves.
  restoreMaker = setThumbnailMaker(async (source) => source);
});
afterEach(() => restoreMaker());

describe("the group of a result", () => {
  it("results made from the same photo are one group; another photo, or none, is another", async () => {
    const mine = photo(1);
    const first = await keep(result("hulk", mine, 1));
    const again = await keep(result("frog", mine, 2));
    const other = await keep(result("hulk", photo(1), 3));
    const text = await keep({ tool: "poetry", kind: "text", file: "A poem", instruction: "" });
    expect(again.photo).toBe(first.photo);
    expect(other.photo).not.toBe(first.photo);
    // No photo: a group of its own, under its own id.
    expect(text.photo).toBe(text.id);
    // The same object URL or data URL is the same photo too.
    const byUrl = await keep(result("gta", "data:image/png;base64,iVBORw0KGgo=", 4));
    expect((await keep(result("gta", "data:image/png;base64,iVBORw0KGgo=", 5))).photo).toBe(byUrl.photo);
    // A group given is the group kept.
    expect((await keep({ ...result("gta", photo(9), 6), photo: first.photo })).photo).toBe(first.photo);
  });

  it("two results kept at once from one photo still share its group", async () => {
    const mine = photo(2);
    const [a, b] = await Promise.all([keep(result("hulk", mine, 1)), keep(result("frog", mine, 2))]);
    expect(a.photo).toBe(b.photo);
  });

  it("a HEIC photo's browser-readable copy is the same photo as its file", async () => {
    const file = new File([new Uint8Array([1, 2])], "p.heic", { type: "image/heic" });
    const image = { file, type: "heic", previewUrl: "data:image/jpeg;base64,/9j/4AAQ" } as LoadedImage;
    const first = await keep(result("hulk", originalOf(image), 1));
    expect(photoGroup(file)).toBe(first.photo);
    expect((await keep(result("frog", originalOf(image), 2))).photo).toBe(first.photo);
  });

  it("a copy of a photo made to send it (or a result kept editing) carries its group", async () => {
    const mine = photo(3);
    const sent = new Blob([new Uint8Array([7])], { type: "image/jpeg" });
    copyPhotoOrigin(mine, sent);
    const fromSent = await keep(result("batch", sent, 1));
    expect((await keep(result("batch", mine, 2))).photo).toBe(fromSent.photo);
  });

  it("a result made from a kept result (an animator's character) joins that result's group", async () => {
    const character = "data:image/png;base64,iVBORw0KGgoA";
    const made = await keep({ tool: "animator", file: character, instruction: "a frog" });
    const animation = await keep({ ...result("animator", character, 1), kind: "gif" });
    expect(animation.photo).toBe(made.photo);
  });

  it("Edit with… carries the group of the result handed over: a result made from it joins it", async () => {
    const mine = photo(4);
    const hulkResult = png(10);
    const hulk = await keep({ ...result("hulk", mine, 10), file: hulkResult });
    const handed = await handOver({ image: hulkResult, tool: "hulk" }, "frog");
    expect((await readIncoming(handed.state.incoming))?.photo).toBe(hulk.photo);

    // The frog page takes the photo (tagged with its chain and group) and keeps its result with it.
    const [taken] = (await takeIncomingPhotos(handed.state.incoming, () => true))!;
    const frog = await keep(result("frog", taken!, 11));
    expect(frog.photo).toBe(hulk.photo);
    expect(frog.from).toEqual([{ tool: "hulk", id: hulk.id }]);

    // From My Creations the creation gives its own group.
    const again = await handOver({ image: png(12), tool: "frog", creation: frog }, "art");
    expect((await readIncoming(again.state.incoming))?.photo).toBe(hulk.photo);
    // A result that was never kept starts no group: what is made from it is a group of its own.
    const loose = await handOver({ image: png(13), tool: "gta" }, "frog");
    expect((await readIncoming(loose.state.incoming))?.photo).toBeUndefined();
  });

  it("a photo shown again after a reload, tagged with its creation, makes versions of that group", async () => {
    const first = await keep({ ...result("hulk", photo(5), 1), from: [{ tool: "gta", id: "gta-1" }] });
    // What a tool does with the kept original it shows again: a new File, tagged (tagOriginal).
    const kept = (await getCreation(USER_ID, first.id))!.files.original!;
    const shownAgain = new File([kept], "original.jpg", { type: kept.type });
    setPhotoOrigin(shownAgain, first.from ?? [], first.photo);
    const next = await keep(result("hulk", shownAgain, 2));
    expect(next.photo).toBe(first.photo);
    expect(next.from).toEqual([{ tool: "gta", id: "gta-1" }]);
  });
});

describe("the versions of a photo", () => {
  it("oldest first, with the first version's kept original as the photo; another user's are not there", async () => {
    const mine = photo(6);
    const a = await keep(result("hulk", mine, 1));
    const b = await keep(result("frog", mine, 2));
    await keep(result("hulk", photo(7), 3));
    const group = await getVersions(USER_ID, a.photo);
    expect(group.versions.map((r) => r.id)).toEqual([a.id, b.id]);
    expect([...new Uint8Array(await blobBytes(group.original!))]).toEqual([0xff, 0xd8, 0xff, 6]);
    expect((await getVersions("someone-else", a.photo)).versions).toEqual([]);
  });

  it("a delete and its undo invalidate the group's versions, not another group's", async () => {
    const client = testQueryClient();
    const a = await keep(result("hulk", photo(8), 1));
    const b = await keep(result("frog", photo(8).slice(), 2));
    const invalidated = (key: QueryKey) => client.getQueryState(key)?.isInvalidated;
    await client.fetchQuery(versionsQuery(USER_ID, a.photo));
    await client.fetchQuery(versionsQuery(USER_ID, b.photo));

    const deleted = await deleteCreation(USER_ID, a.id);
    expect(invalidated(creationKeys.versions(USER_ID, a.photo))).toBe(true);
    expect(invalidated(creationKeys.versions(USER_ID, b.photo))).toBe(false);
    expect((await client.fetchQuery(versionsQuery(USER_ID, a.photo))).versions).toEqual([]);

    await restoreCreation(deleted!);
    expect(invalidated(creationKeys.versions(USER_ID, a.photo))).toBe(true);
    expect((await client.fetchQuery(versionsQuery(USER_ID, a.photo))).versions.map((r) => r.id)).toEqual([
      a.id,
    ]);
  });
});

describe("the version chosen on a tool", () => {
  it("is each tool's own, follows every result kept, can be chosen again, and goes with the user's data", async () => {
    expect(getChosenVersion(USER_ID, "hulk")).toBeNull();
    const a = await keep(result("hulk", photo(9), 1));
    expect(getChosenVersion(USER_ID, "hulk")).toEqual({ photo: a.photo, id: a.id });
    const b = await keep(result("hulk", photo(9).slice(), 2));
    expect(getChosenVersion(USER_ID, "hulk")).toEqual({ photo: b.photo, id: b.id });
    setChosenVersion(USER_ID, "hulk", { photo: a.photo, id: a.id });
    expect(getChosenVersion(USER_ID, "hulk")?.id).toBe(a.id);
    expect(getChosenVersion(USER_ID, "frog")).toBeNull();
    expect(getChosenVersion("someone-else", "hulk")).toBeNull();

    expect(await removeUserDataFromDevice(USER_ID)).toEqual([]);
    expect(getChosenVersion(USER_ID, "hulk")).toBeNull();
  });
});

describe("the database brought to version 2", () => {
  it("keeps what version 1 held, each creation a group of its own, found by its group", async () => {
    // Version 1 as it was: the three stores, two indexes, a record with no group.
    const old = await openDB("cucumber-creations", 1, {
      upgrade(database) {
        const creations = database.createObjectStore("creations", { keyPath: "id" });
        creations.createIndex("by-user", ["userId", "createdAt"]);
        creations.createIndex("by-user-tool", ["userId", "tool", "createdAt"]);
        database.createObjectStore("thumbs", { keyPath: "id" });
        database.createObjectStore("files", { keyPath: "id" });
      },
    });
    const bytes = new Uint8Array([...PNG, 42]).buffer;
    await old.put("creations", {
      id: "old-1",
      userId: USER_ID,
      tool: "hulk",
      kind: "image",
      mimeType: "image/png",
      fileName: "hulk-edition.png",
      instruction: "from before groups",
      createdAt: 1000,
      fileSize: 9,
      totalSize: 9,
      hasOriginal: false,
    });
    await old.put("files", { id: "old-1", userId: USER_ID, file: { type: "image/png", data: bytes } });
    await old.put("thumbs", { id: "old-1", userId: USER_ID });
    old.close();

    // The app opens it at version 2.
    const last = await getLastCreation(USER_ID, "hulk");
    expect(last?.record).toMatchObject({ id: "old-1", instruction: "from before groups", photo: "old-1" });
    expect([...new Uint8Array(await blobBytes(last!.files.file))]).toEqual([...PNG, 42]);
    expect((await listCreations(USER_ID)).total).toBe(1);
    expect((await getVersions(USER_ID, "old-1")).versions.map((r) => r.id)).toEqual(["old-1"]);
    const upgraded = await openDB("cucumber-creations");
    expect(upgraded.version).toBe(2);
    expect([...upgraded.transaction("creations").store.indexNames]).toContain("by-user-photo");
    upgraded.close();

    // A result made after it starts its own group; the old one stays its own.
    const next = await keep(result("hulk", photo(10), 1));
    expect(next.photo).not.toBe("old-1");
    expect((await getVersions(USER_ID, "old-1")).versions).toHaveLength(1);
  });
});

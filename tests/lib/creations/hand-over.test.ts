/**
 * Handing a result over to another tool ("Edit with…"): where the photo comes from (origin.ts), the
 * result as a data: URL, a Blob, an object URL or a loader, the chain it starts (from the creation, from
 * a kept record, or its tool alone when it was not kept), and the chain a result made from it is kept with.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getTool } from "@/tools/registry";
import {
  chainOf,
  type CreationRecord,
  getCreation,
  handOver,
  keepCreation,
  keptRecordOf,
  originalOf,
  photoOrigin,
  readIncoming,
  registerKept,
  setPhotoOrigin,
} from "@/lib/creations";
import { setThumbnailMaker } from "@/lib/creations/thumbnail";
import { blobBytes } from "@/lib/read-blob";
import type { LoadedImage } from "@/lib/image";

const USER_ID = "11111111-1111-4111-8111-111111111111";
const PNG_BYTES = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3];
const png = (tag = 0) => new Blob([new Uint8Array([...PNG_BYTES, tag])], { type: "image/png" });
const PNG_DATA_URL = `data:image/png;base64,${btoa(String.fromCharCode(...PNG_BYTES))}`;
const bytesOf = async (blob: Blob) => [...new Uint8Array(await blobBytes(blob))];

let restoreMaker: () => void = () => undefined;
beforeEach(() => {
  // jsdom has no canvas: "thumbnails" are the pictures themselves.
  restoreMaker = setThumbnailMaker(async (source) => source);
});
afterEach(() => {
  restoreMaker();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

/** The photo the target tool will find under the hand-over's id. */
async function incomingOf(result: { state: { incoming: string } }) {
  const incoming = await readIncoming(result.state.incoming);
  expect(incoming?.source).toBe("edit");
  expect(incoming?.files).toHaveLength(1);
  return { file: incoming!.files[0]!, from: incoming!.from };
}

describe("photo origin", () => {
  it("tags a file or a URL with its chain; an untagged photo, an empty chain or nothing has none", () => {
    const file = new File([png()], "a.png", { type: "image/png" });
    const chain = [{ tool: "hulk" as const, id: "c-1" }];
    setPhotoOrigin(file, chain);
    setPhotoOrigin("blob:test/heic-copy", chain);
    expect(photoOrigin(file)).toEqual(chain);
    expect(photoOrigin("blob:test/heic-copy")).toEqual(chain);
    const other = new File([png()], "b.png", { type: "image/png" });
    setPhotoOrigin(other, []);
    expect(photoOrigin(other)).toBeUndefined();
    expect(photoOrigin(null)).toBeUndefined();
    expect(photoOrigin("blob:test/never-tagged")).toBeUndefined();
  });

  it("the chain of a record is what it came from, then itself", () => {
    expect(chainOf({ id: "frog-1", tool: "frog", from: [{ tool: "hulk", id: "hulk-1" }] })).toEqual([
      { tool: "hulk", id: "hulk-1" },
      { tool: "frog", id: "frog-1" },
    ]);
    expect(chainOf({ id: "hulk-1", tool: "hulk" })).toEqual([{ tool: "hulk", id: "hulk-1" }]);
  });

  it("a kept result is found by the Blob or URL shown for it; anything else is null", async () => {
    const record = { id: "r-1", tool: "hulk" } as CreationRecord;
    const blob = png();
    registerKept(blob, Promise.resolve(record));
    registerKept("data:image/png;base64,AAAA", Promise.resolve(record));
    expect(await keptRecordOf(blob)).toBe(record);
    expect(await keptRecordOf("data:image/png;base64,AAAA")).toBe(record);
    expect(await keptRecordOf(png())).toBeNull();
  });

  it("remembers only the newest few data URLs (megabytes each)", async () => {
    const record = { id: "r-1", tool: "hulk" } as CreationRecord;
    const urls = Array.from({ length: 9 }, (_, i) => `data:image/png;base64,${"A".repeat(4 + i * 4)}`);
    for (const url of urls) registerKept(url, Promise.resolve(record));
    expect(await keptRecordOf(urls[0]!)).toBeNull();
    expect(await keptRecordOf(urls[8]!)).toBe(record);
  });

  it("a HEIC photo's browser-readable copy carries the chain of the file it was made from", () => {
    const file = new File([png()], "p.heic", { type: "image/heic" });
    const chain = [{ tool: "frog" as const, id: "f-1" }];
    setPhotoOrigin(file, chain);
    const image = { file, type: "heic", previewUrl: "blob:test/heic-preview" } as LoadedImage;
    expect(originalOf(image)).toBe("blob:test/heic-preview");
    expect(photoOrigin("blob:test/heic-preview")).toEqual(chain);
    // Any other photo is kept as its own file.
    const jpeg = new File([png()], "p.jpg", { type: "image/jpeg" });
    expect(originalOf({ file: jpeg, type: "jpeg", previewUrl: "blob:test/jpeg" } as LoadedImage)).toBe(jpeg);
  });
});

describe("handOver", () => {
  it("a data: URL result not kept: the target tool's path, the photo as a PNG file, the tool alone as its chain", async () => {
    const result = await handOver({ image: PNG_DATA_URL, tool: "hulk" }, "frog");
    expect(result.path).toBe(getTool("frog").path);
    const { file, from } = await incomingOf(result);
    expect(file.name).toBe("hulk-result.png");
    expect(file.type).toBe("image/png");
    expect(await bytesOf(file)).toEqual(PNG_BYTES);
    expect(from).toEqual([{ tool: "hulk" }]);
  });

  it("a Blob result kept by its tool starts the chain at its creation, waiting for the save under way", async () => {
    const blob = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 9])], { type: "image/jpeg" });
    // The save has not finished when Edit with… is picked.
    const saving = keepCreation(USER_ID, { tool: "batch", file: blob, instruction: "watercolour" });
    const result = await handOver({ image: blob, tool: "batch" }, "art");
    const record = await saving;
    expect(record).not.toBeNull();
    const { file, from } = await incomingOf(result);
    expect(result.path).toBe(getTool("art").path);
    expect(file.name).toBe("batch-result.jpg");
    expect(await bytesOf(file)).toEqual([0xff, 0xd8, 0xff, 9]);
    expect(from).toEqual([{ tool: "batch", id: record!.id }]);
  });

  it("a result made from a handed-over photo is kept with the chain; handing it on again makes it longer", async () => {
    // Hulk's result, kept.
    const hulk = await keepCreation(USER_ID, { tool: "hulk", file: PNG_DATA_URL, instruction: "hulk" });
    const toFrog = await handOver({ image: PNG_DATA_URL, tool: "hulk" }, "frog");
    const { file: photo, from } = await incomingOf(toFrog);
    expect(from).toEqual([{ tool: "hulk", id: hulk!.id }]);

    // The frog page tags the photo it takes (use-incoming-photos) and keeps its result with it as the original.
    setPhotoOrigin(photo, from!);
    const frogResult = png(7);
    const frog = await keepCreation(USER_ID, {
      tool: "frog",
      file: frogResult,
      instruction: "frog",
      original: photo,
    });
    expect(frog?.from).toEqual([{ tool: "hulk", id: hulk!.id }]);
    expect((await getCreation(USER_ID, frog!.id))?.record.from).toEqual([{ tool: "hulk", id: hulk!.id }]);

    const toArt = await handOver({ image: frogResult, tool: "frog" }, "art");
    expect((await incomingOf(toArt)).from).toEqual([
      { tool: "hulk", id: hulk!.id },
      { tool: "frog", id: frog!.id },
    ]);
  });

  it("a creation opened in My Creations gives its own chain (no lookup); a loader is read only then", async () => {
    const loader = vi.fn(async () => png(3));
    const creation = { id: "frog-1", tool: "frog" as const, from: [{ tool: "hulk" as const, id: "hulk-1" }] };
    expect(loader).not.toHaveBeenCalled();
    const result = await handOver({ image: loader, tool: "frog", creation }, "scene");
    expect(loader).toHaveBeenCalledTimes(1);
    const { file, from } = await incomingOf(result);
    expect(await bytesOf(file)).toEqual([...PNG_BYTES, 3]);
    expect(from).toEqual([
      { tool: "hulk", id: "hulk-1" },
      { tool: "frog", id: "frog-1" },
    ]);
  });

  it("an object URL is read back through fetch", async () => {
    const blob = png(5);
    const fetchSpy = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValue({ ok: true, status: 200, blob: async () => blob } as Response);
    const result = await handOver({ image: "blob:test/result", tool: "scene" }, "poetry");
    expect(fetchSpy).toHaveBeenCalledWith("blob:test/result");
    expect(await bytesOf((await incomingOf(result)).file)).toEqual([...PNG_BYTES, 5]);
  });

  it("a save that does not finish in time: the chain falls back to the tool alone", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout"] });
    const blob = png(6);
    registerKept(blob, new Promise(() => undefined));
    const handing = handOver({ image: blob, tool: "gta" }, "frog");
    await vi.advanceTimersByTimeAsync(3000);
    vi.useRealTimers();
    expect((await incomingOf(await handing)).from).toEqual([{ tool: "gta" }]);
  });

  it("a result that cannot be read fails: nothing is kept for the tool", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValue({ ok: false, status: 404 } as Response);
    await expect(handOver({ image: "blob:test/gone", tool: "hulk" }, "frog")).rejects.toThrow(/404/);
    await expect(
      handOver({ image: () => Promise.reject(new Error("gone")), tool: "hulk" }, "frog"),
    ).rejects.toThrow("gone");
    await expect(handOver({ image: "data:nonsense", tool: "hulk" }, "frog")).rejects.toThrow();
  });
});

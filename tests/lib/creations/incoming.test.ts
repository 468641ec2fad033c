/** The store of handed-over photos: kept until taken (once) or dismissed, the newest share found again, a day's life. */
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  dismissIncoming,
  INCOMING_MAX_AGE_MS,
  latestIncoming,
  putIncoming,
  readIncoming,
  takeIncoming,
} from "@/lib/creations";
import { blobBytes } from "@/lib/read-blob";

function photo(name: string, bytes: number[], type = "image/png") {
  return new File([new Uint8Array(bytes)], name, { type, lastModified: 1_700_000_000_000 });
}

const bytesOf = async (file: Blob) => [...new Uint8Array(await blobBytes(file))];

/** Date.now as `at` for what follows (IndexedDB's own timers keep running). */
function clockAt(at: number) {
  vi.spyOn(Date, "now").mockReturnValue(at);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("incoming photos", () => {
  it("keeps the files with their names, types, dates, bytes and chain, and reading leaves them", async () => {
    const chain = [{ tool: "hulk" as const, id: "c-1" }];
    const id = await putIncoming(
      [photo("a.png", [1, 2, 3]), photo("b.jpg", [4, 5], "image/jpeg")],
      "edit",
      chain,
    );

    const first = await readIncoming(id);
    expect(first?.source).toBe("edit");
    expect(first?.from).toEqual(chain);
    expect(first?.files.map((f) => [f.name, f.type, f.lastModified])).toEqual([
      ["a.png", "image/png", 1_700_000_000_000],
      ["b.jpg", "image/jpeg", 1_700_000_000_000],
    ]);
    expect(first?.files[0]).toBeInstanceOf(File);
    expect(await bytesOf(first!.files[0]!)).toEqual([1, 2, 3]);
    expect(await bytesOf(first!.files[1]!)).toEqual([4, 5]);
    // Still there: the chooser reads, the tool takes.
    expect((await readIncoming(id))?.files).toHaveLength(2);
  });

  it("a share has no chain; an empty chain is not kept as one", async () => {
    const shared = await putIncoming([photo("a.png", [1])], "share");
    const edited = await putIncoming([photo("b.png", [2])], "edit", []);
    expect((await readIncoming(shared))?.from).toBeUndefined();
    expect((await readIncoming(edited))?.from).toBeUndefined();
  });

  it("is taken once: the second taker (another tab, a second mount) finds nothing", async () => {
    const id = await putIncoming([photo("a.png", [7])], "share");
    const [one, two] = await Promise.all([takeIncoming(id), takeIncoming(id)]);
    const taken = [one, two].filter(Boolean);
    expect(taken).toHaveLength(1);
    expect(await bytesOf(taken[0]!.files[0]!)).toEqual([7]);
    expect(await takeIncoming(id)).toBeNull();
    expect(await readIncoming(id)).toBeNull();
  });

  it("dismissed photos are gone; an unknown id is null", async () => {
    const id = await putIncoming([photo("a.png", [1])], "share");
    await dismissIncoming(id);
    expect(await readIncoming(id)).toBeNull();
    expect(await takeIncoming("no-such-id")).toBeNull();
  });

  it("latest: the newest share or Open with still waiting, never a result sent on with Edit with…", async () => {
    expect(await latestIncoming()).toBeNull();
    clockAt(1_000);
    const older = await putIncoming([photo("old.png", [1])], "share");
    clockAt(2_000);
    const newer = await putIncoming([photo("new.png", [2])], "open-with");
    clockAt(3_000);
    await putIncoming([photo("edit.png", [3])], "edit");
    expect((await latestIncoming())?.id).toBe(newer);
    await takeIncoming(newer);
    expect((await latestIncoming())?.id).toBe(older);
  });

  it("after a day the photos are forgotten: reading or taking finds nothing, latest deletes them", async () => {
    clockAt(10_000);
    const id = await putIncoming([photo("a.png", [1])], "share");
    const kept = await putIncoming([photo("b.png", [2])], "share");
    clockAt(10_000 + INCOMING_MAX_AGE_MS);
    // Exactly a day old is still there.
    expect(await readIncoming(id)).not.toBeNull();
    clockAt(10_000 + INCOMING_MAX_AGE_MS + 1);
    expect(await readIncoming(id)).toBeNull();
    expect(await takeIncoming(kept)).toBeNull();
    expect(await latestIncoming()).toBeNull();
    // latest removed the stale record for good: even with the clock back it is gone.
    clockAt(10_000);
    expect(await readIncoming(id)).toBeNull();
  });
});

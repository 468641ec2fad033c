/**
 * The strip's pictures (issue 28 §2, memory on a phone): a version whose kept thumbnail is not written
 * yet (results arriving) shows a thumbnail made from its file, never the full file; the file only when
 * no thumbnail can be made of it.
 */
import { afterEach, describe, expect, it } from "vitest";
import { keepCreation } from "@/lib/creations";
import { setThumbnailMaker, type ThumbnailMaker } from "@/lib/creations/thumbnail";
import { versionStripQuery } from "@/components/tool-versions-query";
import { blobDataUrl } from "@/lib/read-blob";

const USER_ID = "22222222-2222-4222-8222-222222222222";
const file = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 4])], {
  type: "image/png",
});
const small = new Blob(["small"], { type: "image/webp" });

let restore: (() => void) | null = null;
const withMaker = (maker: ThumbnailMaker) => {
  restore?.();
  restore = setThumbnailMaker(maker);
};
afterEach(() => {
  restore?.();
  restore = null;
});

/** A result kept with no thumbnail (none could be made when it was saved), and its group's strip. */
async function keptWithoutThumbnail() {
  withMaker(async () => null);
  const record = await keepCreation(USER_ID, { tool: "hulk", file, instruction: "green" });
  expect(record).not.toBeNull();
  return () => versionStripQuery(USER_ID, record!.photo).queryFn();
}

describe("the strip of versions", () => {
  it("shows a thumbnail made from the file while the kept one is missing, at the kept one's size", async () => {
    const strip = await keptWithoutThumbnail();
    const asked: Parameters<ThumbnailMaker>[1][] = [];
    withMaker(async (_source, options) => {
      asked.push(options);
      return small;
    });
    const [version] = await strip();
    expect(version).toMatchObject({ label: "Hulk", src: await blobDataUrl(small) });
    expect(asked).toEqual([{ maxSide: 320, type: "image/webp", quality: 0.8 }]);
  });

  it("shows the file itself only when no thumbnail can be made of it", async () => {
    const strip = await keptWithoutThumbnail();
    const [version] = await strip();
    expect(version?.src).toBe(await blobDataUrl(file));
  });
});

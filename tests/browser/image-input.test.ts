/**
 * Image input in headless Chromium (vitest browser mode): broken, empty and non-image files refused with
 * the right ImageInputError kind, and pickImageFile on a real FileList.
 */
import { describe, expect, it } from "vitest";
import { loadImage, pickImageFile, prepareImage, type ImageInputErrorKind } from "@/lib/image";
import { bytesOf, fixture, rejection } from "./image-kit";

describe("bad input -> ImageInputError with the right kind", () => {
  it.each<[string, string, ImageInputErrorKind]>([
    ["truncated.jpg", "image/jpeg", "corrupt"],
    ["empty.png", "image/png", "empty"],
    ["not-an-image.jpg", "image/jpeg", "not-image"],
  ])("%s -> %s", async (name, type, kind) => {
    for (const run of [loadImage, prepareImage]) {
      const error = await rejection(run(await fixture(name, type)));
      expect(error.kind).toBe(kind);
    }
  });

  it("a HEIC whose data is cut off -> corrupt", async () => {
    const heic = await bytesOf(await fixture("cat-chelsea.heic"));
    const cut = new File([heic.slice(0, 6000)], "cut.heic", { type: "image/heic" });
    expect((await rejection(loadImage(cut))).kind).toBe("corrupt");
  });

  it("a PNG cut in the middle of its pixels -> corrupt", async () => {
    const png = await bytesOf(await fixture("coffee.png"));
    const cut = new File([png.slice(0, 20_000)], "cut.png", { type: "image/png" });
    expect((await rejection(loadImage(cut))).kind).toBe("corrupt");
  });
});

describe("pickImageFile with a real FileList", () => {
  it("drop takes the first image, the picker the first file", () => {
    const text = new File(["notes"], "notes.txt", { type: "text/plain" });
    const png = new File(["png"], "a.png", { type: "image/png" });
    const transfer = new DataTransfer();
    transfer.items.add(text);
    transfer.items.add(png);
    expect(pickImageFile(transfer.files, "drop")).toBe(transfer.files[1]);
    expect(pickImageFile(transfer.files, "drop")?.name).toBe("a.png");
    expect(pickImageFile(transfer.files, "picker")?.name).toBe("notes.txt");
  });
});

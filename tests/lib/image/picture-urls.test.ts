/**
 * A result's picture is kept once, as a Blob, and shown through an object URL (issue 28 §2): the URL
 * gives back that same Blob (no copy, no base64), a revoked URL is forgotten, data: URLs still decode.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { knownPicture, pictureBlob, pictureUrl, revokePicture } from "@/lib/image/picture-urls";

afterEach(() => vi.unstubAllGlobals());

describe("picture URLs", () => {
  it("a picture's URL gives back its own Blob, the same object, until it is revoked", async () => {
    const blob = new Blob([new Uint8Array([137, 80, 78, 71])], { type: "image/png" });
    const url = pictureUrl(blob);
    expect(url).toMatch(/^blob:/);
    expect(knownPicture(url)).toBe(blob);
    expect(await pictureBlob(url)).toBe(blob);
    const revoke = vi.spyOn(URL, "revokeObjectURL");
    revokePicture(url);
    expect(revoke).toHaveBeenCalledWith(url);
    expect(knownPicture(url)).toBeUndefined();
  });

  it("decodes a data: URL, and fetches any other URL", async () => {
    expect(await knownPicture("data:image/png;base64,AAEC")!.arrayBuffer()).toEqual(
      new Uint8Array([0, 1, 2]).buffer,
    );
    expect(knownPicture("https://example.test/a.png")).toBeUndefined();
    const fetched = new Blob(["x"], { type: "image/webp" });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(fetched)),
    );
    expect((await pictureBlob("/a.webp")).type).toBe("image/webp");
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("gone", { status: 404 })),
    );
    await expect(pictureBlob("/gone.png")).rejects.toThrow("Could not read the picture (404)");
  });
});

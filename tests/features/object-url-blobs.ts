/** The Blob behind each object URL a page makes during a test, so what a download saved can be read back. */
import { afterEach, beforeEach, vi, type MockInstance } from "vitest";

/** Registers the capture around every test of the file; returns the lookup of a URL's Blob. */
export function keepObjectUrlBlobs(): (href: string) => Blob | undefined {
  let blobs = new Map<string, Blob>();
  let spy: MockInstance<typeof URL.createObjectURL> | undefined;
  beforeEach(() => {
    blobs = new Map();
    let n = 0;
    spy = vi.spyOn(URL, "createObjectURL").mockImplementation((object: Blob | MediaSource) => {
      const url = `blob:test/${++n}`;
      if (object instanceof Blob) blobs.set(url, object);
      return url;
    });
  });
  afterEach(() => spy?.mockRestore());
  return (href) => blobs.get(href);
}

import { dataUrlToBlob, downloadImage } from "@/lib/image";

function readBytes(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

describe("dataUrlToBlob", () => {
  it("decodes a base64 data: URL with its media type", async () => {
    const blob = dataUrlToBlob("data:image/png;base64,iVBORw0KGgo=");
    expect(blob.type).toBe("image/png");
    expect(Array.from(await readBytes(blob))).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  });

  it("decodes a percent-encoded data: URL and keeps its parameters", async () => {
    const blob = dataUrlToBlob("data:text/plain;charset=utf-8,caf%C3%A9%20au%20lait");
    expect(blob.type).toBe("text/plain;charset=utf-8");
    expect(new TextDecoder().decode(await readBytes(blob))).toBe("café au lait");
  });

  it("refuses what is not a data: URL", () => {
    expect(() => dataUrlToBlob("https://example.com/a.png")).toThrow(TypeError);
    expect(() => dataUrlToBlob("data:image/png;base64")).toThrow(TypeError);
  });

  it("decodes base64 with whitespace, padding missing or percent-escaped", async () => {
    for (const url of [
      "data:image/png;base64,iVBO Rw0K\nGgo=",
      "data:image/png;base64,iVBORw0KGgo",
      "data:image/png;base64,iVBORw0KGgo%3D",
    ])
      expect(Array.from(await readBytes(dataUrlToBlob(url)))).toEqual([
        0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a,
      ]);
  });

  describe("where the browser has Uint8Array.fromBase64", () => {
    const native = vi.fn((text: string) =>
      Uint8Array.from(atob(text.replace(/\s+/g, "")), (c) => c.charCodeAt(0)),
    );
    beforeEach(() => {
      native.mockClear();
      Object.defineProperty(Uint8Array, "fromBase64", { value: native, configurable: true });
    });
    afterEach(() => {
      delete (Uint8Array as { fromBase64?: unknown }).fromBase64;
    });

    it("hands it the base64 as it came, in one call: no pass of its own over the megabytes", async () => {
      const blob = dataUrlToBlob("data:image/png;base64,iVBORw0K\nGgo=");
      expect(native).toHaveBeenCalledTimes(1);
      expect(native).toHaveBeenCalledWith("iVBORw0K\nGgo=");
      expect(blob.type).toBe("image/png");
      expect(Array.from(await readBytes(blob))).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    });

    it("falls back to the forgiving path when it refuses the text", async () => {
      native.mockImplementationOnce(() => {
        throw new SyntaxError("not base64");
      });
      const blob = dataUrlToBlob("data:image/png;base64,iVBORw0KGg%6F%3D");
      expect(native).toHaveBeenCalledTimes(1);
      expect(Array.from(await readBytes(blob))).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    });
  });
});

describe("downloadImage", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    let n = 0;
    vi.spyOn(URL, "createObjectURL").mockImplementation(() => `blob:test/${++n}`);
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  function captureClicks() {
    const clicks: { href: string; download: string; attached: boolean }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push({ href: this.href, download: this.download, attached: this.isConnected });
    });
    return clicks;
  }

  it("saves a Blob under the file name, then removes the anchor and revokes its object URL", () => {
    const clicks = captureClicks();
    downloadImage(new Blob(["x"], { type: "image/png" }), "frog-result.png");
    expect(clicks).toEqual([{ href: "blob:test/1", download: "frog-result.png", attached: true }]);
    expect(document.querySelector("a[download]")).toBeNull();
    expect(URL.revokeObjectURL).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith("blob:test/1");
  });

  it("turns a data: URL into a Blob first (long data: URLs fail as hrefs in some browsers)", () => {
    const clicks = captureClicks();
    downloadImage("data:image/png;base64,iVBORw0KGgo=", "birthday-celebration.png");
    expect(URL.createObjectURL).toHaveBeenCalledWith(expect.any(Blob));
    expect(clicks[0]).toMatchObject({ href: "blob:test/1", download: "birthday-celebration.png" });
    vi.runAllTimers();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith("blob:test/1");
  });

  it("uses another URL as it is and revokes nothing", () => {
    const clicks = captureClicks();
    downloadImage("blob:http://localhost/abc", "a.png");
    expect(clicks[0]?.href).toBe("blob:http://localhost/abc");
    vi.runAllTimers();
    expect(URL.revokeObjectURL).not.toHaveBeenCalled();
  });
});

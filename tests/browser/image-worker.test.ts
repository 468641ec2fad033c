/**
 * The image worker in headless Chromium (vitest browser mode): loadImage and prepareImage hand their work to
 * it and give what the page's own path gives (size, orientation, no EXIF, the same picture), and the page
 * takes the work back where there is no worker, or the worker fails to start or cannot decode a file.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  loadImage,
  prepareImage,
  type LoadedImage,
  type PrepareOptions,
  type PreparedImage,
} from "@/lib/image";
import { configureImageWorker, imageWorkerStatus } from "@/lib/image/worker-client";
import {
  bytesOf,
  contains,
  expectValidPrepared,
  fixture,
  imgElement,
  meanDifference,
  rejection,
  thumbnail,
} from "./image-kit";

afterEach(() => {
  vi.unstubAllGlobals();
  configureImageWorker({ enabled: true });
});

/** loadImage + prepareImage of one fixture, with the worker on or off; the worker's answers counted. */
async function run(name: string, worker: boolean, options?: PrepareOptions) {
  configureImageWorker({ enabled: worker });
  const before = imageWorkerStatus().served;
  const image: LoadedImage = await loadImage(await fixture(name));
  try {
    const loaded = { type: image.type, width: image.width, height: image.height };
    const prepared = await prepareImage(image, options);
    const direct = await prepareImage(await fixture(name), options);
    return { loaded, prepared, direct, served: imageWorkerStatus().served - before };
  } finally {
    image.release();
  }
}

async function samePicture(a: PreparedImage, b: PreparedImage, width: number, height: number) {
  return meanDifference(await thumbnail(a.blob, width, height), await thumbnail(b.blob, width, height));
}

describe("the image worker gives what the page's own path gives", () => {
  it.each([
    ["photo-12mp.jpg", 2048, 1536],
    ["photo-12mp-exif-rotated.jpg", 1536, 2048],
  ] as const)("%s: %ix%i, upright, no EXIF, the same picture", async (name, width, height) => {
    const page = await run(name, false);
    const worker = await run(name, true);
    expect(page.served).toBe(0);
    expect(worker.served).toBe(3); // load, prepare of the loaded image, prepare of the file
    expect(imageWorkerStatus().state).toBe("running");
    expect(worker.loaded).toEqual(page.loaded);
    for (const prepared of [worker.prepared, worker.direct]) {
      await expectValidPrepared(prepared, { width, height });
      expect(contains(await bytesOf(prepared.blob), "GPS")).toBe(false);
      expect(await samePicture(prepared, page.prepared, width / 32, height / 32)).toBeLessThan(2);
    }
    // Upright as the browser shows the original, not turned.
    const file = await fixture(name);
    const reference = await thumbnail(await imgElement(file), width / 32, height / 32);
    expect(
      meanDifference(await thumbnail(worker.prepared.blob, width / 32, height / 32), reference),
    ).toBeLessThan(6);
  });

  it("frog options (1024 px, quality 0.92) and PNG output: same sizes as on the page", async () => {
    const frog = { maxSide: 1024, quality: 0.92 };
    const page = await run("photo-12mp-exif-rotated.jpg", false, frog);
    const worker = await run("photo-12mp-exif-rotated.jpg", true, frog);
    await expectValidPrepared(worker.prepared, { width: 768, height: 1024 });
    expect(worker.prepared.bytes).toBeGreaterThan(50_000);
    expect(await samePicture(worker.prepared, page.prepared, 24, 32)).toBeLessThan(2);
    const png = await run("coffee.webp", true, { mimeType: "image/png", maxSide: 300 });
    expect(png.served).toBe(3);
    await expectValidPrepared(png.direct, { width: 300, height: 200 }, "image/png");
  });

  it("HEIC: heic-to decodes on the page, the worker makes the preview and the prepared photo", async () => {
    const page = await run("cat-chelsea.heic", false);
    const worker = await run("cat-chelsea.heic", true);
    expect(worker.served).toBe(4); // adopt + prepare, twice (a HEIC file goes through loadImage)
    expect(worker.loaded).toEqual({ type: "heic", width: 451, height: 300 });
    await expectValidPrepared(worker.prepared, { width: 451, height: 300 });
    expect(await samePicture(worker.prepared, page.prepared, 90, 60)).toBeLessThan(2);
  });
});

describe("the page does the work itself when the worker cannot", () => {
  async function expectPreparedOnPage(expectedState: "off" | "failed") {
    const before = imageWorkerStatus().served;
    const image = await loadImage(await fixture("photo-12mp-exif-rotated.jpg"));
    try {
      expect(image).toMatchObject({ type: "jpeg", width: 3000, height: 4000 });
      await expectValidPrepared(await prepareImage(image), { width: 1536, height: 2048 });
      await expectValidPrepared(await prepareImage(await fixture("coffee.webp")), {
        width: 600,
        height: 400,
      });
    } finally {
      image.release();
    }
    expect(imageWorkerStatus()).toEqual({ state: expectedState, served: before });
  }

  it("no Worker in this browser", async () => {
    vi.stubGlobal("Worker", undefined);
    await expectPreparedOnPage("off");
  });

  it("no OffscreenCanvas in this browser", async () => {
    vi.stubGlobal("OffscreenCanvas", undefined);
    configureImageWorker({ enabled: true });
    expect(imageWorkerStatus().state).toBe("off");
    vi.unstubAllGlobals(); // the tests' own helpers draw on one
    configureImageWorker({ enabled: false });
    await expectPreparedOnPage("off");
  });

  it("the worker's script fails to start", async () => {
    const broken = URL.createObjectURL(
      new Blob(["throw new Error('broken worker')"], { type: "text/javascript" }),
    );
    configureImageWorker({ create: () => new Worker(broken) });
    await expectPreparedOnPage("failed");
    URL.revokeObjectURL(broken);
  });

  it("the worker has no 2D OffscreenCanvas (it answers unsupported)", async () => {
    const script = `onmessage = (e) => { if (e.data.seq) postMessage({ seq: e.data.seq, ok: false, reason: "unsupported", message: "no 2D" }); };`;
    const url = URL.createObjectURL(new Blob([script], { type: "text/javascript" }));
    configureImageWorker({ create: () => new Worker(url) });
    await expectPreparedOnPage("failed");
    URL.revokeObjectURL(url);
  });

  it("a JPEG cut short: the worker refuses it and the page decides, as before (damaged)", async () => {
    const bytes = await bytesOf(await fixture("photo-12mp.jpg"));
    const cut = () => new File([bytes.slice(0, 2_000_000)], "cut.jpg", { type: "image/jpeg" });
    configureImageWorker({ enabled: false });
    expect((await rejection(loadImage(cut()))).kind).toBe("corrupt");
    configureImageWorker({ enabled: true });
    const before = imageWorkerStatus().served;
    expect((await rejection(loadImage(cut()))).kind).toBe("corrupt");
    expect((await rejection(prepareImage(cut()))).kind).toBe("corrupt");
    expect(imageWorkerStatus()).toEqual({ state: "running", served: before }); // refused, not answered
  });
});

/**
 * The local preview engine's limits: at most MAX_IMAGES images a request and
 * MAX_IMAGE_PIXELS each (read from the header, refused before any pixel is decoded), and one request
 * processed at a time: the rest wait their turn, and one whose caller went away while waiting is never
 * processed. renderStyledImage is wrapped to record when each request's render starts and ends, and to
 * hold the first one until the test lets it go (no sleeps).
 */
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { deflateSync } from "node:zlib";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { customPrompt } from "../../src/config/variants.ts";
import { MAX_IMAGE_PIXELS, MAX_IMAGES, processingQueue } from "../../server/local-ai/engine.ts";
import { localAiMiddleware } from "../../server/local-ai/plugin.ts";
import { ENDPOINT, post, type GeminiError } from "./helpers.ts";

const renders = vi.hoisted(() => ({
  events: [] as string[],
  /** While set, every render waits for it before drawing. */
  hold: undefined as Promise<void> | undefined,
  onStart: undefined as ((label: string) => void) | undefined,
}));

vi.mock("../../server/local-ai/styles.ts", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../server/local-ai/styles.ts")>();
  return {
    ...original,
    renderStyledImage: async (...args: Parameters<typeof original.renderStyledImage>) => {
      const label = /colour (\w+)/.exec(args[2].text)?.[1] ?? "?";
      renders.events.push(`start ${label}`);
      renders.onStart?.(label);
      try {
        if (renders.hold) await renders.hold;
        return await original.renderStyledImage(...args);
      } finally {
        renders.events.push(`end ${label}`);
      }
    },
  };
});

afterEach(() => {
  renders.events = [];
  renders.hold = undefined;
  renders.onStart = undefined;
});

let small: string;
beforeAll(async () => {
  small = (
    await sharp({ create: { width: 48, height: 32, channels: 3, background: "#4a8" } })
      .png()
      .toBuffer()
  ).toString("base64");
});

/** A styled-image request (rendered by renderStyledImage) labelled `label`, with these base64 PNGs. */
function styledBody(label: string, images: string[] = [small]): unknown {
  const parts: unknown[] = [{ text: customPrompt(`paint it in the colour ${label}`) }];
  for (const data of images) parts.push({ inlineData: { mimeType: "image/png", data } });
  return { contents: [{ role: "user", parts }], generationConfig: { responseModalities: ["TEXT", "IMAGE"] } };
}

async function expectInvalid(response: Response, message: RegExp): Promise<void> {
  expect(response.status).toBe(400);
  const body = (await response.json()) as GeminiError;
  expect(body.error.code).toBe(400);
  expect(body.error.status).toBe("INVALID_ARGUMENT");
  expect(body.error.message).toMatch(message);
}

// --- A PNG that is only a header: its IHDR claims any size, its pixel data is one row. ------------------

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A few hundred bytes that any reader of headers takes for a width x height RGB PNG. */
function pngHeaderOnly(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter, not interlaced
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(Buffer.alloc(1 + width * 3))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

describe("how many images, and how large", () => {
  test("takes 4 images", async () => {
    expect(MAX_IMAGES).toBe(4);
    const response = await post(styledBody("green", Array<string>(4).fill(small)));
    expect(response.status).toBe(200);
  });

  test("refuses 5 images with 400 INVALID_ARGUMENT, processing none", async () => {
    const response = await post(styledBody("green", Array<string>(5).fill(small)));

    await expectInvalid(response, /^Too many images: .* at most 4 images per request \(got 5\)\.$/);
    expect(renders.events).toEqual([]);
  });

  test("refuses an image over 40 MP from its header, before decoding its pixels", async () => {
    expect(MAX_IMAGE_PIXELS).toBe(40_000_000);
    // 8001 x 5000: 40.005 MP, in a file of a few kilobytes whose pixel data is one row: decoding it
    // would fail as an unreadable image, so this message shows the header alone decided.
    const huge = pngHeaderOnly(8001, 5000).toString("base64");
    expect((await sharp(Buffer.from(huge, "base64")).metadata()).width).toBe(8001);

    const response = await post(styledBody("green", [small, huge]));

    await expectInvalid(response, /^Image 2 is too large: 8001x5000 pixels is 40.01 MP; .* at most 40 MP\.$/);
    expect(renders.events).toEqual([]);
  });

  test("refuses a real image just over 40 MP (a solid PNG) the same way", async () => {
    const png = await sharp({ create: { width: 8001, height: 5000, channels: 3, background: "#fff" } })
      .png({ compressionLevel: 1 })
      .toBuffer();

    const response = await post(styledBody("green", [png.toString("base64")]));

    await expectInvalid(response, /^Image 1 is too large: 8001x5000 pixels is 40.01 MP;/);
    expect(renders.events).toEqual([]);
  });
});

describe("one request at a time", () => {
  test("a second request waits for the first to end before it starts", async () => {
    let release!: () => void;
    renders.hold = new Promise<void>((resolve) => (release = resolve));
    const firstStarted = new Promise<void>((resolve) => (renders.onStart = () => resolve()));

    const first = post(styledBody("blue"));
    await firstStarted;
    const second = post(styledBody("red"));
    // The second has been read and checked: it is waiting its turn (or, without a queue, rendering).
    await vi.waitFor(() =>
      expect(processingQueue.pending === 1 || renders.events.includes("start red")).toBe(true),
    );
    expect(renders.events).toEqual(["start blue"]);

    release();
    const responses = await Promise.all([first, second]);

    expect(responses.map((response) => response.status)).toEqual([200, 200]);
    expect(renders.events).toEqual(["start blue", "end blue", "start red", "end red"]);
    expect([processingQueue.busy, processingQueue.pending]).toEqual([false, 0]);
  });

  test("requests sent at the same moment never overlap", async () => {
    const responses = await Promise.all(["one", "two", "three"].map((label) => post(styledBody(label))));

    expect(responses.map((response) => response.status)).toEqual([200, 200, 200]);
    expect(renders.events).toHaveLength(6);
    for (let i = 0; i < 6; i += 2) {
      const label = renders.events[i].replace("start ", "");
      expect(renders.events.slice(i, i + 2)).toEqual([`start ${label}`, `end ${label}`]);
    }
  });

  test("a request whose caller went away while it waited is never processed", async () => {
    let release!: () => void;
    renders.hold = new Promise<void>((resolve) => (release = resolve));
    const firstStarted = new Promise<void>((resolve) => (renders.onStart = () => resolve()));

    const first = post(styledBody("blue"));
    await firstStarted;
    const caller = new AbortController();
    const second = post(styledBody("red"), ENDPOINT, { signal: caller.signal });
    await vi.waitFor(() => expect(processingQueue.pending).toBe(1));

    caller.abort();
    const cancelled = await second;
    expect(cancelled.status).toBe(499);
    expect(((await cancelled.json()) as GeminiError).error.status).toBe("CANCELLED");
    expect(processingQueue.pending).toBe(0);

    release();
    expect((await first).status).toBe(200);
    expect(renders.events).toEqual(["start blue", "end blue"]);
  });

  describe("over HTTP (server/local-ai/plugin.ts)", () => {
    let server: Server;
    let port: number;

    beforeAll(async () => {
      server = createServer((req, res) => localAiMiddleware(req, res, () => res.end("passed on")));
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      port = (server.address() as AddressInfo).port;
    });

    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    /** POSTs a body; resolves with the status, or with "gone" once `hangUp` has closed the socket. */
    function send(body: unknown, hangUp?: Promise<void>): Promise<number | "gone"> {
      const path = new URL(ENDPOINT).pathname;
      const text = JSON.stringify(body);
      return new Promise((resolve, reject) => {
        const req = httpRequest(
          { host: "127.0.0.1", port, path, method: "POST", headers: { "content-type": "application/json" } },
          (res) => {
            res.resume();
            res.on("end", () => resolve(res.statusCode ?? 0));
          },
        );
        req.on("error", (error) => (req.destroyed && hangUp ? resolve("gone") : reject(error)));
        req.on("close", () => {
          if (hangUp) resolve("gone");
        });
        void hangUp?.then(() => req.destroy());
        req.end(text);
      });
    }

    test("a caller that hangs up while waiting leaves the line, and its request is never processed", async () => {
      let release!: () => void;
      renders.hold = new Promise<void>((resolve) => (release = resolve));
      const firstStarted = new Promise<void>((resolve) => (renders.onStart = () => resolve()));

      const first = send(styledBody("blue"));
      await firstStarted;
      let hangUp!: () => void;
      const second = send(styledBody("red"), new Promise<void>((resolve) => (hangUp = resolve)));
      await vi.waitFor(() => expect(processingQueue.pending).toBe(1));

      hangUp();
      expect(await second).toBe("gone");
      await vi.waitFor(() => expect(processingQueue.pending).toBe(0));

      release();
      expect(await first).toBe(200);
      expect(renders.events).toEqual(["start blue", "end blue"]);
    });
  });
});

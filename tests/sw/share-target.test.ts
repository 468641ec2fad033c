/// <reference types="node" />
/** The service worker's share target: a multipart POST is kept in IndexedDB and answered with the chooser. */
import { describe, expect, it, vi } from "vitest";
import { readIncoming } from "@/lib/creations";
import { blobBytes } from "@/lib/read-blob";
import { isShareTarget, shareTargetResponse } from "@/sw/share-target";
import { fixtureFile } from "../features/tool-kit";

const ORIGIN = "https://cucumber.test";

function sharePost(body: BodyInit, headers?: HeadersInit) {
  return new Request(`${ORIGIN}/share-target`, { method: "POST", body, headers });
}

type Part = { name: string; file?: File; text?: string };

/**
 * The multipart body a share sheet sends, byte for byte (jsdom's FormData and File are not the ones
 * Request reads, so the body is written out as a browser writes it).
 */
async function multipart(parts: Part[]) {
  const boundary = "----CucumberShareBoundary7MA4YWxkTrZu0gW";
  const chunks: (string | Uint8Array)[] = [];
  for (const part of parts) {
    chunks.push(`--${boundary}\r\n`);
    if (part.file) {
      chunks.push(
        `Content-Disposition: form-data; name="${part.name}"; filename="${part.file.name}"\r\n` +
          `Content-Type: ${part.file.type || "application/octet-stream"}\r\n\r\n`,
      );
      chunks.push(new Uint8Array(await blobBytes(part.file)));
    } else {
      chunks.push(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.text ?? ""}`);
    }
    chunks.push("\r\n");
  }
  chunks.push(`--${boundary}--\r\n`);
  const encoder = new TextEncoder();
  const bytes = Buffer.concat(
    chunks.map((chunk) => (typeof chunk === "string" ? encoder.encode(chunk) : chunk)),
  );
  return sharePost(bytes, { "content-type": `multipart/form-data; boundary=${boundary}` });
}

const photos = (files: File[], name = "photos") => multipart(files.map((file) => ({ name, file })));

/** The chooser address the answer redirects to. */
function redirectOf(response: Response) {
  expect(response.status).toBe(303);
  return new URL(response.headers.get("location") ?? "");
}

describe("share target", () => {
  it("answers only the share sheet's POST to /share-target", () => {
    expect(isShareTarget(sharePost("x"))).toBe(true);
    expect(isShareTarget(new Request(`${ORIGIN}/share-target`))).toBe(false);
    expect(isShareTarget(new Request(`${ORIGIN}/share`, { method: "POST", body: "x" }))).toBe(false);
    expect(isShareTarget(new Request(`${ORIGIN}/api/ai`, { method: "POST", body: "x" }))).toBe(false);
  });

  it("keeps the shared photos and sends the visitor to /share?id=…", async () => {
    const photo = fixtureFile("coffee.webp", "image/webp");
    const other = fixtureFile("cat-chelsea.png", "image/png");
    const response = await shareTargetResponse(await photos([photo, other]));
    const target = redirectOf(response);
    expect(target.origin).toBe(ORIGIN);
    expect(target.pathname).toBe("/share");
    const id = target.searchParams.get("id");
    expect(id).toBeTruthy();

    const kept = await readIncoming(id!);
    expect(kept?.source).toBe("share");
    expect(kept?.files.map((file) => [file.name, file.type, file.size])).toEqual([
      ["coffee.webp", "image/webp", photo.size],
      ["cat-chelsea.png", "image/png", other.size],
    ]);
    expect(new Uint8Array(await blobBytes(kept!.files[0]!))).toEqual(new Uint8Array(await blobBytes(photo)));
  });

  it("keeps a bad file as it came (the chooser gives it the upload's message)", async () => {
    const pdf = new File(["%PDF-1.7 not a photo"], "invoice.pdf", { type: "application/pdf" });
    const target = redirectOf(await shareTargetResponse(await photos([pdf])));
    const kept = await readIncoming(target.searchParams.get("id")!);
    expect(kept?.files.map((file) => file.name)).toEqual(["invoice.pdf"]);
  });

  it("sends a body that is not a form to /share?failed=1, keeping nothing", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const response = await shareTargetResponse(
      sharePost("%%% not multipart %%%", { "content-type": "multipart/form-data; boundary=nope" }),
    );
    const target = redirectOf(response);
    expect(target.pathname).toBe("/share");
    expect(target.searchParams.get("failed")).toBe("1");
    expect(target.searchParams.has("id")).toBe(false);
    expect(error).toHaveBeenCalled();
  });

  it("sends a share without a file (only text, or files under another name) to /share?failed=1", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const text = await multipart([
      { name: "photos", text: "just some text" },
      { name: "title", text: "Holiday" },
    ]);
    const textOnly = redirectOf(await shareTargetResponse(text));
    expect(textOnly.searchParams.get("failed")).toBe("1");

    const elsewhere = await photos([fixtureFile("coffee.webp", "image/webp")], "files");
    expect(redirectOf(await shareTargetResponse(elsewhere)).searchParams.get("failed")).toBe("1");
  });

  it("says failed when the device cannot keep the photos", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    vi.stubGlobal("indexedDB", undefined);
    const target = redirectOf(
      await shareTargetResponse(await photos([fixtureFile("coffee.webp", "image/webp")])),
    );
    expect(target.searchParams.get("failed")).toBe("1");
  });
});

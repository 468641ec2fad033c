/**
 * What one AI request may carry (issue 29 §2): four prepared photos fit the proxy's 4 MB and 4 images; a
 * set that does not fit says why, before anything is sent.
 */
import { describe, expect, it } from "vitest";
import {
  GEMINI_MAX_REQUEST_BYTES,
  PROXY_MAX_BODY_BYTES,
  PROXY_MAX_IMAGES,
  requestFit,
} from "@/config/request-limits";

/** The base64 length of a prepared 1024 px JPEG photo at quality 0.9: about 400 KB of bytes. */
const PREPARED = Math.ceil((400 * 1024 * 4) / 3);

describe("requestFit", () => {
  it("four prepared photos fit through the proxy", () => {
    expect(requestFit([PREPARED, PREPARED, PREPARED, PREPARED], true)).toEqual({ fits: true });
  });

  it("a fifth picture (the area's mask beside four photos) is one too many for the proxy, not for Gemini", () => {
    const five = [PREPARED, PREPARED, PREPARED, PREPARED, 20_000];
    expect(requestFit(five, true)).toEqual({ fits: false, reason: "images", most: PROXY_MAX_IMAGES });
    expect(requestFit(five, false)).toEqual({ fits: true });
  });

  it("too many bytes: how many, and the most a request takes", () => {
    const big = [2 * 1024 * 1024, 2 * 1024 * 1024];
    const fit = requestFit(big, true);
    expect(fit).toMatchObject({ fits: false, reason: "bytes", most: PROXY_MAX_BODY_BYTES });
    expect(fit.fits === false && fit.reason === "bytes" && fit.bytes).toBeGreaterThan(PROXY_MAX_BODY_BYTES);
    expect(requestFit(big, false)).toEqual({ fits: true });
    expect(requestFit([GEMINI_MAX_REQUEST_BYTES], false)).toMatchObject({ fits: false, reason: "bytes" });
  });
});

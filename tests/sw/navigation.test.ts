/**
 * Which navigations the service worker answers with the precached app (src/sw/navigation.ts): every app
 * route, never the API, auth, database, storage, local engine or share target.
 */
import { describe, expect, it } from "vitest";
import { paths } from "@/config/paths";
import { SHARE_TARGET_ACTION } from "@/config/share";
import { opensAppShell } from "@/sw/navigation";

describe("the service worker's navigation fallback", () => {
  it("opens the app for every route of the app", () => {
    for (const path of Object.values(paths)) expect(opensAppShell(path), path).toBe(true);
    expect(opensAppShell("/no-such-page")).toBe(true);
    // A route that only starts like a server path is still the app's.
    expect(opensAppShell("/apiary")).toBe(true);
    expect(opensAppShell("/authors")).toBe(true);
  });

  it("leaves API, auth, database, storage, the local engine and the share target to the network", () => {
    for (const path of [
      "/api",
      "/api/checkout",
      "/auth/v1/verify",
      "/auth/v1",
      "/rest/v1/subscriptions",
      "/storage/v1/object/x.png",
      "/__local-ai/v1beta/models",
      SHARE_TARGET_ACTION,
    ]) {
      expect(opensAppShell(path), path).toBe(false);
    }
  });
});

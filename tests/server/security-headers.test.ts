/**
 * server/security/headers.mjs: the one source of the security headers for `npm start` and the deploy
 * config, and the hashes that let index.html's own inline scripts run under the CSP.
 */
import { createHash } from "node:crypto";
import { describe, expect, test } from "vitest";
import {
  connectSources,
  contentSecurityPolicy,
  GEMINI_ORIGIN,
  inlineScriptHashes,
  securityHeaders,
} from "../../server/security/headers.mjs";
import { ROUTE_PRELOAD_DATA_ID, ROUTE_PRELOAD_LOADER } from "../../server/static/plugin.ts";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("inlineScriptHashes", () => {
  test("hashes the scripts that run, not JSON data blocks nor scripts with a src", () => {
    const html = [
      `<script type="application/json" id="x">{"a":1}</script>`,
      `<script>one()</script>`,
      `<script type="module" crossorigin src="/assets/index.js"></script>`,
      `<script type="module">two()</script>`,
      `<script>one()</script>`,
    ].join("\n");
    expect(inlineScriptHashes(html)).toEqual([sha("one()"), sha("two()")]);
  });

  test("the route preload's script is the same text in every build: only its JSON data changes", () => {
    expect(ROUTE_PRELOAD_LOADER).toContain(`getElementById("${ROUTE_PRELOAD_DATA_ID}")`);
    const page = (data: string) =>
      `<script type="application/json" id="${ROUTE_PRELOAD_DATA_ID}">${data}</script><script>${ROUTE_PRELOAD_LOADER}</script>`;
    expect(inlineScriptHashes(page(`{"pages":{"/":[["/assets/a.js"],1]}}`))).toEqual(
      inlineScriptHashes(page(`{"pages":{"/":[["/assets/b.js"],1]}}`)),
    );
  });
});

describe("the policy", () => {
  test("allows the app's own scripts and the given hashes only, and forbids framing, plugins and <base>", () => {
    const csp = contentSecurityPolicy({ scriptHashes: [sha("x")], connect: connectSources({}) });
    expect(csp).toContain(`script-src 'self' ${sha("x")};`);
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(csp).toContain(`connect-src 'self' ${GEMINI_ORIGIN} data: blob:`);
  });

  test("connects to a configured Gemini proxy and Supabase project by origin", () => {
    expect(
      connectSources({
        geminiBaseUrl: "https://proxy.example/gemini/",
        supabaseUrl: "https://abc.supabase.co/",
      }),
    ).toEqual(["https://proxy.example", "https://abc.supabase.co"]);
  });

  test("comes with nosniff, the referrer policy and the microphone for this origin only", () => {
    expect(securityHeaders({ scriptHashes: [], connect: [] })).toMatchObject({
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "strict-origin-when-cross-origin",
      "Permissions-Policy": "microphone=(self), camera=(), geolocation=()",
    });
  });
});

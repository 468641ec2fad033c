// What `npm start` sends besides the app (server/security): the security headers on every kind of
// answer, the same as the deploy config (vercel.json), and no source map on the wire.
import fs from "node:fs";
import path from "node:path";
import { e2eBuildDir } from "./builds.mjs";
import { expect, test } from "./fixtures";
import { signUp, uniqueEmail } from "./helpers";

const REQUIRED = [
  "content-security-policy",
  "x-content-type-options",
  "referrer-policy",
  "permissions-policy",
];

type VercelConfig = { headers: { source: string; headers: { key: string; value: string }[] }[] };

/** The policy's directives, name to value. */
function directives(csp: string): Record<string, string> {
  return Object.fromEntries(
    csp.split(";").map((part) => {
      const [name, ...values] = part.trim().split(/\s+/);
      return [name, values.join(" ")];
    }),
  );
}

test("every kind of answer carries the security headers, the same as vercel.json's", async ({ request }) => {
  const home = await request.get("/");
  const html = await home.text();
  const script = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1];
  expect(script).toBeTruthy();
  const answers = {
    page: home,
    "app route": await request.get("/pricing"),
    asset: await request.get(script!),
    api: await request.post("/api/submit-support", { data: {} }),
    "local backend": await request.get("/auth/v1/health"),
    "local engine": await request.get("/__local-ai/v1beta/models"),
  };
  const deploy = JSON.parse(fs.readFileSync(path.resolve("vercel.json"), "utf8")) as VercelConfig;
  const expected = Object.fromEntries(
    deploy.headers
      .find((rule) => rule.source === "/(.*)")!
      .headers.map((h) => [h.key.toLowerCase(), h.value]),
  );
  for (const [what, answer] of Object.entries(answers)) {
    const headers = answer.headers();
    for (const name of REQUIRED) expect(headers[name], `${name} on the ${what}`).toBeTruthy();
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["permissions-policy"]).toBe(expected["permissions-policy"]);
    const served = directives(headers["content-security-policy"]);
    const deployed = directives(expected["content-security-policy"]);
    // The same policy; only where Supabase lives differs (here the app itself, deployed a hosted project).
    expect({ ...served, "connect-src": "" }).toEqual({ ...deployed, "connect-src": "" });
    expect(served["script-src"]).not.toContain("unsafe-inline");
    expect(served["frame-ancestors"]).toBe("'none'");
    expect(served["object-src"]).toBe("'none'");
  }
});

test("no source map is served, and the code does not point at one", async ({ request }) => {
  const html = await (await request.get("/")).text();
  const script = /<script type="module" crossorigin src="([^"]+)"/.exec(html)![1];
  const code = await (await request.get(script)).text();
  expect(code).not.toContain("sourceMappingURL");
  expect((await request.get(`${script}.map`)).status()).toBe(404);
  // Nor is one in the build folder that a deploy would upload.
  const outDir = path.resolve(e2eBuildDir("client"));
  const maps = fs.readdirSync(outDir, { recursive: true }).filter((name) => String(name).endsWith(".map"));
  expect(maps).toEqual([]);
});

test("a HEIC photo and voice input work under the CSP (the fixture fails on any violation)", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.addInitScript(() => {
    // Headless Chromium has no speech service: a stand-in that hears one sentence, as a phone would.
    class FakeRecognition extends EventTarget {
      lang = "";
      interimResults = false;
      continuous = false;
      maxAlternatives = 1;
      onresult: ((event: unknown) => void) | null = null;
      onend: (() => void) | null = null;
      onerror: ((event: unknown) => void) | null = null;
      start() {
        setTimeout(() => {
          const result = Object.assign(
            [{ transcript: "a happy robot with a watering can", confidence: 0.9 }],
            {
              isFinal: true,
            },
          );
          this.onresult?.({ resultIndex: 0, results: [result] });
          this.onend?.();
        }, 50);
      }
      stop() {
        this.onend?.();
      }
      abort() {
        this.onend?.();
      }
    }
    Object.assign(window, { SpeechRecognition: FakeRecognition, webkitSpeechRecognition: FakeRecognition });
  });
  await signUp(page, uniqueEmail("csp"));
  await page.getByTestId("file-input").setInputFiles(path.resolve("tests/fixtures/images/cat-chelsea.heic"));
  await expect(page.getByRole("img", { name: "Modified" })).toBeVisible({ timeout: 45_000 });

  await page.goto("/animator");
  await page.getByRole("button", { name: "Voice Input" }).click();
  await expect(page.getByRole("textbox", { name: "Character description" })).toHaveValue(
    "a happy robot with a watering can",
  );
});

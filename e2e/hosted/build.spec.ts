// A hosted build ships no Gemini key: the server's key (in the environment of the very build these
// specs run against) is in no built file, and no page sends or receives it.
import fs from "node:fs";
import path from "node:path";
import { e2eBuildDir } from "../builds.mjs";
import { expect, test } from "../fixtures";
import { HOSTED_SERVER_KEY } from "./server-key";

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

test("the server's Gemini key is in no file of the hosted build", () => {
  const outDir = path.resolve(e2eBuildDir("hosted"));
  const files = filesUnder(outDir);
  expect(files.some((file) => file.endsWith(".js"))).toBe(true);
  const needle = Buffer.from(HOSTED_SERVER_KEY);
  const found = files.filter((file) => fs.readFileSync(file).includes(needle));
  expect(found).toEqual([]);
});

test("no page sends the key or talks to Gemini itself", async ({ page }) => {
  const leaks: string[] = [];
  page.on("request", (request) => {
    const headers = JSON.stringify(request.headers());
    if (request.url().includes(HOSTED_SERVER_KEY) || headers.includes(HOSTED_SERVER_KEY))
      leaks.push(request.url());
    if (new URL(request.url()).hostname.endsWith("googleapis.com")) leaks.push(request.url());
  });
  await page.goto("/auth");
  await expect(page.getByRole("heading", { name: "Login" })).toBeVisible();
  expect(leaks).toEqual([]);
});

#!/usr/bin/env node
// `npm run deploy:headers`: writes the security headers of server/security/headers.mjs into vercel.json
// (the host README's Deploying section uses), from the same source `npm start` sends them from, so
// deploy and start cannot drift. The Content-Security-Policy's script hashes come from a fresh build's
// index.html; connect-src allows the app, Gemini and a hosted Supabase project (VITE_SUPABASE_URL's
// origin when set, else any *.supabase.co). `--check` changes nothing and exits 1 when vercel.json
// differs. e2e/security.spec.ts checks the committed file against the build it tests.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { build } from "vite";
import { root } from "./lib/app-server.mjs";
import {
  connectSources,
  HOSTED_SUPABASE_ORIGINS,
  inlineScriptHashes,
  securityHeaders,
} from "../server/security/headers.mjs";

const check = process.argv.includes("--check");
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), "restyle-deploy-headers-"));
try {
  await build({ root, logLevel: "error", build: { outDir, emptyOutDir: true } });
  const html = fs.readFileSync(path.join(outDir, "index.html"), "utf8");
  const headers = securityHeaders({
    scriptHashes: inlineScriptHashes(html),
    connect: connectSources({
      geminiBaseUrl: process.env.VITE_GEMINI_BASE_URL,
      supabaseUrl: process.env.VITE_SUPABASE_URL || HOSTED_SUPABASE_ORIGINS,
    }),
  });
  const file = path.join(root, "vercel.json");
  const config = JSON.parse(fs.readFileSync(file, "utf8"));
  const entry = { source: "/(.*)", headers: Object.entries(headers).map(([key, value]) => ({ key, value })) };
  const others = (config.headers ?? []).filter((rule) => rule.source !== "/(.*)");
  const next = { ...config, headers: [entry, ...others] };
  const text = `${JSON.stringify(next, null, 2)}\n`;
  if (check) {
    const same = fs.readFileSync(file, "utf8").trim() === text.trim();
    console.log(
      same
        ? "vercel.json has the current security headers."
        : "vercel.json's security headers are out of date: run npm run deploy:headers.",
    );
    process.exitCode = same ? 0 : 1;
  } else {
    fs.writeFileSync(file, text);
    console.log("Wrote the security headers into vercel.json.");
  }
} finally {
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.rmSync(path.join(root, ".sourcemaps", path.basename(outDir)), { recursive: true, force: true });
}

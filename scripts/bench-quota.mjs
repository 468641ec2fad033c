#!/usr/bin/env node
// `npm run bench:quota`: the hosted mode's count under load. Starts the app as `npm start` does with
// AI_MODE=hosted (a fresh database, no Gemini key, so /api/ai forwards to the local preview engine),
// signs up 20 Freemium users and has each fire 10 image requests at /api/ai at once (200 in flight).
// It prints how many results each user got (must be exactly 3), the conversions the database counted
// (exactly 60), how many were lost or counted twice (0), and then the proxy's added latency: the same
// request, one at a time, through /api/ai and straight to the engine at /__local-ai, alternating, in
// this run. Target: the proxy's p50 under 1.2x the engine's. Exits 1 when a target is missed.
// A benchmark, not a test: `npm test` does not run it. Only this machine's loopback is contacted.
import fs from "node:fs";
import sharp from "sharp";
import { freePort, startApp } from "./lib/app-server.mjs";
import { PHOTO_FIXTURE } from "./lib/bench-photo.mjs";
import { median } from "./lib/bench-stats.mjs";
import { LOCAL_PUBLISHABLE_KEY as PUBLISHABLE_KEY } from "../src/config/local-backend.mjs";

const USERS = 20;
const REQUESTS_PER_USER = 10;
const FREEMIUM_LIMIT = 3;
const LATENCY_SAMPLES = 30;
const TARGET_RATIO = 1.2;
const IMAGE_MODEL = "gemini-nano-banana-2.1";

/** A photo as the app sends it: the repository's 12 MP fixture, prepared to 1536 px JPEG. */
async function preparedPhoto() {
  const jpeg = await sharp(fs.readFileSync(PHOTO_FIXTURE))
    .rotate()
    .resize(1536, 1536, { fit: "inside" })
    .jpeg({ quality: 85 })
    .toBuffer();
  return jpeg.toString("base64");
}

function requestBody(photo) {
  return JSON.stringify({
    contents: [
      {
        role: "user",
        parts: [
          { text: "Turn the subject into a cucumber." },
          { inlineData: { mimeType: "image/jpeg", data: photo } },
        ],
      },
    ],
    generationConfig: { responseModalities: ["TEXT", "IMAGE"] },
  });
}

async function signUp(url, label) {
  const email = `quota-${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const response = await fetch(`${url}/auth/v1/signup`, {
    method: "POST",
    headers: { apikey: PUBLISHABLE_KEY, "content-type": "application/json" },
    body: JSON.stringify({ email, password: "correct-horse-42" }),
  });
  const body = await response.json();
  if (!response.ok || !body.access_token)
    throw new Error(`Sign-up failed (${response.status}): ${JSON.stringify(body)}`);
  return { id: body.user.id, token: body.access_token };
}

async function proxied(url, user, body) {
  const started = performance.now();
  const response = await fetch(`${url}/api/ai/v1beta/models/${IMAGE_MODEL}:generateContent`, {
    method: "POST",
    headers: { authorization: `Bearer ${user.token}`, "content-type": "application/json" },
    body,
  });
  const text = await response.text();
  return {
    status: response.status,
    ms: performance.now() - started,
    hasImage: text.includes('"inlineData"'),
  };
}

async function direct(url, body) {
  const started = performance.now();
  const response = await fetch(`${url}/__local-ai/v1beta/models/${IMAGE_MODEL}:generateContent`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
  });
  await response.text();
  if (!response.ok) throw new Error(`The engine answered ${response.status}`);
  return performance.now() - started;
}

/** The user's own usage row, read as the app reads it (their token, row-level security). */
async function countedFor(url, user) {
  const response = await fetch(`${url}/rest/v1/usage?select=used&user_id=eq.${user.id}`, {
    headers: { apikey: PUBLISHABLE_KEY, authorization: `Bearer ${user.token}` },
  });
  const rows = await response.json();
  return rows.reduce((sum, row) => sum + row.used, 0);
}

const port = await freePort();
const app = await startApp({
  port,
  outDir: ".dist-bench-quota",
  log: process.env.BENCH_LOG === "1",
  env: { AI_MODE: "hosted", GEMINI_API_KEY: "" },
});
let failed = false;
try {
  const body = requestBody(await preparedPhoto());
  console.log(
    `Request: one ${Math.round(body.length / 1024)} KB image request; ${USERS} Freemium users x ${REQUESTS_PER_USER} at once`,
  );
  // Warm the engine (sharp loads on its first request) outside the measurements.
  await direct(app.url, body);

  const users = await Promise.all(Array.from({ length: USERS }, (_, i) => signUp(app.url, `u${i}`)));
  const started = performance.now();
  const answers = await Promise.all(
    users.map((user) =>
      Promise.all(Array.from({ length: REQUESTS_PER_USER }, () => proxied(app.url, user, body))),
    ),
  );
  const burstMs = performance.now() - started;

  const results = answers.map(
    (list) => list.filter((answer) => answer.status === 200 && answer.hasImage).length,
  );
  const refused = answers.map((list) => list.filter((answer) => answer.status === 403).length);
  const other = answers.flat().filter((answer) => answer.status !== 200 && answer.status !== 403);
  const counted = await Promise.all(users.map((user) => countedFor(app.url, user)));
  const totalResults = results.reduce((a, b) => a + b, 0);
  const totalCounted = counted.reduce((a, b) => a + b, 0);
  const mismatched = users.filter((_, i) => results[i] !== counted[i]).length;
  const lost = counted.reduce((sum, c, i) => sum + Math.max(0, results[i] - c), 0);
  const double = counted.reduce((sum, c, i) => sum + Math.max(0, c - results[i]), 0);

  console.log(`\nBurst: ${USERS * REQUESTS_PER_USER} requests in ${(burstMs / 1000).toFixed(1)} s`);
  console.log(`Results per user:       ${results.join(" ")}  (each must be ${FREEMIUM_LIMIT})`);
  console.log(`Refused (403) per user: ${refused.join(" ")}`);
  if (other.length) console.log(`Other answers: ${other.map((answer) => answer.status).join(", ")}`);
  console.log(
    `Conversions counted:    ${totalCounted}  (must be ${USERS * FREEMIUM_LIMIT}); results received: ${totalResults}`,
  );
  console.log(
    `Lost: ${lost}, double-counted: ${double}, users whose count differs from their results: ${mismatched}`,
  );
  if (
    results.some((r) => r !== FREEMIUM_LIMIT) ||
    totalCounted !== USERS * FREEMIUM_LIMIT ||
    lost ||
    double ||
    other.length
  ) {
    failed = true;
    console.log("MISSED: every user must get exactly 3 results and exactly 3 counted.");
  }

  // Latency: the same request, one at a time, alternating between the proxy and the engine itself.
  const latencyUsers = await Promise.all(
    Array.from({ length: Math.ceil(LATENCY_SAMPLES / FREEMIUM_LIMIT) }, (_, i) => signUp(app.url, `l${i}`)),
  );
  const viaProxy = [];
  const viaEngine = [];
  for (let i = 0; i < LATENCY_SAMPLES; i += 1) {
    const user = latencyUsers[Math.floor(i / FREEMIUM_LIMIT)];
    const first = i % 2 === 0;
    if (first) viaEngine.push(await direct(app.url, body));
    const answer = await proxied(app.url, user, body);
    if (answer.status !== 200) throw new Error(`A latency sample answered ${answer.status}`);
    viaProxy.push(answer.ms);
    if (!first) viaEngine.push(await direct(app.url, body));
  }
  const ratio = median(viaProxy) / median(viaEngine);
  console.log(`\nLatency, ${LATENCY_SAMPLES} requests each, one at a time:`);
  console.log(`  engine directly: p50 ${median(viaEngine).toFixed(0)} ms`);
  console.log(`  through /api/ai: p50 ${median(viaProxy).toFixed(0)} ms (auth, rate limit, reserve, commit)`);
  console.log(`  overhead: ${ratio.toFixed(2)}x (target under ${TARGET_RATIO}x)`);
  if (ratio >= TARGET_RATIO) {
    failed = true;
    console.log("MISSED: the proxy's p50 overhead target.");
  }
} finally {
  await app.stop();
  fs.rmSync(app.outDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);

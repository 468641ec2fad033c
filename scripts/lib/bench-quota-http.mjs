// bench-quota's calls, as the app and the proxy make them: a photo prepared as the app sends it, an image
// request in Gemini's shape, sign-ups, a call through /api/ai and one straight to the local engine.
import fs from "node:fs";
import http from "node:http";
import sharp from "sharp";
import { PHOTO_FIXTURE } from "./bench-photo.mjs";
import { LOCAL_PUBLISHABLE_KEY as PUBLISHABLE_KEY } from "../../src/config/local-backend.mjs";

export { PUBLISHABLE_KEY };

export const IMAGE_MODEL = "gemini-nano-banana-2.1";
const PASSWORD = "correct-horse-42";
/** Sign-ups at once: each hashes a password, on a machine of 2 cores. */
const SIGN_UP_CONCURRENCY = 8;

/** The repository's 12 MP fixture prepared as the app prepares a photo: at most `size` px, JPEG, base64. */
export async function preparedPhoto(size) {
  const jpeg = await sharp(fs.readFileSync(PHOTO_FIXTURE))
    .rotate()
    .resize(size, size, { fit: "inside" })
    .jpeg({ quality: 85 })
    .toBuffer();
  return jpeg.toString("base64");
}

/** An image request as the app's style tools send it. */
export function requestBody(photo, prompt = "Turn the subject into a cucumber.") {
  return JSON.stringify({
    contents: [
      {
        role: "user",
        parts: [{ text: prompt }, { inlineData: { mimeType: "image/jpeg", data: photo } }],
      },
    ],
    generationConfig: { responseModalities: ["TEXT", "IMAGE"] },
  });
}

/** A new Freemium user, signed in: `{ id, token }`. */
export async function signUp(url, label) {
  const email = `quota-${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const response = await fetch(`${url}/auth/v1/signup`, {
    method: "POST",
    headers: { apikey: PUBLISHABLE_KEY, "content-type": "application/json" },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const body = await response.json();
  if (!response.ok || !body.access_token)
    throw new Error(`Sign-up failed (${response.status}): ${JSON.stringify(body)}`);
  return { id: body.user.id, token: body.access_token };
}

/** `count` users, a few sign-ups at a time, in order. */
export async function signUpMany(url, label, count) {
  const users = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next;
      next += 1;
      users[i] = await signUp(url, `${label}${i}`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(SIGN_UP_CONCURRENCY, count) }, worker));
  return users;
}

/**
 * A POST with Node's own HTTP client through `agent`, which caps the connections it opens: `{ status,
 * text }`. For the load part, where fetch would open one connection per request: 2000 at once overflow
 * the server's listen queue (Node's default backlog, 511) and the kernel resets some of them.
 */
function postThrough(agent, url, headers, body) {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: "POST", agent, headers: { ...headers, "content-length": Buffer.byteLength(body) } },
      (response) => {
        const chunks = [];
        response.on("data", (chunk) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode, text: Buffer.concat(chunks).toString("utf8") }),
        );
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

/** An HTTP client that keeps at most `sockets` connections open; the other requests wait their turn. */
export function cappedAgent(sockets) {
  return new http.Agent({ keepAlive: true, maxSockets: sockets });
}

/**
 * POST /api/ai with the user's session (or any `token`): status, time to the whole answer, image or
 * not. Through `agent` when given (lib/bench-quota's load part), else with fetch.
 */
export async function proxiedCall(url, user, body, { token = user.token, agent } = {}) {
  const target = `${url}/api/ai/v1beta/models/${IMAGE_MODEL}:generateContent`;
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  const started = performance.now();
  let status;
  let text;
  if (agent) ({ status, text } = await postThrough(agent, target, headers, body));
  else {
    const response = await fetch(target, { method: "POST", headers, body });
    status = response.status;
    text = await response.text();
  }
  return {
    status,
    ms: performance.now() - started,
    hasImage: status === 200 && text.includes('"inlineData"'),
  };
}

/** The same request straight to the local engine: the time to its whole answer. */
export async function directCall(url, body) {
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

/** The size of the engine's answer to `body`, in bytes. */
export async function answerSize(url, body) {
  const response = await fetch(`${url}/__local-ai/v1beta/models/${IMAGE_MODEL}:generateContent`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
  });
  return (await response.arrayBuffer()).byteLength;
}

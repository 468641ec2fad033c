/**
 * The local preview engine's entry points: answers Gemini's `generateContent` and
 * `streamGenerateContent?alt=sse` REST calls (same request and response shapes, same error body) so the
 * app's real Gemini client works against it unchanged, offline and without a key. Web-standard:
 * `(request: Request) => Promise<Response>`; server/local-ai/plugin.ts mounts it in `vite` and
 * `vite preview`. Never part of the browser bundle. Reading the request is request.ts, what to answer
 * answer.ts, Gemini's answer shapes response.ts.
 */
import { readBodyCapped, TOO_LARGE } from "../../api/_lib/http.ts";
import { LOCAL_ENGINE_PATH } from "../../src/config/local-engine.ts";
import { prepareAnswer } from "./answer.ts";
import { InputImageError } from "./image.ts";
import { CallerGoneError, SerialQueue } from "./queue.ts";
import { BadRequest, checkImageSizes, parseRequest } from "./request.ts";
import { errorResponse, streamed, TROUBLESHOOTING } from "./response.ts";

export { MAX_IMAGE_PIXELS, MAX_IMAGES } from "./request.ts";
export { MODEL_VERSION, STREAM_GAP_MS } from "./response.ts";

/** Requests with a larger body are refused with 413. */
export const MAX_BODY_BYTES = 20 * 1024 * 1024;

/**
 * The engine renders one request at a time, in arrival order: the rest wait their turn (their body
 * already read and checked, so a bad request is answered at once, not after the queue). One whose caller
 * goes away while waiting is never processed. Exported so tests can see who is waiting.
 */
export const processingQueue = new SerialQueue();

const GENERATE_PATH = /^\/v1(?:beta|alpha)?\/models\/([^/:]+):generateContent$/;
const STREAM_PATH = /^\/v1(?:beta|alpha)?\/models\/([^/:]+):streamGenerateContent$/;

const invalid = (message: string) => errorResponse(400, "INVALID_ARGUMENT", message);

function modelFromUrl(url: string, path = GENERATE_PATH): string | undefined {
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(url).pathname);
  } catch {
    return undefined;
  }
  if (pathname.startsWith(LOCAL_ENGINE_PATH)) pathname = pathname.slice(LOCAL_ENGINE_PATH.length);
  return path.exec(pathname)?.[1];
}

/** The model of a `:streamGenerateContent?alt=sse` call (the only streaming form the engine answers). */
function streamModelFromUrl(url: string): string | undefined {
  try {
    if (new URL(url).searchParams.get("alt") !== "sse") return undefined;
  } catch {
    return undefined;
  }
  return modelFromUrl(url, STREAM_PATH);
}

/** The marker that makes the engine fail on purpose, when LOCAL_AI_FAULTS=1 (see injectedFault). */
export const FAULT_MARKER = "[local-ai:fail-500]";

/**
 * A failure on request, for end-to-end tests of what a failing AI costs the user: with
 * LOCAL_AI_FAULTS=1 in the server's environment (never set by `npm start` or `npm run dev` on their own),
 * a prompt containing FAULT_MARKER gets Gemini's 500 INTERNAL answer. Otherwise null.
 */
function injectedFault(prompt: string): Response | null {
  if (process.env.LOCAL_AI_FAULTS !== "1" || !prompt.includes(FAULT_MARKER)) return null;
  return errorResponse(500, "INTERNAL", `An internal error has occurred. ${TROUBLESHOOTING}`);
}

/** The request's JSON body, or the answer refusing it (403 cross-site, 405, 413, 400 not JSON). */
async function readPayload(request: Request): Promise<{ payload: unknown } | Response> {
  if (request.method !== "POST") {
    return errorResponse(405, "METHOD_NOT_ALLOWED", `Method ${request.method} is not allowed. Use POST.`, {
      allow: "POST",
    });
  }
  // Same-origin only: the app calls from its own origin; a page elsewhere gets no way in (and no
  // CORS headers are ever sent, so a cross-origin script could not read an answer anyway).
  if (request.headers.get("sec-fetch-site") === "cross-site") {
    return errorResponse(403, "PERMISSION_DENIED", "The local preview engine only answers its own origin.");
  }
  // Released past the cap, not cancelled: the body streams from the socket, and the 413 must arrive.
  const body = await readBodyCapped(request, MAX_BODY_BYTES, { overflow: "release" });
  if (body === TOO_LARGE) {
    return errorResponse(
      413,
      "INVALID_ARGUMENT",
      `Request payload size exceeds the limit: ${MAX_BODY_BYTES} bytes.`,
    );
  }
  try {
    return { payload: JSON.parse(new TextDecoder().decode(body)) };
  } catch (error) {
    const detail = error instanceof Error ? error.message : "Unexpected token.";
    return invalid(`Invalid JSON payload received. ${detail}`);
  }
}

/**
 * `POST .../v1beta/models/{model}:generateContent`. Never throws: every failure becomes a Gemini error
 * body (400 for a bad request, an unreadable image, more than MAX_IMAGES images or one over
 * MAX_IMAGE_PIXELS, an x-cucumber-tool-input that is not encoded JSON of an object or is too long, or a
 * tool input its handler refuses; 405, 413, 499 when the caller went away while waiting its turn in
 * processingQueue, 500 for anything unexpected). Renders one request at a time (processingQueue).
 */
export async function handleGenerateContent(request: Request): Promise<Response> {
  try {
    const read = await readPayload(request);
    if (read instanceof Response) return read;
    const model = modelFromUrl(request.url) ?? streamModelFromUrl(request.url) ?? "";
    const parsed = parseRequest(read.payload, model, request.headers);
    await checkImageSizes(parsed.images);
    const fault = injectedFault(parsed.prompt);
    if (fault) return fault;
    // The tool's input is read before the request waits its turn: a bad one is refused at once.
    const respond = prepareAnswer(parsed);
    return await processingQueue.run(respond, request.signal);
  } catch (error) {
    if (error instanceof BadRequest) return invalid(error.message);
    // Nobody is listening any more; Google's status for a call its client cancelled.
    if (error instanceof CallerGoneError)
      return errorResponse(499, "CANCELLED", "The request was cancelled.");
    if (error instanceof InputImageError) return invalid(`Unable to process input image. ${TROUBLESHOOTING}`);
    console.error("[local-ai] generateContent failed:", error);
    return errorResponse(500, "INTERNAL", `An internal error has occurred. ${TROUBLESHOOTING}`);
  }
}

/**
 * `POST .../models/{model}:streamGenerateContent?alt=sse`: the same answer as generateContent, sent as
 * `text/event-stream` events a little apart. Every error comes before the stream, as a plain Gemini
 * error body with its status (like Gemini's own errors before a stream starts).
 */
export async function handleStreamGenerateContent(request: Request): Promise<Response> {
  const whole = await handleGenerateContent(request);
  return whole.status === 200 ? streamed(whole) : whole;
}

/** Everything under LOCAL_ENGINE_PATH: generateContent, streamGenerateContent?alt=sse, or Gemini's 404. */
export async function handleLocalAiRequest(request: Request): Promise<Response> {
  if (modelFromUrl(request.url) !== undefined) return handleGenerateContent(request);
  if (streamModelFromUrl(request.url) !== undefined) return handleStreamGenerateContent(request);
  const path = (() => {
    try {
      return new URL(request.url).pathname;
    } catch {
      return request.url;
    }
  })();
  return errorResponse(
    404,
    "NOT_FOUND",
    `The local preview engine answers POST ${LOCAL_ENGINE_PATH}/v1beta/models/{model}:generateContent and :streamGenerateContent?alt=sse only (got ${path}).`,
  );
}

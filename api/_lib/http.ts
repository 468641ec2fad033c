/**
 * The HTTP pieces every api/ handler shares: JSON answers in one shape (`{ error }` for a refusal),
 * the caller's bearer token, the content-type check and a body reader that stops at a size cap.
 * Web-standard only (Request, Response, streams), so a handler runs unchanged as a serverless function.
 * Files under api/_lib are not routes (serverless hosts skip names starting with "_").
 */

export type Env = Record<string, string | undefined>;

/** A Retry-After value: whole seconds, at least 1, from a wait in milliseconds. */
export function retryAfterSeconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

/** The refusals every handler words the same way. */
export const HTTP_MESSAGES = {
  methodNotAllowed: "Only POST is allowed here.",
  unsupportedMediaType: "The request body must be JSON (Content-Type: application/json).",
  tooLarge: "The request is too large.",
  notJson: "The request body must be JSON.",
  notAnObject: "The request body must be a JSON object.",
} as const;

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers },
  });
}

/** A refusal: `{ error }`, never cached. */
export const fail = (status: number, error: string, headers?: Record<string, string>) =>
  json(status, { error }, headers);

export function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/** The runtime's environment variables, where it has any (Node, Bun, Deno's process shim). */
export function processEnv(): Env {
  return (globalThis as { process?: { env?: Env } }).process?.env ?? {};
}

/** The bearer token of the Authorization header, if there is one. */
export function bearerToken(request: Request): string | null {
  const match = /^Bearer[ \t]+([^\s]+)[ \t]*$/i.exec(request.headers.get("authorization") ?? "");
  return match ? match[1] : null;
}

export function isJsonContentType(value: string | null): boolean {
  const mediaType = value?.split(";")[0].trim().toLowerCase();
  return mediaType === "application/json";
}

/** What readBodyCapped answers for a body past its cap. */
export const TOO_LARGE = Symbol("too large");

export type ReadBodyOptions = {
  /**
   * What becomes of the rest of a body past the cap. "cancel" (the default) cancels the stream: right
   * for a handler that the runtime gives the request, so the upload is not read for nothing. "release"
   * only stops reading: right where the body streams from Node's own socket (server/lib/node-web.ts),
   * where cancelling destroys Node's request (aborted, cut from its socket) before the 413 is written;
   * released, the request stays whole and Node drops the rest of the body once the answer is sent.
   */
  overflow?: "cancel" | "release";
};

/** Reads the body, giving up as soon as it passes maxBytes (Content-Length is only a first hint). */
export async function readBodyCapped(
  request: Request,
  maxBytes: number,
  { overflow = "cancel" }: ReadBodyOptions = {},
): Promise<Uint8Array<ArrayBuffer> | typeof TOO_LARGE> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (Number.isFinite(declared) && declared > maxBytes) return TOO_LARGE;
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      if (overflow === "release") reader.releaseLock();
      else await reader.cancel().catch(() => undefined);
      return TOO_LARGE;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

export type JsonBody = { ok: true; body: unknown } | { ok: false; response: Response };

export type JsonBodyMessages = { unsupportedMediaType: string; tooLarge: string; notJson: string };

/**
 * The request's JSON body, or the refusal to answer: 415 when it is not declared as JSON, 413 past
 * maxBytes, 400 when it is not valid UTF-8 JSON (or the stream broke).
 */
export async function readJsonBody(
  request: Request,
  maxBytes: number,
  messages: JsonBodyMessages,
): Promise<JsonBody> {
  if (!isJsonContentType(request.headers.get("content-type"))) {
    return { ok: false, response: fail(415, messages.unsupportedMediaType) };
  }
  let bytes: Uint8Array | typeof TOO_LARGE;
  try {
    bytes = await readBodyCapped(request, maxBytes);
  } catch {
    // The client went away or sent a broken body stream.
    return { ok: false, response: fail(400, messages.notJson) };
  }
  if (bytes === TOO_LARGE) return { ok: false, response: fail(413, messages.tooLarge) };
  try {
    return { ok: true, body: JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes)) };
  } catch {
    return { ok: false, response: fail(400, messages.notJson) };
  }
}

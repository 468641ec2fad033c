/**
 * POST /api/submit-support: files one support request for the signed-in caller.
 *
 * A web-standard handler, `(request: Request) => Promise<Response>`, so it runs unchanged as a
 * serverless function under /api/* on the app's origin (Vercel, Netlify Functions, Cloudflare Pages
 * Functions with nodejs_compat, Deno Deploy...) and, locally, inside `npm run dev` and `npm start`
 * through the Vite plugin in server/api/plugin.ts.
 *
 * Request: `Authorization: Bearer <the caller's Supabase access token>`, `Content-Type: application/json`,
 * body `{ name, email, issueType, description }` of at most MAX_BODY_BYTES. Unknown fields are ignored;
 * in particular a `user_id` in the body is never used: the row belongs to the user the token names.
 *
 * Answers (always JSON, never cached):
 *   201 { ok: true, id }            the request was stored
 *   400 { error }                   not JSON, or a field is missing or invalid (the message names it)
 *   401 { error }                   no token, or a token the auth server does not accept
 *   405 { error } + Allow: POST     any method but POST
 *   413 { error }                   the body is larger than MAX_BODY_BYTES
 *   415 { error }                   the body is not declared as application/json
 *   403/500/502 { error }           the database or the auth server refused or failed
 *                                   ("Failed to submit support request", SPEC 7.3)
 *
 * The database is reached with supabase-js and the CALLER's token, never a service key, so row-level
 * security decides exactly as it does for the browser app (support_requests: insert/select own rows).
 *
 * Which Supabase project (read from the function's environment, server-side names first):
 *   SUPABASE_URL (else VITE_SUPABASE_URL) and SUPABASE_PUBLISHABLE_KEY (else
 *   VITE_SUPABASE_PUBLISHABLE_KEY): the hosted project, the same one the built app talks to.
 *   Neither URL set: the local backend, which `npm run dev` and `npm start` serve on the app's own
 *   origin (the request's origin) with the local publishable key of supabase/config.toml.
 *   A URL without a publishable key is a misconfiguration: 500, and the log says which variable is missing.
 *
 * Deploying: besides @supabase/supabase-js, a Node runtime older than 22 (no global WebSocket) needs the
 * `ws` package at run time; supabase-js wants a WebSocket class even though realtime is never used.
 */
import { createClient, isAuthApiError, type SupabaseClientOptions } from "@supabase/supabase-js";

/** The publishable key of the local backend (supabase/config.toml). Local-only; public by design. */
export const LOCAL_PUBLISHABLE_KEY = "sb_publishable_local_restyle_ai_dev_only";

/** Room for 5000 characters of any kind, JSON-escaped, plus the other fields. */
export const MAX_BODY_BYTES = 32 * 1024;
export const MAX_NAME_LENGTH = 100;
export const MAX_EMAIL_LENGTH = 254;
/** support_requests.description: 1..5000 characters (Postgres counts code points), not blank. */
export const MAX_DESCRIPTION_LENGTH = 5000;
export const ISSUE_TYPES = ["Technical Issue", "Billing Question", "Feature Request", "Other"] as const;
export type IssueType = (typeof ISSUE_TYPES)[number];

/** How long one call to Supabase (auth or REST) may take before the request fails. */
const SUPABASE_TIMEOUT_MS = 10_000;

export const MESSAGES = {
  methodNotAllowed: "Only POST is allowed here.",
  unsupportedMediaType: "The request body must be JSON (Content-Type: application/json).",
  tooLarge: "The request is too large.",
  notJson: "The request body must be JSON.",
  notAnObject: "The request body must be a JSON object.",
  name: `The name must be text of at most ${MAX_NAME_LENGTH} characters.`,
  email: "Please provide a valid email address.",
  issueType: `The issue type must be one of: ${ISSUE_TYPES.join(", ")}.`,
  descriptionBlank: "Please provide a description of your issue",
  descriptionTooLong: `The description must be at most ${MAX_DESCRIPTION_LENGTH} characters.`,
  descriptionUnstorable: "The description contains characters that cannot be stored.",
  unauthorized: "Please log in to contact support.",
  failed: "Failed to submit support request",
} as const;

export type SupabaseTarget = { url: string; publishableKey: string };

export type SubmitSupportDeps = {
  /** The Supabase project to file the request in. */
  target: SupabaseTarget;
  /** The fetch supabase-js uses (tests pass a fake); the global fetch by default. */
  fetch?: typeof fetch;
};

export type SupportRequestInput = {
  name: string;
  email: string;
  issueType: IssueType;
  description: string;
};

type Database = {
  public: {
    Tables: {
      support_requests: {
        Row: { id: string; user_id: string; description: string; type: string; created_at: string };
        Insert: { id?: string; user_id: string; description: string; type?: string; created_at?: string };
        Update: { id?: string; user_id?: string; description?: string; type?: string; created_at?: string };
        Relationships: [];
      };
    };
    Views: { [_ in never]: never };
    Functions: { [_ in never]: never };
    Enums: { [_ in never]: never };
    CompositeTypes: { [_ in never]: never };
  };
};

type RealtimeTransport = NonNullable<NonNullable<SupabaseClientOptions<"public">["realtime"]>["transport"]>;
type Env = Record<string, string | undefined>;

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers },
  });
}

const fail = (status: number, error: string, headers?: Record<string, string>) =>
  json(status, { error }, headers);

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/** The runtime's environment variables, where it has any (Node, Bun, Deno's process shim). */
function processEnv(): Env {
  return (globalThis as { process?: { env?: Env } }).process?.env ?? {};
}

/**
 * The Supabase project for a request (see the top of this file), or null when the environment names a
 * URL without a publishable key.
 */
export function supabaseTargetFor(request: Request, env: Env = processEnv()): SupabaseTarget | null {
  const url = nonEmpty(env.SUPABASE_URL) ?? nonEmpty(env.VITE_SUPABASE_URL);
  const key = nonEmpty(env.SUPABASE_PUBLISHABLE_KEY) ?? nonEmpty(env.VITE_SUPABASE_PUBLISHABLE_KEY);
  if (url) return key ? { url, publishableKey: key } : null;
  return { url: new URL(request.url).origin, publishableKey: key ?? LOCAL_PUBLISHABLE_KEY };
}

/** The bearer token of the Authorization header, if there is one. */
function bearerToken(request: Request): string | null {
  const match = /^Bearer[ \t]+([^\s]+)[ \t]*$/i.exec(request.headers.get("authorization") ?? "");
  return match ? match[1] : null;
}

function isJsonContentType(value: string | null): boolean {
  const mediaType = value?.split(";")[0].trim().toLowerCase();
  return mediaType === "application/json";
}

const TOO_LARGE = Symbol("too large");

/** Reads the body, giving up as soon as it passes maxBytes (Content-Length is only a first hint). */
async function readBodyCapped(request: Request, maxBytes: number): Promise<Uint8Array | typeof TOO_LARGE> {
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
      await reader.cancel().catch(() => undefined);
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

const EMAIL_SHAPE = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** Lone UTF-16 surrogates and NUL cannot be stored in a Postgres text column. */
function hasUnstorableCharacters(value: string): boolean {
  return /\p{Cs}/u.test(value) || value.includes("\u0000");
}

function isIssueType(value: unknown): value is IssueType {
  return typeof value === "string" && (ISSUE_TYPES as readonly string[]).includes(value);
}

/** Checks the parsed body; the message of the first problem, or the cleaned-up input. */
export function validateSupportRequest(body: unknown): { input: SupportRequestInput } | { error: string } {
  if (typeof body !== "object" || body === null || Array.isArray(body))
    return { error: MESSAGES.notAnObject };
  const { name, email, issueType, description } = body as Record<string, unknown>;

  if (typeof name !== "string" || name.trim().length > MAX_NAME_LENGTH) return { error: MESSAGES.name };
  if (typeof email !== "string") return { error: MESSAGES.email };
  const trimmedEmail = email.trim();
  if (trimmedEmail.length > MAX_EMAIL_LENGTH || !EMAIL_SHAPE.test(trimmedEmail)) {
    return { error: MESSAGES.email };
  }
  if (!isIssueType(issueType)) return { error: MESSAGES.issueType };
  if (typeof description !== "string" || description.trim() === "")
    return { error: MESSAGES.descriptionBlank };
  const trimmedDescription = description.trim();
  if (hasUnstorableCharacters(trimmedDescription)) return { error: MESSAGES.descriptionUnstorable };
  // Code points, as Postgres' char_length counts them (an emoji is one character, two UTF-16 units).
  if ([...trimmedDescription].length > MAX_DESCRIPTION_LENGTH) return { error: MESSAGES.descriptionTooLong };

  return {
    input: { name: name.trim(), email: trimmedEmail, issueType, description: trimmedDescription },
  };
}

/** Node 20 has no global WebSocket; supabase-js needs a class at createClient even without realtime. */
async function webSocketTransport(): Promise<RealtimeTransport> {
  if (typeof globalThis.WebSocket === "function") return globalThis.WebSocket as RealtimeTransport;
  const { default: WebSocket } = await import("ws");
  // `ws` differs from the DOM-shaped WebSocketLike only in the event classes of its on* handlers.
  return WebSocket as unknown as RealtimeTransport;
}

function withTimeout(fetchImpl: typeof fetch): typeof fetch {
  return (input, init) => {
    const timeout = AbortSignal.timeout(SUPABASE_TIMEOUT_MS);
    const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    return fetchImpl(input, { ...init, signal });
  };
}

async function clientFor(target: SupabaseTarget, token: string, fetchImpl: typeof fetch) {
  return createClient<Database>(target.url, target.publishableKey, {
    global: { headers: { Authorization: `Bearer ${token}` }, fetch: withTimeout(fetchImpl) },
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: await webSocketTransport() },
  });
}

/** The handler with its Supabase project (and fetch) passed in; see the top of this file. */
export async function handleSubmitSupport(request: Request, deps: SubmitSupportDeps): Promise<Response> {
  if (request.method !== "POST") return fail(405, MESSAGES.methodNotAllowed, { allow: "POST" });

  const token = bearerToken(request);
  if (!token) return fail(401, MESSAGES.unauthorized);

  if (!isJsonContentType(request.headers.get("content-type"))) {
    return fail(415, MESSAGES.unsupportedMediaType);
  }

  let bytes: Uint8Array | typeof TOO_LARGE;
  try {
    bytes = await readBodyCapped(request, MAX_BODY_BYTES);
  } catch {
    // The client went away or sent a broken body stream.
    return fail(400, MESSAGES.notJson);
  }
  if (bytes === TOO_LARGE) return fail(413, MESSAGES.tooLarge);

  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    return fail(400, MESSAGES.notJson);
  }

  const validation = validateSupportRequest(body);
  if ("error" in validation) return fail(400, validation.error);
  const { issueType, description } = validation.input;

  try {
    const supabase = await clientFor(deps.target, token, deps.fetch ?? fetch);

    // Asks the auth server, so an expired, revoked or forged token is refused here.
    const { data: userData, error: userError } = await supabase.auth.getUser(token);
    if (userError || !userData.user) {
      if (!userError || (isAuthApiError(userError) && userError.status >= 400 && userError.status < 500)) {
        return fail(401, MESSAGES.unauthorized);
      }
      console.error("[api/submit-support] the auth server failed:", userError.status, userError.message);
      return fail(502, MESSAGES.failed);
    }

    // Exactly one row, owned by the caller; row-level security checks user_id against the token.
    const { data, error } = await supabase
      .from("support_requests")
      .insert({ user_id: userData.user.id, description, type: issueType })
      .select("id")
      .single();
    if (error || !data) {
      // Code and message only: the details of a refused row may quote the description.
      console.error("[api/submit-support] the insert failed:", error?.code, error?.message);
      return fail(error?.code === "42501" ? 403 : 500, MESSAGES.failed);
    }
    return json(201, { ok: true, id: data.id });
  } catch (error) {
    console.error("[api/submit-support]", error instanceof Error ? error.message : String(error));
    return fail(500, MESSAGES.failed);
  }
}

/** The deployed entry point: the Supabase project comes from the environment (see above). */
export default async function handler(request: Request): Promise<Response> {
  const target = supabaseTargetFor(request);
  if (!target) {
    console.error(
      "[api/submit-support] SUPABASE_URL is set but SUPABASE_PUBLISHABLE_KEY (or VITE_SUPABASE_PUBLISHABLE_KEY) is not.",
    );
    return fail(500, MESSAGES.failed);
  }
  return handleSubmitSupport(request, { target });
}

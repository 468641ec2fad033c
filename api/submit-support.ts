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
 *   429 { error } + Retry-After     more than RATE_LIMIT.max requests from this user in the current
 *                                   window (nothing is stored)
 *   403/500/502 { error }           the database or the auth server refused or failed, or no secret key
 *                                   is configured (the log names the variable)
 *                                   ("Failed to submit support request", SPEC 7.3)
 *
 * In order: the method, the secret key being configured, the token's presence, the body and its
 * fields, the token verified with the auth server, the caller's rate limit (RATE_LIMIT, counted in the
 * database by `hit_rate_limit` with the server's secret key, so every server instance shares it), then
 * the insert. Only a valid request from a verified caller counts against the limit.
 *
 * The row is inserted with the server's role, only here and only after the rate limit let the request
 * through: the browser roles may read their own requests but write none (supabase/migrations/
 * 20261127000000_real_server_fixes.sql), so the limit cannot be walked around by posting to
 * /rest/v1/support_requests directly. The row's user_id is the one the auth server named for the token,
 * never anything from the body; id and created_at take their defaults.
 *
 * Which Supabase project: configuration only, never the request's Host (api/_lib/supabase.ts). A
 * misconfiguration answers 500, and the log says which variable is missing.
 */
import { fail, json, readJsonBody, HTTP_MESSAGES } from "./_lib/http.ts";
import { admitCaller, openGate, type Gate } from "./_lib/gate.ts";
import { supabaseTarget, type SupabaseTarget } from "./_lib/supabase.ts";
// Relative paths, not "@/": vite.config.ts bundles api/ for the dev and start servers without the alias.
import {
  isIssueType,
  ISSUE_TYPES,
  SUPPORT_DESCRIPTION_MAX_LENGTH,
  type SupportReceipt,
  type SupportRequest,
} from "../src/config/support.ts";

export type { SupabaseTarget } from "./_lib/supabase.ts";

/** Room for 5000 characters of any kind, JSON-escaped, plus the other fields. */
export const MAX_BODY_BYTES = 32 * 1024;
export const MAX_NAME_LENGTH = 100;
export const MAX_EMAIL_LENGTH = 254;

/**
 * Support requests per user and window, counted in the database (shared by every server instance).
 * Someone writing to support sends one request, perhaps a correction or a follow-up soon after: 5 in
 * 10 minutes never stands in their way, while a script (which can post dozens a second) files at
 * most 5 rows per 10 minutes per account instead of flooding the support queue. The windows are fixed
 * (hit_rate_limit), so a burst across a window boundary may reach 10; still bounded.
 */
export const RATE_LIMIT = { bucket: "support", max: 5, windowSeconds: 10 * 60 } as const;

export const MESSAGES = {
  ...HTTP_MESSAGES,
  name: `The name must be text of at most ${MAX_NAME_LENGTH} characters.`,
  email: "Please provide a valid email address.",
  issueType: `The issue type must be one of: ${ISSUE_TYPES.join(", ")}.`,
  descriptionBlank: "Please provide a description of your issue",
  descriptionTooLong: `The description must be at most ${SUPPORT_DESCRIPTION_MAX_LENGTH} characters.`,
  descriptionUnstorable: "The description contains characters that cannot be stored.",
  unauthorized: "Please log in to contact support.",
  tooManyRequests: "Too many support requests. Please wait a few minutes and try again.",
  failed: "Failed to submit support request",
} as const;

export type SubmitSupportDeps = {
  /** The Supabase project to file the request in (with its secret key, for the rate limit). */
  target: SupabaseTarget;
  /** The fetch supabase-js uses (tests pass a fake); the global fetch by default. */
  fetch?: typeof fetch;
  /** Requests allowed per user and window; RATE_LIMIT by default (tests change it). */
  rateLimit?: { max: number; windowSeconds: number };
};

const GATE: Gate = {
  label: "api/submit-support",
  withoutSecretKey: "support requests cannot be rate-limited, so none are taken",
  messages: {
    unauthorized: MESSAGES.unauthorized,
    tooMany: MESSAGES.tooManyRequests,
    failed: MESSAGES.failed,
  },
};

const EMAIL_SHAPE = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** Lone UTF-16 surrogates and NUL cannot be stored in a Postgres text column. */
function hasUnstorableCharacters(value: string): boolean {
  return /\p{Cs}/u.test(value) || value.includes("\u0000");
}

/** Checks the parsed body; the message of the first problem, or the cleaned-up input. */
export function validateSupportRequest(body: unknown): { input: SupportRequest } | { error: string } {
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
  if ([...trimmedDescription].length > SUPPORT_DESCRIPTION_MAX_LENGTH) {
    return { error: MESSAGES.descriptionTooLong };
  }

  return {
    input: { name: name.trim(), email: trimmedEmail, issueType, description: trimmedDescription },
  };
}

/** The handler with its Supabase project (and fetch) passed in; see the top of this file. */
export async function handleSubmitSupport(request: Request, deps: SubmitSupportDeps): Promise<Response> {
  const open = openGate(request, deps.target, GATE);
  if (!open.ok) return open.response;

  const read = await readJsonBody(request, MAX_BODY_BYTES, MESSAGES);
  if (!read.ok) return read.response;

  const validation = validateSupportRequest(read.body);
  if ("error" in validation) return fail(400, validation.error);
  const { issueType, description } = validation.input;

  try {
    const fetchImpl = deps.fetch ?? fetch;
    // The secret key counts the rate limit (hit_rate_limit is service_role only); the row is still
    // inserted with the caller's token below.
    const limit = { ...(deps.rateLimit ?? RATE_LIMIT), bucket: RATE_LIMIT.bucket };
    const admitted = await admitCaller(deps.target, open.token, fetchImpl, limit, GATE);
    if (!admitted.ok) return admitted.response;

    // Exactly one row, owned by the caller the auth server named.
    const { data, error } = await admitted.db
      .from("support_requests")
      .insert({ user_id: admitted.user.id, description, type: issueType })
      .select("id")
      .single();
    if (error || !data) {
      // Code and message only: the details of a refused row may quote the description.
      console.error("[api/submit-support] the insert failed:", error?.code, error?.message);
      return fail(error?.code === "42501" ? 403 : 500, MESSAGES.failed);
    }
    return json(201, { ok: true, id: data.id } satisfies SupportReceipt);
  } catch (error) {
    console.error("[api/submit-support]", error instanceof Error ? error.message : String(error));
    return fail(500, MESSAGES.failed);
  }
}

/** The deployed entry point: the Supabase project comes from configuration (api/_lib/supabase.ts). */
async function handle(request: Request): Promise<Response> {
  const target = supabaseTarget();
  if (!target.ok) {
    console.error(`[api/submit-support] ${target.problem}`);
    return fail(500, MESSAGES.failed);
  }
  return handleSubmitSupport(request, { target: target.target });
}

/**
 * The entry point as serverless hosts load it: `export default { fetch }` gets a web-standard Request
 * on Vercel (a default-exported function would get Node's req/res instead), Netlify, Cloudflare, Deno
 * and Bun; server/api/plugin.ts calls the same `fetch` in dev and start.
 */
export default { fetch: handle };

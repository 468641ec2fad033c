/**
 * A POST to one of the app's own handlers (api/: /api/checkout, /api/submit-support) with the signed-in
 * user's access token, as every handler expects (`Authorization: Bearer`), and its JSON answer. The
 * handlers refuse in one shape, `{ error }`, read here as `error`.
 */
import { getSupabase } from "@/lib/supabase";

/** A handler's answer: its status and JSON body, and its own `{ error }` text. */
export type ApiAnswer = {
  status: number;
  ok: boolean;
  /** The answer's JSON object ({} when it sent none or something else). */
  body: Record<string, unknown>;
  /** The server's own `{ error }` text, when it sent one. */
  error: string | null;
};

/** No answer came: `signedOut` when there was no session to send, else the network (or auth) failed. */
export class ApiRequestError extends Error {
  readonly signedOut: boolean;
  constructor(signedOut: boolean, options?: ErrorOptions) {
    super(signedOut ? "You are signed out. Please log in again." : "The request could not be sent", options);
    this.name = "ApiRequestError";
    this.signedOut = signedOut;
  }
}

async function readJson(response: Response): Promise<Record<string, unknown>> {
  try {
    const body: unknown = await response.json();
    return typeof body === "object" && body !== null && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** POSTs `body` as JSON to `path` with the session; throws ApiRequestError only when nothing was answered. */
export async function postWithSession(path: string, body: unknown): Promise<ApiAnswer> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.auth.getSession();
  if (error) throw new ApiRequestError(false, { cause: error });
  const token = data.session?.access_token;
  if (!token) throw new ApiRequestError(true);
  let response: Response;
  try {
    response = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
  } catch (cause) {
    throw new ApiRequestError(false, { cause });
  }
  const json = await readJson(response);
  const message = typeof json.error === "string" && json.error.trim() ? json.error.trim() : null;
  return { status: response.status, ok: response.ok, body: json, error: message };
}
